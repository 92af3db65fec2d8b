package org.wharfmq.jms.gateway;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.model.MessageRules;


/**
 * Typed values two ways: as store attributes (the data-type suffix keeps the Java type) and as
 * bytes (map and stream bodies, and the packed properties of Wharf's earlier layout, {@link LegacyCodec}).
 */
final class Values {
    private Values() {
    }

    /**
     * A property value as an attribute of the type AWS's JMS library gives it ({@code String},
     * {@code Number.int}, {@code Number.Boolean} as 1 or 0, ...), or null where SQS cannot carry it:
     * an empty string or one with characters SQS refuses, a float or double that is not finite or is
     * outside SQS's Number range (10^-128 to 10^126).
     */
    static MessageAttributeValue attribute(Object v) {
        if (v instanceof String s) {
            return !s.isEmpty() && storable(s) ? MessageAttributeValue.string(s) : null;
        }
        if (v instanceof Float || v instanceof Double) {
            double d = ((Number) v).doubleValue();
            double abs = Math.abs(d);
            if (!Double.isFinite(d) || abs != 0 && (abs < 1e-128 || abs > 1e126)) {
                return null;
            }
        }
        String type = dataType(v);
        return type == null ? null : new MessageAttributeValue(type, text(v), null);
    }

    /** The data type {@link #attribute} gives {@code v}'s class, or null for a class it has none for. */
    static String dataType(Object v) {
        return v instanceof String ? "String" : v instanceof Boolean ? "Number.Boolean"
                : v instanceof Byte ? "Number.byte" : v instanceof Short ? "Number.short"
                : v instanceof Integer ? "Number.int" : v instanceof Long ? "Number.long"
                : v instanceof Float ? "Number.float" : v instanceof Double ? "Number.double" : null;
    }

    /** {@code v} as {@link #attribute}'s string value: a boolean as 1 or 0, as AWS's library writes it. */
    static String text(Object v) {
        return v instanceof Boolean b ? (b ? "1" : "0") : v.toString();
    }

    /**
     * An attribute's value as a property: by the data types of AWS's JMS library and of Wharf's
     * earlier layout; otherwise by base type: a String as it is, a Number as a Long when it is
     * integral and fits, else a Double, a Binary as its base64 text (JMS has no bytes property).
     *
     * @throws NumberFormatException if a Number's value is not one
     */
    static Object value(MessageAttributeValue a) {
        String s = a.stringValue();
        return switch (a.dataType()) {
            case "Binary.string" -> new String(a.binaryValue(), StandardCharsets.UTF_16BE);
            case "Binary.bytes" -> a.binaryValue();
            case "String.boolean" -> Boolean.valueOf(s);
            case "String.float", "Number.float" -> Float.valueOf(s);
            case "String.double", "Number.double" -> Double.valueOf(s);
            case "Number.Boolean" -> s.equals("1") || s.equalsIgnoreCase("true");
            case "Number.byte" -> Byte.valueOf(s);
            case "Number.short" -> Short.valueOf(s);
            case "Number.int" -> Integer.valueOf(s);
            case "Number.long" -> Long.valueOf(s);
            default -> switch (a.baseType()) {
                case "Number" -> number(s.trim());
                case "Binary" -> java.util.Base64.getEncoder().encodeToString(a.binaryValue());
                default -> s;
            };
        };
    }

    private static Object number(String s) {
        if (s.matches("[-+]?[0-9]{1,18}")) {
            return Long.valueOf(s);
        }
        return Double.valueOf(s);
    }

    private static final int NULL = 0;
    private static final int BOOLEAN = 1;
    private static final int BYTE = 2;
    private static final int SHORT = 3;
    private static final int CHAR = 4;
    private static final int INT = 5;
    private static final int LONG = 6;
    private static final int FLOAT = 7;
    private static final int DOUBLE = 8;
    private static final int STRING = 9;
    private static final int BYTES = 10;

    static byte[] write(List<Map.Entry<String, Object>> entries) throws JMSException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(entries.size());
            for (Map.Entry<String, Object> e : entries) {
                writeString(out, e.getKey());
                Object v = e.getValue();
                if (v == null) {
                    out.writeByte(NULL);
                } else if (v instanceof Boolean b) {
                    out.writeByte(BOOLEAN);
                    out.writeBoolean(b);
                } else if (v instanceof Byte b) {
                    out.writeByte(BYTE);
                    out.writeByte(b);
                } else if (v instanceof Short s) {
                    out.writeByte(SHORT);
                    out.writeShort(s);
                } else if (v instanceof Character c) {
                    out.writeByte(CHAR);
                    out.writeChar(c);
                } else if (v instanceof Integer i) {
                    out.writeByte(INT);
                    out.writeInt(i);
                } else if (v instanceof Long l) {
                    out.writeByte(LONG);
                    out.writeLong(l);
                } else if (v instanceof Float f) {
                    out.writeByte(FLOAT);
                    out.writeFloat(f);
                } else if (v instanceof Double d) {
                    out.writeByte(DOUBLE);
                    out.writeDouble(d);
                } else if (v instanceof String s) {
                    out.writeByte(STRING);
                    writeString(out, s);
                } else if (v instanceof byte[] b) {
                    out.writeByte(BYTES);
                    out.writeInt(b.length);
                    out.write(b);
                } else {
                    throw new MessageFormatException("cannot write a " + v.getClass().getName());
                }
            }
        } catch (IOException e) {
            throw new MessageFormatException("cannot encode the body: " + e.getMessage());
        }
        return bytes.toByteArray();
    }

    static List<Map.Entry<String, Object>> read(byte[] data) throws JMSException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
            int n = length(in, 5);
            List<Map.Entry<String, Object>> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                String name = readString(in);
                byte type = in.readByte();
                Object v = switch (type) {
                    case NULL -> null;
                    case BOOLEAN -> in.readBoolean();
                    case BYTE -> in.readByte();
                    case SHORT -> in.readShort();
                    case CHAR -> in.readChar();
                    case INT -> in.readInt();
                    case LONG -> in.readLong();
                    case FLOAT -> in.readFloat();
                    case DOUBLE -> in.readDouble();
                    case STRING -> readString(in);
                    case BYTES -> {
                        byte[] b = new byte[length(in, 1)];
                        in.readFully(b);
                        yield b;
                    }
                    default -> throw new IOException("unknown type tag " + type);
                };
                out.add(new java.util.AbstractMap.SimpleEntry<>(name, v));
            }
            return out;
        } catch (IOException e) {
            throw new MessageFormatException("cannot decode typed values: " + e.getMessage());
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        out.writeInt(s.length());
        out.writeChars(s);
    }

    private static String readString(DataInputStream in) throws IOException {
        char[] c = new char[length(in, 2)];
        for (int i = 0; i < c.length; i++) {
            c[i] = in.readChar();
        }
        return new String(c);
    }

    /** A count read from the data, checked against the bytes left (corrupt input must not allocate much). */
    private static int length(DataInputStream in, int bytesEach) throws IOException {
        int n = in.readInt();
        if (n < 0 || (long) n * bytesEach > in.available()) {
            throw new IOException("count " + n + " does not fit the " + in.available() + " bytes left");
        }
        return n;
    }

    /** True if the store can keep the text as it is. */
    static boolean storable(String text) {
        return MessageRules.forbiddenCharacterAt(text) < 0;
    }
}
