package org.wharfmq.ra;

import java.lang.reflect.Proxy;
import java.util.Hashtable;
import javax.naming.Context;
import javax.naming.NameNotFoundException;
import javax.naming.spi.InitialContextFactory;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * A server's java:comp/TransactionSynchronizationRegistry for adapter tests, whose status the
 * test sets: JNDI finds it when {@link #install} has named this class the initial context factory.
 */
public final class TestJta implements InitialContextFactory {
    private static volatile int status = Status.STATUS_NO_TRANSACTION;

    private static final TransactionSynchronizationRegistry REGISTRY = (TransactionSynchronizationRegistry)
            Proxy.newProxyInstance(TestJta.class.getClassLoader(),
                    new Class<?>[] {TransactionSynchronizationRegistry.class}, (proxy, method, args) -> {
                        if (method.getName().equals("getTransactionStatus")) {
                            return status;
                        }
                        throw new UnsupportedOperationException(method.getName());
                    });

    static void install() {
        System.setProperty(Context.INITIAL_CONTEXT_FACTORY, TestJta.class.getName());
    }

    static void uninstall() {
        System.clearProperty(Context.INITIAL_CONTEXT_FACTORY);
        status = Status.STATUS_NO_TRANSACTION;
    }

    /** The caller runs in a JTA transaction ({@code true}) or in none. */
    static void inTransaction(boolean active) {
        status = active ? Status.STATUS_ACTIVE : Status.STATUS_NO_TRANSACTION;
    }

    @Override
    public Context getInitialContext(Hashtable<?, ?> environment) {
        return (Context) Proxy.newProxyInstance(TestJta.class.getClassLoader(), new Class<?>[] {Context.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("lookup")
                            && "java:comp/TransactionSynchronizationRegistry".equals(String.valueOf(args[0]))) {
                        return REGISTRY;
                    }
                    if (method.getName().equals("close")) {
                        return null;
                    }
                    throw new NameNotFoundException(String.valueOf(args == null ? method.getName() : args[0]));
                });
    }
}
