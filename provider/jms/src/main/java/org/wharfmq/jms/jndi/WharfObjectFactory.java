package org.wharfmq.jms.jndi;

import java.util.Hashtable;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.RefAddr;
import javax.naming.Reference;
import javax.naming.spi.ObjectFactory;
import org.wharfmq.jms.WharfConnectionFactory;

/** Rebuilds a {@link WharfConnectionFactory} from the Reference it binds itself as. */
public final class WharfObjectFactory implements ObjectFactory {
    @Override
    public Object getObjectInstance(Object obj, Name name, Context nameCtx, Hashtable<?, ?> environment) {
        if (!(obj instanceof Reference ref) || !WharfConnectionFactory.class.getName().equals(ref.getClassName())) {
            return null;
        }
        WharfConnectionFactory f = new WharfConnectionFactory(value(ref, "url"));
        f.setClientID(value(ref, "clientID"));
        f.setUser(value(ref, "user"));
        f.setPassword(value(ref, "password"));
        return f;
    }

    private static String value(Reference ref, String type) {
        RefAddr a = ref.get(type);
        return a == null ? null : (String) a.getContent();
    }
}
