package org.wharfmq.store.sqs;

import java.util.function.UnaryOperator;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.RedrivePolicy;

/** A RedrivePolicy whose dead-letter target is a queue name or Wharf's ARN, rewritten with the server's ARN. */
final class Redrive {

    private Redrive() {
    }

    /**
     * {@code policy} with its target as the server's ARN; {@code arnOfName} looks up a queue's ARN by
     * name. A target that is a server's ARN already, or a policy the model cannot read, is left to
     * the server as it is.
     */
    static String toServer(String policy, UnaryOperator<String> arnOfName) {
        return RedrivePolicy.withTarget(policy, target -> {
            if (Names.isServerArn(target)) {
                return target;
            }
            return arnOfName.apply(target.startsWith(Names.ARN_PREFIX)
                    ? target.substring(Names.ARN_PREFIX.length()) : target);
        });
    }
}
