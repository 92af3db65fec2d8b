package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.model.Names;

/** A RedrivePolicy sent to an SQS server names its dead-letter queue by the server's ARN. */
class RedriveTest {
    private static final UnaryOperator<String> SERVER_ARN = name -> "arn:aws:sqs:elasticmq:000000000000:" + name;

    @Test
    void targetByNameBecomesTheServersArn() {
        assertEquals("{\"deadLetterTargetArn\":\"arn:aws:sqs:elasticmq:000000000000:dlq\",\"maxReceiveCount\":3}",
                Redrive.toServer("{\"deadLetterTargetArn\":\"dlq\",\"maxReceiveCount\":3}", SERVER_ARN));
    }

    @Test
    void targetByWharfsArnBecomesTheServersArn() {
        assertEquals("{\"deadLetterTargetArn\":\"arn:aws:sqs:elasticmq:000000000000:dlq.fifo\",\"maxReceiveCount\":5}",
                Redrive.toServer("{\"deadLetterTargetArn\":\"" + Names.arn("dlq.fifo") + "\",\"maxReceiveCount\":5}",
                        SERVER_ARN));
    }

    @Test
    void targetByAServersArnIsLeftAsItIs() {
        String policy = "{\"deadLetterTargetArn\": \"arn:aws:sqs:eu-west-1:123456789012:dlq\", \"maxReceiveCount\": \"3\"}";
        assertSame(policy, Redrive.toServer(policy, SERVER_ARN));
    }
}
