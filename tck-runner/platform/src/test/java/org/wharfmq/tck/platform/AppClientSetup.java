package org.wharfmq.tck.platform;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Writes the application client's configuration, {@code appclient/configuration/appclient-wharf-tck.xml},
 * from WildFly's {@code appclient.xml}. With a store that the client JVM and the server share, it also
 * binds in the client every connection factory and destination that the server's {@code wharf.rar}
 * defines, at the same JNDI names and on the same store ({@link Binding}), through the module
 * {@code org.wharfmq.client}, which it makes from the jars in {@code wharf.rar}.
 *
 * <p>Arguments: the WildFly home, {@code wharf.rar}, and {@code true} when the store is shared.
 */
public final class AppClientSetup {
    static final String MODULE = "org.wharfmq.client";
    private static final String NAMING = "urn:jboss:domain:naming:2.0";
    private static final String FACTORY = "org.wharfmq.jms.jndi.WharfObjectFactory";

    private AppClientSetup() {
    }

    /** One JNDI name of the server's adapter and the properties of the object the client binds there. */
    record Binding(String jndiName, Map<String, String> environment) {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        Path config = home.resolve("appclient/configuration");
        Document client = parse(config.resolve("appclient.xml"));
        if (Boolean.parseBoolean(args[2])) {
            List<Binding> bindings = bindings(parse(home.resolve("standalone/configuration/standalone-wharf-tck.xml")));
            bind(client, bindings);
            writeModule(home.resolve("modules/" + MODULE.replace('.', '/') + "/main"), Path.of(args[1]));
            System.out.println("appclient-wharf-tck.xml: " + bindings.size() + " Wharf bindings on the server's store");
        }
        write(client, config.resolve("appclient-wharf-tck.xml"));
    }

    /** The connection factories and destinations of the server's {@code wharf.rar}, each on its store. */
    static List<Binding> bindings(Document server) {
        Element adapter = null;
        NodeList adapters = server.getElementsByTagNameNS("*", "resource-adapter");
        for (int i = 0; i < adapters.getLength(); i++) {
            Element a = (Element) adapters.item(i);
            if ("wharf.rar".equals(a.getAttribute("id"))) {
                adapter = a;
            }
        }
        if (adapter == null) {
            throw new IllegalArgumentException("the server's configuration has no resource adapter wharf.rar");
        }
        Map<String, String> shared = properties(adapter);
        String url = shared.get("connectionURL");
        List<Binding> out = new ArrayList<>();
        for (Element d : children(adapter, "connection-definitions", "connection-definition")) {
            Map<String, String> own = properties(d);
            Map<String, String> env = new LinkedHashMap<>();
            env.put("url", url);
            putIfSet(env, "user", own.getOrDefault("userName", shared.get("userName")));
            putIfSet(env, "password", own.getOrDefault("password", shared.get("password")));
            putIfSet(env, "clientID", own.get("clientId"));
            out.add(new Binding(d.getAttribute("jndi-name"), env));
        }
        for (Element o : children(adapter, "admin-objects", "admin-object")) {
            String kind = o.getAttribute("class-name").endsWith("Topic") ? "topic" : "queue";
            out.add(new Binding(o.getAttribute("jndi-name"), Map.of(kind, properties(o).get("name"))));
        }
        return out;
    }

