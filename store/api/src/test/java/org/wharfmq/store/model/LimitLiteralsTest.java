package org.wharfmq.store.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each limit of {@link Ranges} is written once: no main source of the project writes one of its
 * bounds as a literal next to the limit's name (within three lines), whether compared with
 * ({@code priority > 9}; but for 0 and 1, too common to tell) or spelled as a range in a message
 * ({@code "0..9"}); and none writes a
 * large bound (such as 43200 or 262144), or it in milliseconds, anywhere. The SPI's {@code Limits}
 * is the one other home, of the two bounds the model takes from it.
 */
class LimitLiteralsTest {
    /** The names that stand for each limit in code, lower case without underscores. */
    private static final Map<String, List<String>> NAMES = Map.ofEntries(
            Map.entry("VISIBILITY_TIMEOUT", List.of("visibilitytimeout", "visibility")),
            Map.entry("MESSAGE_RETENTION_PERIOD", List.of("retention")),
            Map.entry("DELAY_SECONDS", List.of("delayseconds", "delay")),
            Map.entry("WAIT_TIME_SECONDS", List.of("waittimeseconds", "waitseconds")),
            Map.entry("MAXIMUM_MESSAGE_SIZE", List.of("maximummessagesize")),
            Map.entry("MAX_RECEIVE_COUNT", List.of("maxreceivecount")),
            Map.entry("DEDUPLICATION_WINDOW", List.of("deduplicationwindow", "dedupwindow")),
            Map.entry("PRIORITY", List.of("priority")),
            Map.entry("MESSAGES_PER_SECOND", List.of("messagespersecond")),
            Map.entry("BATCH", List.of("maxnumberofmessages", "batch")),
            Map.entry("CONSUMER_VISIBILITY_TIMEOUT", List.of("visibilitytimeout")),
            Map.entry("PREFETCH", List.of("prefetch")),
            Map.entry("LONG_POLL_SECONDS", List.of("waittimeseconds", "longpoll")),
            Map.entry("VISIBILITY_EXTENSION_LIMIT", List.of("extensionlimit")));
    private static final Pattern COMPARED = Pattern.compile(
            "(?<![<>])[<>](?![<>])=?\\s*(\\d[\\d_]{0,15})\\b|\\b(\\d[\\d_]{0,15})[lL]?\\s*(?<![<>])[<>](?![<>])");
    private static final Pattern NUMBER = Pattern.compile("\\b(\\d[\\d_]{0,15})[lL]?\\b");
    private static final Pattern RANGE_TEXT = Pattern.compile("\\b(\\d{1,9})\\.\\.(\\d{1,9})\\b");

    @Test
    void everyLimitHasNamesToLookFor() throws IllegalAccessException {
        assertEquals(NAMES.keySet(), ranges().keySet());
    }

    @Test
    void noMainSourceWritesALimitOfTheModelAsALiteral() throws IllegalAccessException {
        Map<String, Range> ranges = ranges();
        List<String> found = new ArrayList<>();
        for (Path file : mainSources()) {
            found.addAll(literals(file.toString(), read(file), ranges));
        }
        assertEquals(List.of(), found, "use org.wharfmq.store.model.Ranges");
    }

    @Test
    void theScanFindsWhatItLooksFor() throws IllegalAccessException {
        Map<String, Range> ranges = ranges();
        String receive = """
                int max = r.maxNumberOfMessages();
                if (max < 1 || max > 10) {
                    throw new QueueServiceException(INVALID_PARAMETER_VALUE, "MaxNumberOfMessages " + max
                            + " is out of range 1..10");
                }
                """;
        List<String> found = literals("Receives.java", receive, ranges);
        assertTrue(found.contains("Receives.java:2: BATCH 1..10 written as 10"), found.toString());
        assertTrue(found.contains("Receives.java:4: BATCH 1..10 written as 1..10"), found.toString());
        assertTrue(literals("Limits.java", "new Limits(10, 262_144, 1_000, 900_000)", ranges)
                .containsAll(List.of("Limits.java:1: MAXIMUM_MESSAGE_SIZE 1024..262144 written as 262_144",
                        "Limits.java:1: DELAY_SECONDS 0..900 written as 900_000")), "large bounds anywhere");
        assertEquals(List.of(), literals("Ok.java", """
                // priority > 9 in a comment is fine
                if (!Ranges.PRIORITY.contains(priority) || (priority << 9) < 1) {
                """, ranges), "a comment, a shift, and a bound of 1 compared with are not flagged");
    }

