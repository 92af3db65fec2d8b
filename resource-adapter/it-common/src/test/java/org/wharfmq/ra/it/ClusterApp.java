package org.wharfmq.ra.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The archives each node of a cluster test deploys: wharf.rar on the shared store, and the MDBs' application. */
public final class ClusterApp {
    private ClusterApp() {
    }

    /**
     * Empties {@code dir} and writes {@code wharf.rar} on {@code storeUrl} and {@code cluster.war} into
     * it; returns both, in deployment order. The nodes keep their servers' files in {@code dir} too.
     */
    public static Path[] write(Path dir, String storeUrl, int pgPort, boolean payara) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
        Path rar = dir.resolve("wharf.rar");
        Path war = dir.resolve("cluster.war");
        Deployments.rar(storeUrl).as(ZipExporter.class).exportTo(rar.toFile(), true);
        WebArchive app = Deployments.app("cluster", ClusterWorkMdb.class, ClusterFifoMdb.class, ClusterTopicMdb.class,
                ClusterRecords.class);
        app = payara
                ? app.addAsWebInfResource(new StringAsset(GLASSFISH_RESOURCES.formatted(Resources.RA)),
                        "glassfish-resources.xml")
                        .addAsWebInfResource(new StringAsset(WEB_XML.formatted("", PAYARA_POOL)), "web.xml")
                : app.addAsWebInfResource(new StringAsset(WEB_XML.formatted(WILDFLY_DATA_SOURCE.formatted(pgPort),
                        "java:app/cluster-records")), "web.xml");
        app.as(ZipExporter.class).exportTo(war.toFile(), true);
        return new Path[] {rar, war};
    }

    /** The asadmin commands that make the records' XA data source of a Payara domain. */
    public static List<List<String>> payaraDataSource(int pgPort) {
        return List.of(
                List.of("create-jdbc-connection-pool", "--datasourceclassname", "org.postgresql.xa.PGXADataSource",
                        "--restype", "javax.sql.XADataSource", "--maxpoolsize", "20", "--property",
                        "ServerName=127.0.0.1:PortNumber=" + pgPort + ":DatabaseName=postgres:User=postgres:Password=postgres",
                        "cluster-records-pool"),
                List.of("create-jdbc-resource", "--connectionpoolid", "cluster-records-pool", PAYARA_POOL));
    }

    /** The MDBs' reference to the records' data source (the first {@code %s}: WildFly's definition of it), bound to the second. */
    private static final String WEB_XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
            %s  <resource-ref>
                <res-ref-name>""" + ClusterRecords.DATA_SOURCE + """
            </res-ref-name>
                <res-type>javax.sql.DataSource</res-type>
                <lookup-name>%s</lookup-name>
              </resource-ref>
            </web-app>
            """;

    /** WildFly: the records table's XA data source, with a user so that WildFly recovers it. */
    private static final String WILDFLY_DATA_SOURCE = """
              <data-source>
                <name>java:app/cluster-records</name>
                <class-name>org.postgresql.xa.PGXADataSource</class-name>
                <server-name>127.0.0.1</server-name>
                <port-number>%d</port-number>
                <database-name>postgres</database-name>
                <user>postgres</user>
                <password>postgres</password>
                <transactional>true</transactional>
                <max-pool-size>20</max-pool-size>
              </data-source>
            """;

    /** Payara: the domain's data source of the records ({@link #payaraDataSource}). */
    private static final String PAYARA_POOL = "jdbc/cluster-records";

    /**
     * Payara: a pool of the adapter's connections, through which alone Payara recovers MDB branches
     * (as in {@link XaRecoveryIT}). The records' data source is the domain's
     * ({@link #payaraDataSource}): Payara does not recover a PostgreSQL one of an application.
     */
    private static final String GLASSFISH_RESOURCES = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE resources PUBLIC "-//GlassFish.org//DTD GlassFish Application Server 3.1 Resource Definitions//EN"
              "http://glassfish.org/dtds/glassfish-resources_1_5.dtd">
            <resources>
              <connector-connection-pool name="java:app/wharf-pool" resource-adapter-name="%s"
                                         connection-definition-name="jakarta.jms.ConnectionFactory"
                                         transaction-support="XATransaction"/>
              <connector-resource pool-name="java:app/wharf-pool" jndi-name="java:app/jms/wharf-pool"/>
            </resources>
            """;
}
