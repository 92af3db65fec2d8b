package org.wharfmq.store.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The backoff's arithmetic: initial, times the multiplier per receive, capped, in whole seconds. */
class RedeliveryPolicyDelayTest {

    private static List<Integer> delays(RedeliveryPolicy r, int receives) {
        return IntStream.rangeClosed(1, receives).map(r::delaySeconds).boxed().toList();
    }

    @Test
    void delayGrowsByTheMultiplierUpToTheMaximum() {
        assertEquals(List.of(1, 2, 4, 8, 16, 30, 30), delays(new RedeliveryPolicy(1, 2.0, 30), 7));
    }

    @Test
    void fractionalDelaysRoundToTheNearestSecond() {
        assertEquals(List.of(2, 3, 5, 7, 10), delays(new RedeliveryPolicy(2, 1.5, 100), 5));
    }

    @Test
    void multiplierOneKeepsTheDelayConstant() {
        assertEquals(List.of(5, 5, 5), delays(new RedeliveryPolicy(5, 1.0, 43200), 3));
    }

    @Test
    void manyReceivesStayAtTheMaximum() {
        assertEquals(43200, new RedeliveryPolicy(1, 10.0, 43200).delaySeconds(10_000));
    }

    @Test
    void anUnknownReceiveCountCountsAsTheFirst() {
        assertEquals(3, new RedeliveryPolicy(3, 2.0, 60).delaySeconds(0));
    }
}
