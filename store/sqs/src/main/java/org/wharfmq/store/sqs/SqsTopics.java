package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.QUEUE_ALREADY_EXISTS;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import java.util.regex.Pattern;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.Topics;
import org.wharfmq.store.model.Digests;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.Names;

/**
 * Topics over plain SQS queues, all under the reserved name prefix {@value #RESERVED} (which
 * {@code createQueue} refuses and {@code listQueues} hides):
 * <ul>
 * <li>topic {@code T} is the marker queue {@code <prefix>wt-T}, which never holds a message. A topic
 *     name follows the queue naming rules, without {@code .fifo}, without {@code --} and not ending
 *     in {@code -}, and must leave room for a subscription: {@code <prefix>wt-T} plus 29 characters
 *     within SQS's 80, else {@code InvalidParameterValue};</li>
 * <li>subscription {@code S} of {@code T} is the standard queue {@code <prefix>wt-T--S} when
 *     {@code S} is 1 or more of {@code A-Z a-z 0-9 _ -}, does not start with {@code -} and fits in
 *     80 characters; any other name (the provider's have colons) gets
 *     {@code <prefix>wt-T---<26 base32 characters of the SHA-256 of S>};</li>
 * <li>a subscription queue's tags hold its topic ({@value #TOPIC}), {@value #DURABLE}, its name and
 *     its tag (UTF-8 in base64url, in parts of 256 characters: {@code wharf-name-0..},
 *     {@code wharf-tag-0..}, with their counts in {@code wharf-name-parts} and
 *     {@code wharf-tag-parts}, the latter absent for a null tag). They are set when the queue is
 *     created and never changed, so an existing subscription keeps its tag.</li>
 * </ul>
 * A topic's subscriptions are read with ListQueues under {@code <prefix>wt-T} and ListQueueTags
 * (kept per queue) and cached for one second, so a subscription made by another store may miss
 * publishes for up to a second; ListQueues on Amazon SQS is eventually consistent, so the
 * subscriptions this store made are added to what it lists. A publish sends one copy per accepted
 * subscription, all with one Wharf MessageId carried in {@value ServerMessages#ID_ATTRIBUTE}
 * (each copy also has its own server id, which Wharf does not show); a copy for a subscription that
 * is gone by then is dropped. The non-durable subscriptions this store made are deleted when it
 * closes; those of a process that died remain until they are unsubscribed. On Amazon SQS a deleted
 * subscription's name cannot be subscribed again for 60 s ({@code QueueDeletedRecently}).
 */
