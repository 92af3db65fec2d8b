package org.wharfmq.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command on one store: its route, its output format, and the connection held while it runs. */
abstract class StoreCommand implements Callable<Integer> {
    @Mixin
    StoreOptions storeOptions;

    @Mixin
    OutputOptions output;

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() throws Exception {
        check();
        try (StoreConnection store = storeOptions.connect()) {
            return run(store);
        }
    }

    /** Checks the options before reaching the store; fails with a usage error naming the bad value. */
    void check() {
    }

    /** Does the command on {@code store}; returns the exit code. */
    abstract int run(StoreConnection store) throws Exception;

    /** Whether the store of {@code url} lives outside this process, as its backend says; false if no backend takes it. */
    static boolean shared(String url) {
        try {
            return org.wharfmq.jms.Wharf.isShared(url);
        } catch (jakarta.jms.JMSException e) {
            return false;
        }
    }

    Terminal terminal() {
        return Terminal.of(spec);
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    static void atLeast(String option, long value, long min) {
        if (value < min) {
            throw ToolFailure.usage(option + " " + value + ": use " + min + " or more");
        }
    }
}
