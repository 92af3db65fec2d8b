package org.wharfmq.store.sqs;

import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.wharfmq.store.model.Names;

/** A RedrivePolicy whose dead-letter target is a queue name or Wharf's ARN, rewritten with the server's ARN. */
final class Redrive {
    private static final Pattern TARGET = Pattern.compile("(\"deadLetterTargetArn\"\\s*:\\s*\")([^\"]*)(\")");

    private Redrive() {
    }

    /** {@code policy} with its target as the server's ARN; {@code arnOfName} looks up a queue's ARN by name. */
    static String toServer(String policy, UnaryOperator<String> arnOfName) {
        Matcher m = TARGET.matcher(policy);
        if (!m.find()) {
            return policy;
        }
        String target = m.group(2);
        String name;
        if (target.startsWith(Names.ARN_PREFIX)) {
            name = target.substring(Names.ARN_PREFIX.length());
        } else if (target.startsWith("arn:")) {
            return policy;
        } else {
            name = target;
        }
        return policy.substring(0, m.start(2)) + arnOfName.apply(name) + policy.substring(m.end(2));
    }
}
