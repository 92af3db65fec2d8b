package org.wharfmq.store;

/**
 * Optional capability: a standard queue takes a send's MessageGroupId and shows it on receive, as
 * Amazon SQS's fair queues do. There the group names the message's tenant, and the server delivers
 * a quiet tenant's messages ahead of a backlogged one's; a standard queue gives no order and no
 * exclusivity within a group (those are a FIFO queue's). Without it a standard queue refuses the id.
 */
public interface FairQueues {
}
