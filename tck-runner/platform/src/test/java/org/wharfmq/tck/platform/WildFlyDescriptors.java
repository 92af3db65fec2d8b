package org.wharfmq.tck.platform;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jakarta.ejb.MessageDriven;
import org.jboss.arquillian.config.descriptor.api.ArquillianDescriptor;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.ArchivePath;
import org.jboss.shrinkwrap.api.Node;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import tck.arquillian.porting.lib.spi.AbstractTestArchiveProcessor;

/**
 * The TCK's hook for each archive it builds: adds the WildFly descriptor made from the archive's
 * GlassFish one ({@link GlassFishDescriptors}). The TCK's deployment methods ask for it as an
 * {@code @ArquillianResource TestArchiveProcessor}.
 */
public class WildFlyDescriptors extends AbstractTestArchiveProcessor {

    /** Makes this the processor the TCK's deployment methods get (declared here for Arquillian to see). */
    @Override
    public void initalize(@Observes ArquillianDescriptor descriptor) {
        super.initalize(descriptor);
    }

    @Override
    public void processWebArchive(WebArchive war, Class<?> testClass, URL sunXml) {
        read(war.get("WEB-INF/sun-web.xml"), in -> war.addAsWebInfResource(
                new StringAsset(GlassFishDescriptors.jbossWeb(in)), "jboss-web.xml"));
    }

    @Override
    public void processEjbArchive(JavaArchive jar, Class<?> testClass, URL sunXml) {
        Set<String> mdbs = messageDriven(jar);
        read(jar.get("META-INF/sun-ejb-jar.xml"), in -> jar.addAsManifestResource(
                new StringAsset(GlassFishDescriptors.jbossEjb3(in, mdbs)), "jboss-ejb3.xml"));
    }

    /** An application client's jboss-client.xml needs its whole EAR: {@link ClientEjbLinks} adds it. */
    @Override
    public void processClientArchive(JavaArchive jar, Class<?> testClass, URL sunXml) {
    }

    @Override
    public void processEarArchive(EnterpriseArchive ear, Class<?> testClass, URL sunXml) {
    }

    @Override
    public void processRarArchive(JavaArchive rar, Class<?> testClass, URL sunXml) {
    }

    @Override
    public void processParArchive(JavaArchive par, Class<?> testClass, URL persistenceXml) {
    }

    /**
     * The names of the archive's message-driven beans: those of its ejb-jar.xml and of its classes
     * annotated {@code @MessageDriven} (the TCK's classes are on the test class path).
     */
    static Set<String> messageDriven(JavaArchive jar) {
        Set<String> names = new HashSet<>();
        Node ejbJar = jar.get("META-INF/ejb-jar.xml");
        if (ejbJar != null) {
            try (InputStream in = ejbJar.getAsset().openStream()) {
                names.addAll(GlassFishDescriptors.messageDrivenNames(in));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        for (Class<?> c : classes(jar)) {
            MessageDriven md = c.getAnnotation(MessageDriven.class);
            if (md != null) {
                names.add(md.name().isEmpty() ? c.getSimpleName() : md.name());
            }
        }
        return names;
    }

    /**
     * The archive's top-level classes that the test class path has (the TCK's classes are on it);
     * the descriptors cannot map what the others declare.
     */
    static List<Class<?>> classes(Archive<?> archive) {
        List<Class<?>> found = new ArrayList<>();
        for (ArchivePath path : archive.getContent().keySet()) {
            String p = path.get();
            if (!p.endsWith(".class") || p.contains("$")) {
                continue;
            }
            String className = p.substring(1, p.length() - ".class".length()).replace('/', '.');
            try {
                found.add(Class.forName(className, false, WildFlyDescriptors.class.getClassLoader()));
            } catch (ClassNotFoundException | LinkageError e) {
                // Not on the test class path.
            }
        }
        return found;
    }

    private interface Conversion {
        void apply(InputStream in) throws IOException;
    }

    private static void read(Node node, Conversion conversion) {
        if (node == null || node.getAsset() == null) {
            return;
        }
        try (InputStream in = node.getAsset().openStream()) {
            conversion.apply(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