final class SqsTopics implements Topics {
    static final String RESERVED = "wt-";
    static final String TOPIC = "wharf-topic";
    static final String DURABLE = "wharf-durable";
    private static final String NAME = "wharf-name";
    private static final String TAG = "wharf-tag";
    private static final String SEPARATOR = "--";
    private static final int HASH_CHARS = 26;
    private static final int MAX_QUEUE_NAME = 80;
    private static final int TAG_VALUE_CHARS = 256;
    private static final int MAX_TAGS = 50;
    private static final long CACHE_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final Pattern LITERAL = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_-]*");

    /** A topic as last listed: whether its marker exists, and its subscriptions by name. */
    private record Listing(long at, boolean exists, Map<String, Subscription> subscriptions) {
    }

    private final SqsOptions storeOptions;
    private final ServerQueues queues;
    private final SqsQueueAdmin admin;
    private final ServerMessages messages;
    private final Map<String, Listing> listings = new ConcurrentHashMap<>();
    private final Map<String, Map<String, String>> tagsByUrl = new ConcurrentHashMap<>();
    /** The subscriptions this store made, by topic, which ListQueues may not show yet. */
    private final Map<String, Map<String, Subscription>> made = new ConcurrentHashMap<>();
    private final Set<String> nonDurable = ConcurrentHashMap.newKeySet();

    SqsTopics(SqsOptions storeOptions, ServerQueues queues, SqsQueueAdmin admin, ServerMessages messages) {
        this.storeOptions = storeOptions;
        this.queues = queues;
        this.admin = admin;
        this.messages = messages;
    }

    /** The server's name of topic {@code topicName}'s marker queue. */
    private String markerName(String topicName) {
        return storeOptions.serverName(RESERVED + topicName);
    }

    /** Checks a topic name against the rule of the class comment. */
    void checkTopicName(String topicName) {
        Names.checkQueueName(topicName);
        if (Names.isFifo(topicName) || topicName.contains(SEPARATOR) || topicName.endsWith("-")) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "topic name '" + topicName
                    + "' is not possible on SQS: it may not end in .fifo or -, nor contain --");
        }
        int length = markerName(topicName).length() + SEPARATOR.length() + 1 + HASH_CHARS;
        if (length > MAX_QUEUE_NAME) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "topic name '" + topicName + "' is too long"
                    + " on SQS: its subscriptions' queue names '" + markerName(topicName) + "---...' would be "
                    + length + " characters, over SQS's " + MAX_QUEUE_NAME);
        }
    }

    /** The server's queue name of subscription {@code name} of {@code topicName}; see the class comment. */
    String queueName(String topicName, String name) {
        String literal = markerName(topicName) + SEPARATOR + name;
        if (LITERAL.matcher(name).matches() && literal.length() <= MAX_QUEUE_NAME) {
            return literal;
        }
        return markerName(topicName) + SEPARATOR + "-" + hash(name);
    }

    private static String hash(String name) {
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
        String alphabet = "abcdefghijklmnopqrstuvwxyz234567";
        StringBuilder out = new StringBuilder(HASH_CHARS);
        long bits = 0;
        int count = 0;
        for (int i = 0; out.length() < HASH_CHARS; i++) {
            bits = (bits << 8) | (digest[i] & 0xff);
            count += 8;
            while (count >= 5 && out.length() < HASH_CHARS) {
                out.append(alphabet.charAt((int) (bits >>> (count - 5)) & 31));
                count -= 5;
            }
        }
        return out.toString();
    }

    @Override
    public void createTopic(String topicName) {
        checkTopicName(topicName);
        queues.create(markerName(topicName), Map.of(), Map.of());
        listings.remove(topicName);
    }

    @Override
    public void deleteTopic(String topicName) {
        Listing l = listing(topicName, true);
        for (Subscription s : l.subscriptions().values()) {
            deleteSubscriptionQueue(s.queueUrl());
        }
        made.remove(topicName);
        listings.remove(topicName);
        admin.deleteQueue(queues.url(markerName(topicName)));
    }

    @Override
    public List<String> listTopics() {
        String prefix = storeOptions.serverName(RESERVED);
        List<String> topics = new ArrayList<>();
        for (String url : queues.list(prefix)) {
            String rest = ServerQueues.name(url).substring(prefix.length());
            if (!rest.contains(SEPARATOR)) {
                topics.add(rest);
            }
        }
        topics.sort(null);
        return topics;
    }

    @Override
    public String subscribe(String topicName, String subscriptionName, boolean durable, String tag) {
        if (subscriptionName == null || subscriptionName.isEmpty()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "a subscription name may not be empty");
        }
        Subscription existing = listing(topicName, true).subscriptions().get(subscriptionName);
        if (existing != null) {
            return existing.queueUrl();
        }
        Map<String, String> tags = tags(topicName, subscriptionName, durable, tag);
        String queueName = queueName(topicName, subscriptionName);
        String url;
        try {
            url = queues.create(queueName, MessageSizes.creationDefaults(storeOptions.endpoint()), tags);
        } catch (QueueServiceException e) {
            if (!e.code().equals(QUEUE_ALREADY_EXISTS)) {
                throw e;
            }
            url = queues.url(queueName);
        }
        // Another store may have made it a moment before, with its own tags: the server's are the ones.
        Map<String, String> kept = queues.tags(url);
        tagsByUrl.put(url, kept);
        listings.remove(topicName);
        if (kept.equals(tags)) {
            if (!durable) {
                nonDurable.add(url);
            }
            made.computeIfAbsent(topicName, k -> new ConcurrentHashMap<>())
                    .put(subscriptionName, new Subscription(subscriptionName, url, durable, tag));
        }
        return url;
    }

    /** The tags of a new subscription queue; see the class comment. */
    private static Map<String, String> tags(String topicName, String name, boolean durable, String tag) {
        Map<String, String> tags = new TreeMap<>();
        tags.put(TOPIC, topicName);
        tags.put(DURABLE, Boolean.toString(durable));
        putParts(tags, NAME, name);
        if (tag != null) {
            putParts(tags, TAG, tag);
        }
        if (tags.size() > MAX_TAGS) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "subscription '" + name + "' of topic '"
                    + topicName + "' needs " + tags.size() + " queue tags for its name and tag, over SQS's "
                    + MAX_TAGS + " (name and tag together may be about 8 KiB)");
        }
        return tags;
    }

    private static void putParts(Map<String, String> tags, String key, String value) {
        String encoded = java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(value.getBytes(StandardCharsets.UTF_8));
        int parts = (encoded.length() + TAG_VALUE_CHARS - 1) / TAG_VALUE_CHARS;
        tags.put(key + "-parts", Integer.toString(parts));
        for (int i = 0; i < parts; i++) {
            tags.put(key + "-" + i, encoded.substring(i * TAG_VALUE_CHARS,
                    Math.min(encoded.length(), (i + 1) * TAG_VALUE_CHARS)));
        }
    }

    private static String getParts(Map<String, String> tags, String key) {
        String count = tags.get(key + "-parts");
        if (count == null) {
            return null;
        }
        StringBuilder encoded = new StringBuilder();
        for (int i = 0; i < Integer.parseInt(count); i++) {
            encoded.append(tags.getOrDefault(key + "-" + i, ""));
        }
        return new String(java.util.Base64.getUrlDecoder().decode(encoded.toString()), StandardCharsets.UTF_8);
    }

    @Override
    public Optional<Subscription> subscription(String topicName, String subscriptionName) {
        return Optional.ofNullable(listing(topicName, false).subscriptions().get(subscriptionName));
    }

    @Override
    public void unsubscribe(String topicName, String subscriptionName) {
        Subscription s = listing(topicName, true).subscriptions().get(subscriptionName);
        if (s == null) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "topic " + topicName
                    + " has no subscription " + subscriptionName);
        }
        Map<String, Subscription> mine = made.get(topicName);
        if (mine != null) {
            mine.remove(subscriptionName);
        }
        listings.remove(topicName);
        deleteSubscriptionQueue(s.queueUrl());
    }

    private void deleteSubscriptionQueue(String url) {
        nonDurable.remove(url);
        tagsByUrl.remove(url);
        try {
            admin.deleteQueue(url);
        } catch (QueueServiceException e) {
            if (!e.code().equals(QUEUE_DOES_NOT_EXIST)) {
                throw e;
            }
        }
    }

    @Override
    public List<Subscription> listSubscriptions(String topicName) {
        return List.copyOf(listing(topicName, false).subscriptions().values());
    }

    @Override
    public SendResult publish(String topicName, SendMessageRequest request, MessageOptions.Options options,
                              BiPredicate<String, MessageHeaders> accept) {
        checkTopicName(topicName);
        String id = MessageIds.next();
        Outbox copies = new Outbox();
        fanOut(topicName, id, ServerMessages.withDelay(request, options), options, accept, copies);
        copies.flush(messages);
        return new SendResult(null, id, Digests.md5(request.messageBody()), null);
    }

    /** Adds to {@code out} one copy of the message for each current subscription that {@code accept} takes. */
    void fanOut(String topicName, String messageId, SendMessageRequest request, MessageOptions.Options options,
                BiPredicate<String, MessageHeaders> accept, Outbox out) {
        MessageHeaders view = new org.wharfmq.store.PublishedView(messageId, System.currentTimeMillis(), options, request);
        boolean any = false;
        for (Subscription s : listing(topicName, false).subscriptions().values()) {
            if (accept == null || accept.test(s.tag(), view)) {
                out.addToSubscription(messageId, new SendMessageRequest(s.queueUrl(), request.messageBody(),
                        request.delaySeconds(), request.messageAttributes(), null, null));
                any = true;
            }
        }
        if (!any) {
            MessageRules.checkBody(request.messageBody());
        }
    }

    /** The topic's listing, at most a second old unless {@code fresh}; QueueDoesNotExist if there is no such topic. */
    private Listing listing(String topicName, boolean fresh) {
        checkTopicName(topicName);
        Listing l = listings.get(topicName);
        if (fresh || l == null || System.nanoTime() - l.at() > CACHE_NANOS) {
            l = list(topicName);
            listings.put(topicName, l);
        }
        if (!l.exists()) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "topic " + topicName + " does not exist");
        }
        return l;
    }

    private Listing list(String topicName) {
        String marker = markerName(topicName);
        boolean exists = false;
        Map<String, Subscription> subscriptions = new TreeMap<>();
        for (String url : queues.list(marker)) {
            String name = ServerQueues.name(url);
            if (name.equals(marker)) {
                exists = true;
            } else if (name.startsWith(marker + SEPARATOR)) {
                Map<String, String> tags = tagsByUrl.computeIfAbsent(url, queues::tags);
                String subscription = getParts(tags, NAME);
                if (topicName.equals(tags.get(TOPIC)) && subscription != null) {
                    subscriptions.put(subscription, new Subscription(subscription, url,
                            Boolean.parseBoolean(tags.get(DURABLE)), getParts(tags, TAG)));
                }
            }
        }
        Map<String, Subscription> mine = made.get(topicName);
        if (mine != null) {
            mine.forEach(subscriptions::putIfAbsent);
        }
        return new Listing(System.nanoTime(), exists, subscriptions);
    }

    /** Deletes the non-durable subscriptions this store made. */
    void close() {
        for (String url : List.copyOf(nonDurable)) {
            try {
                deleteSubscriptionQueue(url);
            } catch (QueueServiceException e) {
                // Left on the server, as after a crash.
            }
        }
    }
}
