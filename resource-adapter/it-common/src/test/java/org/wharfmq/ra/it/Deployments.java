package org.wharfmq.ra.it;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Collectors;
import jakarta.ejb.MessageDriven;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The archives the tests deploy: the built .rar, and web applications whose MDBs are bound to it
 * by both servers' descriptors (each server reads its own).
 */
public final class Deployments {

    private Deployments() {
    }

    /**
     * The .rar the build made (system property {@code wharf.rar}), deployed as wharf.rar, with an
     * ironjacamar.xml so that WildFly activates it on deployment, as the resource-adapters
     * subsystem would, with its connection factory registered for XA recovery (Payara ignores the file).
     */
    public static ResourceAdapterArchive rar() {
        return withIronjacamar(IRONJACAMAR.formatted("", RECOVERY));
    }

    /**
     * {@link #rar()} on the store at {@code connectionUrl}: the adapter's connectionURL in its
     * ironjacamar.xml for WildFly, and as the default of its ra.xml for Payara.
     */
    public static ResourceAdapterArchive rar(String connectionUrl) {
        ResourceAdapterArchive rar = withIronjacamar(IRONJACAMAR.formatted(connectionUrl(connectionUrl), RECOVERY));
        String raXml;
        try (InputStream in = rar.get("META-INF/ra.xml").getAsset().openStream()) {
            raXml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // The first connectionURL is the adapter's; the others are its factories', empty: the adapter's.
        String property = "<config-property-name>connectionURL</config-property-name>";
        int at = raXml.indexOf(property);
        String empty = "<config-property-value></config-property-value>";
        int value = raXml.indexOf(empty, at);
        if (at < 0 || value < 0) {
            throw new IllegalStateException("the .rar's ra.xml has no empty connectionURL of the adapter");
        }
        raXml = raXml.substring(0, value) + "<config-property-value>" + xml(connectionUrl) + "</config-property-value>"
                + raXml.substring(value + empty.length());
        rar.delete("META-INF/ra.xml");
        return rar.addAsManifestResource(new StringAsset(raXml), "ra.xml");
    }

    /**
     * {@link #rar(String)} with the connection factory not registered for XA recovery (WildFly logs
     * IJ020016 for it), so that only the adapter's {@code getXAResources} can recover branches.
     */
    public static ResourceAdapterArchive rarRecoveredThroughTheAdapterOnly(String connectionUrl) {
        return withIronjacamar(IRONJACAMAR.formatted(connectionUrl(connectionUrl), ""));
    }

    private static String connectionUrl(String url) {
        return "  <config-property name=\"connectionURL\">" + xml(url) + "</config-property>\n";
    }

    private static String xml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;");
    }

    private static ResourceAdapterArchive withIronjacamar(String ironjacamar) {
        File file = new File(System.getProperty("wharf.rar", "target/wharf.rar"));
        return ShrinkWrap.createFromZipFile(ResourceAdapterArchive.class, file)
                .addAsManifestResource(new StringAsset(ironjacamar), "ironjacamar.xml");
    }

    /** The first {@code %s}: the adapter's config properties, if any; the second: the factory's recovery element. */
    private static final String IRONJACAMAR = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ironjacamar>
            %s  <transaction-support>XATransaction</transaction-support>
              <connection-definitions>
                <connection-definition class-name="org.wharfmq.ra.outbound.WharfManagedConnectionFactory"
                                       jndi-name="java:jboss/wharf/ConnectionFactory" pool-name="wharf" tracking="false">
            %s    </connection-definition>
              </connection-definitions>
            </ironjacamar>
            """;

    private static final String RECOVERY = """
                  <recovery>
                    <recover-credential>
                      <user-name>recovery</user-name>
                      <password>recovery</password>
                    </recover-credential>
                  </recovery>
            """;

    /** A web application with the shared test beans and {@code classes}. */
    public static WebArchive app(String name, Class<?>... classes) {
        return ShrinkWrap.create(WebArchive.class, name + ".war")
                .addClasses(Resources.class, Delivery.class, Journal.class, Sender.class, ContextClient.class,
                        Awaits.class, Deployments.class, FifoGroupsCheck.class, DeadLetterCheck.class, JournalMdb.class)
                .addClasses(classes)
                .addAsWebInfResource(EmptyAsset.INSTANCE, "beans.xml")
                // WildFly: the application's @ConnectionFactoryDefinition loads the adapter's classes.
                .addAsManifestResource(new StringAsset("Dependencies: deployment.wharf.rar\n"), "MANIFEST.MF")
                .addAsWebInfResource(new StringAsset(JBOSS_EJB3), "jboss-ejb3.xml")
                .addAsWebInfResource(new StringAsset(glassfishEjbJar(classes)), "glassfish-ejb-jar.xml");
    }

    /** WildFly: every MDB of the application receives through wharf.rar. */
    private static final String JBOSS_EJB3 = """
            <?xml version="1.0" encoding="UTF-8"?>
            <jboss:ejb-jar xmlns:jboss="urn:jboss:jakartaee:1.0" xmlns="https://jakarta.ee/xml/ns/jakartaee"
                           xmlns:r="urn:resource-adapter-binding" version="4.0" impl-version="2.0">
              <assembly-descriptor>
                <r:resource-adapter-binding>
                  <ejb-name>*</ejb-name>
                  <r:resource-adapter-name>wharf.rar</r:resource-adapter-name>
                </r:resource-adapter-binding>
              </assembly-descriptor>
            </jboss:ejb-jar>
            """;

    /** Payara: each MDB of {@code classes} receives through the adapter deployed as wharf. */
    private static String glassfishEjbJar(Class<?>... classes) {
        String ejbs = Arrays.stream(classes).filter(c -> c.isAnnotationPresent(MessageDriven.class))
                .map(c -> "    <ejb><ejb-name>" + c.getSimpleName() + "</ejb-name><mdb-resource-adapter>"
                        + "<resource-adapter-mid>" + Resources.RA + "</resource-adapter-mid></mdb-resource-adapter></ejb>\n")
                .collect(Collectors.joining());
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE glassfish-ejb-jar PUBLIC "-//GlassFish.org//DTD GlassFish Application Server 3.1 EJB 3.1//EN"
                  "http://glassfish.org/dtds/glassfish-ejb-jar_3_1-1.dtd">
                <glassfish-ejb-jar>
                  <enterprise-beans>
                %s  </enterprise-beans>
                </glassfish-ejb-jar>
                """.formatted(ejbs);
    }
}
