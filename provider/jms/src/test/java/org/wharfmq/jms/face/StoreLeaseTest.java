package org.wharfmq.jms.face;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.StoreLease;
import org.wharfmq.jms.Wharf;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** A store stays open while a lease on it is held, and the last lease released closes it whatever else uses it. */
class StoreLeaseTest {

    @Test
    void aStoreStaysOpenUntilItsLastLeaseIsReleased() throws JMSException {
        String url = TestStores.url("lease-two");
        StoreLease first = Wharf.lease(url);
        StoreLease second = Wharf.lease(url);
        assertTrue(Wharf.isOpen(url));
        first.close();
        first.close();
        assertTrue(Wharf.isOpen(url), "open while the second lease is held; a second close of the first is a no-op");
        second.close();
        assertFalse(Wharf.isOpen(url));
    }

    @Test
    void theLastLeaseClosesTheStoreEvenWithAConnectionAndAFactoryOnIt() throws JMSException {
        String url = TestStores.url("lease-pool");
        WharfConnectionFactory pool = new WharfConnectionFactory(url);
        try (StoreLease lease = Wharf.lease(url)) {
            Connection pooled = pool.createConnection();
            assertTrue(Wharf.isOpen(url));
            lease.close();
            assertFalse(Wharf.isOpen(url), "closed under the pooled connection, as a .rar going away needs");
            pooled.close();
        }
        pool.close();
        assertFalse(Wharf.isOpen(url));
    }

    @Test
    void aLeaseIsOnTheStoreWhateverTheConnectionOptions() throws JMSException {
        String url = TestStores.url("lease-options");
        try (StoreLease lease = Wharf.lease(TestStores.withOptions(url, "visibilityTimeout=5"))) {
            assertTrue(Wharf.isOpen(url));
        }
        assertFalse(Wharf.isOpen(url));
    }

    @Test
    void aFactoryAloneKeepsTheStoreAfterALeaseOnAnotherStoreCloses() throws JMSException {
        String url = TestStores.url("lease-other");
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        f.capabilities();
        Wharf.lease(TestStores.url("lease-else")).close();
        assertTrue(Wharf.isOpen(url));
        f.close();
        assertFalse(Wharf.isOpen(url));
    }

    @Test
    void aBadUrlIsRefusedNamedWithoutItsSecretAndOpensNothing() {
        String bad = "wharf:nowhere:x?secretAccessKey=hunter2";
        JMSException e = assertThrows(JMSException.class, () -> Wharf.lease(bad));
        assertTrue(e.getMessage().contains("wharf:nowhere:x?secretAccessKey=***"), e.getMessage());
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        assertThrows(JMSException.class, () -> Wharf.lease(" "));
    }
}
