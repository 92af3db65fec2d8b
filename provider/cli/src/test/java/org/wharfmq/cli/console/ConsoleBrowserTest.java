package org.wharfmq.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.wharfmq.jms.Wharf;

/** The console's page in a headless Chromium, on an in-memory store of this JVM. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsoleBrowserTest {
    private Path profiles;
    private TestConsole console;
    private Browser browser;

    @BeforeAll
    void start(@TempDir Path profiles) throws Exception {
        if (!Browser.installed()) {
            return; // each test is skipped, or fails on CI, in installed()
        }
        this.profiles = profiles;
        console = TestConsole.start("wharf:memory:console-browser-" + UUID.randomUUID(), null, Duration.ofMillis(500));
        browser = Browser.start(false, Files.createDirectories(profiles.resolve("online")));
    }

    @BeforeEach
    void installed() {
        Browser.assumeInstalled();
    }

    @AfterAll
    void stop() {
        if (browser != null) {
            browser.close();
        }
        if (console != null) {
            console.close();
        }
    }

    @Test
    void theTableShowsAQueuesDepthAfterSends() throws Exception {
        console.send("orders", 7);
        console.send("invoices", 2);
        open();
        awaitCell("orders", "visible", "7");
        awaitCell("invoices", "visible", "2");
        assertEquals("0", cellOf("orders", "inFlight"));
        assertEquals("–", cellOf("orders", "dlq"));
        assertTrue(browser.driver.findElement(By.id("store-url")).getText().equals(Wharf.printable(console.url)));
        save("table", By.id("queues"));
    }

    @Test
    void theChartDrawsTheSelectedQueuesDepthAndRates() throws Exception {
        console.send("charted", 5);
        open();
        awaitCell("charted", "visible", "5");
        for (int burst = 2; burst <= 4; burst++) {
            console.send("charted", 5);
            awaitCell("charted", "visible", String.valueOf(5 * burst));
        }
        browser.driver.findElement(By.cssSelector("button[data-action='select'][data-queue='charted']")).click();
        assertEquals("charted", browser.driver.findElement(By.id("chart-queue")).getText());
        WebElement depth = browser.await(d -> {
            WebElement p = d.findElement(By.cssSelector("#chart path[data-series='visible']"));
            return Integer.parseInt(p.getAttribute("data-points")) >= 4 ? p : null;
        });
        String path = depth.getAttribute("d");
        assertTrue(path.startsWith("M") && path.split("L").length >= 4, path);
        WebElement sent = browser.await(d -> {
            WebElement p = d.findElement(By.cssSelector("#chart path[data-series='sentPerSecond']"));
            return Integer.parseInt(p.getAttribute("data-points")) >= 2 ? p : null;
        });
        assertTrue(sent.getAttribute("d").contains("L"), sent.getAttribute("d"));
        save("chart", By.id("chart-section"));
    }

    @Test
    void aMoveFromTheDeadLetterQueueEmptiesIt() throws Exception {
        console.deadLetter("jobs", "jobs-dlq", 3);
        open();
        awaitCell("jobs-dlq", "visible", "3");
        WebElement card = browser.await(d -> d.findElement(By.cssSelector("#dlq-list [data-dlq='jobs-dlq']")));
        assertTrue(card.findElement(By.className("facts")).getText().contains("dead-letter queue of jobs"));

        card.findElement(By.cssSelector("button[data-action='browse']")).click();
        List<WebElement> previews = browser.await(d -> {
            List<WebElement> rows = d.findElements(By.cssSelector("[data-dlq='jobs-dlq'] .messages tbody tr"));
            return rows.size() == 3 ? rows : null;
        });
        assertTrue(previews.get(0).findElement(By.className("preview")).getText().startsWith("message "),
                previews.get(0).getText());
        save("dlq", By.id("dlq"));

        card.findElement(By.cssSelector("button[data-action='move']")).click();
        WebElement dialog = browser.await(d -> d.findElement(By.id("confirm")).isDisplayed()
                ? d.findElement(By.id("confirm")) : null);
        String question = dialog.findElement(By.id("confirm-text")).getText();
        assertTrue(question.contains("jobs-dlq") && question.contains("(jobs)"), question);
        assertEquals(3, console.visible("jobs-dlq"), "nothing moved before the confirmation");
        saveWindow("confirm-move");
        browser.driver.findElement(By.id("confirm-ok")).click();

        awaitCell("jobs-dlq", "visible", "0");
        awaitCell("jobs", "visible", "3");
        browser.await(d -> d.findElements(By.cssSelector("[data-dlq='jobs-dlq'] .tasks tr[data-status='COMPLETED']"))
                .size() == 1);
        assertEquals(0, console.visible("jobs-dlq"));
        assertEquals(3, console.visible("jobs"));
    }

    @Test
    void aPurgeAsksFirstAndACancelChangesNothing() throws Exception {
        console.send("purged", 4);
        open();
        awaitCell("purged", "visible", "4");
        By purge = By.cssSelector("button[data-action='purge'][data-queue='purged']");

        browser.driver.findElement(purge).click();
        String question = browser.await(d -> d.findElement(By.id("confirm")).isDisplayed()
                ? d.findElement(By.id("confirm-text")).getText() : null);
        assertTrue(question.startsWith("Delete every message of queue purged on store " + Wharf.printable(console.url)),
                question);
        saveWindow("confirm-purge");
        browser.driver.findElement(By.id("confirm-cancel")).click();
        assertFalse(browser.driver.findElement(By.id("confirm")).isDisplayed());
        assertEquals(4, console.visible("purged"), "a cancelled purge deletes nothing");

        browser.driver.findElement(purge).click();
        browser.await(d -> d.findElement(By.id("confirm")).isDisplayed());
        browser.driver.findElement(By.id("confirm-ok")).click();
        awaitCell("purged", "visible", "0");
        browser.await(d -> d.findElements(By.cssSelector("#notices .notice.done")).stream()
                .anyMatch(n -> n.getText().contains("Queue purged purged.")));
        assertEquals(0, console.visible("purged"));
    }

    @Test
    void aDeclareAsksFirstAndAStoreRefusalIsShownNamingQueueAndStore() throws Exception {
        open();
        browser.driver.findElement(By.id("declare-name")).sendKeys("declared");
        browser.driver.findElement(By.id("declare-attributes")).sendKeys("VisibilityTimeout=45\nDelaySeconds=2");
        browser.driver.findElement(By.id("declare-button")).click();
        String question = browser.await(d -> d.findElement(By.id("confirm")).isDisplayed()
                ? d.findElement(By.id("confirm-text")).getText() : null);
        assertTrue(question.contains("VisibilityTimeout=45") && question.contains("DelaySeconds=2"), question);
        assertFalse(console.admin.listQueues(null).contains("declared"), "nothing declared before the confirmation");
        saveWindow("confirm-declare");
        browser.driver.findElement(By.id("confirm-ok")).click();
        browser.await(d -> d.findElements(By.cssSelector("#notices .notice.done")).stream()
                .anyMatch(n -> n.getText().contains("Queue declared: CREATED.")));
        awaitCell("declared", "visible", "0");
        assertEquals("45", console.admin.getQueueAttributes("declared").get("VisibilityTimeout"));

        browser.driver.findElement(By.id("declare-name")).sendKeys("refused");
        browser.driver.findElement(By.id("declare-attributes")).sendKeys("NoSuchAttribute=1");
        browser.driver.findElement(By.id("declare-button")).click();
        browser.await(d -> d.findElement(By.id("confirm")).isDisplayed());
        browser.driver.findElement(By.id("confirm-ok")).click();
        String error = browser.await(d -> d.findElements(By.cssSelector("#notices .notice.error")).stream()
                .map(WebElement::getText).filter(t -> t.contains("refused")).findFirst().orElse(null));
        assertTrue(error.contains("Declaring queue refused on store " + Wharf.printable(console.url)), error);
        assertTrue(error.contains("NoSuchAttribute"), error);
        assertFalse(console.admin.listQueues(null).contains("refused"));
    }

    @Test
    void basicAuthRefusesAWrongPassword() throws Exception {
        Guard guard = new Guard("ops", "correct-horse".toCharArray());
        try (TestConsole guarded = TestConsole.start("wharf:memory:console-auth-" + UUID.randomUUID(), guard,
                Duration.ofMillis(500))) {
            guarded.send("guarded", 1);
            browser.driver.executeCdpCommand("Network.enable", Map.of());
            try {
                authorization("ops", "wrong-horse");
                browser.driver.get(guarded.server.url().toString());
                // Headless Chromium shows nothing for a 401 that asks for credentials (no prompt to show).
                assertTrue(browser.driver.findElements(By.id("queue-rows")).isEmpty(), browser.driver.getPageSource());
                assertFalse(browser.driver.getPageSource().contains(Wharf.printable(guarded.url)));

                authorization("ops", "correct-horse");
                browser.driver.get(guarded.server.url().toString());
                awaitCell("guarded", "visible", "1");
            } finally {
                browser.driver.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of()));
            }
        }
    }

    @Test
    void aPostFromAnotherOriginIsRefused() throws Exception {
        console.send("targeted", 2);
        String target = console.server.url() + "api/purge";
        String page = "<!DOCTYPE html><html><body><pre id='out'></pre><script>\n"
                + "const out = document.getElementById('out');\n"
                + "const body = JSON.stringify({queue: 'targeted'});\n"
                + "(async () => {\n"
                + "  try {\n"
                + "    const r = await fetch('" + target + "', {method: 'POST', body: body,\n"
                + "      headers: {'Content-Type': 'application/json', 'X-Wharf-Console': '1'}});\n"
                + "    out.textContent += 'preflighted: HTTP ' + r.status + '\\n';\n"
                + "  } catch (e) { out.textContent += 'preflighted: blocked\\n'; }\n"
                + "  try {\n"
                + "    await fetch('" + target + "', {method: 'POST', mode: 'no-cors', body: body,\n"
                + "      headers: {'Content-Type': 'text/plain'}});\n"
                + "    out.textContent += 'simple: sent\\n';\n"
                + "  } catch (e) { out.textContent += 'simple: blocked\\n'; }\n"
                + "  out.textContent += 'done';\n"
                + "})();\n"
                + "</script></body></html>";
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        other.createContext("/", exchange -> {
            byte[] bytes = page.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(bytes);
            }
        });
        other.start();
        try {
            browser.driver.get("http://127.0.0.1:" + other.getAddress().getPort() + "/");
            String result = browser.await(d -> {
                String t = d.findElement(By.id("out")).getText();
                return t.endsWith("done") ? t : null;
            });
            assertTrue(result.contains("preflighted: blocked"), result);
            assertTrue(result.contains("simple: sent"), result);
        } finally {
            other.stop(0);
        }
        assertEquals(2, console.visible("targeted"), "neither request purged the queue");
    }

    @Test
    void thePageLoadsAndShowsDataWithNoNetwork() throws Exception {
        console.send("offline", 3);
        try (Browser offline = Browser.start(true, Files.createDirectories(profiles.resolve("offline")))) {
            offline.driver.get(console.server.url().toString());
            offline.await(d -> d.findElements(By.cssSelector("tr[data-queue='offline'] td[data-col='visible']"))
                    .stream().anyMatch(e -> e.getText().equals("3")));
            offline.await(d -> !d.findElement(By.id("chart")).findElements(By.tagName("path")).isEmpty());
            @SuppressWarnings("unchecked")
            List<String> loaded = (List<String>) offline.driver.executeScript(
                    "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
                            + ".map(e => e.name);");
            String origin = console.origin() + "/";
            assertTrue(loaded.containsAll(List.of(origin, origin + "console.css", origin + "console.js",
                    origin + "api/state")), loaded.toString());
            for (String url : loaded) {
                assertTrue(url.startsWith(origin), "loaded from elsewhere: " + url);
            }
            List<String> severe = offline.driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
                    .map(LogEntry::getMessage).toList();
            assertEquals(List.of(), severe, "no failed load, no policy violation");

            // The proxy goes nowhere: a page elsewhere cannot load.
            WebDriverException elsewhere = assertThrows(WebDriverException.class,
                    () -> offline.driver.get("http://example.com/"));
            assertTrue(elsewhere.getMessage().contains("ERR_PROXY_CONNECTION_FAILED"), elsewhere.getMessage());
        }
    }

    private void open() {
        browser.open(console.server.url().toString());
    }

    private String cellOf(String queue, String column) {
        return browser.cell(queue, column);
    }

    private void awaitCell(String queue, String column, String text) {
        browser.awaitCell(queue, column, text);
    }

    private void authorization(String user, String password) {
        String basic = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8));
        browser.driver.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("Authorization", basic)));
    }

    private void save(String name, By part) {
        browser.screenshot(name, part);
    }

    private void saveWindow(String name) {
        browser.screenshot(name);
    }
}
