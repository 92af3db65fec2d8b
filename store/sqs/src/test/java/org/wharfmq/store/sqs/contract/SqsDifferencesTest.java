package org.wharfmq.store.sqs.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.contract.Rules;

/** The rules the SQS backend declares it keeps otherwise: each one a rule of the suite, citing AWS's or Yandex's documentation. */
class SqsDifferencesTest {

    @Test
    void everyDifferenceIsARuleOfTheSuiteAndCitesTheServicesDocumentation() {
        for (Map.Entry<String, String> d : SqsBackends.SQS.differences().entrySet()) {
            assertTrue(Rules.DIFFERABLE.contains(d.getKey()), d.getKey());
            assertTrue(d.getValue().contains("https://docs.aws.amazon.com/AWSSimpleQueueService/")
                    || d.getValue().contains("https://github.com/yandex-cloud/docs/"), d.toString());
        }
    }

    @Test
    void aMarkedTestIsSkippedQuotingTheRuleAndItsReason() {
        String reason = SqsBackends.DIFFERENCES.get(Rules.STALE_RECEIPT_HANDLE);
        assertEquals(SqsBackends.SQS.name() + " differs from the model on rule 'stale-receipt-handle': " + reason,
                SqsBackends.SQS.difference(Rules.STALE_RECEIPT_HANDLE).orElseThrow());
        assertTrue(SqsBackends.SQS.difference(Rules.SERVER_CLOCK).isPresent());
    }
}
