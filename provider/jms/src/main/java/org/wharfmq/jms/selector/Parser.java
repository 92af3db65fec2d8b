package org.wharfmq.jms.selector;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import jakarta.jms.InvalidSelectorException;
import org.wharfmq.jms.selector.Lexer.Kind;
import org.wharfmq.jms.selector.Lexer.Token;

/** A recursive-descent parser of the JMS selector grammar into evaluable nodes, type-checked where it can be. */
final class Parser {

    /** The type a node is known to have before evaluation; ANY for an identifier. */
    enum Type { BOOL, NUM, STR, ANY }

    /** An expression: evaluates to Boolean, Long, Double, String, or null for UNKNOWN. */
    interface Node {
        Object eval(Function<String, Object> values);
    }

    /** A node with its static type. */
    record Typed(Node node, Type type, boolean identifier) {
    }

    private final String text;
    private final List<Token> tokens;
    private int at;

    private Parser(String text) throws InvalidSelectorException {
        this.text = text;
        this.tokens = Lexer.tokens(text);
    }

    static Node parse(String text) throws InvalidSelectorException {
        Parser p = new Parser(text);
        Typed t = p.or();
        if (p.peek().kind() != Kind.END) {
            throw p.unexpected();
        }
        p.require(t, Type.BOOL, "the selector");
        return t.node();
    }

    static InvalidSelectorException invalid(String text, int pos, String what) {
        return new InvalidSelectorException("invalid selector \"" + text + "\": " + what + " at position " + pos);
    }

    private Token peek() {
        return tokens.get(at);
    }

    private Token next() {
        return tokens.get(at++);
    }

    private boolean take(Kind k, String t) {
        if (peek().is(k, t)) {
            at++;
            return true;
        }
        return false;
    }

    private InvalidSelectorException unexpected() {
        Token t = peek();
        return invalid(text, t.pos(), "unexpected " + (t.kind() == Kind.END ? "end" : "'" + t.text() + "'"));
    }

    private void require(Typed t, Type want, String what) throws InvalidSelectorException {
        if (t.type() != want && t.type() != Type.ANY) {
            throw invalid(text, peek().pos(), what + " must be " + (want == Type.BOOL ? "a boolean" : want == Type.NUM
                    ? "a number" : "a string") + " expression");
        }
    }

    private Typed or() throws InvalidSelectorException {
        Typed left = and();
        while (take(Kind.KEYWORD, "OR")) {
            Typed right = and();
            require(left, Type.BOOL, "an OR operand");
            require(right, Type.BOOL, "an OR operand");
            Node l = left.node();
            Node r = right.node();
            left = new Typed(v -> Logic.or(Logic.bool(l.eval(v)), Logic.bool(r.eval(v))), Type.BOOL, false);
        }
        return left;
    }

    private Typed and() throws InvalidSelectorException {
        Typed left = not();
        while (take(Kind.KEYWORD, "AND")) {
            Typed right = not();
            require(left, Type.BOOL, "an AND operand");
            require(right, Type.BOOL, "an AND operand");
            Node l = left.node();
            Node r = right.node();
            left = new Typed(v -> Logic.and(Logic.bool(l.eval(v)), Logic.bool(r.eval(v))), Type.BOOL, false);
        }
        return left;
    }

    private Typed not() throws InvalidSelectorException {
        if (take(Kind.KEYWORD, "NOT")) {
            Typed t = not();
            require(t, Type.BOOL, "the NOT operand");
            Node n = t.node();
            return new Typed(v -> Logic.not(Logic.bool(n.eval(v))), Type.BOOL, false);
        }
        return comparison();
    }

    private Typed comparison() throws InvalidSelectorException {
        Typed left = additive();
        Token t = peek();
        if (t.kind() == Kind.OP && List.of("=", "<>", "<", ">", "<=", ">=").contains(t.text())) {
            at++;
            Typed right = additive();
            String op = t.text();
            boolean ordering = !op.equals("=") && !op.equals("<>");
            if (ordering) {
                require(left, Type.NUM, "an operand of " + op);
                require(right, Type.NUM, "an operand of " + op);
            } else if (left.type() != Type.ANY && right.type() != Type.ANY && left.type() != right.type()) {
                throw invalid(text, t.pos(), "'" + op + "' compares a " + left.type() + " with a " + right.type());
            }
            Node l = left.node();
            Node r = right.node();
            return new Typed(v -> Logic.compare(op, l.eval(v), r.eval(v)), Type.BOOL, false);
        }
        boolean negated = false;
        if (peek().is(Kind.KEYWORD, "NOT")) {
            Token after = tokens.get(at + 1);
            if (after.is(Kind.KEYWORD, "BETWEEN") || after.is(Kind.KEYWORD, "IN") || after.is(Kind.KEYWORD, "LIKE")) {
                at++;
                negated = true;
            }
        }
        if (take(Kind.KEYWORD, "BETWEEN")) {
            Typed low = additive();
            if (!take(Kind.KEYWORD, "AND")) {
                throw unexpected();
            }
            Typed high = additive();
            require(left, Type.NUM, "the BETWEEN operand");
            require(low, Type.NUM, "a BETWEEN bound");
            require(high, Type.NUM, "a BETWEEN bound");
            Node x = left.node();
            Node lo = low.node();
            Node hi = high.node();
            boolean neg = negated;
            return new Typed(v -> {
                Object value = x.eval(v);
                Boolean in = Logic.and(Logic.compare(">=", value, lo.eval(v)), Logic.compare("<=", value, hi.eval(v)));
                return neg ? Logic.not(in) : in;
            }, Type.BOOL, false);
        }
        if (take(Kind.KEYWORD, "IN")) {
            return in(left, negated);
        }
        if (take(Kind.KEYWORD, "LIKE")) {
            return like(left, negated);
        }
        if (negated) {
            throw unexpected();
        }
        if (take(Kind.KEYWORD, "IS")) {
            boolean not = take(Kind.KEYWORD, "NOT");
            if (!take(Kind.KEYWORD, "NULL")) {
                throw unexpected();
            }
            if (!left.identifier()) {
                throw invalid(text, t.pos(), "IS NULL applies to an identifier");
            }
            Node x = left.node();
            return new Typed(v -> (x.eval(v) == null) != not, Type.BOOL, false);
        }
        return left;
    }

