package org.wharfmq.cli;

import picocli.CommandLine.Option;

/** A command that changes or deletes data: it asks on the console first, unless {@code --yes}. */
abstract class ConfirmedCommand extends StoreCommand {
    @Option(names = {"-y", "--yes"}, description = "Do it without asking.")
    boolean yes;

    /**
     * Asks whether to do {@code action} ("purge queue q of store s") unless {@code --yes}; fails with
     * exit code 4, nothing done, when there is no console to ask on or the answer is not y.
     */
    void confirm(String action) {
        if (!yes) {
            terminal().confirm(Character.toUpperCase(action.charAt(0)) + action.substring(1) + "?", action);
        }
    }
}
