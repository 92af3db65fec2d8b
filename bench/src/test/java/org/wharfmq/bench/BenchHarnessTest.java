package org.wharfmq.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness parses its options strictly, measures a scenario, and reports medians and ratios. */
class BenchHarnessTest {

    @TempDir
    Path dir;

    @Test
    void badOptionsAreRejectedNamingTheValue() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse("--rounds", "2"))
                .getMessage().contains("'2'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse("--scenarios", "S1,S9"))
                .getMessage().contains("S9"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse("--seconds", "fast"))
                .getMessage().contains("'fast'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse("--frobnicate"))
                .getMessage().contains("--frobnicate"));
    }

    @Test
    void aScenarioRunOnWharfReportsAPositiveRate() throws Exception {
        Settings settings = Settings.parse("--quick", "--seconds", "0.2");
        try (BenchSystem wharf = BenchSystem.named(WharfSystem.NAME)) {
            wharf.start(dir.resolve("wharf"));
            Map<String, Double> s1 = new Workloads(settings).run("S1", wharf, "s1");
            assertTrue(s1.get("msg/s") > 0, "S1 rate " + s1);
            Map<String, Double> s6 = new Workloads(settings).run("S6", wharf, "s6");
            assertTrue(s6.get("msg/s") > 0 && s6.get("p99 ms") >= s6.get("p50 ms"), "S6 figures " + s6);
        }
    }

    @Test
    void medianAndRatioComeFromTheCountedRounds() {
        Results r = new Results();
        for (double v : new double[] {300, 100, 200}) {
            r.add("S1", WharfSystem.NAME, "msg/s", v);
        }
        for (double v : new double[] {50, 100, 150}) {
            r.add("S1", ArtemisSystem.DEFAULT, "msg/s", v);
        }
        assertEquals(200, r.median("S1", WharfSystem.NAME, "msg/s"));
        String table = Report.markdown(r, "test machine");
        assertTrue(table.contains("| S1 | msg/s |  | 200 (100-300) | 100 (50.0-150) |  | 2.00 |  |"), table);
    }

    @Test
    void theChartIsDrawnWhenSystemsMissScenarios() throws Exception {
        Results r = new Results();
        for (String system : Report.SYSTEMS) {
            r.add("S1", system, system.equals("disk") ? "fsync/s" : "msg/s", 6049);
        }
        r.add("S6", WharfSystem.NAME, "msg/s", 4575);
        r.add("S6", ArtemisSystem.DEFAULT, "msg/s", 20095);
        r.add("S7", WharfSystem.NAME, "full msg/s", 6231);
        r.add("S7", ArtemisSystem.DEFAULT, "empty msg/s", 28344);
        Path png = dir.resolve("chart.png");
        Chart.writePng(r, png);
        assertTrue(Files.size(png) > 1000, "chart size " + Files.size(png));
    }
}
