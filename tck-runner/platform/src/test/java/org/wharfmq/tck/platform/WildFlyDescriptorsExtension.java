package org.wharfmq.tck.platform;

import org.jboss.arquillian.container.test.spi.client.deployment.ApplicationArchiveProcessor;
import org.jboss.arquillian.core.spi.LoadableExtension;
import org.jboss.arquillian.test.spi.enricher.resource.ResourceProvider;

/** Registers {@link WildFlyDescriptors} as the TCK's archive processor, and {@link ClientEjbLinks}. */
public class WildFlyDescriptorsExtension implements LoadableExtension {
    @Override
    public void register(ExtensionBuilder builder) {
        builder.service(ResourceProvider.class, WildFlyDescriptors.class);
        builder.observer(WildFlyDescriptors.class);
        builder.service(ApplicationArchiveProcessor.class, ClientEjbLinks.class);
    }
}
