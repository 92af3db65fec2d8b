package org.wharfmq.jms.lifecycle;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import jakarta.jms.JMSException;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * A JVM that opens the store at the URL it is given, once it reads a line (the start signal) if
 * its second argument is {@code on-signal}, and prints {@code OPENED}, or {@code FAILED} and the
 * error; an open store it holds until it is stopped.
 */
public final class OpeningChild {
    private OpeningChild() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 1 && args[1].equals("on-signal")) {
            System.out.println("WAITING");
            new BufferedReader(new InputStreamReader(System.in)).readLine();
        }
        try {
            new WharfConnectionFactory(args[0]).createConnection();
            System.out.println("OPENED");
        } catch (JMSException e) {
            System.out.println("FAILED " + e.getMessage());
            return;
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
