package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wharfmq.jms.tools.HashPassword;
import org.wharfmq.jms.PasswordHash;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** Hashed and plain passwords in the users file, and the command that makes a hash. */
class UsersFileTest {
    /** A hash of "wonderland", made once: each costs PBKDF2's 600,000 iterations. */
    private static String alice;

    @TempDir
    Path tmp;

    @BeforeAll
    static void hash() {
        alice = PasswordHash.hash("wonderland".toCharArray());
    }

    private WharfConnectionFactory factory(String users) throws IOException {
        Path file = Files.writeString(tmp.resolve("users.properties"), users);
        return new WharfConnectionFactory(TestStores.withOptions(TestStores.url("users"), "usersFile=" + file));
    }

    @Test
    void aHashedPasswordLetsItsUserConnect() throws Exception {
        WharfConnectionFactory f = factory("alice=" + alice + "\n");
        f.createConnection("alice", "wonderland").close();
        assertThrows(JMSSecurityException.class, () -> f.createConnection("alice", "wonderland!"));
        assertThrows(JMSSecurityException.class, () -> f.createConnection("alice", ""));
        assertThrows(JMSSecurityException.class, () -> f.createConnection("alice", null));
    }

    @Test
    void aWrongPasswordIsRefusedAfterTheRightOneConnected() throws Exception {
        WharfConnectionFactory f = factory("alice=" + alice + "\n");
        f.createConnection("alice", "wonderland").close();
        f.createConnection("alice", "wonderland").close();
        assertThrows(JMSSecurityException.class, () -> f.createConnection("alice", "Wonderland"));
    }

    @Test
    void aPlainPasswordWarnsOnceNamingTheFileAndTheUser() throws Throwable {
        WharfConnectionFactory f = factory("alice=" + alice + "\nbob=builder\n");
        Path file = tmp.resolve("users.properties");
        String logged = stderrOf(() -> {
            for (int i = 0; i < 3; i++) {
                f.createConnection("bob", "builder").close();
            }
            f.createConnection("alice", "wonderland").close();
        });
        List<String> warnings = logged.lines().filter(l -> l.contains(file.toString())).toList();
        assertEquals(1, warnings.size(), logged);
        assertTrue(warnings.get(0).contains("bob") && !warnings.get(0).contains("alice"), warnings.get(0));
        assertFalse(logged.contains("builder"), "the password was logged: " + logged);
        assertThrows(JMSSecurityException.class, () -> f.createConnection("bob", "wonderland"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unknown scheme|pbkdf2-sha1:600000:c2FsdHNhbHRzYWx0c2FsdA==:aGFzaGhhc2hoYXNoaGFzaA==|unknown hash scheme 'pbkdf2-sha1'",
        "unknown family|bcrypt:$2a$10$c2FsdHNhbHRzYWx0c2FsdA|unknown hash scheme 'bcrypt'",
        "too few fields|pbkdf2-sha256:600000:c2FsdHNhbHRzYWx0c2FsdA==|has 4 fields",
        "too many fields|pbkdf2-sha256:600000:c2FsdHNhbHRzYWx0c2FsdA==:aGFzaGhhc2hoYXNoaGFzaA==:x|has 4 fields",
        "bad base64|pbkdf2-sha256:600000:c2FsdHNhbHRzYWx0c2FsdA==:aGFzaGhh*2hoYXNoaGFzaA==|the hash is not base64",
        "short salt|pbkdf2-sha256:600000:c2FsdA==:aGFzaGhhc2hoYXNoaGFzaA==|the salt has 4 bytes",
        "too few iterations|pbkdf2-sha256:1000:c2FsdHNhbHRzYWx0c2FsdA==:aGFzaGhhc2hoYXNoaGFzaA==|iterations 1000 out of range",
        "too many iterations|pbkdf2-sha256:99999999:c2FsdHNhbHRzYWx0c2FsdA==:aGFzaGhhc2hoYXNoaGFzaA==|iterations 99999999 out of range",
        "iterations not a number|pbkdf2-sha256:many:c2FsdHNhbHRzYWx0c2FsdA==:aGFzaGhhc2hoYXNoaGFzaA==|'many' is not a number",
    })
    void aBadHashLineRefusesEveryConnectionNamingTheFileAndTheUser(String what, String bad, String problem)
            throws Exception {
        WharfConnectionFactory f = factory("alice=" + alice + "\nbob=" + bad + "\n");
        for (Executable connect : new Executable[] {() -> f.createConnection("alice", "wonderland"),
                () -> f.createConnection("bob", "anything")}) {
            JMSException e = assertThrows(JMSException.class, connect);
            String m = e.getMessage();
            assertTrue(m.contains(tmp.resolve("users.properties").toString()) && m.contains("'bob'")
                    && m.contains(problem), m);
            assertFalse(m.contains("c2FsdHNh") || m.contains("aGFzaGhh") || m.contains("c2FsdA"),
                    "the message shows the salt or hash: " + m);
        }
    }

    @Test
    void hashPasswordPrintsALineThatLetsTheUserConnect() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = HashPassword.run(new String[] {"carol"}, null,
                new ByteArrayInputStream("s3cret: with spaces\n".getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        String line = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code);
        assertTrue(line.startsWith("carol=" + PasswordHash.SCHEME + ":") && !line.contains("s3cret"), line);
        WharfConnectionFactory f = factory(line);
        f.createConnection("carol", "s3cret: with spaces").close();
        assertThrows(JMSSecurityException.class, () -> f.createConnection("carol", "s3cret"));
    }

    @Test
    void hashPasswordEscapesAUserNameForThePropertiesFile() throws Exception {
        String hash = PasswordHash.hash("pw".toCharArray());
        factory(HashPassword.line("dan:the man", hash) + "\n").createConnection("dan:the man", "pw").close();
    }

    @Test
    void hashPasswordWithoutAPasswordFails() throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = HashPassword.run(new String[0], null, new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no password"), err.toString());
    }

    /** What {@code action} logged (slf4j-simple writes to System.err, looked up at each line). */
    private static String stderrOf(Executable action) throws Throwable {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.execute();
        } finally {
            System.setErr(err);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
