package org.wharfmq.jms.face;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import jakarta.jms.InvalidSelectorException;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.OptionProblem;
import org.wharfmq.jms.Wharf;

/** The face's checks: a URL printed without its secrets, a selector and a redelivery backoff checked before use. */
class WharfChecksTest {

    @Test
    void aPrintableUrlHidesTheSecretAndKeepsTheRest() {
        String printed = Wharf.printable("wharf:sqs:http://127.0.0.1:9324?accessKeyId=AKIA1&secretAccessKey=s3cr3t"
                + "&prefix=p-");
        assertEquals("wharf:sqs:http://127.0.0.1:9324?accessKeyId=AKIA1&secretAccessKey=***&prefix=p-", printed);
        assertEquals("wharf:memory:x?password=***", Wharf.printable("wharf:memory:x?password=hunter2"));
    }

    @Test
    void aBadSelectorIsRefusedNamingItsProblem() {
        InvalidSelectorException e = assertThrows(InvalidSelectorException.class,
                () -> Wharf.checkSelector("color = 'red"));
        assertTrue(e.getMessage().contains("color = 'red"), e.getMessage());
    }

    @Test
    void aGoodOrEmptySelectorPasses() {
        assertDoesNotThrow(() -> Wharf.checkSelector("color = 'red' AND weight > 2"));
        assertDoesNotThrow(() -> Wharf.checkSelector(null));
        assertDoesNotThrow(() -> Wharf.checkSelector(" "));
    }

    @Test
    void aConsumerOptionIsCheckedAgainstTheModelsRange() {
        assertEquals(Optional.empty(), Wharf.checkOption("visibilityTimeout", 1));
        assertEquals(Optional.empty(), Wharf.checkOption("visibilityTimeout", null));
        assertEquals(problem("visibilityTimeout", 0, "use 1..43200 seconds"), Wharf.checkOption("visibilityTimeout", 0));
        assertEquals(problem("visibilityTimeout", 43201, "use 1..43200 seconds"),
                Wharf.checkOption("visibilityTimeout", 43201));
        assertEquals(problem("prefetch", 10, "use 0..9"), Wharf.checkOption("prefetch", 10));
        assertEquals(problem("waitTimeSeconds", 0, "use 1..20 seconds"), Wharf.checkOption("waitTimeSeconds", 0));
        assertEquals(problem("visibilityExtensionLimit", 0, "use 1..43200 seconds"),
                Wharf.checkOption("visibilityExtensionLimit", 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Wharf.checkOption("prefetchh", 1));
        assertTrue(e.getMessage().contains("'prefetchh'"), e.getMessage());
    }

    @Test
    void aRedeliveryBackoffInRangeHasNoProblem() {
        assertEquals(Optional.empty(), Wharf.checkRedelivery(1, 2.5, 43_200));
        assertEquals(Optional.empty(), Wharf.checkRedelivery(0, null, null));
        assertEquals(Optional.empty(), Wharf.checkRedelivery(null, null, null));
    }

    @Test
    void aRedeliveryValueOutOfRangeIsNamedWithItsRange() {
        assertEquals(problem("redeliveryDelay", 43201, "use 0..43200 seconds"),
                Wharf.checkRedelivery(43201, null, null));
        assertEquals(problem("redeliveryMultiplier", Double.NaN, "use 1.0..10.0"),
                Wharf.checkRedelivery(1, Double.NaN, null));
        assertEquals(problem("redeliveryMaxDelay", -1, "use 0..43200 seconds"),
                Wharf.checkRedelivery(1, null, -1));
    }

    @Test
    void aMultiplierOrLongestDelayNeedsTheFirstDelay() {
        assertEquals("set redeliveryDelay, the first delay, too",
                Wharf.checkRedelivery(null, 2.0, null).orElseThrow().hint());
        assertEquals("redeliveryMaxDelay", Wharf.checkRedelivery(null, null, 60).orElseThrow().option());
    }

    @Test
    void theLongestDelayIsAtLeastTheFirst() {
        assertEquals(problem("redeliveryMaxDelay", 5, "use at least redeliveryDelay 10"),
                Wharf.checkRedelivery(10, null, 5));
        assertFalse(Wharf.checkRedelivery(10, null, 10).isPresent());
    }

    private static Optional<OptionProblem> problem(String option, Object value, String hint) {
        return Optional.of(new OptionProblem(option, value, hint));
    }
}
