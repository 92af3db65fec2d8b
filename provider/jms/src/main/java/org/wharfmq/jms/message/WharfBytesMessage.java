package org.wharfmq.jms.message;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MessageEOFException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotReadableException;
import jakarta.jms.MessageNotWriteableException;

/** A message whose body is a stream of bytes, written then read after reset(). */
public class WharfBytesMessage extends WharfMessage implements BytesMessage {
    private ByteArrayOutputStream written = new ByteArrayOutputStream();
    private DataOutputStream out = new DataOutputStream(written);
    private byte[] data;
    private DataInputStream in;

    /** The body's bytes. */
    public byte[] bytes() {
        return data != null ? data : written.toByteArray();
    }

    /** Sets a received body and switches to reading. */
    public void received(byte[] body) {
        data = body;
        in = new DataInputStream(new ByteArrayInputStream(body));
    }

    private DataInputStream reading() throws MessageNotReadableException {
        if (in == null) {
            throw new MessageNotReadableException("the message is being written; call reset() to read it");
        }
        return in;
    }

    private DataOutputStream writing() throws MessageNotWriteableException {
        checkBodyWritable();
        if (in != null) {
            throw new MessageNotWriteableException("the message is being read; call clearBody() to write it");
        }
        return out;
    }

    @Override
    public long getBodyLength() throws JMSException {
        reading();
        return data.length;
    }

    private interface Read<T> {
        T read(DataInputStream s) throws IOException;
    }

    private <T> T read(Read<T> r) throws JMSException {
        DataInputStream s = reading();
        try {
            s.mark(Integer.MAX_VALUE);
            return r.read(s);
        } catch (EOFException e) {
            resetQuietly(s);
            throw new MessageEOFException("the end of the message body was reached");
        } catch (IOException e) {
            resetQuietly(s);
            MessageFormatException f = new MessageFormatException("cannot read the body: " + e.getMessage());
            f.setLinkedException(e);
            throw f;
        }
    }

    private static void resetQuietly(DataInputStream s) {
        try {
            s.reset();
        } catch (IOException ignored) {
            // A ByteArrayInputStream always resets.
        }
    }

    @Override
    public boolean readBoolean() throws JMSException {
        return read(DataInputStream::readBoolean);
    }

    @Override
    public byte readByte() throws JMSException {
        return read(DataInputStream::readByte);
    }

    @Override
    public int readUnsignedByte() throws JMSException {
        return read(DataInputStream::readUnsignedByte);
    }

    @Override
    public short readShort() throws JMSException {
        return read(DataInputStream::readShort);
    }

    @Override
    public int readUnsignedShort() throws JMSException {
        return read(DataInputStream::readUnsignedShort);
    }

    @Override
    public char readChar() throws JMSException {
        return read(DataInputStream::readChar);
    }

    @Override
    public int readInt() throws JMSException {
        return read(DataInputStream::readInt);
    }

    @Override
    public long readLong() throws JMSException {
        return read(DataInputStream::readLong);
    }

    @Override
    public float readFloat() throws JMSException {
        return read(DataInputStream::readFloat);
    }

    @Override
    public double readDouble() throws JMSException {
        return read(DataInputStream::readDouble);
    }

    @Override
    public String readUTF() throws JMSException {
        return read(s -> s.readUTF());
    }

    @Override
    public int readBytes(byte[] value) throws JMSException {
        return readBytes(value, value.length);
    }

    @Override
    public int readBytes(byte[] value, int length) throws JMSException {
        if (length < 0 || length > value.length) {
            throw new IndexOutOfBoundsException("length " + length + " does not fit an array of " + value.length);
        }
        return read(s -> {
            int n = s.read(value, 0, length);
            return n <= 0 && length > 0 ? -1 : Math.max(n, 0);
        });
    }

    private interface Write {
        void write(DataOutputStream s) throws IOException;
    }

    private void write(Write w) throws JMSException {
        try {
            w.write(writing());
        } catch (IOException e) {
            JMSException j = new JMSException("cannot write the body: " + e.getMessage());
            j.setLinkedException(e);
            throw j;
        }
    }

    @Override
    public void writeBoolean(boolean value) throws JMSException {
        write(s -> s.writeBoolean(value));
    }

    @Override
    public void writeByte(byte value) throws JMSException {
        write(s -> s.writeByte(value));
    }

    @Override
    public void writeShort(short value) throws JMSException {
        write(s -> s.writeShort(value));
    }

    @Override
    public void writeChar(char value) throws JMSException {
        write(s -> s.writeChar(value));
    }

    @Override
    public void writeInt(int value) throws JMSException {
        write(s -> s.writeInt(value));
    }

    @Override
    public void writeLong(long value) throws JMSException {
        write(s -> s.writeLong(value));
    }

    @Override
    public void writeFloat(float value) throws JMSException {
        write(s -> s.writeFloat(value));
    }

    @Override
    public void writeDouble(double value) throws JMSException {
        write(s -> s.writeDouble(value));
    }

    @Override
    public void writeUTF(String value) throws JMSException {
        write(s -> s.writeUTF(value));
    }

    @Override
    public void writeBytes(byte[] value) throws JMSException {
        write(s -> s.write(value));
    }

    @Override
    public void writeBytes(byte[] value, int offset, int length) throws JMSException {
        write(s -> s.write(value, offset, length));
    }

    @Override
    public void writeObject(Object value) throws JMSException {
        if (value == null) {
            throw new NullPointerException("writeObject cannot write null");
        }
        if (value instanceof Boolean v) {
            writeBoolean(v);
        } else if (value instanceof Byte v) {
            writeByte(v);
        } else if (value instanceof Short v) {
            writeShort(v);
        } else if (value instanceof Character v) {
            writeChar(v);
        } else if (value instanceof Integer v) {
            writeInt(v);
        } else if (value instanceof Long v) {
            writeLong(v);
        } else if (value instanceof Float v) {
            writeFloat(v);
        } else if (value instanceof Double v) {
            writeDouble(v);
        } else if (value instanceof String v) {
            writeUTF(v);
        } else if (value instanceof byte[] v) {
            writeBytes(v);
        } else {
            throw new MessageFormatException("writeObject cannot write a " + value.getClass().getName());
        }
    }

    @Override
    public void reset() throws JMSException {
        if (in == null) {
            received(written.toByteArray());
        } else {
            received(data);
        }
    }

    @Override
    public void clearBody() throws JMSException {
        super.clearBody();
        written = new ByteArrayOutputStream();
        out = new DataOutputStream(written);
        data = null;
        in = null;
    }

    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        byte[] b = bytes();
        if (b.length == 0) {
            return null;
        }
        if (!c.isAssignableFrom(byte[].class)) {
            throw new MessageFormatException("a BytesMessage body cannot be read as " + c.getName());
        }
        return c.cast(b.clone());
    }

    @Override
    @SuppressWarnings("rawtypes")
    public boolean isBodyAssignableTo(Class c) {
        return bytes().length == 0 || c.isAssignableFrom(byte[].class);
    }
}
