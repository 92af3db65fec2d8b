package org.wharfmq.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.wharfmq.jms.tools.HashPassword;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "hash-password", description = {"Prints a users file line, <user>=<hash> (docs/security.md), or the "
        + "hash alone without a user.",
        "The password is asked twice on the console, or read from the first line of standard input; never an argument."},
        footer = {"", "Examples:",
                "  wharf hash-password alice >> users.properties",
                "  printf '%%s\\n' \"$PASSWORD\" | wharf hash-password alice"})
final class HashPasswordCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "<user>", description = "The user name.")
    String user;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Terminal terminal = Terminal.of(spec);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = HashPassword.run(user == null ? new String[0] : new String[] {user}, terminal.console(),
                    terminal.in(), o, e);
        }
        spec.commandLine().getOut().print(out.toString(StandardCharsets.UTF_8));
        spec.commandLine().getOut().flush();
        if (err.size() > 0) {
            spec.commandLine().getErr().print("wharf: " + err.toString(StandardCharsets.UTF_8));
            spec.commandLine().getErr().flush();
        }
        return code;
    }
}
