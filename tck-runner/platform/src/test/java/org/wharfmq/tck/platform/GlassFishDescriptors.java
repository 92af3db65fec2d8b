package org.wharfmq.tck.platform;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Reads a GlassFish descriptor of a TCK archive (sun-web.xml, sun-ejb-jar.xml,
 * sun-application-client.xml) and writes the WildFly descriptor that binds the same references to the
 * same resources: jboss-web.xml, jboss-ejb3.xml, jboss-client.xml. A GlassFish JNDI name {@code X}
 * is WildFly's {@code java:/X}, where wharf-tck.cli binds the resources.
 */
public final class GlassFishDescriptors {

    /** The client id GlassFish's TCK setup gives each connection factory (create.jms.template). */
    static final Map<String, String> CLIENT_IDS = Map.of(
            "jms/DURABLE_SUB_CONNECTION_FACTORY", "cts",
            "jms/MDBTACCESSTEST_FACTORY", "cts1",
            "jms/DURABLE_BMT_CONNECTION_FACTORY", "cts2",
            "jms/DURABLE_CMT_CONNECTION_FACTORY", "cts3",
            "jms/DURABLE_BMT_XCONNECTION_FACTORY", "cts4",
            "jms/DURABLE_CMT_XCONNECTION_FACTORY", "cts5",
            "jms/DURABLE_CMT_TXNS_XCONNECTION_FACTORY", "cts6");

    private GlassFishDescriptors() {
    }

    /** WildFly's name for a resource GlassFish binds at {@code name}. */
    static String global(String name) {
        return name.startsWith("java:") ? name : "java:/" + name;
    }

    /** jboss-web.xml for a sun-web.xml. */
    public static String jbossWeb(InputStream sunWeb) throws IOException {
        Element root = parse(sunWeb);
        StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<jboss-web>\n");
        references(root, out, "  ", "jndi-name");
        out.append("</jboss-web>\n");
        return out.toString();
    }

    /**
     * jboss-client.xml for a sun-application-client.xml. An EJB reference to GlassFish's JNDI name
     * {@code J} links to the bean {@code ejbLinks} gives for {@code J} ({@code module.jar#ejb-name})
     * if the client's application-client.xml declares it, with its type ({@code declared}). WildFly
     * matches the others, made by {@code @EJB}, by the type of what they inject.
     */
    public static String jbossClient(InputStream sunClient, Map<String, String> ejbLinks, Set<String> declared)
            throws IOException {
        Element root = parse(sunClient);
        StringBuilder out = new StringBuilder("""
                <?xml version="1.0" encoding="UTF-8"?>
                <jboss-client xmlns="urn:jboss:jakartaee:1.0" version="9.0">
                """);
        for (Element ref : children(root, "ejb-ref")) {
            String name = text(ref, "ejb-ref-name");
            String link = ejbLinks.get(text(ref, "jndi-name"));
            if (name != null && link != null && declared.contains(name)) {
                out.append("  <ejb-ref>\n    <ejb-ref-name>").append(escape(name)).append("</ejb-ref-name>\n")
                        .append("    <ejb-link>").append(escape(link)).append("</ejb-link>\n  </ejb-ref>\n");
            }
        }
        references(root, out, "  ", "jndi-name");
        out.append("</jboss-client>\n");
        return out.toString();
    }

    /**
     * jboss-ejb3.xml for a sun-ejb-jar.xml: each bean's references and, for the beans named in
     * {@code messageDriven}, the activation of wharf.rar with the bean's destination, connection
     * factory (and its client id) and durable subscription name. The properties that the bean's own
     * ejb-jar.xml or annotation sets (destinationType, subscriptionDurability, messageSelector) stay
     * as they are; every MDB of the archive is bound to wharf.rar.
     */
    public static String jbossEjb3(InputStream sunEjbJar, Set<String> messageDriven) throws IOException {
        Element root = parse(sunEjbJar);
        StringBuilder out = new StringBuilder("""
                <?xml version="1.0" encoding="UTF-8"?>
                <jboss:ejb-jar xmlns:jboss="urn:jboss:jakartaee:1.0" xmlns="https://jakarta.ee/xml/ns/jakartaee"
                               xmlns:r="urn:resource-adapter-binding" version="4.0" impl-version="2.0">
                  <enterprise-beans>
                """);
        for (Element ejb : descendants(root, "ejb")) {
            String name = text(ejb, "ejb-name");
            boolean mdb = messageDriven.contains(name);
            String kind = mdb ? "message-driven" : "session";
            out.append("    <").append(kind).append(">\n      <ejb-name>").append(escape(name)).append("</ejb-name>\n");
            if (mdb) {
                activation(ejb, out);
            }
            references(ejb, out, "      ", "lookup-name");
            out.append("    </").append(kind).append(">\n");
        }
        out.append("""
                  </enterprise-beans>
                  <assembly-descriptor>
                    <r:resource-adapter-binding>
                      <ejb-name>*</ejb-name>
                      <r:resource-adapter-name>wharf.rar</r:resource-adapter-name>
                    </r:resource-adapter-binding>
                  </assembly-descriptor>
                </jboss:ejb-jar>
                """);
        return out.toString();
    }

