package org.wharfmq.store.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/** A URL's options: split once, typed with range checks, every error naming the option and its value. */
class UrlOptionsTest {
    private static final Range SMALL = new Range(1, 5);

    /** The caller's own exception, to show that errors arrive in it. */
    static final class BadOption extends Exception {
        BadOption(String message) {
            super(message);
        }
    }

    private static UrlOptions<BadOption> parse(String url) throws BadOption {
        return UrlOptions.parse("test URL", url, BadOption::new);
    }

    @Test
    void baseAndOptionsAreSplitAtTheFirstQuestionMark() throws BadOption {
        UrlOptions<BadOption> o = parse("wharf:derby:/tmp/s?a=1&b=x?y&c=");
        assertEquals("wharf:derby:/tmp/s", o.base());
        assertEquals(Map.of("a", "1", "b", "x?y", "c", ""), o.all());
        assertEquals(List.of("a", "b", "c"), List.copyOf(o.all().keySet()));
        assertNull(o.get("d"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"wharf:memory:m", "wharf:memory:m?"})
    void aUrlWithoutOptionsHasNone(String url) throws BadOption {
        UrlOptions<BadOption> o = parse(url);
        assertEquals("wharf:memory:m", o.base());
        assertTrue(o.all().isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"prefetch", "=1"})
    void anOptionWithoutAValueIsRefusedNamingIt(String pair) {
        BadOption e = assertThrows(BadOption.class, () -> parse("wharf:memory:m?a=1&" + pair));
        assertEquals("test URL 'wharf:memory:m?a=1&" + pair + "' has an option without a value: '" + pair + "'",
                e.getMessage());
    }

    @Test
    void errorsShowTheUrlWithItsSecretsHidden() {
        BadOption e = assertThrows(BadOption.class,
                () -> parse("wharf:memory:m?password=TOPSECRET&secretAccessKey=K3Y&broken"));
        assertTrue(e.getMessage().contains("password=***&secretAccessKey=***"), e.getMessage());
        assertFalse(e.getMessage().contains("TOPSECRET") || e.getMessage().contains("K3Y"), e.getMessage());
    }

    @Test
    void integerInRangeIsReadAndAMissingOneIsNull() throws BadOption {
        UrlOptions<BadOption> o = parse("x?n=5");
        assertEquals(5, o.integer("n", SMALL));
        assertNull(o.integer("m", SMALL));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "6", "lots", " 3"})
    void integerOutOfRangeOrNotANumberNamesOptionValueAndRange(String value) {
        BadOption e = assertThrows(BadOption.class, () -> parse("x?n=" + value).integer("n", SMALL));
        assertEquals("test URL 'x?n=" + value + "' option n=" + value + " is not a number in 1..5", e.getMessage());
    }

    @Test
    void decimalIsReadInItsRange() throws BadOption {
        assertEquals(2.5, parse("x?d=2.5").decimal("d", 1.0, 10.0));
        BadOption e = assertThrows(BadOption.class, () -> parse("x?d=NaN").decimal("d", 1.0, 10.0));
        assertTrue(e.getMessage().endsWith("option d=NaN is not a number in 1.0..10.0"), e.getMessage());
    }

    @Test
    void anUnknownOptionIsNamedWithTheKnownOnes() throws BadOption {
        parse("x?a=1").requireKnown(List.of("a", "b"));
        BadOption e = assertThrows(BadOption.class, () -> parse("x?a=1&colour=blue").requireKnown(List.of("b", "a")));
        assertEquals("test URL 'x?a=1&colour=blue' has an unknown option 'colour' (known: a, b)", e.getMessage());
    }

    @Test
    void aRepeatedOptionKeepsItsLastValueUnlessDistinctIsRequired() throws BadOption {
        UrlOptions<BadOption> o = parse("x?a=1&b=2&a=3");
        assertEquals("3", o.get("a"));
        o.requireKnown(List.of("a", "b"));
        BadOption e = assertThrows(BadOption.class, o::requireDistinct);
        assertEquals("test URL 'x?a=1&b=2&a=3' gives option 'a' twice", e.getMessage());
    }

    @Test
    void aStoreUrlFailsWithInvalidParameterValue() {
        QueueServiceException e = assertThrows(QueueServiceException.class,
                () -> UrlOptions.ofStore("wharf:memory:m?n=9").integer("n", SMALL));
        assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        assertEquals("store URL 'wharf:memory:m?n=9' option n=9 is not a number in 1..5", e.detail());
    }
}
