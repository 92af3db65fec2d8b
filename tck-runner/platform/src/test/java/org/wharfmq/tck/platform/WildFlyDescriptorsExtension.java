package org.wharfmq.tck.platform;

import org.jboss.arquillian.core.spi.LoadableExtension;
import org.jboss.arquillian.test.spi.enricher.resource.ResourceProvider;

/** Registers {@link WildFlyDescriptors} as the TCK's archive processor. */
public class WildFlyDescriptorsExtension implements LoadableExtension {
    @Override
    public void register(ExtensionBuilder builder) {
        builder.service(ResourceProvider.class, WildFlyDescriptors.class);
        builder.observer(WildFlyDescriptors.class);
    }
}
