package org.wharfmq.store.contract.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.QUEUE_ALREADY_EXISTS;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Wharf's queue attribute RedeliveryPolicy (not the model's): kept with the queue, shown by
 * GetQueueAttributes in its canonical JSON, validated with errors naming the bad value.
 */
public abstract class RedeliveryPolicyContract extends StoreFixture {
    private static final String POLICY = "RedeliveryPolicy";

    private String policy(String url) {
        return store.getQueueAttributes(url, List.of(POLICY)).get(POLICY);
    }

    @Test
    void policyGivenAtCreationIsShownInCanonicalForm() {
        String url = queue("q", Map.of(POLICY, "{\"initialDelaySeconds\":1,\"multiplier\":2.0,\"maxDelaySeconds\":300}"));
        assertEquals("{\"initialDelaySeconds\":1,\"multiplier\":2,\"maxDelaySeconds\":300}", policy(url));
        assertEquals(policy(url), store.getQueueAttributes(url, List.of("All")).get(POLICY));
    }

    @Test
    void omittedFieldsTakeMultiplierOneAndMaximumDelay() {
        String url = queue("q", Map.of(POLICY, "{\"initialDelaySeconds\":5}"));
        assertEquals("{\"initialDelaySeconds\":5,\"multiplier\":1,\"maxDelaySeconds\":43200}", policy(url));
    }

    @Test
    void queueWithoutAPolicyShowsNone() {
        String url = queue("q", Map.of());
        assertFalse(store.getQueueAttributes(url, List.of("All")).containsKey(POLICY));
        assertEquals(null, policy(url));
    }

    @Test
    void setQueueAttributesChangesAndBlankRemovesThePolicy() {
        String url = queue("q", Map.of());
        store.setQueueAttributes(url, Map.of(POLICY, "{\"initialDelaySeconds\":2,\"multiplier\":1.5,\"maxDelaySeconds\":60}"));
        assertEquals("{\"initialDelaySeconds\":2,\"multiplier\":1.5,\"maxDelaySeconds\":60}", policy(url));

        store.setQueueAttributes(url, Map.of(POLICY, ""));

        assertEquals(null, policy(url));
    }

    @Test
    void creatingAnExistingQueueWithAnotherPolicyIsQueueAlreadyExists() {
        String url = queue("q", Map.of(POLICY, "{\"initialDelaySeconds\":1}"));
        assertEquals(url, queue("q", Map.of(POLICY, "{\"initialDelaySeconds\":1}")));
        fails(QUEUE_ALREADY_EXISTS, "q", () -> queue("q", Map.of(POLICY, "{\"initialDelaySeconds\":2}")));
        assertEquals("{\"initialDelaySeconds\":1,\"multiplier\":1,\"maxDelaySeconds\":43200}", policy(url));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"initialDelaySeconds\":43201}                                       | 43201",
        "{\"initialDelaySeconds\":-1}                                          | -1",
        "{\"initialDelaySeconds\":1,\"multiplier\":0.5}                        | 0.5",
        "{\"initialDelaySeconds\":1,\"multiplier\":10.5}                       | 10.5",
        "{\"initialDelaySeconds\":1,\"multiplier\":\"fast\"}                   | fast",
        "{\"initialDelaySeconds\":10,\"maxDelaySeconds\":5}                    | maxDelaySeconds 5",
        "{\"initialDelaySeconds\":1,\"maxDelaySeconds\":50000}                 | 50000",
        "{\"multiplier\":2}                                                    | initialDelaySeconds",
        "{\"initialDelaySeconds\":1,\"colour\":\"red\"}                        | colour",
        "{oops                                                                 | {oops"})
    void badPolicyIsRejectedNamingItsValueAndChangesNothing(String json, String named) {
        String url = queue("q", Map.of(POLICY, "{\"initialDelaySeconds\":3}"));
        String before = policy(url);

        fails(INVALID_PARAMETER_VALUE, named, () -> store.setQueueAttributes(url,
                Map.of(POLICY, json, "VisibilityTimeout", "7")));
        fails(INVALID_PARAMETER_VALUE, named, () -> queue("other", Map.of(POLICY, json)));

        assertEquals(before, policy(url));
        assertEquals(30, count(url, "VisibilityTimeout"));
        assertEquals(List.of(url), store.listQueues(null));
    }
}
