package org.wharfmq.ra.it;

import jakarta.ejb.Singleton;
import jakarta.jms.JMSConnectionFactoryDefinition;
import jakarta.jms.JMSDestinationDefinition;

/**
 * Wharf resources defined with the Jakarta Messaging annotations. {@code className} and
 * {@code properties} name Wharf's admin object and its store name, which WildFly needs to route a
 * destination to a third-party adapter; {@code destinationName} is what Payara uses.
 */
@Singleton
@JMSConnectionFactoryDefinition(name = JmsDefinitions.CF, resourceAdapter = Resources.RA,
        clientId = JmsDefinitions.CLIENT_ID, maxPoolSize = 5)
@JMSDestinationDefinition(name = JmsDefinitions.QUEUE, interfaceName = "jakarta.jms.Queue",
        resourceAdapter = Resources.RA, className = "org.wharfmq.ra.AdministeredQueue",
        destinationName = JmsDefinitions.QUEUE_NAME, properties = "name=" + JmsDefinitions.QUEUE_NAME)
@JMSDestinationDefinition(name = JmsDefinitions.TOPIC, interfaceName = "jakarta.jms.Topic",
        resourceAdapter = Resources.RA, className = "org.wharfmq.ra.AdministeredTopic",
        destinationName = JmsDefinitions.TOPIC_NAME, properties = "name=" + JmsDefinitions.TOPIC_NAME)
public class JmsDefinitions {
    public static final String CF = "java:app/jms/defined-cf";
    public static final String CLIENT_ID = "it-defined-client";
    public static final String QUEUE = "java:app/jms/defined-queue";
    public static final String QUEUE_NAME = "it-defined-queue";
    public static final String TOPIC = "java:app/jms/defined-topic";
    public static final String TOPIC_NAME = "it-defined-topic";
}
