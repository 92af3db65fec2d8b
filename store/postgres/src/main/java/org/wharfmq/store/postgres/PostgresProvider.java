package org.wharfmq.store.postgres;

import java.time.Clock;
import java.util.List;
import java.util.regex.Pattern;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServiceProvider;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.Range;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.model.UrlOptions;

/**
 * Opens {@code wharf:postgresql://host[:port]/database?options}: a store on a schema of a PostgreSQL
 * database, shared by every process that opens the same URL. Options: {@code schema} (default
 * {@code wharf}), {@code dbUser} and {@code dbPassword} (the database login; without them pgjdbc's
 * defaults apply, such as {@code ~/.pgpass}), {@code poolSize} (connections, 2..200, default 10),
 * {@code dedupWindow} (the DeduplicationWindow of new FIFO queues), {@code ssl}
 * and {@code sslmode} (passed to pgjdbc).
 */
public final class PostgresProvider implements QueueServiceProvider {
    static final String PREFIX = "wharf:postgresql:";
    static final String SCHEMA = "schema";
    static final String DB_USER = "dbUser";
    static final String DB_PASSWORD = "dbPassword";
    static final String POOL_SIZE = "poolSize";
    static final String DEDUP_WINDOW = "dedupWindow";
    private static final Range POOL_SIZES = new Range(2, 200);
    private static final Pattern SCHEMA_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final Pattern LOCATION = Pattern.compile("//[^/?]+/[^/?]+");

    @Override
    public List<String> urlForms() {
        return List.of("wharf:postgresql://<host>[:<port>]/<database>");
    }

    @Override
    public boolean sharedByProcesses() {
        return true;
    }

    @Override
    public boolean accepts(String url) {
        return url.startsWith(PREFIX);
    }

    @Override
    public QueueService open(String url, Clock clock) {
        UrlOptions<QueueServiceException> o = UrlOptions.ofStore(url);
        String location = o.base().substring(PREFIX.length());
        if (!LOCATION.matcher(location).matches()) {
            throw o.fail("does not name a server and a database as wharf:postgresql://host[:port]/database");
        }
        o.requireKnown(List.of(SCHEMA, DB_USER, DB_PASSWORD, POOL_SIZE, DEDUP_WINDOW, "ssl", "sslmode"));
        o.requireDistinct();
        String schema = o.get(SCHEMA) == null ? "wharf" : o.get(SCHEMA);
        if (!SCHEMA_NAME.matcher(schema).matches()) {
            throw o.fail("option schema=" + schema + " is not 1..63 of a-z 0-9 _, starting with a letter or _");
        }
        Integer pool = o.integer(POOL_SIZE, POOL_SIZES);
        Integer window = o.integer(DEDUP_WINDOW, Ranges.DEDUPLICATION_WINDOW);
        Database.Settings settings = new Database.Settings("jdbc:postgresql:" + location, schema, o.get(DB_USER),
                o.get(DB_PASSWORD), pool == null ? 10 : pool, o.get("ssl"), o.get("sslmode"), o.printable());
        return PgQueueService.open(settings, clock,
                window == null ? QueueConfig.DEFAULT_DEDUPLICATION_WINDOW : window);
    }
}
