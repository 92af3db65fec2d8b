/**
 * What a Derby store holds in memory to decide without Derby: each queue's messages and their
 * delivery order ({@link org.wharfmq.store.derby.index.QueueState}), the ids of a deep queue's rows
 * left on disk, dedup keys, recent bodies and the id counter. No SQL and no journal; every type is
 * used under the store's one lock.
 */
package org.wharfmq.store.derby.index;
