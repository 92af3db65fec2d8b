package org.wharfmq.jms.selector;

import java.util.regex.Pattern;

/** SQL's three-valued logic and JMS's comparison and arithmetic rules; null is UNKNOWN. */
final class Logic {
    private Logic() {
    }

    /** A value as the selector sees it: integral numbers as Long, floating ones as Double. */
    static Object normalize(Object o) {
        if (o instanceof Byte || o instanceof Short || o instanceof Integer) {
            return ((Number) o).longValue();
        }
        if (o instanceof Float f) {
            return f.doubleValue();
        }
        return o;
    }

    static Boolean bool(Object o) {
        return o instanceof Boolean b ? b : null;
    }

    static Boolean not(Boolean b) {
        return b == null ? null : !b;
    }

    static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    static Boolean or(Boolean a, Boolean b) {
        if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
            return true;
        }
        return a == null || b == null ? null : false;
    }

    static Boolean compare(String op, Object a, Object b) {
        if (a == null || b == null) {
            return null;
        }
        if (a instanceof Number x && b instanceof Number y) {
            int c = x instanceof Long && y instanceof Long ? Long.compare(x.longValue(), y.longValue())
                    : Double.compare(x.doubleValue(), y.doubleValue());
            return switch (op) {
                case "=" -> c == 0;
                case "<>" -> c != 0;
                case "<" -> c < 0;
                case ">" -> c > 0;
                case "<=" -> c <= 0;
                default -> c >= 0;
            };
        }
        boolean comparable = a instanceof String && b instanceof String || a instanceof Boolean && b instanceof Boolean;
        if (!comparable) {
            return null;
        }
        return switch (op) {
            case "=" -> a.equals(b);
            case "<>" -> !a.equals(b);
            default -> null;
        };
    }

    static Object arithmetic(String op, Object a, Object b) {
        if (!(a instanceof Number x) || !(b instanceof Number y)) {
            return null;
        }
        if (x instanceof Long && y instanceof Long) {
            long l = x.longValue();
            long r = y.longValue();
            return switch (op) {
                case "+" -> l + r;
                case "-" -> l - r;
                case "*" -> l * r;
                default -> r == 0 ? null : l / r;
            };
        }
        double l = x.doubleValue();
        double r = y.doubleValue();
        return switch (op) {
            case "+" -> l + r;
            case "-" -> l - r;
            case "*" -> l * r;
            default -> r == 0 ? null : l / r;
        };
    }

    /** A LIKE pattern as a regular expression: % any run, _ one character, escape making them literal. */
    static Pattern likePattern(String like, Character escape) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            if (escape != null && c == escape && i + 1 < like.length()) {
                re.append(Pattern.quote(String.valueOf(like.charAt(++i))));
            } else if (c == '%') {
                re.append(".*");
            } else if (c == '_') {
                re.append('.');
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }
}
