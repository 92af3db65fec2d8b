package org.wharfmq.ra;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ResourceAdapterInternalException;
import org.junit.jupiter.api.Test;
import org.wharfmq.ra.outbound.WharfManagedConnectionFactory;

/** Every store URL the adapter prints, in its log and in its errors, has its secrets hidden. */
class UrlRedactionTest {
    private static final String SECRET = "s3cr3t-" + UUID.randomUUID();
    private static final String UNOPENABLE = "wharf:nosuch:x?secretAccessKey=" + SECRET;
    private static final String UNOPENABLE_PRINTED = "wharf:nosuch:x?secretAccessKey=***";

    @Test
    void theStartLineShowsTheUrlWithItsPasswordHidden() throws Exception {
        String url = "wharf:memory:redact-" + UUID.randomUUID() + "?user=app&password=" + SECRET;
        WharfResourceAdapter ra = new WharfResourceAdapter();
        ra.setConnectionURL(url);
        ra.setUserName("app");
        ra.setPassword(SECRET);
        List<String> logged = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logged.add(r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger(WharfResourceAdapter.class.getName());
        log.addHandler(capture);
        try {
            ra.start(TestEndpoints.bootstrap());
            ra.stop();
        } finally {
            log.removeHandler(capture);
        }
        assertTrue(logged.contains("Wharf resource adapter started on store " + url.replace(SECRET, "***")),
                logged::toString);
        assertFalse(logged.stream().anyMatch(l -> l.contains(SECRET)), logged::toString);
    }

    @Test
    void aStoreThatCannotBeOpenedFailsTheStartShowingItsUrlWithoutTheSecret() {
        WharfResourceAdapter ra = new WharfResourceAdapter();
        ra.setConnectionURL(UNOPENABLE);
        ResourceAdapterInternalException e = assertThrows(ResourceAdapterInternalException.class,
                () -> ra.start(TestEndpoints.bootstrap()));
        assertTrue(e.getMessage().contains(UNOPENABLE_PRINTED), e.getMessage());
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
    }

    @Test
    void aQueueOnAStoreThatCannotBeOpenedFailsShowingItsUrlWithoutTheSecret() {
        WharfResourceAdapter ra = new WharfResourceAdapter();
        ra.setConnectionURL(UNOPENABLE);
        ResourceException e = assertThrows(ResourceException.class, () -> ra.defineQueue("orders", Map.of()));
        assertTrue(e.getMessage().contains(UNOPENABLE_PRINTED), e.getMessage());
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
    }

    @Test
    void aConnectionToAStoreThatCannotBeOpenedFailsShowingItsUrlWithoutTheSecret() {
        WharfManagedConnectionFactory factory = new WharfManagedConnectionFactory();
        factory.setConnectionURL(UNOPENABLE);
        ResourceException e = assertThrows(ResourceException.class, () -> factory.createManagedConnection(null, null));
        assertTrue(e.getMessage().contains(UNOPENABLE_PRINTED), e.getMessage());
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
    }
}
