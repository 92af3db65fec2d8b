package org.wharfmq.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.interop.PythonBoto3.attribute;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * The checks of Wharf beside boto3 and the AWS CLI, on one server and one protocol: each foreign
 * client speaks the protocol of the run, and so does Wharf. A subclass names the server.
 */
abstract class ForeignClientChecks extends OnOneServer {
    private static final ObjectMapper JSON = new ObjectMapper();

    ForeignClientChecks(Supplier<SqsServer> start, String protocol) {
        super(start, protocol);
    }

    private WharfConnectionFactory factory;
    private JMSContext wharf;
    private PythonBoto3 boto3;

    @BeforeEach
    void open() {
        urls.clear();
        factory = new WharfConnectionFactory(server().storeUrl(protocol(), ""));
        wharf = factory.createContext();
        boto3 = new PythonBoto3(protocol(), server().endpoint());
    }

    @AfterEach
    void close() {
        wharf.close();
        factory.close();
    }

    private Message receive(String queue, String selector) {
        return wharf.createConsumer(wharf.createQueue(queue), selector).receive(15_000);
    }

    private final Map<String, String> urls = new HashMap<>();

    /** A queue boto3 creates, as a foreign client would own it. */
    private String queue(String name, Map<String, String> attributes) {
        urls.put(name, boto3.createQueue(name, attributes));
        return name;
    }

    private String standardQueue(String purpose) {
        return queue(SqsServer.queueName(purpose), Map.of());
    }

    private String url(String queue) {
        return urls.get(queue);
    }

    @Test
    void theClientsSpeakTheProtocolOfTheRun() {
        assertEquals(protocol(), boto3.protocol());
    }

    @Test
    void aBoto3AttributeIsAJmsPropertyOfItsName() throws JMSException {
        String queue = standardQueue("attr");
        boto3.send(Map.of("QueueUrl", url(queue), "MessageBody", "order 1", "MessageAttributes",
                Map.of("customer", attribute("String", "42"), "qty", attribute("Number", "5"))));
        Message m = receive(queue, null);
        assertEquals("order 1", assertInstanceOf(TextMessage.class, m).getText());
        assertEquals("42", m.getStringProperty("customer"));
        assertEquals(5L, m.getObjectProperty("qty"));
    }

    @Test
    void aJmsPropertyIsABoto3AttributeOfItsName() throws JMSException {
        String queue = standardQueue("prop");
        TextMessage m = wharf.createTextMessage("order 2");
        m.setStringProperty("customer", "42");
        m.setIntProperty("qty", 5);
        wharf.createProducer().send(wharf.createQueue(queue), m);
        JsonNode got = boto3.receive(url(queue), 1).get(0);
        assertEquals("order 2", got.get("Body").asText());
        JsonNode a = got.get("MessageAttributes");
        assertEquals(Set.of("customer", "qty", "wharf.id"), names(a));
        assertEquals("String", a.get("customer").get("DataType").asText());
        assertEquals("42", a.get("customer").get("Value").asText());
        assertEquals("Number.int", a.get("qty").get("DataType").asText());
        assertEquals("5", a.get("qty").get("Value").asText());
    }

    @Test
    void aBytesMessageReachesBoto3AsBase64NamedByAwsJmsLibrarysType() throws JMSException {
        String queue = standardQueue("bytes");
        BytesMessage m = wharf.createBytesMessage();
        m.writeBytes(new byte[] {0, 1, 2, (byte) 255});
        wharf.createProducer().send(wharf.createQueue(queue), m);
        JsonNode got = boto3.receive(url(queue), 1).get(0);
        assertEquals(Base64.getEncoder().encodeToString(new byte[] {0, 1, 2, (byte) 255}), got.get("Body").asText());
        assertEquals("byte", got.get("MessageAttributes").get("JMS_SQSMessageType").get("Value").asText());
    }

    @Test
    void aSelectorPicksABoto3MessageByItsAttribute() throws JMSException {
        String queue = standardQueue("selector");
        for (String customer : new String[] {"1", "42"}) {
            boto3.send(Map.of("QueueUrl", url(queue), "MessageBody", "for " + customer, "MessageAttributes",
                    Map.of("customer", attribute("Number", customer))));
        }
        Message m = receive(queue, "customer = 42");
        assertEquals("for 42", assertInstanceOf(TextMessage.class, m).getText());
    }

    @Test
    void aBoto3FifoMessageKeepsItsGroupDeduplicationIdAndSender() throws JMSException {
        String queue = SqsServer.queueName("fifo") + ".fifo";
        queue(queue, Map.of("FifoQueue", "true"));
        boto3.send(Map.of("QueueUrl", url(queue), "MessageBody", "in group", "MessageGroupId", "g-1",
                "MessageDeduplicationId", "d-1"));
        Message m = receive(queue, null);
        assertEquals("g-1", m.getStringProperty("JMSXGroupID"));
        assertEquals("d-1", m.getStringProperty("JMS_SQS_DeduplicationId"));
        assertNotNull(m.getStringProperty("JMSXUserID"), "SenderId");
        assertNotNull(m.getStringProperty("JMS_SQS_SequenceNumber"), "SequenceNumber");
    }

    @Test
    void propertiesPastTheAttributeLimitReachBoto3InOneAttributeOfMarks() throws Exception {
        String queue = standardQueue("many");
        TextMessage m = wharf.createTextMessage("many");
        for (int i = 0; i < 12; i++) {
            m.setIntProperty("p" + i, i);
        }
        wharf.createProducer().send(wharf.createQueue(queue), m);
        JsonNode a = boto3.receive(url(queue), 1).get(0).get("MessageAttributes");
        assertEquals(10, a.size(), a::toString);
        JsonNode marks = JSON.readTree(a.get("JMS_Wharf").get("Value").asText());
        Set<String> all = new HashSet<>(names(a));
        marks.fieldNames().forEachRemaining(k -> all.add(k.substring("p.".length())));
        for (int i = 0; i < 12; i++) {
            assertTrue(all.contains("p" + i), "p" + i + " in " + a);
        }
    }

    @Test
    void anAwsCliAttributeIsAJmsProperty() throws JMSException {
        String queue = standardQueue("cli-in");
        new AwsCli(protocol(), server().endpoint()).send(url(queue), "from the CLI",
                "{\"customer\":{\"DataType\":\"String\",\"StringValue\":\"42\"}}");
        Message m = receive(queue, null);
        assertEquals("from the CLI", assertInstanceOf(TextMessage.class, m).getText());
        assertEquals("42", m.getStringProperty("customer"));
    }

    @Test
    void aJmsPropertyIsAnAwsCliAttribute() throws JMSException {
        String queue = standardQueue("cli-out");
        TextMessage m = wharf.createTextMessage("to the CLI");
        m.setLongProperty("customer", 42L);
        wharf.createProducer().send(wharf.createQueue(queue), m);
        JsonNode got = new AwsCli(protocol(), server().endpoint()).receive(url(queue)).get("Messages").get(0);
        assertEquals("to the CLI", got.get("Body").asText());
        JsonNode customer = got.get("MessageAttributes").get("customer");
        assertEquals("Number.long", customer.get("DataType").asText());
        assertEquals("42", customer.get("StringValue").asText());
    }

    private static Set<String> names(JsonNode attributes) {
        Set<String> names = new HashSet<>();
        attributes.fieldNames().forEachRemaining(names::add);
        return names;
    }

}
