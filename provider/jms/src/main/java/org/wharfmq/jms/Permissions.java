package org.wharfmq.jms;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;

/**
 * Who may do what to which queue or topic, from the users file (docs/security.md): besides
 * {@code user=password} lines, {@code role.<role>=<users>} and
 * {@code allow.<permission>.<name pattern>=<roles and users>}, where {@code *} in a pattern stands
 * for any run of characters. With no {@code allow.} line every user may do everything.
 */
final class Permissions {
    /** What a user does to a destination. */
    enum Op {
        SEND("send to"), CONSUME("consume from"), BROWSE("browse"), CREATE("create"), DELETE("delete or purge"),
        ADMIN("administer");

        final String verb;

        Op(String verb) {
            this.verb = verb;
        }

        /** The permission's name in the users file: send, consume, browse, create, delete or admin. */
        String permission() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private record Rule(Op op, Pattern names, Set<String> grantees) {
    }

    /** Everyone may do everything: no users file, or one without permissions. */
    static final Permissions NONE = new Permissions(List.of(), Map.of());

    private final List<Rule> rules;
    private final Map<String, Set<String>> rolesOfUser;

    private Permissions(List<Rule> rules, Map<String, Set<String>> rolesOfUser) {
        this.rules = rules;
        this.rolesOfUser = rolesOfUser;
    }

    /** The permissions in users file {@code file} (already read into {@code lines}). */
    static Permissions parse(String file, Properties lines) throws JMSException {
        List<Rule> rules = new ArrayList<>();
        Map<String, Set<String>> roles = new HashMap<>();
        for (String key : lines.stringPropertyNames()) {
            String value = lines.getProperty(key);
            if (key.startsWith("role.")) {
                String role = key.substring("role.".length());
                for (String user : names(file, key, value)) {
                    roles.computeIfAbsent(user, u -> new HashSet<>()).add(role);
                }
            } else if (key.startsWith("allow.")) {
                int dot = key.indexOf('.', "allow.".length());
                String op = dot < 0 ? key.substring("allow.".length()) : key.substring("allow.".length(), dot);
                Op parsed = null;
                for (Op o : Op.values()) {
                    if (o.permission().equals(op)) {
                        parsed = o;
                    }
                }
                if (parsed == null || dot < 0 || dot == key.length() - 1) {
                    throw new JMSException("users file " + file + ": '" + key + "' is not allow.<permission>.<name"
                            + " pattern> with a permission among send, consume, browse, create, delete, admin");
                }
                rules.add(new Rule(parsed, glob(key.substring(dot + 1)), names(file, key, value)));
            }
        }
        return rules.isEmpty() ? NONE : new Permissions(rules, roles);
    }

    private static Set<String> names(String file, String key, String value) throws JMSException {
        Set<String> out = new HashSet<>();
        for (String n : value.split(",")) {
            if (!n.isBlank()) {
                out.add(n.trim());
            }
        }
        if (out.isEmpty()) {
            throw new JMSException("users file " + file + ": '" + key + "' names no user or role");
        }
        return out;
    }

    private static Pattern glob(String pattern) {
        StringBuilder regex = new StringBuilder();
        String[] parts = pattern.split("\\*", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                regex.append(".*");
            }
            if (!parts[i].isEmpty()) {
                regex.append(Pattern.quote(parts[i]));
            }
        }
        return Pattern.compile(regex.toString());
    }

    /** Whether {@code user} holds {@code permission} (an {@link Op#permission()}) on destination {@code name}. */
    boolean allows(String user, String permission, String name) {
        for (Op o : Op.values()) {
            if (o.permission().equals(permission)) {
                return allows(user, o, name);
            }
        }
        throw new IllegalArgumentException("no permission '" + permission + "': use send, consume, browse, create,"
                + " delete or admin");
    }

    /** Whether {@code user} may do {@code op} to destination {@code name}. */
    boolean allows(String user, Op op, String name) {
        if (rules.isEmpty()) {
            return true;
        }
        Set<String> roles = user == null ? Set.of() : rolesOfUser.getOrDefault(user, Set.of());
        for (Rule r : rules) {
            if (r.op == op && r.names.matcher(name).matches()
                    && (user != null && r.grantees.contains(user) || roles.stream().anyMatch(r.grantees::contains))) {
                return true;
            }
        }
        return false;
    }

    /** Throws unless {@code user} may do {@code op} to the {@code kind} ("queue", "topic") {@code name}. */
    void check(String user, Op op, String kind, String name) throws JMSSecurityException {
        if (!allows(user, op, name)) {
            throw new JMSSecurityException("user '" + user + "' may not " + op.verb + " " + kind + " " + name,
                    "AccessDenied");
        }
    }
}
