package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The eight-bytes-a-step searches find what a byte-by-byte loop finds, at every offset and length. */
class SwarTest {
    private static final byte[] ALPHABET = {'\n', '"', '\\', 0x00, 0x1F, 0x20, 'a', '{', 0x7F, (byte) 0x80, (byte) 0xC3, (byte) 0xFF};

    @Test
    void theSearchesAgreeWithABytewiseLoop() {
        Random r = new Random(20261125);
        for (int trial = 0; trial < 20_000; trial++) {
            byte[] b = new byte[r.nextInt(40)];
            for (int i = 0; i < b.length; i++) b[i] = r.nextInt(4) == 0 ? ALPHABET[r.nextInt(ALPHABET.length)] : (byte) ('a' + r.nextInt(26));
            int from = b.length == 0 ? 0 : r.nextInt(b.length + 1);
            int to = from + r.nextInt(b.length - from + 1);
            int lf = -1, special = to;
            boolean ascii = true;
            for (int i = to - 1; i >= from; i--) {
                if (b[i] == '\n') lf = i;
                if (b[i] == '"' || b[i] == '\\' || (b[i] >= 0 && b[i] < 0x20)) special = i;
                if (b[i] < 0) ascii = false;
            }
            assertEquals(lf, Swar.indexOf(b, from, to, (byte) '\n'));
            assertEquals(special, Swar.stringSpecial(b, from, to));
            assertEquals(ascii, Swar.isAscii(b, from, to));
        }
    }
}
