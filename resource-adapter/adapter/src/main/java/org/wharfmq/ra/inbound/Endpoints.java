package org.wharfmq.ra.inbound;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jakarta.resource.NotSupportedException;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ActivationSpec;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import jakarta.resource.spi.work.WorkManager;

/** The adapter's active message endpoints, by endpoint factory and activation spec. */
public final class Endpoints {
    private record Key(MessageEndpointFactory factory, ActivationSpec spec) {
    }

    private final String url;
    private final WorkManager workManager;
    private final Map<Key, EndpointActivation> active = new ConcurrentHashMap<>();

    public Endpoints(String url, WorkManager workManager) {
        this.url = url;
        this.workManager = workManager;
    }

    /** Validates the spec and starts delivering to the endpoint. */
    public void activate(MessageEndpointFactory factory, ActivationSpec spec) throws ResourceException {
        if (!(spec instanceof WharfActivationSpec s)) {
            throw new NotSupportedException("Wharf cannot activate " + spec.getClass().getName());
        }
        s.validate();
        EndpointActivation a = new EndpointActivation(url, workManager, factory, s);
        a.start();
        active.put(new Key(factory, spec), a);
    }

    public void deactivate(MessageEndpointFactory factory, ActivationSpec spec) {
        EndpointActivation a = active.remove(new Key(factory, spec));
        if (a != null) {
            a.stop();
        }
    }

    public void stopAll() {
        active.values().forEach(EndpointActivation::stop);
        active.clear();
    }
}