    /** Each {@code file:line: LIMIT min..max written as literal}. */
    private static List<String> literals(String file, String source, Map<String, Range> ranges) {
        String[] lines = withoutComments(source).split("\n", -1);
        List<String> found = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            for (Map.Entry<String, Range> limit : ranges.entrySet()) {
                Range r = limit.getValue();
                String where = file + ":" + (i + 1) + ": " + limit.getKey() + " " + r + " written as ";
                Matcher any = NUMBER.matcher(lines[i]);
                while (any.find()) {
                    long v = value(any.group(1));
                    if (large(r.max()) && (v == r.max() || v == r.max() * 1000L)) {
                        found.add(where + any.group(1));
                    }
                }
                if (!named(lines, i, NAMES.get(limit.getKey()))) {
                    continue;
                }
                Matcher compared = COMPARED.matcher(lines[i]);
                while (compared.find()) {
                    String literal = compared.group(1) != null ? compared.group(1) : compared.group(2);
                    long v = value(literal);
                    if ((v == r.min() && v > 1) || v == r.max()) {
                        found.add(where + literal);
                    }
                }
                Matcher text = RANGE_TEXT.matcher(lines[i]);
                while (text.find()) {
                    if (Long.parseLong(text.group(1)) == r.min() && Long.parseLong(text.group(2)) == r.max()) {
                        found.add(where + text.group());
                    }
                }
            }
        }
        return found.stream().distinct().toList();
    }

    /** A bound too particular to be anything else: 900 s, 12 h, 256 KiB; not 10, 500 or 1000. */
    private static boolean large(int bound) {
        return bound >= 900 && bound != 1000 && bound != 1024;
    }

    private static boolean named(String[] lines, int at, List<String> names) {
        for (int j = Math.max(0, at - 3); j <= Math.min(lines.length - 1, at + 3); j++) {
            String plain = lines[j].toLowerCase().replace("_", "");
            if (names.stream().anyMatch(plain::contains)) {
                return true;
            }
        }
        return false;
    }

    private static long value(String literal) {
        return Long.parseLong(literal.replace("_", ""));
    }

    /** The source with its comments blanked, line breaks kept; string literals stay, as a message may hold a range. */
    private static String withoutComments(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"' ) {
                int end = i + 1;
                while (end < s.length() && s.charAt(end) != '"' && s.charAt(end) != '\n') {
                    end += s.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end + 1, s.length());
                out.append(s, i, end);
                i = end;
            } else if (s.startsWith("//", i)) {
                while (i < s.length() && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
                s.substring(i, end).chars().filter(ch -> ch == '\n').forEach(ch -> out.append('\n'));
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static Map<String, Range> ranges() throws IllegalAccessException {
        Map<String, Range> out = new LinkedHashMap<>();
        for (Field f : Ranges.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == Range.class) {
                out.put(f.getName(), (Range) f.get(null));
            }
        }
        return out;
    }

    /** Every module's main Java sources but Ranges itself, from the root of the project. */
    private static List<Path> mainSources() {
        Path root = Path.of("").toAbsolutePath().getParent().getParent();
        assertTrue(Files.isRegularFile(root.resolve("store/api/pom.xml")), "not the project's root: " + root);
        try (Stream<Path> all = Files.walk(root)) {
            List<Path> files = all.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> root.relativize(p).toString().replace('\\', '/').contains("src/main/java/"))
                    .filter(p -> !p.endsWith(Path.of("org/wharfmq/store/model/Ranges.java"))
                            && !p.endsWith(Path.of("org/wharfmq/store/Limits.java")))
                    .filter(p -> !root.relativize(p).startsWith(".git"))
                    .toList();
            assertTrue(files.size() > 100, "found only " + files.size() + " main sources under " + root);
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
