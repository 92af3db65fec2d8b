package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.UUID;
import jakarta.ejb.EJB;
import jakarta.jms.Queue;
import jakarta.jms.Topic;
import javax.naming.InitialContext;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @JMSConnectionFactoryDefinition} and {@code @JMSDestinationDefinition} with
 * {@code resourceAdapter = "wharf"} bind Wharf's factory and destinations: a message sent through
 * the defined factory to the defined queue is in the store queue the definition names, and the
 * factory's connections have its client id.
 */
@ExtendWith(ArquillianExtension.class)
public class JmsDefinitionsIT {

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("definitions", JmsDefinitions.class, StandardSender.class, JmsDefinitionsIT.class);
    }

    @EJB
    private StandardSender sender;

    @Test
    @OperateOnDeployment("app")
    public void theDefinedFactoryAndQueueReachTheStoreQueueTheyName() throws Exception {
        InitialContext jndi = new InitialContext();
        assertEquals(JmsDefinitions.QUEUE_NAME, ((Queue) jndi.lookup(JmsDefinitions.QUEUE)).getQueueName());
        assertEquals(JmsDefinitions.TOPIC_NAME, ((Topic) jndi.lookup(JmsDefinitions.TOPIC)).getTopicName());
        String text = "defined " + UUID.randomUUID();
        sender.send(JmsDefinitions.CF, JmsDefinitions.QUEUE, text);
        // Through the adapter's other factory, by the store name: the same queue.
        assertEquals(text, sender.receiveFromStoreQueue(Resources.CF, JmsDefinitions.QUEUE_NAME, 30_000));
    }

    @Test
    @OperateOnDeployment("app")
    public void theDefinedFactorysConnectionsHaveItsClientId() throws Exception {
        assertEquals(JmsDefinitions.CLIENT_ID, sender.clientId(JmsDefinitions.CF));
    }
}
