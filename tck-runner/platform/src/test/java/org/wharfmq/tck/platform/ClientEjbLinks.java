package org.wharfmq.tck.platform;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.spi.client.deployment.ApplicationArchiveProcessor;
import org.jboss.arquillian.test.spi.TestClass;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.Node;
import org.jboss.shrinkwrap.api.asset.ArchiveAsset;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;

/**
 * Adds jboss-client.xml to each application client of a test's EAR. It runs on the whole EAR
 * because a client's EJB references name GlassFish JNDI names that only the EAR's EJB modules
 * (their sun-ejb-jar.xml) resolve to beans; WildFly's client would otherwise match a reference by
 * its interface, which two beans of one module may share (ee/ejb/queueCMTTests).
 */
public class ClientEjbLinks implements ApplicationArchiveProcessor {

    @Override
    public void process(Archive<?> archive, TestClass testClass) {
        if (!(archive instanceof EnterpriseArchive ear)) {
            return;
        }
        try {
            Map<String, String> links = new HashMap<>();
            for (Archive<?> module : modules(ear)) {
                String sunEjbJar = read(module, "META-INF/sun-ejb-jar.xml");
                if (sunEjbJar != null) {
                    GlassFishDescriptors.beanJndiNames(stream(sunEjbJar))
                            .forEach((jndi, ejb) -> links.put(jndi, module.getName() + "#" + ejb));
                }
            }
            for (Archive<?> module : modules(ear)) {
                String sunClient = read(module, "META-INF/sun-application-client.xml");
                if (sunClient != null) {
                    String standard = read(module, "META-INF/application-client.xml");
                    Set<String> declared = standard == null ? Set.of()
                            : GlassFishDescriptors.ejbRefNames(stream(standard));
                    module.add(new StringAsset(GlassFishDescriptors.jbossClient(stream(sunClient), links, declared)),
                            "META-INF/jboss-client.xml");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Archive<?>> modules(EnterpriseArchive ear) {
        List<Archive<?>> found = new ArrayList<>();
        for (Node node : ear.getContent().values()) {
            if (node.getAsset() instanceof ArchiveAsset a && a.getArchive().getName().endsWith(".jar")) {
                found.add(a.getArchive());
            }
        }
        return found;
    }

    private static String read(Archive<?> module, String path) {
        Node node = module.get(path);
        if (node == null || node.getAsset() == null) {
            return null;
        }
        try (InputStream in = node.getAsset().openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream stream(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }
}
