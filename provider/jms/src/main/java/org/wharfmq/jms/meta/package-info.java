/**
 * Small value types that the JMS layer, its gateway and its management views share, as Qpid JMS
 * keeps its resource descriptions in {@code meta}: they depend on nothing else of Wharf.
 */
package org.wharfmq.jms.meta;
