package org.wharfmq.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.RMIServerSocketFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.management.remote.JMXAuthenticator;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXPrincipal;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnectorServer;
import javax.security.auth.Subject;
import org.wharfmq.jms.StoreLease;
import org.wharfmq.jms.Wharf;

/**
 * The JVM the --pid and --jmx tests reach: {@code StoreHolder <store url> [<jmx user>]} holds the
 * store open (a lease), with a user also a password-authenticated JMX connector on 127.0.0.1 (the
 * password from env {@value #PASSWORD_ENV}); prints {@code ready <service url or ->} and runs until
 * its standard input ends.
 */
public final class StoreHolder {
    static final String PASSWORD_ENV = "HOLDER_JMX_PASSWORD";

    private StoreHolder() {
    }

    public static void main(String[] args) throws Exception {
        StoreLease lease = Wharf.lease(args[0]);
        try {
            JMXConnectorServer jmx = args.length > 1 ? jmx(args[1], System.getenv(PASSWORD_ENV)) : null;
            System.out.println("ready " + (jmx == null ? "-" : jmx.getAddress()));
            System.out.flush();
            while (System.in.read() >= 0) {
                // Runs until the test closes our standard input.
            }
            if (jmx != null) {
                jmx.stop();
            }
        } finally {
            lease.close();
        }
    }

    private static JMXConnectorServer jmx(String user, String password) throws IOException {
        RMIServerSocketFactory loopback = port -> new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        int registryPort = freePort();
        LocateRegistry.createRegistry(registryPort, null, loopback);
        Map<String, Object> env = new HashMap<>();
        env.put(RMIConnectorServer.RMI_SERVER_SOCKET_FACTORY_ATTRIBUTE, loopback);
        env.put(JMXConnectorServer.AUTHENTICATOR, (JMXAuthenticator) credentials -> {
            if (credentials instanceof String[] c && c.length == 2 && user.equals(c[0]) && password.equals(c[1])) {
                return new Subject(true, Set.of(new JMXPrincipal(user)), Set.of(), Set.of());
            }
            throw new SecurityException("wrong user or password");
        });
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi://127.0.0.1/jndi/rmi://127.0.0.1:" + registryPort + "/jmxrmi");
        JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(url, env,
                ManagementFactory.getPlatformMBeanServer());
        server.start();
        return server;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
