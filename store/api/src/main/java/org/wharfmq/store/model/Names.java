package org.wharfmq.store.model;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;

import java.util.regex.Pattern;
import org.wharfmq.store.QueueServiceException;

/** Queue names, URLs and ARNs. */
public final class Names {
    public static final String URL_PREFIX = "wharf://queues/";
    public static final String ARN_PREFIX = "arn:wharf:sqs:local:000000000000:";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,80}(\\.fifo)?");

    private Names() {
    }

    /** Checks a queue name and tells whether it is a FIFO one. */
    public static boolean checkQueueName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue name '" + name
                    + "' is not 1..80 characters of A-Z a-z 0-9 _ - (plus .fifo for a FIFO queue)");
        }
        return isFifo(name);
    }

    public static boolean isFifo(String name) {
        return name.endsWith(".fifo");
    }

    public static String url(String name) {
        return URL_PREFIX + name;
    }

    public static String arn(String name) {
        return ARN_PREFIX + name;
    }

    /** The queue name in a queue URL. */
    public static String nameOfUrl(String url) {
        if (url == null || !url.startsWith(URL_PREFIX) || url.length() == URL_PREFIX.length()) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "no queue has the URL '" + url + "'");
        }
        return url.substring(URL_PREFIX.length());
    }

    /** True for a dead-letter target that is an ARN but not Wharf's: a server's, taken as it is. */
    public static boolean isServerArn(String target) {
        return target.startsWith("arn:") && !target.startsWith(ARN_PREFIX);
    }

    /** The queue name in a dead-letter target: Wharf's ARN or a plain name. */
    static String queueNameOfTarget(String target) {
        String name = target.startsWith(ARN_PREFIX) ? target.substring(ARN_PREFIX.length()) : target;
        checkQueueName(name);
        return name;
    }
}
