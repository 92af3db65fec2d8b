package org.wharfmq.jms.selector;

import java.util.function.Function;
import jakarta.jms.InvalidSelectorException;

/** A JMS message selector, parsed once and evaluated against messages' headers and properties. */
public final class Selector {
    private static final Selector ALL = new Selector("", null);

    private final String expression;
    private final Parser.Node root;

    private Selector(String expression, Parser.Node root) {
        this.expression = expression;
        this.root = root;
    }

    /** Parses a selector; null or blank gives a selector that matches everything. */
    public static Selector parse(String expression) throws InvalidSelectorException {
        if (expression == null || expression.isBlank()) {
            return ALL;
        }
        return new Selector(expression, Parser.parse(expression));
    }

    /**
     * True if the selector is TRUE for a message whose identifiers have the values {@code values}
     * gives (String, Boolean, Byte, Short, Integer, Long, Float, Double, or null when absent).
     */
    public boolean matches(Function<String, Object> values) {
        return root == null || Boolean.TRUE.equals(root.eval(values));
    }

    public String expression() {
        return expression;
    }

    /** True for the selector that matches everything. */
    public boolean matchesAll() {
        return root == null;
    }

    @Override
    public String toString() {
        return expression;
    }
}
