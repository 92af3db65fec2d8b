package org.wharfmq.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code wharf}: the operator's tool for a Wharf store. */
@Command(name = "wharf", mixinStandardHelpOptions = true, versionProvider = WharfCommand.Version.class,
        description = "Queues, messages and message move tasks of a Wharf store.")
public final class WharfCommand {

    public static void main(String[] args) {
        System.exit(new CommandLine(new WharfCommand()).execute(args));
    }

    /** The version of this build, from the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = WharfCommand.class.getPackage().getImplementationVersion();
            return new String[] {"wharf " + (v == null ? "(development build)" : v)};
        }
    }
}