    private Typed in(Typed left, boolean negated) throws InvalidSelectorException {
        if (!left.identifier()) {
            throw invalid(text, peek().pos(), "IN applies to an identifier");
        }
        if (!take(Kind.OP, "(")) {
            throw unexpected();
        }
        List<String> values = new ArrayList<>();
        do {
            Token s = next();
            if (s.kind() != Kind.STRING) {
                at--;
                throw unexpected();
            }
            values.add((String) s.value());
        } while (take(Kind.OP, ","));
        if (!take(Kind.OP, ")")) {
            throw unexpected();
        }
        Node x = left.node();
        return new Typed(v -> {
            Object value = x.eval(v);
            if (!(value instanceof String s)) {
                return null;
            }
            return values.contains(s) != negated;
        }, Type.BOOL, false);
    }

    private Typed like(Typed left, boolean negated) throws InvalidSelectorException {
        if (!left.identifier()) {
            throw invalid(text, peek().pos(), "LIKE applies to an identifier");
        }
        Token p = next();
        if (p.kind() != Kind.STRING) {
            at--;
            throw unexpected();
        }
        Character escape = null;
        if (take(Kind.KEYWORD, "ESCAPE")) {
            Token e = next();
            if (e.kind() != Kind.STRING || ((String) e.value()).length() != 1) {
                throw invalid(text, e.pos(), "ESCAPE needs a one-character string");
            }
            escape = ((String) e.value()).charAt(0);
        }
        Pattern pattern = Logic.likePattern((String) p.value(), escape);
        Node x = left.node();
        return new Typed(v -> {
            Object value = x.eval(v);
            if (!(value instanceof String s)) {
                return null;
            }
            return pattern.matcher(s).matches() != negated;
        }, Type.BOOL, false);
    }

    private Typed additive() throws InvalidSelectorException {
        Typed left = multiplicative();
        while (peek().is(Kind.OP, "+") || peek().is(Kind.OP, "-")) {
            String op = next().text();
            Typed right = multiplicative();
            left = arithmetic(op, left, right);
        }
        return left;
    }

    private Typed multiplicative() throws InvalidSelectorException {
        Typed left = unary();
        while (peek().is(Kind.OP, "*") || peek().is(Kind.OP, "/")) {
            String op = next().text();
            Typed right = unary();
            left = arithmetic(op, left, right);
        }
        return left;
    }

    private Typed arithmetic(String op, Typed left, Typed right) throws InvalidSelectorException {
        require(left, Type.NUM, "an operand of " + op);
        require(right, Type.NUM, "an operand of " + op);
        Node l = left.node();
        Node r = right.node();
        return new Typed(v -> Logic.arithmetic(op, l.eval(v), r.eval(v)), Type.NUM, false);
    }

    private Typed unary() throws InvalidSelectorException {
        if (take(Kind.OP, "-")) {
            Typed t = unary();
            require(t, Type.NUM, "the operand of unary -");
            Node n = t.node();
            return new Typed(v -> Logic.arithmetic("*", n.eval(v), -1L), Type.NUM, false);
        }
        if (take(Kind.OP, "+")) {
            Typed t = unary();
            require(t, Type.NUM, "the operand of unary +");
            return new Typed(t.node(), Type.NUM, false);
        }
        return primary();
    }

    private Typed primary() throws InvalidSelectorException {
        Token t = next();
        switch (t.kind()) {
            case OP:
                if (t.text().equals("(")) {
                    Typed inner = or();
                    if (!take(Kind.OP, ")")) {
                        throw unexpected();
                    }
                    return new Typed(inner.node(), inner.type(), false);
                }
                break;
            case STRING:
                return constant(t.value(), Type.STR);
            case LONG:
            case DOUBLE:
                return constant(t.value(), Type.NUM);
            case KEYWORD:
                if (t.text().equals("TRUE") || t.text().equals("FALSE")) {
                    return constant(t.text().equals("TRUE"), Type.BOOL);
                }
                break;
            case IDENT:
                String name = t.text();
                return new Typed(v -> Logic.normalize(v.apply(name)), Type.ANY, true);
            default:
                break;
        }
        at--;
        throw unexpected();
    }

    private static Typed constant(Object value, Type type) {
        return new Typed(v -> value, type, false);
    }
}
