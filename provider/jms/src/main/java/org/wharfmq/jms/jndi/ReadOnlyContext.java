package org.wharfmq.jms.jndi;

import java.util.Collections;
import java.util.Hashtable;
import java.util.Map;
import javax.naming.Binding;
import javax.naming.CompositeName;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.NameClassPair;
import javax.naming.NameNotFoundException;
import javax.naming.NameParser;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.OperationNotSupportedException;
import org.wharfmq.jms.WharfConnectionFactory;

/** A flat, read-only naming context over fixed bindings. */
final class ReadOnlyContext implements Context {
    private final Map<String, Object> bindings;
    private final Hashtable<Object, Object> environment;

    ReadOnlyContext(Map<String, Object> bindings, Hashtable<?, ?> environment) {
        this.bindings = Map.copyOf(bindings);
        this.environment = new Hashtable<>(environment);
    }

    @Override
    public Object lookup(String name) throws NamingException {
        if (name.isEmpty()) {
            return this;
        }
        Object o = bindings.get(name);
        if (o == null) {
            throw new NameNotFoundException("'" + name + "' is not bound; bound names: " + bindings.keySet());
        }
        return o;
    }

    @Override
    public Object lookup(Name name) throws NamingException {
        return lookup(name.toString());
    }

    @Override
    public NamingEnumeration<NameClassPair> list(String name) throws NamingException {
        checkRoot(name);
        return new Enumerated<>(bindings.entrySet().stream()
                .map(e -> new NameClassPair(e.getKey(), e.getValue().getClass().getName())).toList());
    }

    @Override
    public NamingEnumeration<NameClassPair> list(Name name) throws NamingException {
        return list(name.toString());
    }

    @Override
    public NamingEnumeration<Binding> listBindings(String name) throws NamingException {
        checkRoot(name);
        return new Enumerated<>(bindings.entrySet().stream().map(e -> new Binding(e.getKey(), e.getValue())).toList());
    }

    @Override
    public NamingEnumeration<Binding> listBindings(Name name) throws NamingException {
        return listBindings(name.toString());
    }

    private static void checkRoot(String name) throws NamingException {
        if (!name.isEmpty()) {
            throw new NameNotFoundException("'" + name + "' is not a context");
        }
    }

    @Override
    public NameParser getNameParser(String name) {
        return CompositeName::new;
    }

    @Override
    public NameParser getNameParser(Name name) {
        return CompositeName::new;
    }

    @Override
    public String composeName(String name, String prefix) {
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    @Override
    public Name composeName(Name name, Name prefix) throws NamingException {
        return ((Name) prefix.clone()).addAll(name);
    }

    @Override
    public Hashtable<?, ?> getEnvironment() {
        return new Hashtable<>(environment);
    }

    @Override
    public Object addToEnvironment(String propName, Object propVal) {
        return environment.put(propName, propVal);
    }

    @Override
    public Object removeFromEnvironment(String propName) {
        return environment.remove(propName);
    }

    /** Lets go of the stores this context's connection factories opened (see WharfConnectionFactory.close). */
    @Override
    public void close() {
        for (Object o : bindings.values()) {
            if (o instanceof WharfConnectionFactory f) {
                f.close();
            }
        }
    }

    @Override
    public String getNameInNamespace() {
        return "";
    }

    private static OperationNotSupportedException readOnly() {
        return new OperationNotSupportedException("Wharf's JNDI context is read-only; configure it with properties");
    }

    @Override
    public void bind(Name name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void bind(String name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rebind(Name name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rebind(String name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void unbind(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public void unbind(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rename(Name oldName, Name newName) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rename(String oldName, String newName) throws NamingException {
        throw readOnly();
    }

    @Override
    public void destroySubcontext(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public void destroySubcontext(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public Context createSubcontext(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public Context createSubcontext(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public Object lookupLink(Name name) throws NamingException {
        return lookup(name);
    }

    @Override
    public Object lookupLink(String name) throws NamingException {
        return lookup(name);
    }

    /** A NamingEnumeration over a list. */
    private static final class Enumerated<T> implements NamingEnumeration<T> {
        private final java.util.Iterator<T> it;

        Enumerated(java.util.List<T> items) {
            this.it = items.iterator();
        }

        @Override
        public T next() {
            return it.next();
        }

        @Override
        public boolean hasMore() {
            return it.hasNext();
        }

        @Override
        public void close() {
        }

        @Override
        public boolean hasMoreElements() {
            return it.hasNext();
        }

        @Override
        public T nextElement() {
            return it.next();
        }
    }

    @Override
    public String toString() {
        return "Wharf JNDI " + Collections.unmodifiableSet(bindings.keySet());
    }
}
