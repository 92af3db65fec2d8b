package org.wharfmq.store.postgres;

import java.time.Clock;
import java.util.UUID;

/** What the parts of one open store share: its database, its clock, its identity and its wake-ups. */
final class PgContext {
    private final Database db;
    private final Clock clock;
    private final int defaultDedupWindow;
    private final String instance = UUID.randomUUID().toString();
    private final Counters counters = new Counters();
    private final Leases leases = new Leases();
    private final Wakeups wakeups;

    private final boolean preparedTransactions;

    PgContext(Database db, Clock clock, int defaultDedupWindow, boolean preparedTransactions) {
        this.db = db;
        this.preparedTransactions = preparedTransactions;
        this.clock = clock;
        this.defaultDedupWindow = defaultDedupWindow;
        this.wakeups = new Wakeups(db);
    }

    /** Runs {@code work} in a transaction of its own at this store's time; after the commit, its effects. */
    <T> T run(String what, Unit.Work<T> work) {
        Unit[] unit = new Unit[1];
        T result = db.tx(what, c -> {
            unit[0] = new Unit(c, now());
            T out = work.run(unit[0]);
            unit[0].flush();
            return out;
        });
        unit[0].committed(this);
        return result;
    }

    /** Whether the server allows {@code PREPARE TRANSACTION} (max_prepared_transactions above 0). */
    boolean preparedTransactions() {
        return preparedTransactions;
    }

    Database db() {
        return db;
    }

    long now() {
        return clock.millis();
    }

    int defaultDedupWindow() {
        return defaultDedupWindow;
    }

    /** This open store's id, the owner of what must go when it closes or its process dies. */
    String instance() {
        return instance;
    }

    Leases leases() {
        return leases;
    }

    Counters counters() {
        return counters;
    }

    Wakeups wakeups() {
        return wakeups;
    }
}
