package org.wharfmq.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** Draws the throughput medians of a run as a bar chart per system, on a log scale. */
final class Chart {
    private Chart() {
    }

    /** Draws the chart, or nothing if the run measured no throughput it shows (S8 alone). */
    static void writePng(Results results, Path file) throws IOException {
        List<String> scenarios = new ArrayList<>();
        for (Results.Row r : results.rows()) {
            String label = label(r);
            if (label != null && !scenarios.contains(label)) {
                scenarios.add(label);
            }
        }
        if (scenarios.isEmpty()) {
            return;
        }
        scenarios.sort(Comparator.comparingInt((String l) -> Report.number(l.split(" ")[0])).thenComparing(l -> l));
        CategoryChart chart = new CategoryChartBuilder().width(1900).height(600)
                .title("Wharf and ActiveMQ Artemis: throughput, medians (msg/s; disk: fsync/s)")
                .xAxisTitle("scenario").yAxisTitle("per second (log)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        // XChart's own minimum for a bar chart can be 0, which a log axis refuses; a missing bar is 1.
        chart.getStyler().setYAxisMin(1.0);
        chart.getStyler().setAvailableSpaceFill(0.8);
        for (String system : Report.SYSTEMS) {
            List<Double> values = new ArrayList<>();
            boolean any = false;
            for (String scenario : scenarios) {
                double v = Double.NaN;
                for (Results.Row r : results.rows()) {
                    if (r.system().equals(system) && scenario.equals(label(r))) {
                        v = r.median();
                    }
                }
                any |= !Double.isNaN(v);
                values.add(Double.isNaN(v) ? 1.0 : v);
            }
            if (any) {
                chart.addSeries(system, scenarios, values);
            }
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** The chart label of a throughput row, or null for other metrics. */
    private static String label(Results.Row r) {
        return switch (r.metric()) {
            case "msg/s", "fsync/s" -> r.scenario();
            case "full msg/s" -> r.scenario() + " full";
            case "empty msg/s" -> r.scenario() + " empty";
            case "send msg/s at depth" -> r.scenario() + " send deep";
            case "send msg/s empty" -> r.scenario() + " send empty";
            case "receive msg/s at depth" -> r.scenario() + " recv deep";
            case "receive msg/s empty" -> r.scenario() + " recv empty";
            default -> null;
        };
    }
}
