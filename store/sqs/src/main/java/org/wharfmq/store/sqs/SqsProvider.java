package org.wharfmq.store.sqs;

import java.time.Clock;
import java.util.List;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceProvider;

/** The SQS backend: {@code wharf:sqs:<endpoint>?<options>}; see {@link SqsOptions}. */
public final class SqsProvider implements QueueServiceProvider {

    @Override
    public List<String> urlForms() {
        return List.of("wharf:sqs:<endpoint>");
    }

    @Override
    public boolean sharedByProcesses() {
        return true;
    }

    @Override
    public boolean accepts(String url) {
        return url.startsWith(SqsOptions.SCHEME);
    }

    @Override
    public QueueService open(String url, Clock clock) {
        return new SqsQueueService(SqsOptions.parse(url), clock);
    }
}
