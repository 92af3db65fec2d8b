package org.wharfmq.ra.it;

/** The JNDI names and store names the test applications use; defined by {@link Journal}'s annotations. */
public final class Resources {
    /** The adapter's name for @ConnectionFactoryDefinition: the .rar deployed as wharf.rar. */
    public static final String RA = "wharf";
    public static final String CF = "java:app/jms/wharf";

    public static final String GROUPS = "java:app/jms/groups";
    public static final String GROUPS_QUEUE = "it-groups.fifo";
    public static final String TX = "java:app/jms/tx";
    public static final String TX_QUEUE = "it-tx";
    public static final String POISON = "java:app/jms/poison";
    public static final String POISON_QUEUE = "it-poison";
    public static final String POISON_DLQ = "java:app/jms/poison-dlq";
    public static final String POISON_DLQ_QUEUE = "it-poison-dlq";
    public static final int POISON_MAX_RECEIVES = 3;
    public static final String SELECT = "java:app/jms/select";
    public static final String SELECT_QUEUE = "it-select";
    public static final String RESTART = "java:app/jms/restart";
    public static final String RESTART_QUEUE = "it-restart";
    public static final String INVALID = "java:app/jms/invalid";
    public static final String INVALID_QUEUE = "it-invalid";

    /** Standard-only MDBs (StandardMdbIT): destinations they name by destinationLookup. */
    public static final String STD_QUEUE = "java:app/jms/std-queue";
    public static final String STD_QUEUE_NAME = "it-std-queue";
    public static final String STD_TOPIC = "java:app/jms/std-topic";
    public static final String STD_TOPIC_NAME = "it-std-topic";
    public static final String STD_SELECT = "java:app/jms/std-select";
    public static final String STD_SELECT_NAME = "it-std-select";
    public static final String STD_TX = "java:app/jms/std-tx";
    public static final String STD_TX_NAME = "it-std-tx";
    /** A second factory, on another store, that an MDB names by connectionFactoryLookup. */
    public static final String STD_OTHER_CF = "java:app/jms/std-other";
    public static final String STD_OTHER_URL = "wharf:memory:it-std-other";
    public static final String STD_CLIENT_ID = "it-std-client";
    public static final String STD_SUBSCRIPTION = "it-std-audit";

    private Resources() {
    }
}
