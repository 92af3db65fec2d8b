package org.wharfmq.ra.it;

import java.io.Serializable;

/** One delivery of a message to an MDB, as the MDB saw it. */
public record Delivery(String text, String group, String messageId, int deliveryCount) implements Serializable {
}
