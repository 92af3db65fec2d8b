package org.wharfmq.jms.message;

import java.util.ArrayList;
import java.util.List;
import jakarta.jms.JMSException;
import jakarta.jms.MessageEOFException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotReadableException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.StreamMessage;

/** A message whose body is a sequence of typed values, written then read after reset(). */
public class WharfStreamMessage extends WharfMessage implements StreamMessage {
    private final List<Object> items = new ArrayList<>();
    private boolean reading;
    private int position;
    /** How much of a byte[] item readBytes has returned; -1 when not inside one. */
    private int bytesRead = -1;

    public List<Object> items() {
        return items;
    }

    /** Sets a received body and switches to reading. */
    public void received(List<Object> values) {
        items.clear();
        items.addAll(values);
        reading = true;
        position = 0;
        bytesRead = -1;
    }

    private interface Convert<T> {
        T apply(Object v) throws JMSException;
    }

    /** Reads the next item converted; on a failed conversion the position stays. */
    private <T> T read(Convert<T> convert) throws JMSException {
        if (!reading) {
            throw new MessageNotReadableException("the message is being written; call reset() to read it");
        }
        if (bytesRead >= 0) {
            throw new MessageFormatException("a byte array is partly read; finish it with readBytes");
        }
        if (position >= items.size()) {
            throw new MessageEOFException("the end of the stream was reached");
        }
        T v = convert.apply(items.get(position));
        position++;
        return v;
    }

    @Override
    public boolean readBoolean() throws JMSException {
        return read(Conversions::toBoolean);
    }

    @Override
    public byte readByte() throws JMSException {
        return read(Conversions::toByte);
    }

    @Override
    public short readShort() throws JMSException {
        return read(Conversions::toShort);
    }

    @Override
    public char readChar() throws JMSException {
        return read(Conversions::toChar);
    }

    @Override
    public int readInt() throws JMSException {
        return read(Conversions::toInt);
    }

    @Override
    public long readLong() throws JMSException {
        return read(Conversions::toLong);
    }

    @Override
    public float readFloat() throws JMSException {
        return read(Conversions::toFloat);
    }

    @Override
    public double readDouble() throws JMSException {
        return read(Conversions::toDouble);
    }

    @Override
    public String readString() throws JMSException {
        return read(Conversions::toStringValue);
    }

    @Override
    public int readBytes(byte[] value) throws JMSException {
        if (!reading) {
            throw new MessageNotReadableException("the message is being written; call reset() to read it");
        }
        if (position >= items.size()) {
            throw new MessageEOFException("the end of the stream was reached");
        }
        Object item = items.get(position);
        if (item == null) {
            position++;
            return -1;
        }
        if (!(item instanceof byte[] bytes)) {
            throw Conversions.cannot(item, "byte[]");
        }
        int from = Math.max(bytesRead, 0);
        int left = bytes.length - from;
        if (left == 0 && bytesRead >= 0 || bytes.length == 0 && bytesRead < 0 && value.length > 0) {
            bytesRead = -1;
            position++;
            return bytes.length == 0 ? 0 : -1;
        }
        int n = Math.min(left, value.length);
        System.arraycopy(bytes, from, value, 0, n);
        bytesRead = from + n;
        if (n < value.length) {
            bytesRead = -1;
            position++;
        }
        return n;
    }

    @Override
    public Object readObject() throws JMSException {
        return read(v -> v instanceof byte[] b ? b.clone() : v);
    }

    private void add(Object v) throws JMSException {
        checkBodyWritable();
        if (reading) {
            throw new MessageNotWriteableException("the message is being read; call clearBody() to write it");
        }
        items.add(v);
    }

    @Override
    public void writeBoolean(boolean value) throws JMSException {
        add(value);
    }

    @Override
    public void writeByte(byte value) throws JMSException {
        add(value);
    }

    @Override
    public void writeShort(short value) throws JMSException {
        add(value);
    }

    @Override
    public void writeChar(char value) throws JMSException {
        add(value);
    }

    @Override
    public void writeInt(int value) throws JMSException {
        add(value);
    }

    @Override
    public void writeLong(long value) throws JMSException {
        add(value);
    }

    @Override
    public void writeFloat(float value) throws JMSException {
        add(value);
    }

    @Override
    public void writeDouble(double value) throws JMSException {
        add(value);
    }

    @Override
    public void writeString(String value) throws JMSException {
        add(value);
    }

    @Override
    public void writeBytes(byte[] value) throws JMSException {
        add(value == null ? null : value.clone());
    }

    @Override
    public void writeBytes(byte[] value, int offset, int length) throws JMSException {
        add(java.util.Arrays.copyOfRange(value, offset, offset + length));
    }

    @Override
    public void writeObject(Object value) throws JMSException {
        if (!Conversions.isBodyValueType(value)) {
            throw new MessageFormatException("writeObject cannot write a " + value.getClass().getName());
        }
        add(value instanceof byte[] b ? b.clone() : value);
    }

    @Override
    public void reset() {
        reading = true;
        position = 0;
        bytesRead = -1;
    }

    @Override
    public void clearBody() throws JMSException {
        super.clearBody();
        items.clear();
        reading = false;
        position = 0;
        bytesRead = -1;
    }

    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        throw new MessageFormatException("a StreamMessage body cannot be read with getBody");
    }

    @Override
    @SuppressWarnings("rawtypes")
    public boolean isBodyAssignableTo(Class c) {
        return false;
    }
}
