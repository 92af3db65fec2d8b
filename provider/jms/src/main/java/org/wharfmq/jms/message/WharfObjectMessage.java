package org.wharfmq.jms.message;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.ObjectMessage;

/** A message whose body is a serialized object, copied when set. */
public class WharfObjectMessage extends WharfMessage implements ObjectMessage {
    private byte[] serialized;

    @Override
    public void setObject(Serializable object) throws JMSException {
        checkBodyWritable();
        if (object == null) {
            serialized = null;
            return;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        } catch (IOException e) {
            MessageFormatException f = new MessageFormatException("cannot serialize " + object.getClass().getName()
                    + ": " + e.getMessage());
            f.setLinkedException(e);
            throw f;
        }
        serialized = bytes.toByteArray();
    }

    @Override
    public Serializable getObject() throws JMSException {
        if (serialized == null) {
            return null;
        }
        try (ObjectInputStream in = new ContextObjectInputStream(new ByteArrayInputStream(serialized))) {
            return (Serializable) in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            MessageFormatException f = new MessageFormatException("cannot deserialize the body: " + e);
            f.setLinkedException(e);
            throw f;
        }
    }

    public byte[] serialized() {
        return serialized;
    }

    public void serialized(byte[] data) {
        serialized = data;
    }

    @Override
    public void clearBody() throws JMSException {
        super.clearBody();
        serialized = null;
    }

    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        Serializable o = getObject();
        if (o == null) {
            return null;
        }
        if (!c.isInstance(o)) {
            throw new MessageFormatException("an ObjectMessage body of " + o.getClass().getName()
                    + " cannot be read as " + c.getName());
        }
        return c.cast(o);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public boolean isBodyAssignableTo(Class c) throws JMSException {
        Serializable o = getObject();
        return o == null || c.isInstance(o);
    }

    /** Resolves classes with the thread's context class loader first (application servers need it). */
    private static final class ContextObjectInputStream extends ObjectInputStream {
        ContextObjectInputStream(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            ClassLoader cl = Thread.currentThread().getContextClassLoader();
            if (cl != null) {
                try {
                    return Class.forName(desc.getName(), false, cl);
                } catch (ClassNotFoundException e) {
                    // fall back to the default resolution
                }
            }
            return super.resolveClass(desc);
        }
    }
}
