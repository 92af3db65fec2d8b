package org.wharfmq.cli.console;

import java.lang.reflect.UndeclaredThrowableException;
import javax.management.JMException;
import javax.management.JMRuntimeException;
import javax.management.MBeanException;
import javax.management.ReflectionException;
import javax.management.RuntimeErrorException;
import javax.management.RuntimeMBeanException;
import javax.management.RuntimeOperationsException;

/** The text of a failure of a StoreMXBean call, its JMX and proxy wrappers taken off. */
final class StoreErrors {
    private StoreErrors() {
    }

    /** True if the store refused the call (its reason is the message), false if it could not be reached or failed. */
    static boolean refused(Throwable e) {
        return unwrap(e) instanceof IllegalArgumentException;
    }

    /** The message of the innermost meaningful cause, or its type when it has none. */
    static String cause(Throwable e) {
        Throwable t = unwrap(e);
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        for (int depth = 0; depth < 10; depth++) {
            Throwable inner;
            if (t instanceof UndeclaredThrowableException u) {
                inner = u.getUndeclaredThrowable();
            } else if (t instanceof RuntimeMBeanException r) {
                inner = r.getTargetException();
            } else if (t instanceof RuntimeOperationsException r) {
                inner = r.getTargetException();
            } else if (t instanceof RuntimeErrorException r) {
                inner = r.getTargetError();
            } else if (t instanceof MBeanException m) {
                inner = m.getTargetException();
            } else if (t instanceof ReflectionException r) {
                inner = r.getTargetException();
            } else if (t instanceof JMRuntimeException || t instanceof JMException) {
                inner = t.getCause();
            } else {
                inner = null;
            }
            if (inner == null || inner == t) {
                return t;
            }
            t = inner;
        }
        return t;
    }
}
