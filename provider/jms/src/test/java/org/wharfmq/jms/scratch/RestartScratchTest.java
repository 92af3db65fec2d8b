package org.wharfmq.jms.scratch;

import java.nio.file.Path;
import java.util.Map;
import jakarta.jms.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.store.sqs.testing.FaultRelay;
import org.wharfmq.store.sqs.testing.StoredElasticMq;

class RestartScratchTest {
    @TempDir Path dir;

    @Test
    void restart() throws Exception {
        try (StoredElasticMq mq = StoredElasticMq.start(dir); FaultRelay relay = FaultRelay.start(mq.endpoint())) {
            WharfConnectionFactory f = new WharfConnectionFactory(relay.storeUrl("scratch", "json"));
            f.admin().declare("orders", Map.of("VisibilityTimeout", "10"));
            try (Connection c = f.createConnection()) {
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer p = s.createProducer(s.createQueue("orders"));
                for (int i = 0; i < 5; i++) p.send(s.createTextMessage("m" + i));
                Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
                tx.createProducer(s.createQueue("orders")).send(tx.createTextMessage("tx"));
                tx.commit();
            }
            System.out.println("before: " + f.admin().getQueueAttributes("orders"));
            f.closeStore();
            mq.stop();
            mq.resume();
            System.out.println("after: " + f.admin().getQueueAttributes("orders"));
            try (Connection c = f.createConnection()) {
                c.start();
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer cons = s.createConsumer(s.createQueue("orders"));
                Message m;
                while ((m = cons.receive(2000)) != null) System.out.println("got " + ((TextMessage) m).getText());
            }
            f.closeStore();
        }
    }
}
