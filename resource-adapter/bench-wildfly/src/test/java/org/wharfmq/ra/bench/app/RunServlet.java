package org.wharfmq.ra.bench.app;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * One measured run: {@code POST /run?system=wharf|artemis&mode=xa|plain&messages=N&threads=T&rate=R&timeout=S}.
 * T threads of the server send N persistent 1 KiB TextMessages in all through the system's
 * connection factory (Wharf's, or WildFly's pooled {@code java:/JmsXA}), without a transaction, each
 * stamped with {@link System#nanoTime()} just before its send: as fast as they can with R 0, else
 * paced to R messages a second in all. The run ends when the MDB has handled the N-th; for the XA
 * MDB it then waits until the N rows are committed. The answer is one line of {@code name=value}
 * figures.
 */
@WebServlet(urlPatterns = "/run", loadOnStartup = 1)
public class RunServlet extends HttpServlet {
    private static final String BODY = "x".repeat(1024);
    private static final AtomicInteger RUNS = new AtomicInteger();

    @Resource(lookup = S11.WHARF_FACTORY)
    private ConnectionFactory wharf;
    @Resource(lookup = S11.ARTEMIS_FACTORY)
    private ConnectionFactory artemis;
    @Resource(lookup = S11.WHARF_XA_QUEUE)
    private Queue wharfXa;
    @Resource(lookup = S11.WHARF_PLAIN_QUEUE)
    private Queue wharfPlain;
    @Resource(lookup = S11.ARTEMIS_XA_QUEUE)
    private Queue artemisXa;
    @Resource(lookup = S11.ARTEMIS_PLAIN_QUEUE)
    private Queue artemisPlain;
    @Resource(lookup = S11.ROWS)
    private DataSource rows;
    @Resource
    private ManagedThreadFactory threads;

    @Override
    public void init() throws ServletException {
        try (Connection c = rows.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE IF NOT EXISTS " + S11.TABLE + " (RUN INT NOT NULL, SEQ INT NOT NULL)");
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException, ServletException {
        String system = req.getParameter("system");
        String mode = req.getParameter("mode");
        ConnectionFactory cf = switch (String.valueOf(system)) {
            case "wharf" -> wharf;
            case "artemis" -> artemis;
            default -> null;
        };
        boolean xa = "xa".equals(mode);
        if (cf == null || !(xa || "plain".equals(mode))) {
            resp.sendError(400, "system '" + system + "' or mode '" + mode + "' is not wharf|artemis and xa|plain");
            return;
        }
        Queue queue = cf == wharf ? (xa ? wharfXa : wharfPlain) : (xa ? artemisXa : artemisPlain);
        int messages;
        int senders;
        int timeout;
        int rate;
        try {
            messages = intParameter(req, "messages", 1, 10_000_000);
            senders = intParameter(req, "threads", 1, 64);
            timeout = intParameter(req, "timeout", 1, 3600);
            rate = intParameter(req, "rate", 0, 1_000_000);
        } catch (IllegalArgumentException e) {
            resp.sendError(400, e.getMessage());
            return;
        }
        try {
            resp.setContentType("text/plain");
            resp.getWriter().print(run(cf, queue, xa, messages, senders, rate, timeout));
        } catch (Exception e) {
            throw new ServletException(system + "/" + mode + ": " + e, e);
        }
    }

    private String run(ConnectionFactory cf, Queue queue, boolean xa, int messages, int senders, int rate,
            int timeout) throws Exception {
        int run = RUNS.incrementAndGet();
        if (xa) {
            deleteRows();
        }
        Figures figures = Figures.start(run, messages);
        List<Exception> failures = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        long start = System.nanoTime();
        for (int t = 0; t < senders; t++) {
            int from = (int) ((long) messages * t / senders);
            int to = (int) ((long) messages * (t + 1) / senders);
            // Paced: each thread sends every senders/rate seconds, the threads spread over that interval.
            long interval = rate == 0 ? 0 : (long) (senders * 1e9 / rate);
            long first = start + interval * t / senders;
            workers.add(threads.newThread(() -> {
                try {
                    send(cf, queue, run, from, to, first, interval);
                } catch (Exception e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            }));
        }
        workers.forEach(Thread::start);
        for (Thread w : workers) {
            w.join();
        }
        long sent = System.nanoTime();
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        if (!figures.await(timeout)) {
            throw new IllegalStateException("run " + run + ": " + figures.count() + " of " + messages
                    + " messages reached the MDB in " + timeout + " s");
        }
        long end = figures.last();
        long rowCount = xa ? awaitRows(run, messages, timeout) : 0;
        double seconds = (end - start) / 1e9;
        return String.format(Locale.ROOT,
                "run=%d messages=%d seconds=%.3f msgPerS=%.1f sendPerS=%.1f p50Ms=%.3f p99Ms=%.3f rows=%d"
                        + " redelivered=%d otherRuns=%d%n",
                run, messages, seconds, messages / seconds, messages / ((sent - start) / 1e9),
                figures.percentileMillis(50), figures.percentileMillis(99), rowCount, figures.redelivered(),
                Figures.otherRuns());
    }

    private static void send(ConnectionFactory cf, Queue queue, int run, int from, int to, long first, long interval)
            throws JMSException {
        try (jakarta.jms.Connection c = cf.createConnection();
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer p = s.createProducer(queue)) {
            p.setDeliveryMode(DeliveryMode.PERSISTENT);
            for (int i = from; i < to; i++) {
                if (interval > 0) {
                    long due = first + (i - from) * interval;
                    for (long wait; (wait = due - System.nanoTime()) > 0; ) {
                        LockSupport.parkNanos(wait);
                    }
                }
                TextMessage m = s.createTextMessage(BODY);
                m.setIntProperty(S11.RUN, run);
                m.setIntProperty(S11.SEQ, i);
                m.setLongProperty(S11.SENT, System.nanoTime());
                p.send(m);
            }
        }
    }

    /** Waits until the run's rows are committed: the last transactions may still commit after onMessage. */
    private long awaitRows(int run, int messages, int timeout) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeout);
        long n;
        while ((n = rowsOf(run)) < messages && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        return n;
    }

    private void deleteRows() throws SQLException {
        try (Connection c = rows.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM " + S11.TABLE);
        }
    }

    private long rowsOf(int run) throws SQLException {
        try (Connection c = rows.getConnection(); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(*) FROM " + S11.TABLE + " WHERE RUN = " + run)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static int intParameter(HttpServletRequest req, String name, int min, int max) {
        String v = req.getParameter(name);
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + " '" + v + "' is not a whole number in [" + min + ", " + max + "]");
    }
}
