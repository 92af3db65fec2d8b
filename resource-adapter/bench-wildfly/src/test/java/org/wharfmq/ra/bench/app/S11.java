package org.wharfmq.ra.bench.app;

/** The names the application and the harness share. */
public final class S11 {
    /** The message property with {@link System#nanoTime()} just before the send; server and MDB share the clock. */
    public static final String SENT = "s11Sent";
    /** The message property with the number of the run that sent it. */
    public static final String RUN = "s11Run";
    /** The message property with the message's number within its run. */
    public static final String SEQ = "s11Seq";

    public static final String WHARF_FACTORY = "java:/jms/WharfConnectionFactory";
    public static final String ARTEMIS_FACTORY = "java:/JmsXA";
    public static final String WHARF_XA_QUEUE = "java:/jms/queue/s11-wharf-xa";
    public static final String WHARF_PLAIN_QUEUE = "java:/jms/queue/s11-wharf-plain";
    public static final String ARTEMIS_XA_QUEUE = "java:/jms/queue/s11-artemis-xa";
    public static final String ARTEMIS_PLAIN_QUEUE = "java:/jms/queue/s11-artemis-plain";
    public static final String ROWS = "java:jboss/datasources/S11Rows";
    public static final String TABLE = "S11_ROWS";

    private S11() {
    }
}
