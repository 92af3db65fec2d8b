package org.wharfmq.cli;

import java.io.Console;
import java.io.InputStream;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What the tool reads besides its arguments: the environment, the console (null when there is
 * none: a pipe, a test) and standard input. Tests give their own.
 */
public interface Terminal {
    /** A root command that brings its own terminal. */
    interface Source {
        Terminal terminal();
    }

    /** The terminal of the root command of {@code spec}'s command line, or the process's own. */
    static Terminal of(CommandSpec spec) {
        Object root = spec == null ? null : spec.root().userObject();
        return root instanceof Source s ? s.terminal() : system();
    }

    /** The environment variable {@code name}, or null. */
    String getenv(String name);

    /** The console, or null. */
    Console console();

    /** Standard input. */
    InputStream in();

    /** A password read from the console without echo, or null without a console (or at end of input). */
    default char[] readPassword(String prompt) {
        Console c = console();
        return c == null ? null : c.readPassword("%s", prompt);
    }

    /**
     * Asks {@code question} on the console ("... [y/N] "): true only for an answer y or yes; fails
     * with exit code 4 without a console or with any other answer, naming {@code what}.
     */
    default void confirm(String question, String what) {
        Console c = console();
        if (c == null) {
            throw ToolFailure.notConfirmed("not confirmed: " + what + " (no console to ask on; add --yes)");
        }
        String answer = c.readLine("%s [y/N] ", question);
        if (answer == null || !(answer.trim().equalsIgnoreCase("y") || answer.trim().equalsIgnoreCase("yes"))) {
            throw ToolFailure.notConfirmed("not confirmed: " + what);
        }
    }

    /** The process's own environment, console and standard input. */
    static Terminal system() {
        return new Terminal() {
            @Override
            public String getenv(String name) {
                return System.getenv(name);
            }

            @Override
            public Console console() {
                return System.console();
            }

            @Override
            public InputStream in() {
                return System.in;
            }
        };
    }

    /** No console, standard input {@code in}, environment {@code env}: for tests and scripts. */
    static Terminal of(Map<String, String> env, InputStream in) {
        return new Terminal() {
            @Override
            public String getenv(String name) {
                return env.get(name);
            }

            @Override
            public Console console() {
                return null;
            }

            @Override
            public InputStream in() {
                return in;
            }
        };
    }
}
