package org.wharfmq.store.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/**
 * A body's check and size: the size is its UTF-8 length, and a body with a character docs/model.md
 * forbids is refused, naming the first one, whatever mix of ASCII, other planes and lone surrogates.
 */
class MessageRulesTextProperties {

    @Provide
    Arbitrary<String> texts() {
        Arbitrary<Character> chars = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(20, Arbitraries.chars().range(' ', '~')),
                net.jqwik.api.Tuple.of(2, Arbitraries.chars().range('\u0000', '\u001f')),
                net.jqwik.api.Tuple.of(4, Arbitraries.chars().range('\u0080', '\u07ff')),
                net.jqwik.api.Tuple.of(4, Arbitraries.chars().range('\u0800', '\uffff')),
                net.jqwik.api.Tuple.of(3, Arbitraries.of('\ud83d', '\ude00', '\ufffe', '\uffff', '\t', '\n', '\r')));
        return chars.list().ofMinSize(1).ofMaxSize(40)
                .map(l -> l.stream().map(String::valueOf).reduce("", String::concat));
    }

    @Property(tries = 2000)
    void aBodyIsItsUtf8LengthOrRefusedAtItsFirstForbiddenCharacter(@ForAll("texts") String text) {
        int forbidden = MessageRules.forbiddenCharacterAt(text);
        if (forbidden < 0) {
            assertEquals(text.getBytes(StandardCharsets.UTF_8).length, MessageRules.checkBody(text), text);
        } else {
            QueueServiceException e = assertThrows(QueueServiceException.class, () -> MessageRules.checkBody(text));
            assertEquals(ErrorCodes.INVALID_MESSAGE_CONTENTS, e.code());
            assertTrue(e.getMessage().endsWith(" at index " + forbidden), e.getMessage());
        }
    }

    @Test
    void aPairOfSurrogatesIsOneCharacterOfFourBytes() {
        assertEquals(6, MessageRules.checkBody("a\ud83d\ude00b"));
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> MessageRules.checkBody("ab\ude00"));
        assertEquals("InvalidMessageContents: message body holds the forbidden character U+DE00 at index 2", e.getMessage());
    }
}
