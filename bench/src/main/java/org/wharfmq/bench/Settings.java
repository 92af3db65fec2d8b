package org.wharfmq.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What one run measures, from the command line. {@code --quick} shrinks every duration and count
 * for a smoke test; its figures are not meant to be compared. It leaves out S8 unless asked for with
 * {@code --scenarios}, as S8 alone would take about as long as the rest of a quick run.
 * {@code --postgres} runs {@link PostgresBench} instead: the scenarios of {@link #POSTGRES} among
 * those selected, on one PostgreSQL server, with its ceilings, scaling and churn.
 */
record Settings(boolean quick, int rounds, double seconds, int drainCount, int sqsDrainCount, int bigQueue,
                int bigSample, int deepQueue, int deepSample, int queues, Set<String> scenarios, Path out,
                boolean postgres, double churnMinutes) {

    static final List<String> ALL = List.of("S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S12");
    /** The scenarios {@code --postgres} may run (S10's 1,000 queues and the big queues are left to Derby). */
    static final List<String> POSTGRES = List.of("S1", "S2", "S3", "S4", "S5", "S6", "S9");
    /**
     * Those it runs unless {@code --scenarios} names others: not S2, whose 20,000-message fills take
     * minutes per round where each commit waits for an fsync.
     */
    static final List<String> POSTGRES_DEFAULT = List.of("S1", "S3", "S4", "S5", "S6", "S9");
    static final String USAGE = "usage: Bench [--quick] [--rounds N (>= 3)] [--seconds S] [--scenarios S1,S3,...]"
            + " [--big-queue N] [--deep-queue N] [--out DIR] [--postgres [--churn-minutes M]]";

    static Settings parse(String... args) {
        boolean quick = List.of(args).contains("--quick");
        int rounds = 3;
        double seconds = quick ? 0.3 : 5;
        int drain = quick ? 300 : 20_000;
        int sqsDrain = quick ? 300 : 3_000;
        int big = quick ? 10_000 : 1_000_000;
        int deep = quick ? 20_000 : 10_000_000;
        int sample = quick ? 1_000 : 20_000;
        int queues = quick ? 80 : 1_000;
        Set<String> scenarios = new LinkedHashSet<>(ALL);
        if (quick) {
            scenarios.remove(SqsScenario.SCENARIO);
        }
        Path out = Path.of("target");
        boolean named = false;
        boolean postgres = false;
        double churn = quick ? 0.25 : 10;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick" -> { }
                case "--rounds" -> rounds = intArg(a, value(args, ++i, a), 3);
                case "--seconds" -> seconds = secondsArg(value(args, ++i, a));
                case "--big-queue" -> big = intArg(a, value(args, ++i, a), 1000);
                case "--deep-queue" -> deep = intArg(a, value(args, ++i, a), 1000);
                case "--out" -> out = Path.of(value(args, ++i, a));
                case "--scenarios" -> {
                    scenarios = scenarioArg(value(args, ++i, a));
                    named = true;
                }
                case "--postgres" -> postgres = true;
                case "--churn-minutes" -> churn = minutesArg(value(args, ++i, a));
                default -> throw new IllegalArgumentException("unknown argument '" + a + "'; " + USAGE);
            }
        }
        if (postgres) {
            scenarios.retainAll(named ? POSTGRES : POSTGRES_DEFAULT);
            if (scenarios.isEmpty()) {
                throw new IllegalArgumentException("--postgres runs only " + POSTGRES + "; --scenarios names none");
            }
        }
        return new Settings(quick, rounds, seconds, drain, sqsDrain, big, Math.min(sample, big / 4), deep,
                Math.min(sample, deep / 4), queues, scenarios, out, postgres, churn);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value; " + USAGE);
        }
        return args[i];
    }

    private static int intArg(String option, String v, int min) {
        try {
            int n = Integer.parseInt(v);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " '" + v + "' is not a whole number >= " + min);
    }

    private static double secondsArg(String v) {
        try {
            double s = Double.parseDouble(v);
            if (s > 0 && s <= 600) {
                return s;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--seconds '" + v + "' is not a number of seconds in (0, 600]");
    }

    private static double minutesArg(String v) {
        try {
            double m = Double.parseDouble(v);
            if (m >= 0.1 && m <= 600) {
                return m;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--churn-minutes '" + v + "' is not a number of minutes in [0.1, 600]");
    }

    private static Set<String> scenarioArg(String v) {
        Set<String> out = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String s : v.split(",")) {
            String name = s.trim().toUpperCase();
            if (ALL.contains(name)) {
                out.add(name);
            } else {
                unknown.add(s);
            }
        }
        if (!unknown.isEmpty() || out.isEmpty()) {
            throw new IllegalArgumentException("--scenarios '" + v + "' names unknown scenarios " + unknown
                    + "; known: " + ALL);
        }
        return out;
    }

    long nanos() {
        return (long) (seconds * 1e9);
    }
}
