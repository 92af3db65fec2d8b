package org.wharfmq.ra.it;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import javax.sql.DataSource;

/** The cluster's standard queue, four sessions per node. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = ClusterRecords.WORK),
    @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
    @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "4"),
    @ActivationConfigProperty(propertyName = "visibilityTimeout", propertyValue = "" + ClusterRecords.VISIBILITY_TIMEOUT)})
public class ClusterWorkMdb implements MessageListener {
    @Resource(name = ClusterRecords.DATA_SOURCE)
    private DataSource records;

    @Override
    public void onMessage(Message m) {
        ClusterRecords.note(records, "work", m);
    }
}
