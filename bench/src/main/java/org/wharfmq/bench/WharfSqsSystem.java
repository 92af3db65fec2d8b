package org.wharfmq.bench;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import org.wharfmq.jms.WharfConnectionFactory;

/** Wharf on the SQS backend, with consumers fetching {@link SqsScenario#PREFETCH} messages at a time. */
final class WharfSqsSystem implements SqsSystem {
    static final String NAME = "wharf-sqs";
    /** The JMS name of every client's queue; its store's prefix makes it the server's queue. */
    private static final String QUEUE = "q";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean asyncSend() {
        return true;
    }

    /**
     * A store of its own (Wharf keeps one store per URL, and the prefix makes the URL unique). Wharf's
     * prefetch counts the messages beyond the one being received: 1 + 9 = 10 a fetch.
     */
    @Override
    public Client open(String endpoint, String serverQueue) {
        if (!serverQueue.endsWith(QUEUE)) {
            throw new IllegalArgumentException("S8: a Wharf queue name must end with '" + QUEUE + "': " + serverQueue);
        }
        String prefix = serverQueue.substring(0, serverQueue.length() - QUEUE.length());
        WharfConnectionFactory factory = new WharfConnectionFactory("wharf:sqs:" + endpoint
                + "?region=elasticmq&accessKeyId=x&secretAccessKey=x&prefix=" + prefix
                + "&prefetch=" + (SqsScenario.PREFETCH - 1));
        return new Client() {
            @Override
            public ConnectionFactory factory() {
                return factory;
            }

            @Override
            public String queue() {
                return QUEUE;
            }

            @Override
            public void close() throws JMSException {
                factory.closeStore();
            }
        };
    }
}
