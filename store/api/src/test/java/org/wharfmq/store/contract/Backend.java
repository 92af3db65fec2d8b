package org.wharfmq.store.contract;

import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Assumptions;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.FairQueues;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.XaTransactions;

/**
 * A backend as the contract suite sees it: the URLs of fresh stores, and what the backend claims to
 * offer. Each contract class asks its subclass for one; a test that needs more than the backend claims
 * is skipped by an assumption that names what is missing, and a claim the store does not keep fails.
 * A backend that keeps a rule of the model differently (as the SQS API defines it) declares that
 * rule with a reason; the tests of the rule are then skipped by an assumption that quotes both.
 */
public final class Backend {
    /** The optional capabilities a store may offer through {@link QueueService#extension(Class)}. */
    public static final Set<Class<?>> CAPABILITIES = Collections.unmodifiableSet(new LinkedHashSet<>(List.of(
            Topics.class, Browsing.class, FilteredReceive.class, MessageOptions.class, Transactions.class,
            XaTransactions.class, MessageMoves.class, QueueStatistics.class, FairQueues.class,
            ArrivalNotification.class)));

    private final String name;
    private final UnaryOperator<String> storeUrl;
    private final Function<Path, String> durableUrl;
    private final Set<Class<?>> capabilities;
    private final boolean crashTests;
    private final Map<String, String> differences;
    private final boolean shared;

    private Backend(String name, UnaryOperator<String> storeUrl, Function<Path, String> durableUrl,
                    Set<Class<?>> capabilities, boolean crashTests, Map<String, String> differences) {
        this(name, storeUrl, durableUrl, capabilities, crashTests, differences, false);
    }

    private Backend(String name, UnaryOperator<String> storeUrl, Function<Path, String> durableUrl,
                    Set<Class<?>> capabilities, boolean crashTests, Map<String, String> differences,
                    boolean shared) {
        this.shared = shared;
        this.name = Objects.requireNonNull(name, "name");
        this.storeUrl = Objects.requireNonNull(storeUrl, "storeUrl");
        this.durableUrl = durableUrl;
        this.capabilities = Set.copyOf(capabilities);
        this.crashTests = crashTests;
        this.differences = Collections.unmodifiableMap(new TreeMap<>(differences));
        for (Class<?> c : this.capabilities) {
            if (!CAPABILITIES.contains(c)) {
                throw new IllegalArgumentException(name + " claims " + c.getName() + ", which is not a capability");
            }
        }
        if (crashTests && durableUrl == null) {
            throw new IllegalArgumentException(name + " has crash tests but no durable stores");
        }
        for (Map.Entry<String, String> d : this.differences.entrySet()) {
            if (!Rules.DIFFERABLE.contains(d.getKey())) {
                throw new IllegalArgumentException(name + " differs on '" + d.getKey()
                        + "', which is not a rule of Rules.DIFFERABLE");
            }
            if (d.getValue() == null || d.getValue().isBlank()) {
                throw new IllegalArgumentException(name + " differs on '" + d.getKey() + "' without a reason");
            }
        }
    }

    /**
     * A backend whose store of a unique name {@code n} is at {@code storeUrl.apply(n)} and lives as
     * long as it is open; it claims no capability and keeps nothing across a close.
     */
    public static Backend of(String name, UnaryOperator<String> storeUrl) {
        return new Backend(name, storeUrl, null, Set.of(), false, Map.of());
    }

    /** This backend, claiming {@code capabilities}, a subset of {@link #CAPABILITIES}. */
    public Backend withCapabilities(Set<Class<?>> capabilities) {
        return new Backend(name, storeUrl, durableUrl, capabilities, crashTests, differences, shared);
    }

    /**
     * This backend, whose store at {@code durableUrl.apply(dir)} keeps its state across a close and
     * a reopen; {@code dir} may not exist yet, or exist and be empty.
     */
    public Backend withDurableStores(Function<Path, String> durableUrl) {
        return new Backend(name, storeUrl, Objects.requireNonNull(durableUrl, "durableUrl"), capabilities,
                crashTests, differences, shared);
    }

    /** This backend, whose durable stores keep what they acknowledged when their JVM is killed. */
    public Backend withCrashTests() {
        return new Backend(name, storeUrl, durableUrl, capabilities, true, differences, shared);
    }

