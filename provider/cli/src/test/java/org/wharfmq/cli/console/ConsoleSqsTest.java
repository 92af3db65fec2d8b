package org.wharfmq.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** The console on an SQS store (the embedded ElasticMQ): depths in the table, and browsing refused by the store. */
class ConsoleSqsTest {

    @Test
    void theTableShowsDepthsAndTheDeadLetterViewShowsTheBrowseRefusal(@TempDir Path profile) throws Exception {
        Browser.assumeInstalled();
        try (ElasticMq mq = ElasticMq.start()) {
            String url = mq.storeUrl("console").replace("secretAccessKey=x", "secretAccessKey=sqs-secret-4711");
            try (TestConsole console = TestConsole.start(url, null, Duration.ofMillis(500));
                 Browser browser = Browser.start(false, profile)) {
                console.send("sqs-orders", 3);
                console.deadLetter("sqs-jobs", "sqs-jobs-dlq", 2);

                browser.open(console.server.url().toString());
                browser.awaitCell("sqs-orders", "visible", "3");
                browser.awaitCell("sqs-jobs-dlq", "visible", "2");
                browser.awaitCell("sqs-jobs", "visible", "0");
                assertEquals("–", browser.cell("sqs-orders", "oldest"), "SQS cannot tell the oldest message's age");
                assertTrue(browser.cell("sqs-jobs", "dlq").startsWith("sqs-jobs-dlq"));

                WebElement card = browser.await(d -> d.findElement(By.cssSelector("[data-dlq='sqs-jobs-dlq']")));
                card.findElement(By.cssSelector("button[data-action='browse']")).click();
                String refusal = browser.await(d -> {
                    var errors = d.findElements(By.cssSelector("[data-dlq='sqs-jobs-dlq'] .messages .error"));
                    return errors.isEmpty() ? null : errors.get(0).getText();
                });
                assertTrue(refusal.startsWith("Browsing queue sqs-jobs-dlq on store "), refusal);
                assertTrue(refusal.contains("Browsing") && refusal.contains("refused"), refusal);
                browser.screenshot("sqs-dlq", By.id("dlq"));
                assertFalse(browser.driver.getPageSource().contains("sqs-secret-4711"), "the store's secret is never shown");
                assertEquals(2, console.visible("sqs-jobs-dlq"), "nothing received");
            }
        }
    }
}
