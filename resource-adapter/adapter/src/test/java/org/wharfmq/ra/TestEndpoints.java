package org.wharfmq.ra;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.BlockingQueue;
import javax.transaction.xa.XAResource;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.UnavailableException;
import jakarta.resource.spi.endpoint.MessageEndpoint;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import jakarta.resource.spi.work.Work;
import jakarta.resource.spi.work.WorkManager;

/** A server's side of inbound delivery for adapter tests: a bootstrap context and MDB endpoints. */
final class TestEndpoints {
    private TestEndpoints() {
    }

    /** A bootstrap context whose work manager runs each work on a new daemon thread. */
    static BootstrapContext bootstrap() {
        WorkManager work = (WorkManager) Proxy.newProxyInstance(WorkManager.class.getClassLoader(),
                new Class<?>[] {WorkManager.class}, (proxy, method, args) -> {
                    Thread t = new Thread((Work) args[0], "test-work");
                    t.setDaemon(true);
                    t.start();
                    return method.getReturnType() == long.class ? 0L : null;
                });
        return (BootstrapContext) Proxy.newProxyInstance(BootstrapContext.class.getClassLoader(),
                new Class<?>[] {BootstrapContext.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getWorkManager")) {
                        return work;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    /** A transacted MDB's endpoint factory whose endpoints record the text they get. */
    static MessageEndpointFactory transacted(BlockingQueue<String> delivered, BlockingQueue<XAResource> offered) {
        return new MessageEndpointFactory() {
            @Override
            public MessageEndpoint createEndpoint(XAResource xa) {
                if (xa != null) {
                    offered.add(xa);
                }
                return new Endpoint(delivered);
            }

            @Override
            public MessageEndpoint createEndpoint(XAResource xa, long timeout) throws UnavailableException {
                return createEndpoint(xa);
            }

            @Override
            public boolean isDeliveryTransacted(Method method) {
                return true;
            }

            @Override
            public String getActivationName() {
                return "no-transactions";
            }

            @Override
            public Class<?> getEndpointClass() {
                return Endpoint.class;
            }
        };
    }

    private static final class Endpoint implements MessageEndpoint, MessageListener {
        private final BlockingQueue<String> delivered;

        Endpoint(BlockingQueue<String> delivered) {
            this.delivered = delivered;
        }

        @Override
        public void onMessage(Message m) {
            try {
                delivered.add(((TextMessage) m).getText());
            } catch (JMSException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void beforeDelivery(Method method) throws NoSuchMethodException, ResourceException {
        }

        @Override
        public void afterDelivery() throws ResourceException {
        }

        @Override
        public void release() {
        }
    }
}
