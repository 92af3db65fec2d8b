package org.wharfmq.store.sqs;

import java.time.Clock;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceProvider;

/** The SQS backend: {@code wharf:sqs:<endpoint>?<options>}; see {@link SqsOptions}. */
public final class SqsProvider implements QueueServiceProvider {

    @Override
    public boolean accepts(String url) {
        return url.startsWith(SqsOptions.SCHEME);
    }

    @Override
    public QueueService open(String url, Clock clock) {
        return new SqsQueueService(SqsOptions.parse(url), clock);
    }
}