    /**
     * This backend behind {@code wharf:masked:<mask>:} (see {@link MaskedQueueServiceProvider}): the
     * same stores, without the capabilities that {@code mask} hides.
     */
    public Backend masked(String mask) {
        Set<Class<?>> left = new HashSet<>(capabilities);
        left.removeAll(MaskedQueueServiceProvider.Mask.parse(mask).hidden());
        String prefix = MaskedQueueServiceProvider.PREFIX + mask + ":";
        return new Backend(name + " masked by " + mask, n -> prefix + storeUrl.apply(n),
                durableUrl == null ? null : dir -> prefix + durableUrl.apply(dir), left, crashTests, differences);
    }

    /**
     * This backend, keeping each rule of {@code ruleToReason} (ids from {@link Rules}) differently
     * from the model; the reason says how, citing the SQS documentation the backend follows.
     */
    public Backend withDifferences(Map<String, String> ruleToReason) {
        return new Backend(name, storeUrl, durableUrl, capabilities, crashTests, ruleToReason, shared);
    }

    /**
     * This backend, whose store URL may be opened by several store instances at once (in one
     * process or several), all of them on one set of queues: {@code SharedStoreContract} applies.
     */
    public Backend withSharedStores() {
        return new Backend(name, storeUrl, durableUrl, capabilities, crashTests, differences, true);
    }

    /** True if several open stores of one URL share its queues. */
    public boolean sharedStores() {
        return shared;
    }

    /** Skips the test unless several open stores of one URL share its queues. */
    public void assumeSharedStores() {
        Assumptions.assumeTrue(shared, () -> name + " opens a store URL in one instance at a time");
    }

    /** The rules this backend keeps differently, each with its reason, by rule id. */
    public Map<String, String> differences() {
        return differences;
    }

    public String name() {
        return name;
    }

    /** The capabilities this backend claims. */
    public Set<Class<?>> capabilities() {
        return capabilities;
    }

    public boolean has(Class<?> capability) {
        return capabilities.contains(capability);
    }

    /** True if a durable store keeps its state across a close and a reopen. */
    public boolean survivesReopen() {
        return durableUrl != null;
    }

    /** True if crash tests apply: a child JVM killed with {@code kill -9} loses nothing it acknowledged. */
    public boolean crashTests() {
        return crashTests;
    }

    /** The URL of a new, empty store; {@code hint} says what it is for, a random suffix keeps it apart. */
    public String storeUrl(String hint) {
        return storeUrl.apply(hint + "-" + UUID.randomUUID());
    }

    /** The URL of a durable store in {@code dir}; skips the test when this backend keeps nothing across a close. */
    public String durableStoreUrl(Path dir) {
        Assumptions.assumeTrue(survivesReopen(), () -> name + " keeps nothing across a close and a reopen");
        return durableUrl.apply(dir);
    }

    /** Skips the test unless this backend claims every one of {@code needed}; call it before opening a store. */
    public void assumeCapabilities(Class<?>... needed) {
        for (Class<?> c : needed) {
            Assumptions.assumeTrue(has(c), () -> name + " does not offer the " + c.getSimpleName() + " capability");
        }
    }

    /**
     * {@code type} as {@code service} offers it. Skips the test when this backend does not claim it,
     * and fails when the backend claims it but the store does not offer it.
     */
    public <T> T capability(QueueService service, Class<T> type) {
        assumeCapabilities(type);
        return service.extension(type).orElseThrow(() -> new AssertionError(
                name + " claims the " + type.getSimpleName() + " capability, but its store does not offer it"));
    }

    /**
     * Marks the test as one of {@code rule} (an id from {@link Rules}): skips it, quoting the rule and
     * the reason, when this backend declared that it keeps the rule differently.
     */
    public void differs(String rule) {
        Optional<String> difference = difference(rule);
        Assumptions.assumeTrue(difference.isEmpty(), difference::get);
    }

    /** Why this backend keeps {@code rule} differently, naming both, or empty if it keeps it as the model does. */
    public Optional<String> difference(String rule) {
        if (!Rules.DIFFERABLE.contains(rule)) {
            throw new IllegalArgumentException("'" + rule + "' is not a rule of Rules.DIFFERABLE");
        }
        return Optional.ofNullable(differences.get(rule))
                .map(reason -> name + " differs from the model on rule '" + rule + "': " + reason);
    }

    /** Skips the test unless crash tests apply to this backend. */
    public void assumeCrashTests() {
        Assumptions.assumeTrue(crashTests, () -> name + " makes no promise about a killed JVM: no crash tests");
    }

    @Override
    public String toString() {
        return name;
    }
}
