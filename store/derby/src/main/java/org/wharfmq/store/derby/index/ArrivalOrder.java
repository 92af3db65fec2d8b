package org.wharfmq.store.derby.index;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Iterator;
import java.util.PriorityQueue;
import java.util.stream.Stream;

/**
 * Messages kept in an order that most of them arrive in already: those are appended in O(1), the
 * few that come out of order (a redelivery, a send published after a later one) go to a heap.
 * Not thread-safe.
 */
final class ArrivalOrder implements Iterable<Msg> {
    private final Comparator<Msg> order;
    private final ArrayDeque<Msg> inOrder = new ArrayDeque<>();
    private final PriorityQueue<Msg> late;

    ArrivalOrder(Comparator<Msg> order) {
        this.order = order;
        this.late = new PriorityQueue<>(order);
    }

    void add(Msg m) {
        Msg last = inOrder.peekLast();
        if (last == null || order.compare(last, m) < 0) {
            inOrder.addLast(m);
        } else {
            late.add(m);
        }
    }

    /** The first message, or null. */
    Msg peek() {
        return lateFirst() ? late.peek() : inOrder.peekFirst();
    }

    /** Removes and returns the first message, or null. */
    Msg poll() {
        return lateFirst() ? late.poll() : inOrder.pollFirst();
    }

    private boolean lateFirst() {
        Msg earlier = late.peek();
        if (earlier == null) {
            return false;
        }
        Msg first = inOrder.peekFirst();
        return first == null || order.compare(earlier, first) < 0;
    }

    int size() {
        return inOrder.size() + late.size();
    }

    boolean isEmpty() {
        return inOrder.isEmpty() && late.isEmpty();
    }

    /** Every message, in no particular order. */
    @Override
    public Iterator<Msg> iterator() {
        return Stream.concat(inOrder.stream(), late.stream()).iterator();
    }
}
