package org.wharfmq.store.sqs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** An element of a Query protocol answer, read by the names of its direct children. */
final class QueryAnswer {
    private final Element element;

    QueryAnswer(Element element) {
        this.element = element;
    }

    /** The text of the first child {@code name}, or null if there is none. */
    String text(String name) {
        QueryAnswer c = child(name);
        return c == null ? null : c.element.getTextContent();
    }

    Integer integer(String name) {
        String t = text(name);
        return t == null ? null : Integer.valueOf(t.trim());
    }

    Long number(String name) {
        String t = text(name);
        return t == null ? null : Long.valueOf(t.trim());
    }

    /** The first child {@code name}, or null. */
    QueryAnswer child(String name) {
        for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return new QueryAnswer(e);
            }
        }
        return null;
    }

    /** Every child {@code name}, in order: a flattened list. */
    List<QueryAnswer> children(String name) {
        List<QueryAnswer> out = new ArrayList<>();
        for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                out.add(new QueryAnswer(e));
            }
        }
        return out;
    }

    /** The texts of every child {@code name}. */
    List<String> texts(String name) {
        return children(name).stream().map(c -> c.element.getTextContent()).toList();
    }

    /** A flattened map: every child {@code name} with its {@code key} and {@code value} texts. */
    Map<String, String> map(String name, String key, String value) {
        Map<String, String> out = new LinkedHashMap<>();
        for (QueryAnswer c : children(name)) {
            out.put(c.text(key), c.text(value));
        }
        return out;
    }
}
