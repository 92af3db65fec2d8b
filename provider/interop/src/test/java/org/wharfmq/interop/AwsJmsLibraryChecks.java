package org.wharfmq.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.amazon.sqs.javamessaging.ProviderConfiguration;
import com.amazon.sqs.javamessaging.SQSConnectionFactory;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Wharf and AWS's SQS JMS library 2.1.4 on one queue, so that a system can move from one to the
 * other a service at a time. The library speaks JSON (the SDK's SQS client); Wharf the protocol
 * a subclass names.
 */
abstract class AwsJmsLibraryChecks extends OnOneServer {
    AwsJmsLibraryChecks(Supplier<SqsServer> start, String protocol) {
        super(start, protocol);
    }

    private SqsClient sqs;
    private Connection aws;
    private Session awsSession;
    private WharfConnectionFactory factory;
    private JMSContext wharf;
    private String queue;

    @BeforeEach
    void open() throws JMSException {
        sqs = SqsClient.builder().endpointOverride(URI.create(server().endpoint())).region(Region.of(SqsServer.REGION))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x"))).build();
        queue = SqsServer.queueName("aws-jms");
        sqs.createQueue(r -> r.queueName(queue));
        // No prefetch: once its receive is served, the library polls no more, and its close need not wait for a long poll.
        aws = new SQSConnectionFactory(new ProviderConfiguration().withNumberOfMessagesToPrefetch(0), sqs).createConnection();
        awsSession = aws.createSession(false, Session.AUTO_ACKNOWLEDGE);
        aws.start();
        factory = new WharfConnectionFactory(server().storeUrl(protocol(), ""));
        wharf = factory.createContext();
    }

    @AfterEach
    void close() throws JMSException {
        wharf.close();
        factory.close();
        aws.close();
        sqs.close();
    }

    private void sendFromAws(Message m) throws JMSException {
        awsSession.createProducer(awsSession.createQueue(queue)).send(m);
    }

    private Message receiveAtAws() throws JMSException {
        return awsSession.createConsumer(awsSession.createQueue(queue)).receive(15_000);
    }

    private Message receiveAtWharf() {
        return wharf.createConsumer(wharf.createQueue(queue)).receive(15_000);
    }

    @Test
    void theLibrarysTextMessageReachesWharfWithTypedPropertiesAndCorrelationId() throws JMSException {
        TextMessage m = awsSession.createTextMessage("order 3");
        m.setStringProperty("customer", "42");
        m.setIntProperty("qty", 5);
        m.setBooleanProperty("vip", true);
        m.setLongProperty("total", 1L << 40);
        m.setDoubleProperty("price", 2.5);
        m.setJMSCorrelationID("c-3");
        sendFromAws(m);
        Message got = receiveAtWharf();
        assertEquals("order 3", assertInstanceOf(TextMessage.class, got).getText());
        assertEquals("42", got.getObjectProperty("customer"));
        assertEquals(5, got.getObjectProperty("qty"));
        assertEquals(true, got.getObjectProperty("vip"));
        assertEquals(1L << 40, got.getObjectProperty("total"));
        assertEquals(2.5, got.getObjectProperty("price"));
        assertEquals("c-3", got.getJMSCorrelationID());
    }

    @Test
    void wharfsTextMessageReachesTheLibraryWithTypedPropertiesAndCorrelationId() throws JMSException {
        TextMessage m = wharf.createTextMessage("order 4");
        m.setStringProperty("customer", "42");
        m.setIntProperty("qty", 5);
        m.setBooleanProperty("vip", true);
        m.setShortProperty("size", (short) 3);
        m.setJMSCorrelationID("c-4");
        wharf.createProducer().send(wharf.createQueue(queue), m);
        Message got = receiveAtAws();
        assertEquals("order 4", assertInstanceOf(TextMessage.class, got).getText());
        assertEquals("42", got.getStringProperty("customer"));
        assertEquals(5, got.getObjectProperty("qty"));
        assertEquals(true, got.getObjectProperty("vip"));
        assertEquals((short) 3, got.getObjectProperty("size"));
        assertEquals("c-4", got.getJMSCorrelationID());
    }

    @Test
    void bytesMessagesCrossBothWays() throws JMSException {
        BytesMessage fromAws = awsSession.createBytesMessage();
        fromAws.writeBytes(new byte[] {1, 2, 3});
        sendFromAws(fromAws);
        BytesMessage atWharf = assertInstanceOf(BytesMessage.class, receiveAtWharf());
        byte[] read = new byte[(int) atWharf.getBodyLength()];
        atWharf.readBytes(read);
        assertArrayEquals(new byte[] {1, 2, 3}, read);
        BytesMessage fromWharf = wharf.createBytesMessage();
        fromWharf.writeBytes(new byte[] {4, 5});
        wharf.createProducer().send(wharf.createQueue(queue), fromWharf);
        BytesMessage atAws = assertInstanceOf(BytesMessage.class, receiveAtAws());
        read = new byte[(int) atAws.getBodyLength()];
        atAws.readBytes(read);
        assertArrayEquals(new byte[] {4, 5}, read);
    }

    @Test
    void objectMessagesCrossBothWays() throws JMSException {
        sendFromAws(awsSession.createObjectMessage(new ArrayList<>(List.of("from", "aws"))));
        assertEquals(List.of("from", "aws"), assertInstanceOf(ObjectMessage.class, receiveAtWharf()).getObject());
        wharf.createProducer().send(wharf.createQueue(queue), wharf.createObjectMessage(new ArrayList<>(List.of("wharf"))));
        assertEquals(List.of("wharf"), assertInstanceOf(ObjectMessage.class, receiveAtAws()).getObject());
    }
}
