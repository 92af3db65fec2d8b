package org.wharfmq.ra.outbound;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashSet;
import java.util.Set;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSProducer;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;

/**
 * What an application gets for a consumer or producer a handle made: a proxy of the physical
 * object's JMS interfaces that refuses the calls {@link ContainerRules} forbids (message
 * listeners, asynchronous sends) and passes the others on.
 */
final class Guarded implements InvocationHandler {
    private final Object target;
    private final Object proxy;

    private Guarded(Object target, Class<?>[] interfaces) {
        this.target = target;
        this.proxy = Proxy.newProxyInstance(Guarded.class.getClassLoader(), interfaces, this);
    }

    /** {@code physical} behind a proxy if it is a consumer or producer; anything else as it is. */
    static Object wrap(Object physical) {
        if (physical instanceof MessageConsumer || physical instanceof MessageProducer
                || physical instanceof JMSConsumer || physical instanceof JMSProducer) {
            return new Guarded(physical, jmsInterfaces(physical.getClass())).proxy;
        }
        return physical;
    }

    /** The jakarta.jms interfaces {@code type} implements, so a QueueReceiver stays one. */
    private static Class<?>[] jmsInterfaces(Class<?> type) {
        Set<Class<?>> found = new LinkedHashSet<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (i.getPackageName().equals("jakarta.jms")) {
                    found.add(i);
                }
            }
        }
        return found.toArray(Class<?>[]::new);
    }

    @Override
    public Object invoke(Object self, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> self == args[0];
                case "hashCode" -> System.identityHashCode(self);
                default -> target.toString();
            };
        }
        String why = ContainerRules.refusal(method);
        if (why != null) {
            throw ContainerRules.refused(method, why);
        }
        try {
            Object result = method.invoke(target, args);
            // A JMSProducer's setters return the producer: the application keeps the proxy.
            return result == target ? proxy : result;
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
