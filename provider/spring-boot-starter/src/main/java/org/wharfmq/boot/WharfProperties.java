package org.wharfmq.boot;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The {@code wharf.*} properties: the store, the credentials and the queues declared at startup. */
@ConfigurationProperties("wharf")
public class WharfProperties {

    /**
     * Store URL with its connection options, e.g. wharf:derby:/var/lib/wharf?visibilityTimeout=60.
     * Default: an embedded Derby store in wharf-store under the working directory.
     */
    private String url;

    /** User of the connections the factory opens (the URL's user option, when set, must match). */
    private String user;

    /** Password of wharf.user. */
    private String password;

    /**
     * Queues created or updated at startup, before any listener starts: queue name and attribute
     * name joined by the last dot, e.g. wharf.queues.orders.fifo.VisibilityTimeout=60 or
     * wharf.queues[orders.fifo].VisibilityTimeout=60.
     */
    private Map<String, String> queues = new LinkedHashMap<>();

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public String getUser() {
        return user;
    }

    public void setUser(String user) {
        this.user = user;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public Map<String, String> getQueues() {
        return queues;
    }

    public void setQueues(Map<String, String> queues) {
        this.queues = queues;
    }
}
