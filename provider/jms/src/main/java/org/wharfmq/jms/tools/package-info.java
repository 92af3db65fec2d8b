/**
 * Tools run from the command line against the provider's jar ({@code java -cp wharf-provider.jar ...}):
 * each has a {@code main}, and the provider itself uses none of them.
 */
package org.wharfmq.jms.tools;
