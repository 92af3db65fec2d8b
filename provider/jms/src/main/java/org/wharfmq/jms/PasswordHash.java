package org.wharfmq.jms;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A password hash for the users file (docs/security.md):
 * {@code pbkdf2-sha256:<iterations>:<base64 salt>:<base64 hash>}, PBKDF2 with HMAC-SHA256 from the
 * JDK. A value of the users file that starts with one of the schemes {@code pbkdf2}, {@code bcrypt},
 * {@code scrypt} or {@code argon2} and a {@code :} is a hash; anything else is a plain password.
 */
public final class PasswordHash {
    /** The one scheme this version reads and writes. */
    public static final String SCHEME = "pbkdf2-sha256";
    /** The iterations of a new hash (OWASP's figure for PBKDF2-HMAC-SHA256 in 2023). */
    public static final int ITERATIONS = 600_000;
    /** The iterations a hash may have: fewer is too weak, more would stall each connection. */
    public static final int MIN_ITERATIONS = 10_000;
    public static final int MAX_ITERATIONS = 10_000_000;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    /** The length a salt or hash may have, in bytes. */
    private static final int MIN_BYTES = 16;
    private static final int MAX_BYTES = 64;
    private static final Pattern HASH_LIKE = Pattern.compile("(pbkdf2|bcrypt|scrypt|argon2)[A-Za-z0-9_-]*:.*",
            Pattern.DOTALL);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final int iterations;
    private final byte[] salt;
    private final byte[] hash;

    private PasswordHash(int iterations, byte[] salt, byte[] hash) {
        this.iterations = iterations;
        this.salt = salt;
        this.hash = hash;
    }

    /** A new hash of {@code password} with a random salt, as the line's value: {@code pbkdf2-sha256:...}. */
    public static String hash(char[] password) {
        if (password.length == 0) {
            throw new IllegalArgumentException("the password is empty");
        }
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        Base64.Encoder b64 = Base64.getEncoder();
        return SCHEME + ":" + ITERATIONS + ":" + b64.encodeToString(salt) + ":"
                + b64.encodeToString(derive(password, salt, ITERATIONS, HASH_BYTES));
    }

    /** True if {@code value} of a users file is a hash (well formed or not) rather than a plain password. */
    public static boolean isHash(String value) {
        return HASH_LIKE.matcher(value).matches();
    }

    /**
     * Reads a hash. The message of the IllegalArgumentException says what is wrong without
     * repeating the salt or the hash.
     */
    public static PasswordHash parse(String value) {
        String[] f = value.split(":", -1);
        if (!f[0].equals(SCHEME)) {
            throw new IllegalArgumentException("unknown hash scheme '" + f[0] + "' (Wharf reads " + SCHEME + ")");
        }
        if (f.length != 4) {
            throw new IllegalArgumentException("a " + SCHEME + " hash has 4 fields separated by ':' ("
                    + SCHEME + ":<iterations>:<base64 salt>:<base64 hash>), not " + f.length);
        }
        int iterations;
        try {
            iterations = Integer.parseInt(f[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("iterations '" + f[1] + "' is not a number");
        }
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
            throw new IllegalArgumentException("iterations " + iterations + " out of range " + MIN_ITERATIONS + ".."
                    + MAX_ITERATIONS);
        }
        return new PasswordHash(iterations, bytes("salt", f[2]), bytes("hash", f[3]));
    }

    private static byte[] bytes(String field, String base64) {
        byte[] b;
        try {
            b = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the " + field + " is not base64");
        }
        if (b.length < MIN_BYTES || b.length > MAX_BYTES) {
            throw new IllegalArgumentException("the " + field + " has " + b.length + " bytes, not " + MIN_BYTES
                    + ".." + MAX_BYTES);
        }
        return b;
    }

    /** True if {@code password} is the one hashed; the comparison takes the same time wherever they differ. */
    public boolean matches(char[] password) {
        return password.length > 0 && MessageDigest.isEqual(hash, derive(password, salt, iterations, hash.length));
    }

    /** Compares a plain password in time that does not depend on where it differs. */
    static boolean plainMatches(String expected, String given) {
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] derive(char[] password, byte[] salt, int iterations, int bytes) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, bytes * 8);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            // Every Java 17 runtime has PBKDF2WithHmacSHA256.
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is not available", e);
        } finally {
            spec.clearPassword();
        }
    }
}
