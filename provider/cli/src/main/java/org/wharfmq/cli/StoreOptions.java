package org.wharfmq.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.MalformedURLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import javax.management.JMException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import jakarta.jms.JMSException;
import org.wharfmq.jms.StoreLease;
import org.wharfmq.jms.Wharf;
import org.wharfmq.jms.management.StoreMBeans;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * How a command reaches its store (a picocli mixin): exactly one of {@code --url}, {@code --pid},
 * {@code --jmx}; {@code --store} picks a store in a JVM with several. Every route ends at the
 * store's {@code StoreMXBean}.
 */
public final class StoreOptions {
    /** The environment variable that holds the password of {@code --jmx-user}. */
    public static final String JMX_PASSWORD_ENV = "WHARF_JMX_PASSWORD";

    @ArgGroup(exclusive = true, multiplicity = "1", heading = "Store, one of:%n")
    Route route;

    static final class Route {
        @Option(names = "--url", paramLabel = "<store url>",
                description = "Open the store in this process: wharf:derby:<dir>, wharf:memory:<name>, wharf:sqs:<endpoint>?..., "
                        + "wharf:postgresql://<host>[:<port>]/<database>?...")
        String url;

        @Option(names = "--pid", paramLabel = "<pid>",
                description = "The store open in the JVM with this process id, on this machine, by attach (needs a JDK).")
        Long pid;

        @Option(names = "--jmx", paramLabel = "<service url>",
                description = "The store in the JVM behind this JMX service URL, e.g. service:jmx:rmi:///jndi/rmi://127.0.0.1:9999/jmxrmi.")
        String jmx;
    }

    @Option(names = "--jmx-user", paramLabel = "<user>",
            description = "The JMX user of --jmx; the password comes from env " + JMX_PASSWORD_ENV + " or a prompt.")
    String jmxUser;

    @Option(names = "--store", paramLabel = "<text>",
            description = "In a JVM with several stores, the one whose URL contains this text.")
    String store;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** Whether {@code --url wharf:derby:<dir>} may create the store: only a command that creates queues. */
    boolean mayCreateStore;

    /** Reaches the store; fails with exit code 3 when it cannot, 2 on bad options. */
    public StoreConnection connect() {
        if (jmxUser != null && route.jmx == null) {
            throw ToolFailure.usage("--jmx-user goes with --jmx only");
        }
        if (route.url != null) {
            return byUrl(route.url);
        }
        if (route.pid != null) {
            return byPid(route.pid);
        }
        return byJmx(route.jmx);
    }

    /** The store URL of {@code --url}, or null on the other routes (the store is in another JVM). */
    String url() {
        return route.url;
    }

    private StoreConnection byUrl(String url) {
        if (!mayCreateStore) {
            Optional<String> missing;
            try {
                missing = Wharf.missingStore(url);
            } catch (JMSException e) {
                throw ToolFailure.unreachable("cannot open store " + Wharf.printable(url) + ": " + e.getMessage(), e);
            }
            if (missing.isPresent()) {
                throw ToolFailure.unreachable("no store at " + Wharf.printable(url) + ": " + missing.get()
                        + " (wharf declare creates a store there)", null);
            }
        }
        StoreLease lease;
        try {
            lease = Wharf.lease(url);
        } catch (JMSException | RuntimeException e) {
            String busy = String.valueOf(e.getMessage()).contains("open in another process")
                    ? " (reach it there with --pid <its process id> or --jmx)" : "";
            throw ToolFailure.unreachable("cannot open store " + Wharf.printable(url) + ": " + e.getMessage() + busy, e);
        }
        ObjectName own;
        try {
            own = StoreMBeans.storeObjectName(url);
        } catch (JMException e) {
            own = null;
        }
        return StoreConnection.open(ManagementFactory.getPlatformMBeanServer(),
                "this process (store " + Wharf.printable(url) + ")", own, store, lease);
    }

    private StoreConnection byPid(long pid) {
        if (pid <= 0) {
            throw ToolFailure.usage("--pid " + pid + ": not a process id");
        }
        return byConnector(Attach.localAgent(pid), null, "process " + pid);
    }

    private StoreConnection byJmx(String serviceUrl) {
        char[] password = null;
        if (jmxUser != null) {
            String env = terminal().getenv(JMX_PASSWORD_ENV);
            password = env != null ? env.toCharArray() : terminal().readPassword("JMX password of " + jmxUser + ": ");
            if (password == null) {
                throw ToolFailure.usage("--jmx-user " + jmxUser + " needs a password: set " + JMX_PASSWORD_ENV
                        + " or run on a console");
            }
        }
        try {
            return byConnector(serviceUrl, password, serviceUrl);
        } finally {
            if (password != null) {
                Arrays.fill(password, '\0');
            }
        }
    }

    private StoreConnection byConnector(String serviceUrl, char[] password, String where) {
        JMXServiceURL address;
        try {
            address = new JMXServiceURL(serviceUrl);
        } catch (MalformedURLException e) {
            throw ToolFailure.usage("--jmx '" + serviceUrl + "': not a JMX service URL (" + e.getMessage() + ")");
        }
        Map<String, Object> env = new HashMap<>();
        if (password != null) {
            env.put(JMXConnector.CREDENTIALS, new String[] {jmxUser, new String(password)});
        }
        JMXConnector connector;
        try {
            connector = JMXConnectorFactory.connect(address, env);
        } catch (SecurityException e) {
            throw ToolFailure.unreachable("JMX refused " + (jmxUser == null ? "a connection without credentials"
                    : "user " + jmxUser) + " at " + where + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw ToolFailure.unreachable("cannot connect to " + where + ": " + e.getMessage(), e);
        }
        try {
            return StoreConnection.open(connector.getMBeanServerConnection(), where, null, store, connector);
        } catch (IOException e) {
            try {
                connector.close();
            } catch (IOException ignored) {
                // Failing anyway.
            }
            throw ToolFailure.unreachable("cannot use the JMX connection to " + where + ": " + e.getMessage(), e);
        }
    }

    private Terminal terminal() {
        return Terminal.of(mixee);
    }
}
