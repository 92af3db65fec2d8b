package org.wharfmq.cli.console;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium for the console's tests: Debian's {@code /usr/bin/chromium} driven by
 * {@code /usr/bin/chromedriver}, both given by path so that Selenium Manager never downloads
 * anything. Without them the tests are skipped, or fail when env CI is true.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of(System.getProperty("wharf.test.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("wharf.test.chromedriver", "/usr/bin/chromedriver"));
    static final Path SCREENSHOTS = Path.of(System.getProperty("basedir", "."), "target", "console-screenshots");

    /**
     * Selenium warns at each start that it has no CDP classes for this Chromium's version: the tests
     * use none (executeCdpCommand goes through chromedriver).
     */
    private static final Logger CDP_FINDER = Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

    static {
        CDP_FINDER.setLevel(Level.SEVERE);
    }

    private final ChromeDriverService service;
    final ChromeDriver driver;

    private Browser(ChromeDriverService service, ChromeDriver driver) {
        this.service = service;
        this.driver = driver;
    }

    private static List<String> missing() {
        List<String> missing = new ArrayList<>();
        for (Path p : List.of(CHROMIUM, CHROMEDRIVER)) {
            if (!Files.isExecutable(p)) {
                missing.add(p.toString());
            }
        }
        return missing;
    }

    static boolean installed() {
        return missing().isEmpty();
    }

    /** Skips the calling test (fails it on CI) when Chromium or its driver is missing. */
    static void assumeInstalled() {
        List<String> missing = missing();
        if (missing.isEmpty()) {
            return;
        }
        String message = "The console's browser tests need Debian's chromium and chromium-driver; missing: "
                + String.join(", ", missing);
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(message + " (CI=true: they must run)");
        }
        Assumptions.abort(message);
    }

    /** A headless Chromium; {@code offline}: every host but loopback goes to a proxy that answers nothing. */
    static Browser start(boolean offline, Path profile) {
        assumeInstalled();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1100",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
                "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
                "--user-data-dir=" + profile.toAbsolutePath());
        if ("root".equals(System.getProperty("user.name"))) {
            options.addArguments("--no-sandbox"); // Chromium's sandbox does not run as root
        }
        if (offline) {
            // Port 9 (discard) of loopback: nothing listens, so a request through the proxy fails.
            // Loopback itself is never proxied.
            options.addArguments("--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=127.0.0.1;localhost");
        }
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        return new Browser(service, new ChromeDriver(service, options));
    }

    /**
     * Waits up to 15 s for {@code condition} to give a non-null, non-false value; an element the page
     * redrew meanwhile (every 2 s) is looked up again.
     */
    <T> T await(Function<WebDriver, T> condition) {
        try {
            return new WebDriverWait(driver, Duration.ofSeconds(15), Duration.ofMillis(100))
                    .ignoring(StaleElementReferenceException.class).until(condition);
        } catch (TimeoutException e) {
            throw new AssertionError("not within 15 s; the page at " + driver.getCurrentUrl() + " shows:\n"
                    + driver.findElement(By.tagName("body")).getText(), e);
        }
    }

    /** Opens the console at {@code url} and waits for its first reading of the store. */
    void open(String url) {
        driver.get(url);
        await(d -> !d.findElement(By.id("status")).getText().startsWith("Reading"));
    }

    /** The text of the queues table's cell of {@code queue} in {@code column}, once the row is there. */
    String cell(String queue, String column) {
        return await(d -> {
            List<WebElement> cells = d.findElements(By.cssSelector("tr[data-queue='" + queue + "'] td[data-col='"
                    + column + "']"));
            return cells.isEmpty() ? null : cells.get(0).getText();
        });
    }

    /** Waits until the queues table's cell of {@code queue} in {@code column} shows {@code text}. */
    void awaitCell(String queue, String column, String text) {
        await(d -> d.findElements(By.cssSelector("tr[data-queue='" + queue + "'] td[data-col='" + column + "']"))
                .stream().anyMatch(e -> e.getText().equals(text)));
    }

    /** Saves a PNG of element {@code part}, scrolled into view, as target/console-screenshots/{@code name}.png. */
    Path screenshot(String name, By part) {
        WebElement e = driver.findElement(part);
        driver.executeScript("arguments[0].scrollIntoView()", e);
        try {
            Files.createDirectories(SCREENSHOTS);
            return Files.write(SCREENSHOTS.resolve(name + ".png"), e.getScreenshotAs(OutputType.BYTES));
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
    }

    /** Saves a PNG of the window as target/console-screenshots/{@code name}.png. */
    Path screenshot(String name) {
        File png = driver.getScreenshotAs(OutputType.FILE);
        try {
            Files.createDirectories(SCREENSHOTS);
            Path target = SCREENSHOTS.resolve(name + ".png");
            Files.copy(png.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
        }
    }
}
