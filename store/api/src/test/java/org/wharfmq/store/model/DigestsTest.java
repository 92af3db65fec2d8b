package org.wharfmq.store.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DigestsTest {

    @Test
    void theDigestsAreHexOfTheBodysUtf8Bytes() {
        assertEquals("d41d8cd98f00b204e9800998ecf8427e", Digests.md5(""));
        assertEquals("900150983cd24fb0d6963f7d28e17f72", Digests.md5("abc"));
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Digests.sha256("abc"));
        // "é" is c3 a9 in UTF-8; the one Latin-1 byte e9 would give 3406877694691ddd1dfb0aca54681407.
        assertEquals("66ddcd97cfdeabb2f6fb8a999b4bc76f", Digests.md5("é"));
    }

    @Test
    void aSequenceNumberHasTwentyDigitsZerosFirst() {
        assertEquals("00000000000000000001", Digests.sequenceNumber(1));
        assertEquals("00000000001234567890", Digests.sequenceNumber(1_234_567_890L));
        assertEquals("09223372036854775807", Digests.sequenceNumber(Long.MAX_VALUE));
    }
}
