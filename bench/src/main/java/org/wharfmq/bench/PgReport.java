package org.wharfmq.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The Markdown tables of a {@code --postgres} run ({@link PostgresBench}), with the targets beside them. */
final class PgReport {
    /** The pgbench rate each scenario's msg/s is set against, and the least ratio aimed at. */
    private record Ceiling(String script, double target) {
    }

    private static final Map<String, Ceiling> CEILING = Map.of(
            "S1", new Ceiling(PgCeilings.INSERT_1, 0.9),
            "S3", new Ceiling(PgCeilings.CLAIM_DELETE, 0.7),
            "S4", new Ceiling(PgCeilings.INSERT_100, 0.8));

    private PgReport() {
    }

    static String markdown(Results results, String machine) {
        StringBuilder b = new StringBuilder("Machine: ").append(machine).append("\n\n");
        String w = PostgresBench.WHARF;
        String a = ArtemisSystem.JDBC;
        b.append("| scenario | metric | ").append(w).append(" | ").append(a).append(" | ").append(w).append('/')
                .append(a).append(" | pgbench ceiling | ").append(w).append("/ceiling (target) |\n")
                .append("|---|---|---|---|---|---|---|\n");
        List<String> scenarios = new ArrayList<>();
        List<List<String>> lines = new ArrayList<>();
        for (Results.Row r : results.rows()) {
            if (r.scenario().startsWith("S") && !lines.contains(List.of(r.scenario(), r.metric()))) {
                lines.add(List.of(r.scenario(), r.metric()));
                if (!scenarios.contains(r.scenario())) {
                    scenarios.add(r.scenario());
                }
            }
        }
        lines.sort(java.util.Comparator.comparingInt((List<String> x) -> Report.number(x.get(0))));
        for (List<String> line : lines) {
            String scenario = line.get(0);
            String metric = line.get(1);
            double wharf = results.median(scenario, w, metric);
            b.append("| ").append(scenario).append(" | ").append(metric).append(" | ")
                    .append(Report.cell(results, scenario, w, metric)).append(" | ")
                    .append(Report.cell(results, scenario, a, metric)).append(" | ")
                    .append(Report.ratio(wharf, results.median(scenario, a, metric))).append(" | ");
            Ceiling c = metric.equals("msg/s") ? CEILING.get(scenario) : null;
            if (c != null) {
                double ceiling = results.median(PostgresBench.CEILINGS, PostgresBench.PGBENCH, c.script());
                b.append(Report.fmt(ceiling)).append(" (").append(c.script()).append(") | ")
                        .append(Report.ratio(wharf, ceiling)).append(" (>= ").append(c.target()).append(") |\n");
            } else {
                b.append(" | |\n");
            }
        }
        b.append("\n| pgbench on a Wharf wharf_message table | msg/s |\n|---|---|\n");
        for (String script : List.of(PgCeilings.INSERT_1, PgCeilings.INSERT_100, PgCeilings.CLAIM_DELETE)) {
            b.append("| ").append(script).append(" | ")
                    .append(Report.cell(results, PostgresBench.CEILINGS, PostgresBench.PGBENCH, script)).append(" |\n");
        }
        b.append("\n| S3 on one queue | total msg/s | x 1 JVM (target for 3: >= 1.5) |\n|---|---|---|\n");
        double one = results.median(PostgresBench.SCALING, w, PostgresBench.jvms(1));
        for (int n = 1; n <= PostgresBench.MAX_JVMS; n++) {
            String metric = PostgresBench.jvms(n);
            b.append("| ").append(metric).append(" | ").append(Report.cell(results, PostgresBench.SCALING, w, metric))
                    .append(" | ").append(Report.ratio(results.median(PostgresBench.SCALING, w, metric), one))
                    .append(" |\n");
        }
        b.append("\n| churn | value |\n|---|---|\n");
        for (String metric : List.of(PostgresBench.CHURN_START, PostgresBench.CHURN_END, PostgresBench.DEAD_END,
                PostgresBench.DEAD_MAX, PostgresBench.LIVE_END)) {
            b.append("| ").append(metric).append(" | ")
                    .append(Report.fmt(results.median(PostgresBench.CHURN, w, metric))).append(" |\n");
        }
        b.append("| end/start (target >= 0.8) | ").append(Report.ratio(
                results.median(PostgresBench.CHURN, w, PostgresBench.CHURN_END),
                results.median(PostgresBench.CHURN, w, PostgresBench.CHURN_START))).append(" |\n");
        b.append("\nCells: median (min-max) of the counted rounds; ratios are of medians; for latencies lower is"
                + " better. Churn is one run.\n");
        return b.toString();
    }
}
