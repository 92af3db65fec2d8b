package org.wharfmq.bench;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import org.wharfmq.jms.WharfConnectionFactory;

/** Wharf on the SQS backend, with consumers fetching {@link SqsScenario#PREFETCH} messages at a time. */
final class WharfSqsSystem implements SqsSystem {
    static final String NAME = "wharf-sqs";
    /** The JMS name of every client's queue (with {@code .fifo} on a FIFO queue); its store's prefix makes it the server's queue. */
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
     * prefetch counts the messages beyond the one being received: 1 + 9 = 10 a fetch. On the
     * YMQ-shaped relay it speaks the Query protocol, YMQ's documented one, and paces its requests to
     * YMQ's quotas, as it does by default on YMQ's host.
     */
    @Override
    public Client open(String endpoint, String serverQueue, boolean ymq) {
        String queue = serverQueue.endsWith(".fifo") ? QUEUE + ".fifo" : QUEUE;
        if (!serverQueue.endsWith(queue)) {
            throw new IllegalArgumentException("S8: a Wharf queue name must end with '" + queue + "': " + serverQueue);
        }
        String prefix = serverQueue.substring(0, serverQueue.length() - queue.length());
        WharfConnectionFactory factory = new WharfConnectionFactory("wharf:sqs:" + endpoint
                + "?region=elasticmq&accessKeyId=x&secretAccessKey=x&prefix=" + prefix
                + "&prefetch=" + (SqsScenario.PREFETCH - 1) + (ymq ? "&protocol=query&pace=ymq" : ""));
        return new Client() {
            @Override
            public ConnectionFactory factory() {
                return factory;
            }

            @Override
            public String queue() {
                return queue;
            }

            @Override
            public void close() throws JMSException {
                factory.closeStore();
            }
        };
    }
}
