package org.wharfmq.jms.message;

import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.MessageFormatException;

/** A message whose body is a map of names to primitive values, strings and byte arrays. */
public class WharfMapMessage extends WharfMessage implements MapMessage {
    private final Map<String, Object> map = new LinkedHashMap<>();

    public Map<String, Object> map() {
        return map;
    }

    @Override
    public boolean getBoolean(String name) throws JMSException {
        return Conversions.toBoolean(map.get(name));
    }

    @Override
    public byte getByte(String name) throws JMSException {
        return Conversions.toByte(map.get(name));
    }

    @Override
    public short getShort(String name) throws JMSException {
        return Conversions.toShort(map.get(name));
    }

    @Override
    public char getChar(String name) throws JMSException {
        return Conversions.toChar(map.get(name));
    }

    @Override
    public int getInt(String name) throws JMSException {
        return Conversions.toInt(map.get(name));
    }

    @Override
    public long getLong(String name) throws JMSException {
        return Conversions.toLong(map.get(name));
    }

    @Override
    public float getFloat(String name) throws JMSException {
        return Conversions.toFloat(map.get(name));
    }

    @Override
    public double getDouble(String name) throws JMSException {
        return Conversions.toDouble(map.get(name));
    }

    @Override
    public String getString(String name) throws JMSException {
        return Conversions.toStringValue(map.get(name));
    }

    @Override
    public byte[] getBytes(String name) throws JMSException {
        byte[] b = Conversions.toBytes(map.get(name));
        return b == null ? null : b.clone();
    }

    @Override
    public Object getObject(String name) {
        Object v = map.get(name);
        return v instanceof byte[] b ? b.clone() : v;
    }

    @Override
    public Enumeration<String> getMapNames() {
        return Collections.enumeration(map.keySet());
    }

    @Override
    public void setBoolean(String name, boolean value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setByte(String name, byte value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setShort(String name, short value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setChar(String name, char value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setInt(String name, int value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setLong(String name, long value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setFloat(String name, float value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setDouble(String name, double value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setString(String name, String value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setBytes(String name, byte[] value) throws JMSException {
        put(name, value == null ? null : value.clone());
    }

    @Override
    public void setBytes(String name, byte[] value, int offset, int length) throws JMSException {
        put(name, java.util.Arrays.copyOfRange(value, offset, offset + length));
    }

    @Override
    public void setObject(String name, Object value) throws JMSException {
        if (!Conversions.isBodyValueType(value)) {
            throw new MessageFormatException("map entry " + name + " cannot hold a " + value.getClass().getName());
        }
        put(name, value instanceof byte[] b ? b.clone() : value);
    }

    private void put(String name, Object value) throws JMSException {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a map entry name must not be null or empty");
        }
        checkBodyWritable();
        map.put(name, value);
    }

    @Override
    public boolean itemExists(String name) {
        return map.containsKey(name);
    }

    @Override
    public void clearBody() throws JMSException {
        super.clearBody();
        map.clear();
    }

    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        if (map.isEmpty()) {
            return null;
        }
        if (!c.isAssignableFrom(Map.class)) {
            throw new MessageFormatException("a MapMessage body cannot be read as " + c.getName());
        }
        return c.cast(new LinkedHashMap<>(map));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public boolean isBodyAssignableTo(Class c) {
        return map.isEmpty() || c.isAssignableFrom(Map.class);
    }
}
