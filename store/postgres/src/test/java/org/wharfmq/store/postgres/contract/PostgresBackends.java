package org.wharfmq.store.postgres.contract;

import java.util.Set;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.XaTransactions;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.postgres.testing.PostgresServer;

/** The PostgreSQL backend as the contract suite runs it: each store on a new schema of the run's server. */
public final class PostgresBackends {
    public static final Backend POSTGRES = Backend.of("postgres", name -> PostgresServer.shared().storeUrl(name))
            .withCapabilities(Set.of(Topics.class, Browsing.class, FilteredReceive.class, MessageOptions.class,
                    Transactions.class, XaTransactions.class, QueueStatistics.class, MessageMoves.class,
                    ArrivalNotification.class))
            .withDurableStores(dir -> PostgresServer.shared().storeUrlOfSchema(
                    PostgresServer.schemaName(dir.toAbsolutePath().toString())))
            .withSharedStores()
            .withCrashTests()
            .withDifferences(java.util.Map.of(org.wharfmq.store.contract.Rules.IN_FLIGHT_LIMITS,
                    "a receive here costs the same however many messages are in flight: it never counts them, so "
                            + "the 120,000 and 20,000 limits SQS sets to protect its servers are not kept"));

    private PostgresBackends() {
    }
}
