package org.wharfmq.jms.selector;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import jakarta.jms.InvalidSelectorException;

/** Splits a selector into tokens. */
final class Lexer {
    enum Kind { IDENT, KEYWORD, STRING, LONG, DOUBLE, OP, END }

    /** A token and where it starts. */
    record Token(Kind kind, String text, Object value, int pos) {
        boolean is(Kind k, String t) {
            return kind == k && text.equals(t);
        }
    }

    static final Set<String> KEYWORDS = Set.of("NOT", "AND", "OR", "BETWEEN", "LIKE", "IN", "IS", "NULL",
            "TRUE", "FALSE", "ESCAPE");

    private Lexer() {
    }

    static List<Token> tokens(String s) throws InvalidSelectorException {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (true) {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i >= s.length()) {
                out.add(new Token(Kind.END, "end of selector", null, i));
                return out;
            }
            char c = s.charAt(i);
            int start = i;
            if (Character.isJavaIdentifierStart(c)) {
                while (i < s.length() && Character.isJavaIdentifierPart(s.charAt(i))) {
                    i++;
                }
                String word = s.substring(start, i);
                String upper = word.toUpperCase(Locale.ROOT);
                out.add(KEYWORDS.contains(upper) ? new Token(Kind.KEYWORD, upper, null, start)
                        : new Token(Kind.IDENT, word, null, start));
            } else if (c == '\'') {
                StringBuilder sb = new StringBuilder();
                i++;
                while (true) {
                    if (i >= s.length()) {
                        throw Parser.invalid(s, start, "an unterminated string literal");
                    }
                    char d = s.charAt(i++);
                    if (d == '\'') {
                        if (i < s.length() && s.charAt(i) == '\'') {
                            sb.append('\'');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        sb.append(d);
                    }
                }
                out.add(new Token(Kind.STRING, s.substring(start, i), sb.toString(), start));
            } else if (Character.isDigit(c) || c == '.' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
                i = number(s, i, out);
            } else {
                String two = i + 1 < s.length() ? s.substring(i, i + 2) : "";
                if (two.equals("<>") || two.equals("<=") || two.equals(">=")) {
                    out.add(new Token(Kind.OP, two, null, start));
                    i += 2;
                } else if ("=<>+-*/(),".indexOf(c) >= 0) {
                    out.add(new Token(Kind.OP, String.valueOf(c), null, start));
                    i++;
                } else {
                    throw Parser.invalid(s, start, "the character '" + c + "'");
                }
            }
        }
    }

    private static int number(String s, int i, List<Token> out) throws InvalidSelectorException {
        int start = i;
        if (s.startsWith("0x", i) || s.startsWith("0X", i)) {
            i += 2;
            while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
                i++;
            }
            int end = i;
            if (i < s.length() && (s.charAt(i) == 'l' || s.charAt(i) == 'L')) {
                i++;
            }
            out.add(new Token(Kind.LONG, s.substring(start, i), Long.parseLong(s.substring(start + 2, end), 16), start));
            return i;
        }
        boolean floating = false;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i < s.length() && s.charAt(i) == '.') {
            floating = true;
            i++;
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            floating = true;
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
        }
        String digits = s.substring(start, i);
        try {
            if (i < s.length() && "fFdD".indexOf(s.charAt(i)) >= 0) {
                i++;
                out.add(new Token(Kind.DOUBLE, s.substring(start, i), Double.parseDouble(digits), start));
            } else if (floating) {
                out.add(new Token(Kind.DOUBLE, digits, Double.parseDouble(digits), start));
            } else {
                if (i < s.length() && (s.charAt(i) == 'l' || s.charAt(i) == 'L')) {
                    i++;
                }
                // 9223372036854775808 only occurs negated: as Long.MIN_VALUE its negation is itself.
                long v = digits.equals("9223372036854775808") ? Long.MIN_VALUE
                        : digits.length() > 1 && digits.startsWith("0") ? Long.parseLong(digits, 8) : Long.parseLong(digits);
                out.add(new Token(Kind.LONG, s.substring(start, i), v, start));
            }
        } catch (NumberFormatException e) {
            throw Parser.invalid(s, start, "the number '" + s.substring(start, i) + "'");
        }
        return i;
    }
}
