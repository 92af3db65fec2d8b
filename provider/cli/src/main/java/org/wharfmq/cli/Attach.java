package org.wharfmq.cli;

import java.io.IOException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;

/** The {@code --pid} route: the JMX address of a JVM on this machine, its local agent started if need be. */
final class Attach {
    private Attach() {
    }

    /** The local JMX connector address of process {@code pid}; needs a JDK (module jdk.attach). */
    static String localAgent(long pid) {
        try {
            return agentOf(pid);
        } catch (LinkageError e) {
            throw ToolFailure.unreachable("--pid needs a JDK: this Java (" + System.getProperty("java.home")
                    + ") has no jdk.attach module; use a JDK, or --jmx", e);
        }
    }

    private static String agentOf(long pid) {
        // Attaching signals the process (SIGQUIT), which ends a process that is not a JVM: only a JVM of
        // this user's list (jps's, from its performance data) is attached to.
        String id = Long.toString(pid);
        if (VirtualMachine.list().stream().noneMatch(jvm -> jvm.id().equals(id))) {
            throw ToolFailure.unreachable("process " + pid + (ProcessHandle.of(pid).isPresent()
                    ? " is not a JVM this user can attach to (not among its JVMs, as jps lists them)"
                    : " does not exist"), null);
        }
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw ToolFailure.unreachable("cannot attach to process " + pid + ": " + e.getMessage()
                    + " (it must be a running JVM of this user)", e);
        }
        try {
            return vm.startLocalManagementAgent();
        } catch (IOException e) {
            throw ToolFailure.unreachable("process " + pid + " did not start its JMX agent: " + e.getMessage(), e);
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // Detached or gone: the agent address is what we came for.
            }
        }
    }
}
