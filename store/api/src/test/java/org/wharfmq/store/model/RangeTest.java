package org.wharfmq.store.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/** A range includes both ends and names the value and the range when it refuses one. */
class RangeTest {

    @Test
    void bothEndsAreIn() {
        assertTrue(Ranges.VISIBILITY_TIMEOUT.contains(0));
        assertTrue(Ranges.VISIBILITY_TIMEOUT.contains(43200));
        assertFalse(Ranges.VISIBILITY_TIMEOUT.contains(-1));
        assertFalse(Ranges.VISIBILITY_TIMEOUT.contains(43201));
    }

    @Test
    void checkReturnsAValueInRange() {
        assertEquals(900, Ranges.DELAY_SECONDS.check("DelaySeconds", 900));
    }

    @Test
    void checkFailsNamingWhatTheValueAndTheRange() {
        QueueServiceException e = assertThrows(QueueServiceException.class,
                () -> Ranges.VISIBILITY_TIMEOUT.check("VisibilityTimeout", 43201));
        assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        assertEquals("VisibilityTimeout 43201 is out of range 0..43200", e.detail());
    }

    @Test
    void anEmptyRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Range(2, 1));
    }

    @Test
    void aBatchHoldsOneToMaxBatchEntries() {
        assertEquals(new Range(1, 10), Ranges.BATCH);
    }
}
