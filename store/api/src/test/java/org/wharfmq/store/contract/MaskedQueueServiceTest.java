package org.wharfmq.store.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.XaTransactions;

/** The wrapper hides what it is told to, reports its limits, and forwards everything else. */
class MaskedQueueServiceTest {
    private static final Limits INNER_LIMITS = new Limits(Integer.MAX_VALUE, 262_144, 1, 900_000);

    /** Names of the methods called on the wrapped store, in call order. */
    private final List<String> calls = new ArrayList<>();
    /** A store that, like the Derby one, implements every capability itself. */
    private final QueueService inner = (QueueService) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {QueueService.class, Topics.class, Browsing.class, FilteredReceive.class,
                MessageOptions.class, Transactions.class, XaTransactions.class},
            (proxy, method, args) -> switch (method.getName()) {
                case "extension" -> ((Class<?>) args[0]).isInstance(proxy) ? Optional.of(proxy) : Optional.empty();
                case "limits" -> INNER_LIMITS;
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                case "toString" -> "inner store";
                default -> {
                    calls.add(method.getName());
                    yield method.getReturnType() == int.class ? 0 : null;
                }
            });

    private MaskedQueueService mask(Class<?>... hidden) {
        return new MaskedQueueService(inner, Set.of(hidden));
    }

    @Test
    void hiddenCapabilitiesAreAbsentAndTheOthersAreTheWrappedStores() {
        MaskedQueueService masked = mask(Transactions.class, FilteredReceive.class);

        assertTrue(masked.extension(Transactions.class).isEmpty());
        assertTrue(masked.extension(FilteredReceive.class).isEmpty());
        for (Class<?> shown : List.of(Topics.class, Browsing.class, MessageOptions.class, XaTransactions.class)) {
            assertSame(inner, masked.extension(shown).orElseThrow(), shown.getSimpleName());
        }
    }

    @Test
    void hidingXaTransactionsLeavesLocalTransactions() {
        MaskedQueueService masked = mask(XaTransactions.class);

        assertTrue(masked.extension(XaTransactions.class).isEmpty());
        assertSame(inner, masked.extension(Transactions.class).orElseThrow());
    }

    @Test
    void theWrapperIsNoneOfTheCapabilitiesItself() {
        QueueService masked = mask(Transactions.class);

        for (Class<?> c : Backend.CAPABILITIES) {
            assertFalse(c.isInstance(masked), c.getSimpleName());
        }
        assertSame(masked, masked.extension(Object.class).orElseThrow(), "another type cannot reach the inner store");
    }

    @Test
    void everyQueueServiceMethodIsForwarded() throws Exception {
        MaskedQueueService masked = mask(Backend.CAPABILITIES.toArray(Class<?>[]::new));
        Set<String> expected = new TreeSet<>();
        for (Method m : QueueService.class.getMethods()) {
            if (m.getName().equals("extension") || m.getName().equals("limits")) {
                continue;
            }
            expected.add(m.getName());
            Object[] args = new Object[m.getParameterCount()];
            for (int i = 0; i < args.length; i++) {
                args[i] = m.getParameterTypes()[i] == int.class ? 7 : null;
            }
            m.invoke(masked, args);
        }

        assertEquals(expected, new TreeSet<>(calls));
        assertEquals(expected.size(), calls.size(), "each call forwarded once: " + calls);
    }

    @Test
    void limitsAreTheWrappedStoresWhileMessageOptionsIsShown() {
        assertEquals(INNER_LIMITS, mask(Transactions.class, Topics.class).limits());
    }

    @Test
    void hidingMessageOptionsMakesDelaysWholeSeconds() {
        assertEquals(new Limits(Integer.MAX_VALUE, 262_144, 1_000, 900_000), mask(MessageOptions.class).limits());
    }

    @Test
    void givenLimitsAreReportedAsGiven() {
        assertEquals(Limits.SQS, new MaskedQueueService(inner, Set.of(), Limits.SQS).limits());
    }

    @Test
    void onlyCapabilitiesCanBeHidden() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> mask(Runnable.class));
        assertTrue(e.getMessage().contains("java.lang.Runnable"), e.getMessage());
    }
}
