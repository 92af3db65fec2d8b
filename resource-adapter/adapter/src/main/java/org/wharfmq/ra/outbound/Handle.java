package org.wharfmq.ra.outbound;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.QueueBrowser;

/**
 * What an application holds of a pooled connection: a proxy of JMS interfaces that passes calls to
 * the managed connection's physical object, refuses the calls a Jakarta EE component may not make
 * ({@link ContainerRules}), hands out its consumers and producers {@link Guarded} likewise, and on
 * {@code close} closes what it opened and gives the managed connection back to the server.
 */
abstract class Handle implements InvocationHandler, ApplicationHandle {
    private final Object proxy;
    private final List<AutoCloseable> opened = new CopyOnWriteArrayList<>();
    private volatile WharfManagedConnection owner;
    private volatile boolean closed;

    Handle(WharfManagedConnection owner, Class<?>... interfaces) {
        this.owner = owner;
        this.proxy = Proxy.newProxyInstance(Handle.class.getClassLoader(), interfaces, this);
    }

    /** The handle behind a proxy, or null if it is not one. */
    static Handle of(Object proxy) {
        return proxy != null && Proxy.isProxyClass(proxy.getClass())
                && Proxy.getInvocationHandler(proxy) instanceof Handle h ? h : null;
    }

    @Override
    public Object api() {
        return proxy;
    }

    @Override
    public WharfManagedConnection owner() {
        return owner;
    }

    @Override
    public void reassociate(WharfManagedConnection to) {
        owner = to;
    }

    /** The physical object calls go to. */
    abstract Object target();

    /** What a call on a closed handle throws. */
    abstract Exception closedError();

    /** What {@link #intercept} returns to pass a call on. */
    static final Object PASS = new Object();

    /** The result of a method this handle implements itself, or {@link #PASS} to pass the call on. */
    Object intercept(Method method, Object[] args) throws Exception {
        return PASS;
    }

    @Override
    public final Object invoke(Object self, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> self == args[0];
                case "hashCode" -> System.identityHashCode(self);
                default -> "Wharf " + kind() + " handle" + (closed ? " (closed)" : "");
            };
        }
        if (method.getName().equals("close") && method.getParameterCount() == 0) {
            close();
            return null;
        }
        if (closed) {
            throw closedError();
        }
        String why = ContainerRules.refusal(method);
        if (why != null) {
            throw ContainerRules.refused(method, why);
        }
        Object own = intercept(method, args);
        if (own != PASS) {
            return own;
        }
        try {
            Object result = method.invoke(target(), args);
            if (result instanceof MessageConsumer || result instanceof MessageProducer
                    || result instanceof QueueBrowser || result instanceof JMSConsumer) {
                opened.add((AutoCloseable) result);
            }
            return Guarded.wrap(result);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    boolean isClosed() {
        return closed;
    }

    /** The application closes the handle. */
    void close() throws JMSException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            closeOpened();
        } catch (JMSException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            JMSException j = new JMSException("cannot close what " + kind() + " handle opened: " + e.getMessage());
            j.initCause(e);
            throw j;
        } finally {
            afterClose();
        }
    }

    /** What closing the handle means beyond closing what it opened. */
    abstract void afterClose();

    @Override
    public void invalidate() throws Exception {
        closed = true;
        closeOpened();
    }

    private void closeOpened() throws Exception {
        Exception first = null;
        for (AutoCloseable c : opened) {
            try {
                c.close();
            } catch (Exception e) {
                first = first == null ? e : first;
            }
        }
        opened.clear();
        if (first != null) {
            throw first;
        }
    }
}
