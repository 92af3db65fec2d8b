package org.wharfmq.jms.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.XAConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/**
 * Consumers of every kind in a child JVM killed with kill -9 at random moments, on a
 * wharf:derby store: what comes back after each kill, and that nothing acknowledged is lost.
 */
class JmsCrashTest {
    private static final int RECV = 240;
    private static final int LISTEN = 120;
    private static final int INDIV = 80;
    private static final int NEWS = 80;
    /** Which consumers share a queue or subscription, and so a message. */
    private static final Map<String, String> GROUP = Map.of("r1", "recv", "r2", "recv", "r3", "recv",
            "l1", "listen", "l2", "listen", "i1", "indiv", "d1", "d1", "s1a", "s1", "s1b", "s1");
    private static final Set<String> LISTENERS = Set.of("l1", "l2", "d1");
    private static final Set<String> RECEIVES = Set.of("r1", "r2", "r3");

    @TempDir
    Path tmp;

    /** One line a consumer printed, in round {@code round}. */
    private record Got(int round, String consumer, String body, boolean redelivered, int count) {
    }

    /** What one child printed before it died or drained. */
    private static final class Round {
        final List<Got> got = new ArrayList<>();
        final Set<String> acked = new HashSet<>();
        final Map<String, String> last = new HashMap<>();
        final List<String> prepared = new ArrayList<>();
    }

    @Test
    void durableAutoAckBringsBackAtMostTheLastMessageOfASessionRedelivered() throws Exception {
        TestStores.assumeDefaultRun("kills a JVM holding a wharf:derby store");
        run("autoAck=durable", 20, true);
    }

    @Test
    void deferredAutoAckLosesNothingAcrossKills() throws Exception {
        TestStores.assumeDefaultRun("kills a JVM holding a wharf:derby store");
        run("autoAck=deferred", 3, false);
    }

