package org.wharfmq.store.derby.contract;

import org.wharfmq.store.FairQueues;
import org.wharfmq.store.contract.Backend;

/** The Derby backend as the contract suite runs it, in full and masked down to the core model. */
public final class DerbyBackends {
    /**
     * Stores in memory, durable ones in a directory; every capability but FairQueues (the model's
     * standard queue refuses a group id); safe against a killed JVM.
     */
    public static final Backend DERBY = Backend.of("derby", name -> "wharf:memory:" + name)
            .withCapabilities(Backend.CAPABILITIES.stream().filter(c -> c != FairQueues.class)
                    .collect(java.util.stream.Collectors.toSet()))
            .withDurableStores(dir -> "wharf:derby:" + dir)
            .withCrashTests();

    /** Derby with every optional capability but QueueStatistics hidden and SQS's 10 attributes: what an SQS backend offers. */
    public static final Backend MASKED = DERBY.masked(
            "Topics,Browsing,FilteredReceive,MessageOptions,Transactions,XaTransactions,MessageMoves,"
                    + "ArrivalNotification,attributes=10");

    private DerbyBackends() {
    }
}
