package org.wharfmq.jms;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.jms.gateway.AccessRules;

/**
 * The users file of docs/security.md, read at each connection: checks the user's password, plain or
 * hashed ({@link PasswordHash}), and returns what the file lets the user do.
 */
final class UsersFile {
    private static final Logger LOG = LoggerFactory.getLogger(UsersFile.class);
    /** {@code file + '\0' + user} of each plain password already warned about: one warning, not one per connection. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();
    /**
     * Hashes a password matched lately, with an HMAC of that password under a key of this JVM: a
     * connection per send then costs PBKDF2 once, not each time. Only a match is remembered.
     */
    private static final Map<String, byte[]> MATCHED = new ConcurrentHashMap<>();
    private static final int MATCHED_MAX = 1024;
    private static final byte[] MATCHED_KEY = new byte[32];

    static {
        new SecureRandom().nextBytes(MATCHED_KEY);
    }

    private UsersFile() {
    }

    /** Checks {@code user}'s password against users file {@code file}; the user's permissions if it is right. */
    static Permissions authenticate(String file, String user, String password) throws JMSException {
        Properties lines = read(file);
        Set<String> plain = new TreeSet<>();
        PasswordHash hash = null;
        for (String key : lines.stringPropertyNames()) {
            if (key.startsWith("role.") || key.startsWith("allow.")) {
                continue;
            }
            String value = lines.getProperty(key);
            if (!PasswordHash.isHash(value)) {
                plain.add(key);
                continue;
            }
            try {
                PasswordHash parsed = PasswordHash.parse(value);
                if (key.equals(user)) {
                    hash = parsed;
                }
            } catch (IllegalArgumentException e) {
                throw new JMSException("users file " + file + ": the password hash of user '" + key
                        + "' is not valid, so no one may connect: " + e.getMessage());
            }
        }
        warnOfPlain(file, plain);
        boolean right;
        if (user == null || password == null) {
            right = false;
        } else if (hash != null) {
            right = matches(lines.getProperty(user), hash, password);
        } else {
            right = plain.contains(user) && PasswordHash.plainMatches(lines.getProperty(user), password);
        }
        if (!right) {
            throw new JMSSecurityException("user '" + user + "' cannot connect: wrong user or password");
        }
        return Permissions.parse(file, lines);
    }

    /** The rules of users file {@code file}, read at each check, as the file is at each connection. */
    static AccessRules rules(String file) {
        return (user, permission, queue) -> Permissions.parse(file, read(file)).allows(user, permission, queue);
    }

    private static Properties read(String file) throws JMSException {
        Properties lines = new Properties();
        try (InputStream in = Files.newInputStream(Path.of(file))) {
            lines.load(in);
        } catch (IOException e) {
            JMSException j = new JMSException("cannot read users file " + file + ": " + e.getMessage());
            j.setLinkedException(e);
            throw j;
        }
        return lines;
    }

    private static void warnOfPlain(String file, Set<String> plain) {
        Set<String> news = new TreeSet<>();
        for (String user : plain) {
            if (WARNED.add(file + '\0' + user)) {
                news.add(user);
            }
        }
        if (!news.isEmpty()) {
            LOG.warn("users file {} holds the plain password of user(s) {}: replace each with a hash from"
                    + " org.wharfmq.jms.tools.HashPassword (docs/security.md)", file, String.join(", ", news));
        }
    }

    private static boolean matches(String stored, PasswordHash hash, String password) {
        byte[] mac = mac(password);
        byte[] known = MATCHED.get(stored);
        if (known != null && MessageDigest.isEqual(known, mac)) {
            return true;
        }
        if (!hash.matches(password.toCharArray())) {
            return false;
        }
        if (MATCHED.size() >= MATCHED_MAX) {
            MATCHED.clear();
        }
        MATCHED.put(stored, mac);
        return true;
    }

    private static byte[] mac(String password) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(MATCHED_KEY, "HmacSHA256"));
            return mac.doFinal(password.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
