package org.wharfmq.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.postgres.testing.PostgresServer;

/** A store that cannot open fails naming why, never printing the password, and creates nothing. */
class OpenFailuresTest {

    @ParameterizedTest
    @ValueSource(strings = {"poolSize=1", "poolSize=x", "schema=Bad-Name", "colour=blue", "dedupWindow=5"})
    void aBadOptionFailsNamingItAndCreatesNoSchema(String option) throws Exception {
        String url = PostgresServer.shared().storeUrlOfSchema("w_bad_option") + "&" + option;
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> QueueServices.open(url));
        assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        assertTrue(e.getMessage().contains(option.substring(0, option.indexOf('='))), e.getMessage());
        assertFalse(schemaExists("w_bad_option"), "nothing was created");
    }

    @Test
    void aUrlWithoutADatabaseFailsNamingTheForm() {
        QueueServiceException e = assertThrows(QueueServiceException.class,
                () -> QueueServices.open("wharf:postgresql://127.0.0.1:5432?schema=x"));
        assertTrue(e.getMessage().contains("wharf:postgresql://host[:port]/database"), e.getMessage());
    }

    @Test
    void anUnreachableServerFailsAsUnavailableWithoutThePassword() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String url = "wharf:postgresql://127.0.0.1:" + port + "/postgres?dbUser=app&dbPassword=s3cret-pw";
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> QueueServices.open(url));
        assertEquals(ErrorCodes.SERVICE_UNAVAILABLE, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret-pw"), e.getMessage());
    }

    /** The test server trusts every login: the open fails on the schema it may not create, and names the URL. */
    @Test
    void aFailedOpenPrintsTheUrlWithItsPasswordHidden() throws Exception {
        try (Connection c = PostgresServer.shared().connect(); Statement s = c.createStatement()) {
            s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wharf_pw') THEN "
                    + "CREATE ROLE wharf_pw LOGIN PASSWORD 'right-one'; END IF; END $$");
        }
        String url = "wharf:postgresql://127.0.0.1:" + PostgresServer.shared().port()
                + "/postgres?schema=w_pw&dbUser=wharf_pw&dbPassword=wrong-one";
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> QueueServices.open(url));
        assertFalse(e.getMessage().contains("wrong-one"), e.getMessage());
        assertTrue(e.getMessage().contains("dbPassword=***"), e.getMessage());
    }

    @Test
    void aUserWithoutThePrivilegeToCreateTheSchemaIsDeniedNamingIt() throws Exception {
        try (Connection c = PostgresServer.shared().connect(); Statement s = c.createStatement()) {
            s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wharf_reader') THEN "
                    + "CREATE ROLE wharf_reader LOGIN; END IF; END $$");
            s.execute("REVOKE CREATE ON DATABASE postgres FROM wharf_reader");
        }
        String url = "wharf:postgresql://127.0.0.1:" + PostgresServer.shared().port()
                + "/postgres?schema=w_denied&dbUser=wharf_reader";
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> QueueServices.open(url));
        assertEquals(ErrorCodes.ACCESS_DENIED, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains("privilege"), e.getMessage());
        assertFalse(schemaExists("w_denied"));
    }

    @Test
    void aSecondOpenOfOneSchemaSharesItsQueues() {
        String url = PostgresServer.shared().storeUrl("twice");
        try (QueueService first = QueueServices.open(url); QueueService second = QueueServices.open(url)) {
            String q = first.createQueue("shared", java.util.Map.of());
            assertEquals(List.of(q), second.listQueues(null));
        }
    }

    private static boolean schemaExists(String schema) throws Exception {
        try (Connection c = PostgresServer.shared().connect(); Statement s = c.createStatement();
             var r = s.executeQuery("SELECT 1 FROM pg_namespace WHERE nspname = '" + schema + "'")) {
            return r.next();
        }
    }
}