    /** The names of the EJB references a standard descriptor declares. */
    static Set<String> ejbRefNames(InputStream descriptor) throws IOException {
        Set<String> names = new java.util.HashSet<>();
        for (Element ref : descendants(parse(descriptor), "ejb-ref")) {
            String name = text(ref, "ejb-ref-name");
            if (name != null) {
                names.add(name);
            }
        }
        return names;
    }

    /** GlassFish's JNDI name of each bean of a sun-ejb-jar.xml, to its ejb-name. */
    static Map<String, String> beanJndiNames(InputStream sunEjbJar) throws IOException {
        Map<String, String> names = new java.util.HashMap<>();
        for (Element ejb : descendants(parse(sunEjbJar), "ejb")) {
            String name = text(ejb, "ejb-name");
            String jndi = text(ejb, "jndi-name");
            if (name != null && jndi != null) {
                names.put(jndi, name);
            }
        }
        return names;
    }

    /** The ejb-names of the message-driven beans of an ejb-jar.xml. */
    static Set<String> messageDrivenNames(InputStream ejbJar) throws IOException {
        Set<String> names = new java.util.HashSet<>();
        for (Element mdb : descendants(parse(ejbJar), "message-driven")) {
            String name = text(mdb, "ejb-name");
            if (name != null) {
                names.add(name);
            }
        }
        return names;
    }

    private static void activation(Element ejb, StringBuilder out) {
        List<String[]> props = new ArrayList<>();
        String destination = text(ejb, "jndi-name");
        if (destination != null) {
            props.add(new String[] {"destinationLookup", global(destination)});
            // Wharf's own name for the store queue or topic, which wharf-tck.cli names as GlassFish does.
            props.add(new String[] {"destination", destination});
        }
        Element factory = child(ejb, "mdb-connection-factory");
        String factoryName = factory == null ? null : text(factory, "jndi-name");
        if (factoryName != null) {
            props.add(new String[] {"connectionFactoryLookup", global(factoryName)});
            String clientId = CLIENT_IDS.get(factoryName);
            if (clientId != null) {
                props.add(new String[] {"clientId", clientId});
            }
        }
        String subscription = text(ejb, "jms-durable-subscription-name");
        if (subscription != null) {
            props.add(new String[] {"subscriptionName", subscription});
        }
        if (props.isEmpty()) {
            return;
        }
        out.append("      <activation-config>\n");
        for (String[] p : props) {
            out.append("        <activation-config-property><activation-config-property-name>").append(p[0])
                    .append("</activation-config-property-name><activation-config-property-value>")
                    .append(escape(p[1])).append("</activation-config-property-value></activation-config-property>\n");
        }
        out.append("      </activation-config>\n");
    }

    /** The resource, resource-env, message-destination and EJB references directly under {@code parent}. */
    private static void references(Element parent, StringBuilder out, String indent, String nameElement) {
        for (Element ref : children(parent, "resource-ref")) {
            mapping(out, indent, "resource-ref", "res-ref-name", text(ref, "res-ref-name"), nameElement,
                    text(ref, "jndi-name"));
        }
        for (Element ref : children(parent, "resource-env-ref")) {
            mapping(out, indent, "resource-env-ref", "resource-env-ref-name", text(ref, "resource-env-ref-name"),
                    nameElement, text(ref, "jndi-name"));
        }
        for (Element ref : children(parent, "message-destination-ref")) {
            mapping(out, indent, "message-destination-ref", "message-destination-ref-name",
                    text(ref, "message-destination-ref-name"), nameElement, text(ref, "jndi-name"));
        }
        for (Element ref : children(parent, "message-destination")) {
            mapping(out, indent, "message-destination", "message-destination-name",
                    text(ref, "message-destination-name"), nameElement, text(ref, "jndi-name"));
        }
    }

    private static void mapping(StringBuilder out, String indent, String element, String refElement, String ref,
            String nameElement, String jndiName) {
        if (ref == null || jndiName == null) {
            return;
        }
        // jboss-web.xml and jboss-client.xml name the target jndi-name; jboss-ejb3.xml uses the standard lookup-name.
        String target = nameElement;
        out.append(indent).append('<').append(element).append(">\n")
                .append(indent).append("  <").append(refElement).append('>').append(escape(ref))
                .append("</").append(refElement).append(">\n")
                .append(indent).append("  <").append(target).append('>').append(escape(global(jndiName)))
                .append("</").append(target).append(">\n")
                .append(indent).append("</").append(element).append(">\n");
    }

    private static Element parse(InputStream in) throws IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            // The GlassFish DOCTYPEs point at sun.com; nothing is fetched.
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            factory.setValidating(false);
            factory.setNamespaceAware(false);
            Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(in.readAllBytes()));
            return doc.getDocumentElement();
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("cannot read a GlassFish descriptor: " + e.getMessage(), e);
        }
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                found.add(e);
            }
        }
        return found;
    }

    private static List<Element> descendants(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        var list = parent.getElementsByTagName(name);
        for (int i = 0; i < list.getLength(); i++) {
            found.add((Element) list.item(i));
        }
        return found;
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        if (e == null) {
            return null;
        }
        String t = e.getTextContent().trim();
        return t.isEmpty() ? null : t;
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