    /**
     * Adds the bindings to the client's naming subsystem; to its ee subsystem, the module for every
     * deployment (a bean may return Wharf's messages and destinations to the client) and the default
     * JMS factory.
     */
    static void bind(Document client, List<Binding> bindings) {
        Element naming = (Element) client.getElementsByTagNameNS(NAMING, "subsystem").item(0);
        Element all = client.createElementNS(NAMING, "bindings");
        for (Binding b : bindings) {
            Element f = client.createElementNS(NAMING, "object-factory");
            f.setAttribute("name", b.jndiName());
            f.setAttribute("module", MODULE);
            f.setAttribute("class", FACTORY);
            Element env = client.createElementNS(NAMING, "environment");
            b.environment().forEach((k, v) -> {
                Element p = client.createElementNS(NAMING, "property");
                p.setAttribute("name", k);
                p.setAttribute("value", v);
                env.appendChild(p);
            });
            f.appendChild(env);
            all.appendChild(f);
        }
        naming.appendChild(all);
        Element ee = null;
        NodeList subsystems = client.getElementsByTagNameNS("*", "subsystem");
        for (int i = 0; i < subsystems.getLength(); i++) {
            if (subsystems.item(i).getNamespaceURI().startsWith("urn:jboss:domain:ee:")) {
                ee = (Element) subsystems.item(i);
            }
        }
        if (ee == null) {
            throw new IllegalArgumentException("the client's configuration has no ee subsystem");
        }
        Element global = client.createElementNS(ee.getNamespaceURI(), "global-modules");
        Element module = client.createElementNS(ee.getNamespaceURI(), "module");
        module.setAttribute("name", MODULE);
        global.appendChild(module);
        ee.insertBefore(global, ee.getFirstChild());
        NodeList defaults = ee.getElementsByTagNameNS("*", "default-bindings");
        if (defaults.getLength() > 0) {
            ((Element) defaults.item(0)).setAttribute("jms-connection-factory", "java:/jms/ConnectionFactory");
        }
    }

    /** The module of the provider and its stores: every jar of {@code wharf.rar} but the adapter's own and the logging API the server has. */
    static void writeModule(Path dir, Path rar) throws IOException {
        Files.createDirectories(dir);
        List<String> jars = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(rar))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                String name = e.getName();
                if (name.endsWith(".jar") && !name.contains("/") && !name.startsWith("wharf-ra-")
                        && !name.startsWith("slf4j-api-")) {
                    Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                    jars.add(name);
                }
            }
        }
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<module xmlns=\"urn:jboss:module:1.9\" name=\"").append(MODULE).append("\">\n  <resources>\n");
        jars.stream().sorted().forEach(j -> xml.append("    <resource-root path=\"").append(j).append("\"/>\n"));
        xml.append("  </resources>\n  <dependencies>\n");
        // jdk.net: the SQS backend's HTTP client sets socket options through jdk.net.Sockets.
        for (String m : List.of("java.se", "jdk.unsupported", "jdk.net", "jakarta.jms.api", "org.slf4j")) {
            xml.append("    <module name=\"").append(m).append("\"/>\n");
        }
        xml.append("  </dependencies>\n</module>\n");
        Files.writeString(dir.resolve("module.xml"), xml);
    }

    private static Map<String, String> properties(Element parent) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && "config-property".equals(e.getLocalName())) {
                out.put(e.getAttribute("name"), e.getTextContent().trim());
            }
        }
        return out;
    }

    private static List<Element> children(Element parent, String group, String item) {
        List<Element> out = new ArrayList<>();
        for (Node g = parent.getFirstChild(); g != null; g = g.getNextSibling()) {
            if (g instanceof Element ge && group.equals(ge.getLocalName())) {
                for (Node n = ge.getFirstChild(); n != null; n = n.getNextSibling()) {
                    if (n instanceof Element e && item.equals(e.getLocalName())) {
                        out.add(e);
                    }
                }
            }
        }
        return out;
    }

    private static void putIfSet(Map<String, String> env, String key, String value) {
        if (value != null) {
            env.put(key, value);
        }
    }

    static Document parse(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        try (InputStream in = Files.newInputStream(file)) {
            return f.newDocumentBuilder().parse(in);
        }
    }

    private static void write(Document doc, Path file) throws Exception {
        var t = TransformerFactory.newInstance().newTransformer();
        t.setOutputProperty(OutputKeys.INDENT, "yes");
        StringWriter out = new StringWriter();
        t.transform(new DOMSource(doc), new StreamResult(out));
        try {
            Files.writeString(file, out.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
