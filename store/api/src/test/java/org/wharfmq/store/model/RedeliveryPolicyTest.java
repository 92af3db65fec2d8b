package org.wharfmq.store.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.RedeliveryPolicy.Problem;
import org.wharfmq.store.model.RedeliveryPolicy.Rule;

/** The one validation of a redelivery backoff, and the RedeliveryPolicy attribute's JSON. */
class RedeliveryPolicyTest {

    private static Problem problem(Integer initial, Double multiplier, Integer max) {
        return RedeliveryPolicy.check(initial, multiplier, max).orElseThrow();
    }

    @Test
    void partsInRangeHaveNoProblem() {
        assertEquals(Optional.empty(), RedeliveryPolicy.check(0, 1.0, 0));
        assertEquals(Optional.empty(), RedeliveryPolicy.check(43200, 10.0, 43200));
        assertEquals(Optional.empty(), RedeliveryPolicy.check(5, null, null));
        assertEquals(Optional.empty(), RedeliveryPolicy.check(null, null, null));
    }

    @Test
    void delayOutOfRangeNamesFieldValueAndRange() {
        assertEquals(new Problem("initialDelaySeconds", 43201, Rule.OUT_OF_RANGE, 0, 43200),
                problem(43201, null, null));
        assertEquals(new Problem("maxDelaySeconds", -1, Rule.OUT_OF_RANGE, 0, 43200), problem(1, null, -1));
        assertEquals("0..43200", problem(-1, null, null).range());
    }

    @Test
    void multiplierOutOfRangeOrNotANumberIsOutOfRange() {
        assertEquals(new Problem("multiplier", 0.5, Rule.OUT_OF_RANGE, 1.0, 10.0), problem(1, 0.5, null));
        assertEquals("1.0..10.0", problem(1, 10.5, null).range());
        assertEquals(Rule.OUT_OF_RANGE, problem(1, Double.NaN, null).rule());
    }

    @Test
    void multiplierOrMaximumWithoutInitialDelayIsAProblem() {
        assertEquals(new Problem("multiplier", 2.0, Rule.WITHOUT_INITIAL_DELAY, null, null), problem(null, 2.0, null));
        assertEquals(new Problem("maxDelaySeconds", 60, Rule.WITHOUT_INITIAL_DELAY, null, null),
                problem(null, null, 60));
        assertNull(problem(null, null, 60).range());
    }

    @Test
    void maximumBelowInitialDelayNamesTheInitialDelayAsItsMinimum() {
        Problem p = problem(10, null, 5);
        assertEquals(new Problem("maxDelaySeconds", 5, Rule.BELOW_INITIAL_DELAY, 10, 43200), p);
        assertEquals("maxDelaySeconds 5 is below initialDelaySeconds 10", p.message());
    }

    @Test
    void rangesAreCheckedBeforeTheRulesBetweenFields() {
        assertEquals("maxDelaySeconds", problem(null, null, 50000).field());
        assertEquals(Rule.OUT_OF_RANGE, problem(null, null, 50000).rule());
    }

    @Test
    void constructorFailsWithTheProblemInTheModelsWords() {
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> new RedeliveryPolicy(1, 0.5, 10));
        assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        assertEquals("RedeliveryPolicy multiplier 0.5 is out of range 1.0..10.0", e.detail());
    }

    @Test
    void ofFillsTheDefaultsAndGivesNoPolicyForNoParts() {
        assertEquals(new RedeliveryPolicy(5, 1.0, 43200), RedeliveryPolicy.of(5, null, null));
        assertNull(RedeliveryPolicy.of(null, null, null));
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> RedeliveryPolicy.of(null, 2.0, null));
        assertTrue(e.detail().contains("multiplier 2.0"), e.detail());
    }

    @Test
    void parseTakesDefaultsAndShowsTheCanonicalForm() {
        String given = "{\"initialDelaySeconds\":1,\"multiplier\":2.0,\"maxDelaySeconds\":300}";
        assertEquals("{\"initialDelaySeconds\":1,\"multiplier\":2,\"maxDelaySeconds\":300}",
                RedeliveryPolicy.parse(given).toJson());
        assertEquals(new RedeliveryPolicy(5, 1.0, 43200), RedeliveryPolicy.parse(" {\"initialDelaySeconds\": 5} "));
        assertNull(RedeliveryPolicy.parse(" "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"initialDelaySeconds\":43201}                       | initialDelaySeconds 43201 is out of range 0..43200",
        "{\"initialDelaySeconds\":\"soon\"}                    | initialDelaySeconds 'soon' is not a number",
        "{\"initialDelaySeconds\":1,\"multiplier\":\"fast\"}   | multiplier 'fast' is not a number",
        "{\"initialDelaySeconds\":10,\"maxDelaySeconds\":5}    | maxDelaySeconds 5 is below initialDelaySeconds 10",
        "{\"multiplier\":2}                                    | must hold initialDelaySeconds",
        "{\"initialDelaySeconds\":1,\"colour\":\"red\"}        | nothing else",
        "{oops                                                 | '{oops'"})
    void parseFailsNamingTheBadValue(String json, String named) {
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> RedeliveryPolicy.parse(json));
        assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        assertTrue(e.detail().contains(named), e.detail());
    }
}
