package org.wharfmq.jms.tools;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.wharfmq.jms.PasswordHash;

/**
 * Prints a users file line with a hashed password (docs/security.md):
 * {@code java -cp wharf-provider.jar org.wharfmq.jms.tools.HashPassword alice} asks for alice's
 * password on the console, or reads it from the first line of standard input, and prints
 * {@code alice=pbkdf2-sha256:...}. The password is never an argument, so it stays out of shell history.
 */
public final class HashPassword {
    private HashPassword() {
    }

    public static void main(String[] args) throws IOException {
        System.exit(run(args, System.console(), System.in, System.out, System.err));
    }

    /**
     * Does what {@link #main} does and returns its exit code: 0, or 2 for bad arguments or no password.
     * Reads from {@code console} if not null, else the first line of {@code in}.
     */
    public static int run(String[] args, Console console, InputStream in, PrintStream out, PrintStream err)
            throws IOException {
        if (args.length > 1 || args.length == 1 && (args[0].isEmpty() || args[0].startsWith("-"))) {
            err.println("usage: HashPassword [user]   (the password is read from the console or standard input)");
            return 2;
        }
        char[] password = console != null ? fromConsole(console) : firstLine(in);
        if (password == null || password.length == 0) {
            err.println("no password given");
            return 2;
        }
        try {
            String hash = PasswordHash.hash(password);
            out.println(args.length == 1 ? line(args[0], hash) : hash);
            return 0;
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    /** {@code user=hash} as a properties line, the user name escaped where the format needs it. */
    public static String line(String user, String hash) {
        StringBuilder key = new StringBuilder();
        for (char c : user.toCharArray()) {
            if ("=: \t\f#!\\".indexOf(c) >= 0) {
                key.append('\\');
            }
            key.append(c);
        }
        return key + "=" + hash;
    }

    private static char[] fromConsole(Console console) {
        char[] first = console.readPassword("Password: ");
        char[] again = first == null ? null : console.readPassword("Again: ");
        if (first != null && !Arrays.equals(first, again)) {
            Arrays.fill(first, '\0');
            console.writer().println("the two passwords differ");
            first = null;
        }
        if (again != null) {
            Arrays.fill(again, '\0');
        }
        return first;
    }

    private static char[] firstLine(InputStream in) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line = r.readLine();
        return line == null ? null : line.toCharArray();
    }
}
