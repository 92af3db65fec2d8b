package org.wharfmq.ra.it.payara;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.wharfmq.ra.it.ClusterNode;
import org.wharfmq.ra.it.ClusterRecords;

/**
 * A Payara domain of a cluster test, made by {@code asadmin create-domain} with its ports from
 * {@code portBase} (admin {@code portBase + 48}, HTTP {@code + 80}), every listener on 127.0.0.1, its
 * own transaction log, recovered at startup, the node's name as a system property, and
 * {@code libraries} in the domain's {@code lib} (a JDBC driver of the domain's data sources).
 */
final class PayaraNode implements ClusterNode {
    private final Path home;
    private final Path domains;
    private final String name;
    private final int portBase;
    private final List<Path> libraries;
    private final List<List<String>> setup;

    /** {@code setup}: asadmin commands run once, on the new domain's first start. */
    PayaraNode(Path home, Path domains, String name, int portBase, List<Path> libraries, List<List<String>> setup) {
        this.home = home;
        this.domains = domains;
        this.name = name;
        this.portBase = portBase;
        this.libraries = libraries;
        this.setup = setup;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start() throws Exception {
        Path domainXml = domains.resolve(name).resolve("config/domain.xml");
        boolean create = !Files.exists(domainXml);
        if (create) {
            asadmin(false, "create-domain", "--nopassword=true", "--portbase", Integer.toString(portBase),
                    "--domaindir", domains.toString(), name);
            String xml = Files.readString(domainXml, StandardCharsets.UTF_8);
            String bound = xml.replace("address=\"0.0.0.0\"", "address=\"127.0.0.1\"")
                    .replace("<network-listener port=", "<network-listener address=\"127.0.0.1\" port=")
                    .replace("<jvm-options>-Xmx512m</jvm-options>", "<jvm-options>-Xmx512m</jvm-options>\n        <jvm-options>-D"
                            + ClusterRecords.NODE + "=" + name + "</jvm-options>");
            bound = bound.replaceAll("<transaction-service (?![^>]*automatic-recovery)",
                    "<transaction-service automatic-recovery=\"true\" ");
            if (!bound.contains("-D" + ClusterRecords.NODE) || bound.contains("\"0.0.0.0\"")
                    || Pattern.compile("<transaction-service (?![^>]*automatic-recovery=\"true\")").matcher(bound).find()) {
                throw new IllegalStateException(name + ": the new domain.xml is not as expected: " + domainXml);
            }
            Files.writeString(domainXml, bound, StandardCharsets.UTF_8);
            for (Path jar : libraries) {
                Files.copy(jar, domains.resolve(name).resolve("lib").resolve(jar.getFileName()));
            }
        }
        ClusterNode.requireFree(name, portBase + 48, portBase + 80);
        asadmin(false, "start-domain", "--domaindir", domains.toString(), name);
        if (create) {
            for (List<String> command : setup) {
                asadmin(true, command.toArray(String[]::new));
            }
        }
    }

    @Override
    public void deploy(Path... archives) throws Exception {
        for (Path a : archives) {
            asadmin(true, "deploy", "--force=true", a.toString());
        }
    }

    @Override
    public long pid() {
        try {
            return Long.parseLong(Files.readString(domains.resolve(name).resolve("config/pid")).trim());
        } catch (IOException e) {
            throw new IllegalStateException(name + " has no pid file", e);
        }
    }

    @Override
    public void kill() throws Exception {
        ProcessHandle server = ProcessHandle.of(pid()).orElseThrow();
        server.destroyForcibly();
        server.onExit().get(60, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        if (Files.exists(domains.resolve(name).resolve("config/pid"))
                && ProcessHandle.of(pid()).map(ProcessHandle::isAlive).orElse(false)) {
            asadmin(false, "stop-domain", "--domaindir", domains.toString(), name);
        }
    }

    /** Runs asadmin, on this domain's admin port when {@code remote}; fails with its output if it fails. */
    private void asadmin(boolean remote, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/asadmin").toString()));
        if (remote) {
            command.addAll(List.of("--host", "127.0.0.1", "--port", Integer.toString(portBase + 48)));
        }
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(name + ": " + String.join(" ", args) + " failed:\n" + out);
        }
    }
}
