package org.wharfmq.ra.outbound;

import java.lang.reflect.Method;
import java.util.Arrays;
import jakarta.jms.CompletionListener;
import jakarta.jms.IllegalStateException;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * The calls Jakarta Messaging 3.1 section 12.2 forbids in the web and EJB containers, and the
 * errors the handles throw for them.
 */
final class ContainerRules {
    static final String THREADS = "it would run application code on a thread the container does not manage"
            + " (Jakarta Messaging 12.2); receive asynchronously with a message-driven bean";
    static final String CONNECTION = "the container manages the connection (Jakarta Messaging 12.2)";
    static final String CLIENT_ID = CONNECTION + "; set a client identifier on the connection factory";
    static final String ASYNC_SEND = "an asynchronous send is not permitted (Jakarta Messaging 12.2);"
            + " send synchronously";
    static final String ONE_SESSION = "a Jakarta EE component has at most one active session per connection"
            + " (Jakarta Messaging 12.2)";

    private ContainerRules() {
    }

    /** Why a Jakarta EE component may not call {@code method}, or null if it may. */
    static String refusal(Method method) {
        Class<?> api = method.getDeclaringClass();
        String name = method.getName();
        if (MessageConsumer.class.isAssignableFrom(api) || JMSConsumer.class.isAssignableFrom(api)) {
            return name.equals("setMessageListener") || name.equals("getMessageListener") ? THREADS : null;
        }
        if (MessageProducer.class.isAssignableFrom(api)) {
            Class<?>[] types = method.getParameterTypes();
            return name.equals("send") && types.length > 0 && types[types.length - 1] == CompletionListener.class
                    ? ASYNC_SEND : null;
        }
        if (JMSProducer.class.isAssignableFrom(api)) {
            return name.equals("setAsync") ? ASYNC_SEND : null;
        }
        if (Session.class.isAssignableFrom(api)) {
            return switch (name) {
                case "setMessageListener", "getMessageListener", "run" -> THREADS;
                default -> null;
            };
        }
        if (JMSContext.class.isAssignableFrom(api)) {
            return switch (name) {
                case "setClientID" -> CLIENT_ID;
                case "setExceptionListener", "stop" -> CONNECTION;
                case "createContext" -> "the context already has its connection's session, and " + ONE_SESSION;
                default -> null;
            };
        }
        return null;
    }

    /**
     * The error for a forbidden call: IllegalStateException where the method may throw a
     * JMSException (the classic API), IllegalStateRuntimeException where not.
     */
    static Exception refused(Method method, String why) {
        String call = method.getDeclaringClass().getSimpleName() + "." + method.getName();
        if (ASYNC_SEND.equals(why) && method.getName().equals("send")) {
            call += " with a CompletionListener";
        }
        String message = call + " is not allowed in a Jakarta EE component: " + why;
        return Arrays.asList(method.getExceptionTypes()).contains(JMSException.class)
                ? new IllegalStateException(message) : new IllegalStateRuntimeException(message);
    }

    /** The checked error for a forbidden {@code Connection} call. */
    static IllegalStateException refused(String call, String why) {
        return new IllegalStateException(call + " is not allowed in a Jakarta EE component: " + why);
    }
}
