package org.wharfmq.ra.it;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import javax.sql.DataSource;

/** One shared durable subscription (no client id) that the MDBs of every node consume together. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = ClusterRecords.TOPIC),
    @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Topic"),
    @ActivationConfigProperty(propertyName = "subscriptionDurability", propertyValue = "Durable"),
    @ActivationConfigProperty(propertyName = "subscriptionName", propertyValue = ClusterRecords.SUBSCRIPTION),
    @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "4")})
public class ClusterTopicMdb implements MessageListener {
    @Resource(name = ClusterRecords.DATA_SOURCE)
    private DataSource records;

    @Override
    public void onMessage(Message m) {
        ClusterRecords.note(records, "topic", m);
    }
}
