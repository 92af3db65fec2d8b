package org.wharfmq.jms.message;

import jakarta.jms.MessageFormatException;

/** The JMS value conversion tables for properties, map entries and stream items. */
final class Conversions {
    private Conversions() {
    }

    static boolean toBoolean(Object v) throws MessageFormatException {
        if (v instanceof Boolean b) {
            return b;
        }
        if (v == null || v instanceof String) {
            return Boolean.valueOf((String) v);
        }
        throw cannot(v, "boolean");
    }

    static byte toByte(Object v) throws MessageFormatException {
        if (v instanceof Byte b) {
            return b;
        }
        if (v == null || v instanceof String) {
            return Byte.valueOf((String) v);
        }
        throw cannot(v, "byte");
    }

    static short toShort(Object v) throws MessageFormatException {
        if (v instanceof Byte || v instanceof Short) {
            return ((Number) v).shortValue();
        }
        if (v == null || v instanceof String) {
            return Short.valueOf((String) v);
        }
        throw cannot(v, "short");
    }

    static int toInt(Object v) throws MessageFormatException {
        if (v instanceof Byte || v instanceof Short || v instanceof Integer) {
            return ((Number) v).intValue();
        }
        if (v == null || v instanceof String) {
            return Integer.valueOf((String) v);
        }
        throw cannot(v, "int");
    }

    static long toLong(Object v) throws MessageFormatException {
        if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            return ((Number) v).longValue();
        }
        if (v == null || v instanceof String) {
            return Long.valueOf((String) v);
        }
        throw cannot(v, "long");
    }

    static float toFloat(Object v) throws MessageFormatException {
        if (v instanceof Float f) {
            return f;
        }
        if (v == null || v instanceof String) {
            return Float.valueOf((String) v);
        }
        throw cannot(v, "float");
    }

    static double toDouble(Object v) throws MessageFormatException {
        if (v instanceof Float || v instanceof Double) {
            return ((Number) v).doubleValue();
        }
        if (v == null || v instanceof String) {
            return Double.valueOf((String) v);
        }
        throw cannot(v, "double");
    }

    static char toChar(Object v) throws MessageFormatException {
        if (v instanceof Character c) {
            return c;
        }
        if (v == null) {
            throw new NullPointerException("the value is null, not a char");
        }
        throw cannot(v, "char");
    }

    static String toStringValue(Object v) throws MessageFormatException {
        if (v instanceof byte[]) {
            throw cannot(v, "String");
        }
        return v == null ? null : v.toString();
    }

    static byte[] toBytes(Object v) throws MessageFormatException {
        if (v == null || v instanceof byte[]) {
            return (byte[]) v;
        }
        throw cannot(v, "byte[]");
    }

    /** True for the types a property may hold. */
    static boolean isPropertyType(Object v) {
        return v instanceof Boolean || v instanceof Byte || v instanceof Short || v instanceof Integer
                || v instanceof Long || v instanceof Float || v instanceof Double || v instanceof String;
    }

    /** True for the types a map entry or stream item may hold. */
    static boolean isBodyValueType(Object v) {
        return v == null || isPropertyType(v) || v instanceof Character || v instanceof byte[];
    }

    static MessageFormatException cannot(Object v, String type) {
        return new MessageFormatException("a " + v.getClass().getSimpleName() + " value (" + v
                + ") cannot be read as " + type);
    }
}
