package org.wharfmq.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.wharfmq.jms.Wharf;

/** Every text the tool prints about a store passes here: store URLs in it go through {@link Wharf#printable}. */
public final class Secrets {
    /** A word that is a store URL or carries a URL's secret option. */
    private static final Pattern URL_LIKE = Pattern.compile(
            "wharf:[^\\s'\"<>]+|[^\\s'\"<>]*[?&](?:secretAccessKey|password|dbPassword)=[^\\s'\"<>]*");

    private Secrets() {
    }

    /** {@code text} with the secrets of every store URL in it hidden. */
    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = URL_LIKE.matcher(text);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, Matcher.quoteReplacement(Wharf.printable(m.group())));
        }
        return m.appendTail(b).toString();
    }
}
