package org.wharfmq.bench;

import java.util.List;
import java.util.Locale;

/** S8's table: Wharf on SQS beside the AWS SQS JMS library, and whether Wharf met its targets. */
final class SqsReport {
    private static final String SCENARIO = SqsScenario.SCENARIO;
    private static final String WHARF = WharfSqsSystem.NAME;
    private static final String LIBRARY = SqsJmsSystem.NAME;
    /** Wharf's least speed-up over the library on the AUTO drain and on async send. */
    static final double SPEED_UP = 2;
    /**
     * Wharf's least speed-up on the CLIENT drain: in both clients an {@code acknowledge()} waits for
     * its DeleteMessageBatch, and both read ahead, so both drain at one round trip per acknowledge.
     */
    static final double CLIENT_SPEED_UP = 1;
    /** Wharf's most HTTP requests per message on its batched paths. */
    static final double REQUESTS = 0.35;

    private SqsReport() {
    }

    /** The table, or nothing if S8 did not run. */
    static String markdown(Results results) {
        if (Double.isNaN(results.median(SCENARIO, WHARF, "sync send msg/s"))) {
            return "";
        }
        StringBuilder b = new StringBuilder("\n| scenario | metric | " + WHARF + " | " + LIBRARY + " | "
                + WHARF + "/" + LIBRARY + " |\n|---|---|---|---|---|\n");
        for (SqsScenario.Workload w : SqsScenario.Workload.values()) {
            for (String unit : List.of("msg/s", "req/msg")) {
                String metric = w.label + " " + unit;
                String library = Report.cell(results, SCENARIO, LIBRARY, metric);
                double against = results.median(SCENARIO, LIBRARY, metric);
                if (w == SqsScenario.Workload.ASYNC_SEND) {
                    String sync = SqsScenario.Workload.SYNC_SEND.label + " " + unit;
                    library = "none; sync send: " + Report.cell(results, SCENARIO, LIBRARY, sync);
                    against = results.median(SCENARIO, LIBRARY, sync);
                }
                b.append("| ").append(SCENARIO).append(" | ").append(metric).append(" | ")
                        .append(Report.cell(results, SCENARIO, WHARF, metric)).append(" | ").append(library)
                        .append(" | ").append(Report.ratio(results.median(SCENARIO, WHARF, metric), against))
                        .append(" |\n");
            }
        }
        b.append("\nS8: 1 KiB PERSISTENT TextMessages on one embedded ElasticMQ; both systems fetch up to ")
                .append(SqsScenario.PREFETCH).append(" messages per ReceiveMessage and hold up to ")
                .append(SqsScenario.PREFETCH).append(" per consumer (Wharf `prefetch=")
                .append(SqsScenario.PREFETCH - 1).append("`, that is 1 + ").append(SqsScenario.PREFETCH - 1)
                .append("; the library's `numberOfMessagesToPrefetch=").append(SqsScenario.PREFETCH)
                .append("`). Async send keeps up to ").append(SqsWorkloads.IN_FLIGHT)
                .append(" sends in flight; the library has no async send, so its sync send stands beside it. ")
                .append("CLIENT drain acknowledges every ").append(SqsWorkloads.ACK_EVERY)
                .append(" messages. req/msg: HTTP requests counted by a relay in front of ElasticMQ, from opening ")
                .append("the client until it is closed, over the messages handled. YMQ FIFO rows: a FIFO queue on the ")
                .append("YMQ-shaped relay in front of the same ElasticMQ (one message per group per ReceiveMessage, ")
                .append("30 requests a second per action and queue), ").append(SqsScenario.GROUPS)
                .append(" message groups in turn, drains of ").append(SqsScenario.FIFO_DRAIN)
                .append(" messages; Wharf speaks Query to it, the library JSON.\n\n")
                .append("| target | value | |\n|---|---|---|\n");
        for (SqsScenario.Workload w : List.of(SqsScenario.Workload.ASYNC_SEND, SqsScenario.Workload.AUTO_DRAIN,
                SqsScenario.Workload.CLIENT_DRAIN)) {
            String against = w == SqsScenario.Workload.ASYNC_SEND ? SqsScenario.Workload.SYNC_SEND.label : w.label;
            double ratio = results.median(SCENARIO, WHARF, w.label + " msg/s")
                    / results.median(SCENARIO, LIBRARY, against + " msg/s");
            double least = w == SqsScenario.Workload.CLIENT_DRAIN ? CLIENT_SPEED_UP : SPEED_UP;
            target(b, WHARF + " " + w.label + " >= " + fmt(least) + "x " + LIBRARY + " " + against,
                    fmt(ratio) + "x", ratio >= least);
        }
        for (SqsScenario.Workload w : List.of(SqsScenario.Workload.ASYNC_SEND, SqsScenario.Workload.AUTO_DRAIN,
                SqsScenario.Workload.CLIENT_DRAIN)) {
            double requests = results.median(SCENARIO, WHARF, w.label + " req/msg");
            target(b, WHARF + " " + w.label + " <= " + fmt(REQUESTS) + " req/msg", fmt(requests),
                    requests <= REQUESTS);
        }
        return b.toString();
    }

    private static void target(StringBuilder b, String target, String value, boolean met) {
        b.append("| ").append(target).append(" | ").append(value).append(" | ").append(met ? "met" : "missed")
                .append(" |\n");
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
