package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** The SQS backend as the contract suite runs it: stores on the run's shared ElasticMQ, each with its own queue prefix. */
public final class SqsBackends {
    public static final Backend SQS = Backend.of("sqs on ElasticMQ", name -> ElasticMq.shared().storeUrl(prefix(name)))
            .withCapabilities(java.util.Set.of(org.wharfmq.store.FilteredReceive.class, org.wharfmq.store.Topics.class,
                    org.wharfmq.store.Transactions.class));

    private SqsBackends() {
    }

    /** A short prefix from a store name, so that queue names stay within SQS's 80 characters. */
    private static String prefix(String name) {
        String clean = name.replaceAll("[^A-Za-z0-9]", "");
        return clean.substring(0, Math.min(6, clean.length()));
    }
}
