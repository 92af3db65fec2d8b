package org.wharfmq.jms;

import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import jakarta.jms.ConnectionMetaData;

/** Wharf's connection metadata: Jakarta Messaging 3.1, provider Wharf. */
final class WharfMetaData implements ConnectionMetaData {
    static final String PROVIDER_VERSION = "0.1.0";

    @Override
    public String getJMSVersion() {
        return "3.1";
    }

    @Override
    public int getJMSMajorVersion() {
        return 3;
    }

    @Override
    public int getJMSMinorVersion() {
        return 1;
    }

    @Override
    public String getJMSProviderName() {
        return "Wharf";
    }

    @Override
    public String getProviderVersion() {
        return PROVIDER_VERSION;
    }

    @Override
    public int getProviderMajorVersion() {
        return 0;
    }

    @Override
    public int getProviderMinorVersion() {
        return 1;
    }

    @Override
    public Enumeration<String> getJMSXPropertyNames() {
        return Collections.enumeration(List.of("JMSXGroupID", "JMSXGroupSeq", "JMSXDeliveryCount"));
    }
}
