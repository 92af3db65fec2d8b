package org.wharfmq.ra.it;

import java.util.Map;
import java.util.Set;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import jakarta.jms.JMSException;
import jakarta.jms.XAConnection;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * What a Wharf store holds for the test: its prepared XA branches and a queue's counts. In the
 * server it reads the store the adapter has open; in the test it opens the store and closes it.
 */
public record WharfState(Set<String> prepared, long visible, long inFlight) {

    static WharfState read(String storeUrl, String queue) throws JMSException, XAException {
        WharfConnectionFactory factory = new WharfConnectionFactory(storeUrl);
        Set<String> prepared;
        try (XAConnection c = factory.createXAConnection()) {
            prepared = Xids.keys(c.createXASession().getXAResource()
                    .recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN));
        }
        Map<String, String> attributes = factory.admin().getQueueAttributes(queue);
        return new WharfState(prepared, Long.parseLong(attributes.get("ApproximateNumberOfMessages")),
                Long.parseLong(attributes.get("ApproximateNumberOfMessagesNotVisible")));
    }

    /** Reads the store at {@code storeUrl} from outside the server, then closes it. */
    static WharfState readClosed(String storeUrl, String queue) throws JMSException, XAException {
        try {
            return read(storeUrl, queue);
        } finally {
            new WharfConnectionFactory(storeUrl).closeStore();
        }
    }
}
