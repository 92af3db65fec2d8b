package org.wharfmq.store.sqs.ymq;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/** A clock that stands still until a test moves it. */
final class StepClock implements InstantSource {
    private volatile Instant now = Instant.parse("2030-01-01T00:00:00Z");

    @Override
    public Instant instant() {
        return now;
    }

    void advance(Duration by) {
        now = now.plus(by);
    }
}
