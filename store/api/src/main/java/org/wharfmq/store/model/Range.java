package org.wharfmq.store.model;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import org.wharfmq.store.QueueServiceException;

/** A closed range of whole numbers, {@code min..max}, as docs/model.md writes its limits; see {@link Ranges}. */
public record Range(int min, int max) {

    public Range {
        if (min > max) {
            throw new IllegalArgumentException("range " + min + ".." + max + " is empty");
        }
    }

    public boolean contains(long value) {
        return value >= min && value <= max;
    }

    /** Returns {@code value} if it is in range; else fails with "{@code what value} is out of range min..max". */
    public int check(String what, int value) {
        if (!contains(value)) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, what + " " + value + " is out of range " + this);
        }
        return value;
    }

    /** {@code min..max}. */
    @Override
    public String toString() {
        return min + ".." + max;
    }
}
