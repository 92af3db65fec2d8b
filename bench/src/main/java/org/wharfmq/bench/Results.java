package org.wharfmq.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The counted samples of a run, grouped by scenario, system and metric. */
final class Results {

    /** One reported figure: the median of the counted rounds, with their min and max. */
    record Row(String scenario, String system, String metric, double median, double min, double max, int n) {
    }

    private record Key(String scenario, String system, String metric) {
    }

    private final Map<Key, List<Double>> samples = new LinkedHashMap<>();

    synchronized void add(String scenario, String system, String metric, double value) {
        samples.computeIfAbsent(new Key(scenario, system, metric), k -> new ArrayList<>()).add(value);
    }

    synchronized List<Row> rows() {
        List<Row> out = new ArrayList<>();
        samples.forEach((k, v) -> {
            List<Double> sorted = new ArrayList<>(v);
            Collections.sort(sorted);
            int n = sorted.size();
            double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
            out.add(new Row(k.scenario, k.system, k.metric, median, sorted.get(0), sorted.get(n - 1), n));
        });
        return out;
    }

    /** The median of a figure, or NaN if it was not measured. */
    synchronized double median(String scenario, String system, String metric) {
        for (Row r : rows()) {
            if (r.scenario.equals(scenario) && r.system.equals(system) && r.metric.equals(metric)) {
                return r.median;
            }
        }
        return Double.NaN;
    }
}
