package org.wharfmq.boot;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jakarta.jms.JMSException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.QueueDeclaration;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * The queues of {@code wharf.queues}, created or updated on the store when the auto-configured
 * factory is built, so before anything (a JmsTemplate, a listener container) can use it; keeps what
 * each declaration did.
 */
public final class WharfQueues {
    private static final Logger LOG = LoggerFactory.getLogger(WharfQueues.class);

    private final List<QueueDeclaration> declarations;
    private final Map<String, QueueAdmin.Declared> declared = new LinkedHashMap<>();

    /** Reads and orders the declarations; a key without a queue or attribute name fails here. */
    public WharfQueues(Map<String, String> queueProperties) {
        this.declarations = QueueDeclarations.parse(queueProperties);
    }

    /** The declarations, dead-letter queues first. */
    public List<QueueDeclaration> declarations() {
        return declarations;
    }

    /** What declaring each queue did, by queue name, in declaration order. */
    public Map<String, QueueAdmin.Declared> declared() {
        return Collections.unmodifiableMap(declared);
    }

    /** Declares every queue through {@code factory}'s admin; the first one the store refuses fails startup. */
    void declareOn(WharfConnectionFactory factory) {
        if (declarations.isEmpty()) {
            return;
        }
        QueueAdmin admin;
        try {
            admin = factory.admin();
        } catch (JMSException e) {
            throw new IllegalStateException("wharf.queues: cannot reach the store to declare queues: "
                    + e.getMessage(), e);
        }
        for (QueueDeclaration d : declarations) {
            try {
                QueueAdmin.Declared result = admin.declare(d);
                declared.put(d.name(), result);
                LOG.info("Wharf queue {}: {}", d.name(), result);
            } catch (JMSException e) {
                throw new IllegalStateException("wharf.queues: queue '" + d.name() + "' cannot be declared with "
                        + d.attributes() + ": " + e.getMessage(), e);
            }
        }
    }
}
