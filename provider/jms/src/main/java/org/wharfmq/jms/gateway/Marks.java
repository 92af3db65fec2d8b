package org.wharfmq.jms.gateway;

import java.util.LinkedHashMap;
import java.util.Map;
import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;

/**
 * Wharf's own marks on a message, in the one String attribute {@value #ATTRIBUTE}: a JSON object
 * of string values that any client can read. Every character outside printable ASCII is written
 * as a {@code \\uXXXX} escape, so the attribute holds any text SQS would refuse as it is.
 */
final class Marks {
    /** The attribute that holds the marks. */
    static final String ATTRIBUTE = "JMS_Wharf";

    private Marks() {
    }

    static String write(Map<String, String> marks) {
        StringBuilder sb = new StringBuilder("{");
        for (Map.Entry<String, String> e : marks.entrySet()) {
            if (sb.length() > 1) {
                sb.append(',');
            }
            quote(sb, e.getKey());
            sb.append(':');
            quote(sb, e.getValue());
        }
        return sb.append('}').toString();
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7E) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }

    /**
     * The marks in {@code json}.
     *
     * @throws MessageFormatException naming the attribute and the position if it is not such an object
     */
    static Map<String, String> read(String json) throws JMSException {
        Reader r = new Reader(json);
        Map<String, String> marks = new LinkedHashMap<>();
        r.expect('{');
        if (!r.take('}')) {
            do {
                String key = r.string();
                r.expect(':');
                marks.put(key, r.string());
            } while (r.take(','));
            r.expect('}');
        }
        if (r.pos != json.length()) {
            throw r.bad("text after the object");
        }
        return marks;
    }

    private static final class Reader {
        private final String text;
        private int pos;

        Reader(String text) {
            this.text = text;
        }

        boolean take(char c) {
            if (pos < text.length() && text.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        void expect(char c) throws JMSException {
            if (!take(c)) {
                throw bad("'" + c + "' expected");
            }
        }

        String string() throws JMSException {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (pos < text.length()) {
                char c = text.charAt(pos++);
                if (c == '"') {
                    return sb.toString();
                }
                if (c != '\\') {
                    sb.append(c);
                } else if (pos < text.length()) {
                    char e = text.charAt(pos++);
                    switch (e) {
                        case 'u' -> {
                            if (pos + 4 > text.length()) {
                                throw bad("a short \\u escape");
                            }
                            try {
                                sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                            } catch (NumberFormatException x) {
                                throw bad("a bad \\u escape");
                            }
                            pos += 4;
                        }
                        case 'n' -> sb.append('\n');
                        case 't' -> sb.append('\t');
                        case 'r' -> sb.append('\r');
                        case 'b' -> sb.append('\b');
                        case 'f' -> sb.append('\f');
                        default -> sb.append(e);
                    }
                }
            }
            throw bad("an unterminated string");
        }

        MessageFormatException bad(String what) {
            return new MessageFormatException("the attribute " + ATTRIBUTE + " is not an object of strings: "
                    + what + " at character " + pos + " of "
                    + (text.length() <= 200 ? text : text.substring(0, 200) + "..."));
        }
    }
}
