package org.wharfmq.store.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/** Reads and writes a JSON object whose values are strings or numbers, as RedrivePolicy and RedeliveryPolicy are. */
final class FlatJson {
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");
    private final String text;
    private final String what;
    private int pos;

    private FlatJson(String text, String what) {
        this.text = text;
        this.what = what;
    }

    static Map<String, String> parse(String text, String what) {
        return new FlatJson(text, what).object();
    }

    /** {@code fields} as one JSON object: a value that reads as a number unquoted, any other a string. */
    static String write(Map<String, String> fields) {
        StringBuilder sb = new StringBuilder("{");
        for (Map.Entry<String, String> e : fields.entrySet()) {
            sb.append(sb.length() > 1 ? "," : "").append(quote(e.getKey())).append(':');
            sb.append(NUMBER.matcher(e.getValue()).matches() ? e.getValue() : quote(e.getValue()));
        }
        return sb.append('}').toString();
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private Map<String, String> object() {
        Map<String, String> fields = new LinkedHashMap<>();
        expect('{');
        if (peek() == '}') {
            pos++;
        } else {
            do {
                String key = string();
                expect(':');
                String value = peek() == '"' ? string() : number();
                if (fields.put(key, value) != null) {
                    throw bad("repeats key " + key);
                }
            } while (take(','));
            expect('}');
        }
        if (peek() != 0) {
            throw bad("has text after the object");
        }
        return fields;
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (pos < text.length() && text.charAt(pos) != '"') {
            char c = text.charAt(pos++);
            if (c == '\\' && pos < text.length()) {
                c = text.charAt(pos++);
            }
            sb.append(c);
        }
        if (pos >= text.length()) {
            throw bad("has an unterminated string");
        }
        pos++;
        return sb.toString();
    }

    private String number() {
        int start = pos;
        while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '-'
                || text.charAt(pos) == '.')) {
            pos++;
        }
        if (start == pos) {
            throw bad("has a value that is neither a string nor a number at offset " + start);
        }
        return text.substring(start, pos);
    }

    private char peek() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
        return pos < text.length() ? text.charAt(pos) : 0;
    }

    private boolean take(char c) {
        if (peek() == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!take(c)) {
            throw bad("expected '" + c + "' at offset " + pos);
        }
    }

    private QueueServiceException bad(String why) {
        return new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, what + " '" + text + "' " + why);
    }
}
