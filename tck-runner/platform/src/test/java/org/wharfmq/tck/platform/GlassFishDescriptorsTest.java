package org.wharfmq.tck.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

public class GlassFishDescriptorsTest {

    private static InputStream xml(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    public void sunWebReferencesBecomeJbossWebReferencesToJavaSlashNames() throws Exception {
        try (InputStream in = getClass().getResourceAsStream(
                "/com/sun/ts/tests/jms/core/bytesMsgQueue/bytesMsgQueue_servlet_vehicle_web.war.sun-web.xml")) {
            assertEquals("""
                    <?xml version="1.0" encoding="UTF-8"?>
                    <jboss-web>
                      <resource-ref>
                        <res-ref-name>jms/MyQueueConnectionFactory</res-ref-name>
                        <jndi-name>java:/jms/QueueConnectionFactory</jndi-name>
                      </resource-ref>
                      <resource-env-ref>
                        <resource-env-ref-name>jms/MY_QUEUE</resource-env-ref-name>
                        <jndi-name>java:/MY_QUEUE</jndi-name>
                      </resource-env-ref>
                    </jboss-web>
                    """, GlassFishDescriptors.jbossWeb(in));
        }
    }

    @Test
    public void aMessageDrivenBeanGetsItsDestinationFactoryClientIdAndSubscription() throws Exception {
        String ejb3 = GlassFishDescriptors.jbossEjb3(xml("""
                <sun-ejb-jar><enterprise-beans><ejb>
                  <ejb-name>MDB_DURABLE_CMT</ejb-name>
                  <jndi-name>jms_ee_mdb_mdb_exceptT_MDB_DURABLE_CMT</jndi-name>
                  <resource-env-ref><resource-env-ref-name>jms/MDB_QUEUE_REPLY</resource-env-ref-name>
                    <jndi-name>MDB_QUEUE_REPLY</jndi-name></resource-env-ref>
                  <mdb-connection-factory><jndi-name>jms/DURABLE_CMT_XCONNECTION_FACTORY</jndi-name></mdb-connection-factory>
                  <jms-durable-subscription-name>cts5</jms-durable-subscription-name>
                </ejb><ejb><ejb-name>Sender</ejb-name></ejb></enterprise-beans></sun-ejb-jar>
                """), Set.of("MDB_DURABLE_CMT"));
        assertTrue(ejb3.contains("<message-driven>\n      <ejb-name>MDB_DURABLE_CMT</ejb-name>"), ejb3);
        assertTrue(ejb3.contains("<activation-config-property-name>destinationLookup</activation-config-property-name>"
                + "<activation-config-property-value>java:/jms_ee_mdb_mdb_exceptT_MDB_DURABLE_CMT<"), ejb3);
        assertTrue(ejb3.contains(">connectionFactoryLookup<")
                && ejb3.contains(">java:/jms/DURABLE_CMT_XCONNECTION_FACTORY<"), ejb3);
        assertTrue(ejb3.contains(">clientId</activation-config-property-name><activation-config-property-value>cts5<"), ejb3);
        assertTrue(ejb3.contains(">subscriptionName</activation-config-property-name><activation-config-property-value>cts5<"), ejb3);
        assertTrue(ejb3.contains("<lookup-name>java:/MDB_QUEUE_REPLY</lookup-name>"), ejb3);
        assertTrue(ejb3.contains("<session>\n      <ejb-name>Sender</ejb-name>"), ejb3);
        assertTrue(ejb3.contains("<r:resource-adapter-name>wharf.rar</r:resource-adapter-name>"), ejb3);
    }

    @Test
    public void aClientEjbReferenceLinksToTheBeanGlassFishBindsAtItsJndiName() throws Exception {
        var links = GlassFishDescriptors.beanJndiNames(xml("""
                <sun-ejb-jar><enterprise-beans>
                  <ejb><ejb-name>QueueTests</ejb-name><jndi-name>jms_ee_ejb_queueCMTTests_QueueTests</jndi-name></ejb>
                  <ejb><ejb-name>Other</ejb-name><jndi-name>other</jndi-name></ejb>
                </enterprise-beans></sun-ejb-jar>
                """));
        assertEquals("QueueTests", links.get("jms_ee_ejb_queueCMTTests_QueueTests"));
        String client = GlassFishDescriptors.jbossClient(xml("""
                <sun-application-client>
                  <ejb-ref><ejb-ref-name>ejb/QueueTests</ejb-ref-name><jndi-name>jms_ee_ejb_queueCMTTests_QueueTests</jndi-name></ejb-ref>
                  <ejb-ref><ejb-ref-name>ejb/Unknown</ejb-ref-name><jndi-name>nowhere</jndi-name></ejb-ref>
                  <ejb-ref><ejb-ref-name>ejb/Annotated</ejb-ref-name><jndi-name>other</jndi-name></ejb-ref>
                </sun-application-client>
                """), java.util.Map.of("jms_ee_ejb_queueCMTTests_QueueTests", "tests_ejb.jar#QueueTests",
                        "other", "tests_ejb.jar#Other"), Set.of("ejb/QueueTests", "ejb/Unknown"));
        assertTrue(client.contains("<ejb-ref>\n    <ejb-ref-name>ejb/QueueTests</ejb-ref-name>\n"
                + "    <ejb-link>tests_ejb.jar#QueueTests</ejb-link>\n  </ejb-ref>"), client);
        assertTrue(!client.contains("ejb/Unknown"), client);
        assertTrue(!client.contains("ejb/Annotated"), "a reference made by @EJB is matched by WildFly: " + client);
    }
}
