/**
 * The backend contract suite, published in the wharf-store-api test-jar: what every backend of the
 * queue model must do, written once.
 *
 * <p>Each {@code *Contract} class is abstract and asks for the {@link org.wharfmq.store.contract.Backend}
 * under test. A backend runs the suite by subclassing every contract class once, in a class whose
 * name Surefire picks up ({@code DerbyQueueRulesTest extends QueueRulesContract}); the contract
 * classes themselves end in {@code Contract} so that no build runs them without a backend. The
 * {@code Backend} says how to open fresh and durable stores and which capabilities the backend
 * claims; a test that needs more is skipped by an assumption naming what is missing. A backend
 * that keeps a rule otherwise, as the SQS API defines it, declares the rule's id from
 * {@link org.wharfmq.store.contract.Rules} with a reason ({@code Backend.withDifferences}); the
 * tests of that rule call {@code differs(id)} and are skipped quoting the rule and the reason.
 *
 * <p>The contracts: {@code rules} (queues, messages, FIFO, dead letters and batches),
 * {@code extensions} (one class per optional capability, plus unawaited sends), {@code durability}
 * (close and reopen; a child JVM killed mid-work), {@code concurrency}, and here
 * {@link org.wharfmq.store.contract.CapabilitiesContract} and
 * {@link org.wharfmq.store.contract.ModelEquivalenceContract} (a jqwik property: subclass it as
 * {@code *Properties}). {@link org.wharfmq.store.contract.MaskedQueueService} and the
 * {@code wharf:masked:} URLs make a limited backend out of a full one.
 */
package org.wharfmq.store.contract;
