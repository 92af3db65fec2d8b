package org.wharfmq.store.contract.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.function.Executable;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.Rules;
import org.wharfmq.store.testing.ManualClock;

/** A fresh store of the backend under test on a manual clock for each test, and the checks the rule tests share. */
public abstract class StoreFixture {
    protected final ManualClock clock = new ManualClock();
    protected QueueService store;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        store = QueueServices.open(backend().storeUrl("rules"), clock);
    }

    @AfterEach
    void close() {
        store.close();
    }

    /** Skips the test, quoting the reason, if the backend keeps {@code rule} (a {@link Rules} id) differently. */
    protected void differs(String rule) {
        backend().differs(rule);
    }

    protected String queue(String name, Map<String, String> attributes) {
        return store.createQueue(name, attributes);
    }

    protected String send(String url, String body) {
        return store.sendMessage(SendMessageRequest.of(url, body)).messageId();
    }

    protected String sendFifo(String url, String body, String group, String dedup) {
        return store.sendMessage(SendMessageRequest.fifo(url, body, group, dedup)).messageId();
    }

    protected List<ReceivedMessage> receive(String url, int max) {
        return store.receiveMessage(ReceiveMessageRequest.of(url, max));
    }

    protected List<String> bodies(List<ReceivedMessage> messages) {
        return messages.stream().map(ReceivedMessage::body).toList();
    }

    protected int count(String url, String attribute) {
        return Integer.parseInt(store.getQueueAttributes(url, List.of(attribute)).get(attribute));
    }

    /** Asserts the call fails with {@code code} and a message that names {@code named}. */
    protected QueueServiceException fails(String code, String named, Executable call) {
        QueueServiceException e = assertThrows(QueueServiceException.class, call);
        assertEquals(code, e.code(), e.getMessage());
        if (named != null && !e.getMessage().contains(named)) {
            differs(Rules.ERROR_MESSAGE_NAMES_VALUE);
            throw new AssertionError("message '" + e.getMessage() + "' should name " + named);
        }
        return e;
    }
}
