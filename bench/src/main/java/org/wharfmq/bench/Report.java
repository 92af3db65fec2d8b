package org.wharfmq.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Writes a run's figures as JSON and as a Markdown table with the Wharf/Artemis ratios of medians,
 * followed by S8's table ({@link SqsReport}).
 */
final class Report {
    static final List<String> SYSTEMS = List.of("disk", WharfSystem.NAME, ArtemisSystem.DEFAULT, ArtemisSystem.BT0,
            WharfSystem.DURABLE_ACK);

    private Report() {
    }

    static void writeJson(Results results, Path file) throws IOException {
        StringBuilder b = new StringBuilder("[\n");
        List<Results.Row> rows = results.rows();
        for (int i = 0; i < rows.size(); i++) {
            Results.Row r = rows.get(i);
            b.append(String.format(Locale.ROOT,
                    "  {\"scenario\": \"%s\", \"system\": \"%s\", \"metric\": \"%s\", \"median\": %s, \"min\": %s,"
                            + " \"max\": %s, \"rounds\": %d}%s%n",
                    r.scenario(), r.system(), r.metric(), num(r.median()), num(r.min()), num(r.max()), r.n(),
                    i + 1 < rows.size() ? "," : ""));
        }
        Files.writeString(file, b.append("]\n").toString());
    }

    static String markdown(Results results, String machine) {
        StringBuilder b = new StringBuilder();
        b.append("Machine: ").append(machine).append("\n\n");
        Set<List<String>> lines = new LinkedHashSet<>();
        for (Results.Row r : results.rows()) {
            if (!r.scenario().equals(SqsScenario.SCENARIO)) {
                lines.add(List.of(r.scenario(), r.metric()));
            }
        }
        if (!lines.isEmpty()) {
            appendTable(b, results, lines);
        }
        b.append(SqsReport.markdown(results));
        return b.toString();
    }

    /** The table of Wharf beside Artemis, one line per scenario and metric. */
    private static void appendTable(StringBuilder b, Results results, Set<List<String>> lines) {
        b.append("| scenario | metric |");
        for (String s : SYSTEMS) {
            b.append(' ').append(s).append(" |");
        }
        b.append(" wharf/artemis | wharf/artemis-bt0 | durable-ack/wharf |\n|---|---|");
        b.append("---|".repeat(SYSTEMS.size() + 3)).append('\n');
        List<List<String>> ordered = new ArrayList<>(lines);
        ordered.sort(Comparator.comparingInt((List<String> x) -> number(x.get(0))));
        for (List<String> line : ordered) {
            String scenario = line.get(0);
            String metric = line.get(1);
            b.append("| ").append(scenario).append(" | ").append(metric).append(" |");
            for (String s : SYSTEMS) {
                b.append(' ').append(cell(results, scenario, s, metric)).append(" |");
            }
            double w = results.median(scenario, WharfSystem.NAME, metric);
            b.append(' ').append(ratio(w, results.median(scenario, ArtemisSystem.DEFAULT, metric))).append(" |");
            b.append(' ').append(ratio(w, results.median(scenario, ArtemisSystem.BT0, metric))).append(" |");
            b.append(' ').append(ratio(results.median(scenario, WharfSystem.DURABLE_ACK, metric), w)).append(" |\n");
        }
        b.append("\nCells: median (min-max) of the counted rounds, noisy where the largest is over twice the smallest."
                + " Ratios are of medians; for latencies and times lower is better.\n");
    }

    /** The number of scenario {@code S<n>}. */
    static int number(String scenario) {
        return Integer.parseInt(scenario.substring(1));
    }

    static String cell(Results results, String scenario, String system, String metric) {
        for (Results.Row r : results.rows()) {
            if (r.scenario().equals(scenario) && r.system().equals(system) && r.metric().equals(metric)) {
                boolean noisy = r.min() > 0 && r.max() > 2 * r.min();
                return fmt(r.median()) + " (" + fmt(r.min()) + "-" + fmt(r.max()) + (noisy ? ", noisy" : "") + ")";
            }
        }
        return "";
    }

    static String ratio(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) || b == 0 ? "" : String.format(Locale.ROOT, "%.2f", a / b);
    }

    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%,.0f" : a >= 10 ? "%.1f" : "%.2f", v);
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "null" : String.format(Locale.ROOT, "%.3f", v);
    }
}
