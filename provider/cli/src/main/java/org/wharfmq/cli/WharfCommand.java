package org.wharfmq.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.UndeclaredThrowableException;
import javax.management.JMException;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code wharf}: the operator's tool for a Wharf store. Run it through {@link #commandLine}, which
 * installs the error handling: a failure prints {@code wharf: <message>} (store URLs redacted) on
 * standard error and gives the exit code of {@link ToolFailure}.
 */
@Command(name = "wharf", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT, versionProvider = WharfCommand.Version.class,
        description = "Queues, messages and message move tasks of a Wharf store, reached by its URL (--url), "
                + "the process id of a JVM that has it open (--pid) or JMX (--jmx).",
        footer = {"", "Exit codes: 0 done, 1 the store refused, 2 usage error, 3 store not reachable, 4 not confirmed.",
                "Example: wharf queues --url wharf:derby:/var/lib/wharf"},
        subcommands = {
                // One command a line: other branches add theirs.
                QueuesCommand.class,
                StatCommand.class,
                BrowseCommand.class,
                SendCommand.class,
                ReceiveCommand.class,
                PurgeCommand.class,
                DeclareCommand.class,
                DeleteCommand.class,
                MoveCommand.class,
                TasksCommand.class,
                HashPasswordCommand.class,
                CommandLine.HelpCommand.class,
                AutoComplete.GenerateCompletion.class,
                ConsoleCommand.class,
        })
public final class WharfCommand implements Terminal.Source {
    private final Terminal terminal;

    public WharfCommand() {
        this(Terminal.system());
    }

    /** A root command that reads its environment, console and standard input from {@code terminal}. */
    public WharfCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    public static void main(String[] args) {
        System.exit(commandLine(new WharfCommand()).execute(args));
    }

    /** The command line of {@code root}, with the tool's error handling and exit codes. */
    public static CommandLine commandLine(WharfCommand root) {
        CommandLine cl = new CommandLine(root);
        cl.setExecutionExceptionHandler(WharfCommand::onFailure);
        cl.setParameterExceptionHandler(WharfCommand::onBadUsage);
        cl.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false);
        return cl;
    }

    @Override
    public Terminal terminal() {
        return terminal;
    }

    /** Prints {@code wharf: <message>} (redacted) and a hint, or the usage when no command was given; returns 2. */
    static int onBadUsage(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        if (args.length == 0) {
            cl.usage(err);
        } else {
            err.println("wharf: " + Secrets.redact(e.getMessage()).replaceFirst("^Error: ", ""));
            if (!CommandLine.UnmatchedArgumentException.printSuggestions(e, err)) {
                err.println("Try '" + cl.getCommandSpec().qualifiedName() + " --help'.");
            }
        }
        err.flush();
        return cl.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** Prints {@code wharf: <message>} and returns the exit code for {@code e}. */
    static int onFailure(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        Throwable t = e;
        while ((t instanceof UndeclaredThrowableException || t instanceof InvocationTargetException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        int code;
        String message;
        if (t instanceof ToolFailure f) {
            code = f.exitCode();
            message = f.getMessage();
        } else if (t instanceof IllegalArgumentException || t instanceof IllegalStateException
                || t instanceof UnsupportedOperationException || t instanceof SecurityException) {
            // The store's refusal: its message names queue, store and reason.
            code = ToolFailure.REFUSED;
            message = t.getMessage() == null ? t.toString() : t.getMessage();
        } else if (t instanceof IOException || t instanceof JMException) {
            code = ToolFailure.UNREACHABLE;
            message = "lost the store: " + t;
        } else {
            code = ToolFailure.REFUSED;
            message = t.toString();
        }
        cl.getErr().println("wharf: " + Secrets.redact(message));
        cl.getErr().flush();
        return code;
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
