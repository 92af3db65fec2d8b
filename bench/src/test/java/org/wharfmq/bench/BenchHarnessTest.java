package org.wharfmq.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse("--scenarios", "S1,S11"))
                .getMessage().contains("S11"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse("--seconds", "fast"))
                .getMessage().contains("'fast'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse("--deep-queue", "999"))
                .getMessage().contains("'999'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse("--frobnicate"))
                .getMessage().contains("--frobnicate"));
    }

    @Test
    void postgresModeRunsItsScenariosOnlyAndChecksTheChurnMinutes() {
        Settings s = Settings.parse("--postgres");
        assertTrue(s.postgres());
        assertEquals(Settings.POSTGRES_DEFAULT, List.copyOf(s.scenarios()));
        assertEquals(10, s.churnMinutes());
        assertEquals(List.of("S2", "S3"),
                List.copyOf(Settings.parse("--postgres", "--scenarios", "S2,S3,S10").scenarios()));
        assertEquals(2, Settings.parse("--postgres", "--churn-minutes", "2").churnMinutes());
        assertFalse(Settings.parse().postgres());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse("--churn-minutes", "0"))
                .getMessage().contains("'0'"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Settings.parse("--postgres", "--scenarios", "S7")).getMessage().contains("--postgres"));
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
            Map<String, Double> s2 = new Workloads(settings).run("S2", wharf, "s2");
            assertTrue(s2.get("msg/s") > 0 && s2.get("msg/s" + Workloads.CONTEXT) > 0, "S2 rates " + s2);
            for (String scenario : List.of("S9", "S10")) {
                Map<String, Double> f = new Workloads(settings).run(scenario, wharf, scenario.toLowerCase());
                assertTrue(f.get("msg/s") > 0 && f.get("p99 ms") >= f.get("p50 ms"), scenario + " figures " + f);
            }
        }
    }

    @Test
    void theDeepQueueIsSetOnItsOwnWithASampleOfAQuarterAtMost() {
        Settings s = Settings.parse("--quick", "--deep-queue", "2000", "--big-queue", "50000");
        assertEquals(2000, s.deepQueue());
        assertEquals(500, s.deepSample());
        assertEquals(50_000, s.bigQueue());
        assertEquals(10_000_000, Settings.parse().deepQueue());
        assertEquals(20_000, Settings.parse().deepSample());
    }

    @Test
    void bothSystemsReportTheMessagesAQueueHoldsAndNoneForAQueueTheyDoNotShow() throws Exception {
        for (String name : List.of(WharfSystem.NAME, ArtemisSystem.DEFAULT)) {
            try (BenchSystem system = BenchSystem.named(name)) {
                system.start(dir.resolve(name));
                Workloads.fill(system.connectionFactory(), "counted", 250, DeepQueue.BODY);
                assertEquals(250, system.messageCount("counted"), name);
                assertEquals(-1, system.messageCount("never-made"), name);
                BigQueue.receive("test", system.connectionFactory(), "counted", 100);
                assertEquals(150, system.messageCount("counted"), name);
            }
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
        for (double v : new double[] {90, 100, 110}) {
            r.add("S1", WharfSystem.DURABLE_ACK, "msg/s", v);
        }
        assertEquals(200, r.median("S1", WharfSystem.NAME, "msg/s"));
        String table = Report.markdown(r, "test machine");
        assertTrue(table.contains("| S1 | msg/s |  | 200 (100-300, noisy) | 100 (50.0-150, noisy) |  | 100 (90.0-110) | 2.00 |"
                + "  | 0.50 |"), table);
    }

    @Test
    void scenariosAreReportedInNumberOrder() {
        Results r = new Results();
        for (String scenario : List.of("S10", "S2", "S9")) {
            r.add(scenario, WharfSystem.NAME, "msg/s", 1);
        }
        String table = Report.markdown(r, "test machine");
        assertTrue(table.indexOf("| S2 |") < table.indexOf("| S9 |") && table.indexOf("| S9 |") < table.indexOf("| S10 |"),
                table);
    }

    @Test
    void theRelayCountsEveryRequestOfAKeptAliveConnectionByAction() {
        List<String> actions = new ArrayList<>();
        CountingRelay.RequestParser parser = new CountingRelay.RequestParser(actions::add);
        String body = "{\"QueueUrl\":\"q\"}\r\n\r\n";
        String stream = request("AmazonSQS.ReceiveMessage", body) + request("AmazonSQS.DeleteMessageBatch", body)
                + "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
        byte[] bytes = stream.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < bytes.length; i += 7) {
            parser.feed(bytes, i, Math.min(7, bytes.length - i));
        }
        assertEquals(List.of("ReceiveMessage", "DeleteMessageBatch", "other"), actions);
    }

    @Test
    void theRelayNamesAQueryRequestByItsActionParameter() {
        List<String> actions = new ArrayList<>();
        CountingRelay.RequestParser parser = new CountingRelay.RequestParser(actions::add);
        String form = "Action=SendMessageBatch&Version=2012-11-05&QueueUrl=q";
        String stream = "POST / HTTP/1.1\r\nContent-Length: " + form.length() + "\r\n\r\n" + form
                + "POST / HTTP/1.1\r\nContent-Length: 17\r\n\r\nAction=PurgeQueue"
                + "POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello";
        byte[] bytes = stream.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < bytes.length; i += 5) {
            parser.feed(bytes, i, Math.min(5, bytes.length - i));
        }
        assertEquals(List.of("SendMessageBatch", "PurgeQueue", "other"), actions);
    }

    private static String request(String target, String body) {
        return "POST / HTTP/1.1\r\nX-Amz-Target: " + target + "\r\nContent-Length: " + body.length() + "\r\n\r\n"
                + body;
    }

    @Test
    void s8TargetsAreMetOrMissedByTheMedians() {
        Results r = new Results();
        for (String w : List.of("sync send", "async send", "AUTO drain", "CLIENT drain")) {
            r.add("S8", WharfSqsSystem.NAME, w + " msg/s", 1000);
            r.add("S8", WharfSqsSystem.NAME, w + " req/msg", w.equals("CLIENT drain") ? 1.1 : 0.2);
            if (!w.equals("async send")) {
                r.add("S8", SqsJmsSystem.NAME, w + " msg/s", w.equals("AUTO drain") ? 400 : 600);
                r.add("S8", SqsJmsSystem.NAME, w + " req/msg", 1);
            }
        }
        String table = Report.markdown(r, "test machine");
        assertTrue(table.contains("| wharf-sqs AUTO drain >= 2.00x sqs-jms AUTO drain | 2.50x | met |"), table);
        assertTrue(table.contains("| wharf-sqs async send >= 2.00x sqs-jms sync send | 1.67x | missed |"), table);
        assertTrue(table.contains("| wharf-sqs CLIENT drain <= 0.35 req/msg | 1.10 | missed |"), table);
        assertFalse(table.contains("wharf/artemis"), "no Artemis table without its scenarios: " + table);
    }

    @Test
    void aQuickRunLeavesOutS8UnlessNamed() {
        assertFalse(Settings.parse("--quick").scenarios().contains("S8"));
        assertEquals(List.of("S8"), List.copyOf(Settings.parse("--quick", "--scenarios", "S8").scenarios()));
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
