package org.wharfmq.store.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/** The RedrivePolicy format: one strict parse for the model, lenient readers for targets it leaves to a server. */
class RedrivePolicyTest {

    @Test
    void targetByNameOrWharfsArnNamesTheQueue() {
        assertEquals(new RedrivePolicy("dlq", 3),
                RedrivePolicy.parse("{\"deadLetterTargetArn\":\"dlq\",\"maxReceiveCount\":3}"));
        assertEquals(new RedrivePolicy("dlq", 3), RedrivePolicy.parse(
                "{\"maxReceiveCount\":\"3\", \"deadLetterTargetArn\":\"" + Names.arn("dlq") + "\"}"));
        assertNull(RedrivePolicy.parse(""));
    }

    @Test
    void policyIsShownWithWharfsArn() {
        assertEquals("{\"deadLetterTargetArn\":\"arn:wharf:sqs:local:000000000000:dlq\",\"maxReceiveCount\":5}",
                new RedrivePolicy("dlq", 5).toJson());
        assertEquals(new RedrivePolicy("dlq", 5), RedrivePolicy.parse(new RedrivePolicy("dlq", 5).toJson()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"deadLetterTargetArn\":\"dlq\",\"maxReceiveCount\":0}       | maxReceiveCount 0 is out of range 1..1000",
        "{\"deadLetterTargetArn\":\"dlq\",\"maxReceiveCount\":1001}    | maxReceiveCount 1001 is out of range 1..1000",
        "{\"deadLetterTargetArn\":\"dlq\",\"maxReceiveCount\":\"x\"}   | maxReceiveCount 'x' is not a number",
        "{\"deadLetterTargetArn\":\"bad name\",\"maxReceiveCount\":3}  | 'bad name'",
        "{\"deadLetterTargetArn\":\"dlq\"}                             | must hold exactly deadLetterTargetArn and maxReceiveCount",
        "{\"deadLetterTargetArn\":\"dlq\",\"maxReceiveCount\":3,\"x\":1} | must hold exactly",
        "{\"deadLetterTargetArn\":\"dlq\",                             | '{\"deadLetterTargetArn\":\"dlq\",'"})
    void badPolicyFailsNamingTheBadValue(String json, String named) {
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> RedrivePolicy.parse(json));
        assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        assertTrue(e.detail().contains(named), e.detail());
    }

    @Test
    void deadLetterNameIsTheTargetAfterItsLastColon() {
        assertEquals("dlq", RedrivePolicy.deadLetterNameOf("{\"deadLetterTargetArn\":\"dlq\",\"maxReceiveCount\":3}"));
        assertEquals("dlq", RedrivePolicy.deadLetterNameOf(new RedrivePolicy("dlq", 3).toJson()));
        assertEquals("dev-dlq.fifo", RedrivePolicy.deadLetterNameOf(
                "{\"deadLetterTargetArn\":\"arn:aws:sqs:eu-west-1:123456789012:dev-dlq.fifo\"}"));
    }

    @Test
    void deadLetterNameOfNoPolicyOrAnUnreadableOneIsNull() {
        assertNull(RedrivePolicy.deadLetterNameOf(null));
        assertNull(RedrivePolicy.deadLetterNameOf(""));
        assertNull(RedrivePolicy.deadLetterNameOf("{oops"));
        assertNull(RedrivePolicy.deadLetterNameOf("{\"maxReceiveCount\":3}"));
        assertNull(RedrivePolicy.deadLetterNameOf("{\"deadLetterTargetArn\":\"arn:x:\"}"));
    }

    @Test
    void maxReceiveCountIsReadAsWrittenOrZero() {
        assertEquals(3, RedrivePolicy.maxReceiveCountOf(
                "{\"deadLetterTargetArn\":\"arn:aws:sqs:eu-west-1:123456789012:dlq\",\"maxReceiveCount\":\"3\"}"));
        assertEquals(5, RedrivePolicy.maxReceiveCountOf(new RedrivePolicy("dlq", 5).toJson()));
        assertEquals(0, RedrivePolicy.maxReceiveCountOf(null));
        assertEquals(0, RedrivePolicy.maxReceiveCountOf("{oops"));
        assertEquals(0, RedrivePolicy.maxReceiveCountOf("{\"deadLetterTargetArn\":\"dlq\"}"));
        assertEquals(0, RedrivePolicy.maxReceiveCountOf("{\"deadLetterTargetArn\":\"dlq\",\"maxReceiveCount\":\"x\"}"));
    }

    @Test
    void withTargetRewritesOnlyTheTarget() {
        assertEquals("{\"deadLetterTargetArn\":\"arn:server:dlq\",\"maxReceiveCount\":3}", RedrivePolicy.withTarget(
                "{ \"deadLetterTargetArn\" : \"dlq\", \"maxReceiveCount\" : 3 }", t -> "arn:server:" + t));
    }

    @Test
    void withTargetKeepsTheTextWhenNothingChanges() {
        String unchanged = "{ \"deadLetterTargetArn\" : \"arn:aws:sqs:r:1:dlq\", \"maxReceiveCount\" : 3 }";
        assertSame(unchanged, RedrivePolicy.withTarget(unchanged, t -> t));
        String unreadable = "{\"deadLetterTargetArn\":";
        assertSame(unreadable, RedrivePolicy.withTarget(unreadable, t -> "arn:server:" + t));
    }
}
