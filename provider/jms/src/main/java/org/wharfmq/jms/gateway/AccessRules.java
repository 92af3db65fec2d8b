package org.wharfmq.jms.gateway;

import jakarta.jms.JMSException;

/**
 * What one users file lets a user do, for checks made outside the JMS layer (the store's MBeans):
 * the JMS layer gives a store the rules of each users file it is opened with
 * ({@link StoreGateway#guardedBy}), so that the gateway need not read users files itself.
 */
public interface AccessRules {
    /**
     * Whether {@code user} holds {@code permission} (send, consume, browse, create, delete or admin)
     * on queue {@code queue}; fails if the file cannot be read.
     */
    boolean allows(String user, String permission, String queue) throws JMSException;
}