    private void run(String options, int kills, boolean durableAutoAck) throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        String url = "wharf:derby:" + tmp.resolve("store") + "?visibilityTimeout=2&" + options;
        fill(url);
        List<Round> rounds = new ArrayList<>();
        for (int k = 0; k < kills; k++) {
            rounds.add(runChild(url, "consume", 5 + random.nextInt(20)));
        }
        rounds.add(runChild(url, "drain", -1));
        String context = "seed " + seed + ", " + kills + " kills";
        check(rounds, durableAutoAck, kills, context);
    }

    /** Queues recv, listen and indiv, and topic news with durable subscription d1 and shared durable s1. */
    private static void fill(String url) throws JMSException {
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        try (Connection c = f.createConnection()) {
            c.setClientID(CrashChild.CLIENT_ID);
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Topic news = s.createTopic("news");
            s.createDurableConsumer(news, "d1").close();
            s.createSharedDurableConsumer(news, "s1").close();
            send(s, "recv", RECV);
            send(s, "listen", LISTEN);
            send(s, "indiv", INDIV);
            MessageProducer p = s.createProducer(news);
            for (int i = 0; i < NEWS; i++) {
                p.send(s.createTextMessage("news-" + i));
            }
        }
        f.closeStore();
    }

    private static void send(Session s, String queue, int n) throws JMSException {
        MessageProducer p = s.createProducer(s.createQueue(queue));
        for (int i = 0; i < n; i++) {
            p.send(s.createTextMessage(queue + "-" + i));
        }
    }

    /**
     * Runs a child; with {@code killAfter} >= 0 kills it (SIGKILL) once it printed that many GOT
     * lines, else lets it drain. Returns what it printed.
     */
    private static Round runChild(String url, String mode, int killAfter, String... more) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CrashChild.class.getName(), url, mode));
        command.addAll(List.of(more));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Round r = new Round();
        int gots = 0;
        boolean killed = false;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                String[] w = line.split(" ");
                switch (w[0]) {
                    case "GOT" -> {
                        r.got.add(new Got(0, w[1], w[2], Boolean.parseBoolean(w[3]), Integer.parseInt(w[4])));
                        r.last.put(w[1], w[2]);
                        gots++;
                    }
                    case "ACKED" -> r.acked.add(w[1] + " " + w[2]);
                    case "PREPARED" -> r.prepared.add(w[1] + " " + w[2]);
                    default -> {
                    }
                }
                boolean due = killAfter >= 0 && gots >= killAfter || line.equals("ALL_PREPARED");
                if (due && !killed) {
                    p.toHandle().destroyForcibly(); // SIGKILL; Process.destroyForcibly would close our end of the pipe
                    killed = true;
                }
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child did not end");
        if (killAfter < 0 && !mode.equals("xa")) {
            assertEquals(0, p.exitValue(), "the draining child failed");
        } else {
            assertEquals(137, p.exitValue(), "the child was killed by SIGKILL");
        }
        return r;
    }

    private static void check(List<Round> rounds, boolean durableAutoAck, int kills, String context) {
        Map<String, List<Got>> seen = new HashMap<>();
        int comebacks = 0;
        for (int i = 0; i < rounds.size(); i++) {
            Round r = rounds.get(i);
            for (Got g : r.got) {
                String key = GROUP.get(g.consumer()) + " " + g.body();
                List<Got> before = seen.computeIfAbsent(key, k -> new ArrayList<>());
                if (!before.isEmpty()) {
                    comebacks++;
                    Got first = before.get(before.size() - 1);
                    Round earlier = rounds.get(first.round());
                    assertFalse(earlier.acked.contains(first.consumer() + " " + g.body()),
                            context + ": " + key + " came back after its acknowledge() returned");
                    // Receives and listeners in AUTO or DUPS_OK: with autoAck=deferred their messages
                    // may come back as never received, several per session.
                    boolean auto = LISTENERS.contains(first.consumer()) || RECEIVES.contains(first.consumer());
                    boolean automatic = durableAutoAck && auto;
                    if (automatic || !auto) {
                        assertTrue(g.redelivered() && g.count() >= 2,
                                context + ": " + key + " came back with JMSRedelivered " + g.redelivered()
                                        + " and JMSXDeliveryCount " + g.count());
                    }
                    if (automatic && first.round() < i) {
                        assertEquals(g.body(), earlier.last.get(first.consumer()),
                                context + ": " + key + " came back but was not the last message "
                                        + first.consumer() + " got before the kill");
                    }
                }
                before.add(new Got(i, g.consumer(), g.body(), g.redelivered(), g.count()));
            }
        }
        Set<String> missing = new TreeSet<>();
        expect(seen, missing, "recv", "recv", RECV);
        int receiveWindow = missing.size();
        missing.clear();
        expect(seen, missing, "listen", "listen", LISTEN);
        expect(seen, missing, "indiv", "indiv", INDIV);
        expect(seen, missing, "d1", "news", NEWS);
        expect(seen, missing, "s1", "news", NEWS);
        assertEquals(Set.of(), missing, context + ": messages lost");
        if (durableAutoAck) {
            // A message stays in the store until its session comes back for the next one.
            assertEquals(0, receiveWindow, context + ": messages of recv lost");
        } else {
            // A receive that deleted its message may die before printing it: the application had it.
            assertTrue(receiveWindow <= kills * RECEIVES.size(), context + ": " + receiveWindow
                    + " messages of recv never reached a receive");
        }
        System.out.println("JmsCrashTest " + context + ": " + seen.size() + " messages seen, " + comebacks
                + " came back after a kill, " + receiveWindow + " recv messages deleted by a receive that died before printing them");
    }

    private static void expect(Map<String, List<Got>> seen, Set<String> missing, String group, String prefix, int n) {
        for (int i = 0; i < n; i++) {
            String key = group + " " + prefix + "-" + i;
            if (!seen.containsKey(key)) {
                missing.add(key);
            }
        }
    }

    @Test
    void xaBranchesPreparedAtTheKillAreRecoveredAndCompleted() throws Exception {
        TestStores.assumeDefaultRun("kills a JVM holding a wharf:derby store");
        String url = "wharf:derby:" + tmp.resolve("xa-store") + "?visibilityTimeout=2";
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        try (Connection c = f.createConnection()) {
            send(c.createSession(false, Session.AUTO_ACKNOWLEDGE), "xa-in", 8);
        }
        f.closeStore();
        int branches = 5;
        Round r = runChild(url, "xa", -1, Integer.toString(branches));
        assertEquals(branches, r.prepared.size(), r.prepared.toString());
        Map<String, String> received = new HashMap<>();
        r.prepared.forEach(line -> received.put(line.split(" ")[0], line.split(" ")[1]));

        Set<String> rolledBack = new HashSet<>();
        try (XAConnection xc = f.createXAConnection()) {
            XAResource xa = xc.createXASession().getXAResource();
            Xid[] found = xa.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN);
            Set<String> names = new TreeSet<>();
            for (Xid xid : found) {
                names.add(CrashXid.name(xid));
            }
            assertEquals(new TreeSet<>(received.keySet()), names, "recover() lists the branches prepared at the kill");
            for (Xid xid : found) {
                String name = CrashXid.name(xid);
                if (Integer.parseInt(name.substring(1)) % 2 == 0) {
                    xa.commit(xid, false);
                } else {
                    xa.rollback(xid);
                    rolledBack.add(name);
                }
            }
            assertEquals(0, xa.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN).length);
        }
        try (Connection c = f.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Set<String> out = drain(s.createConsumer(s.createQueue("xa-out")));
            Set<String> in = drain(s.createConsumer(s.createQueue("xa-in")));
            Set<String> expectedOut = new TreeSet<>();
            Set<String> expectedIn = new TreeSet<>();
            for (int i = 0; i < 8; i++) {
                expectedIn.add("xa-in-" + i);
            }
            for (Map.Entry<String, String> b : received.entrySet()) {
                if (rolledBack.contains(b.getKey())) {
                    continue;
                }
                expectedOut.add("out-" + b.getKey().substring(1));
                expectedIn.remove(b.getValue());
            }
            assertEquals(expectedOut, out, "committed sends appear, rolled-back ones never");
            assertEquals(expectedIn, in, "committed receives are gone, rolled-back ones come back");
        }
        f.closeStore();
    }

    private static Set<String> drain(MessageConsumer c) throws JMSException {
        Set<String> bodies = new TreeSet<>();
        TextMessage m;
        while ((m = (TextMessage) c.receive(1000)) != null) {
            bodies.add(m.getText());
        }
        assertNull(c.receiveNoWait());
        return bodies;
    }
}
