package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A reply's string is what Jackson's encoder writes (the definition of the escaping), its UTF-8 written in the
 * loop where no escape is needed; a lone surrogate becomes {@code \\uXXXX}.
 */
class RepliesTest {
    private static final char[] ALPHABET = {'\n', '\t', '"', '\\', 0x00, 0x1F, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, '∘', '—', '≤',
            0xFFFF, 0xD83D, 0xDE00, 'a', ' '};

    @Test
    void stringsAreEncodedAsJacksonEncodesThem() {
        Random r = new Random(20261125);
        JsonStringEncoder jackson = JsonStringEncoder.getInstance();
        for (int trial = 0; trial < 20_000; trial++) {
            char[] c = new char[r.nextInt(60)];
            for (int i = 0; i < c.length; i++) c[i] = r.nextInt(3) == 0 ? ALPHABET[r.nextInt(ALPHABET.length)] : (char) ('a' + r.nextInt(26));
            String s = new String(c);
            boolean loneSurrogate = false;
            for (int i = 0; i < s.length(); i++) {
                char x = s.charAt(i);
                if (Character.isHighSurrogate(x) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) i++;
                else if (Character.isSurrogate(x)) loneSurrogate = true;
            }
            Replies replies = new Replies(1);
            replies.ascii("<").string(s).ascii(">");
            byte[] got = bytes(replies);
            if (!loneSurrogate) {
                byte[] want = ("<" + new String(jackson.quoteAsUTF8(s), StandardCharsets.UTF_8) + ">").getBytes(StandardCharsets.UTF_8);
                assertArrayEquals(want, got, s);
            } else {
                String text = new String(got, StandardCharsets.UTF_8);
                assertEquals(-1, text.indexOf('\uFFFD'), "a lone surrogate is escaped, not lost: " + text);
            }
        }
    }

    @Test
    void messagesPastAsciiAreUtf8() {
        Replies replies = new Replies(1);
        replies.string("A ∘ B — size ≤ 4, é");
        assertEquals("A ∘ B — size ≤ 4, é", replies.text(0, replies.size()));
        Replies lone = new Replies(1);
        lone.string("x\uD83Dy");
        assertEquals("x\\uD83Dy", lone.text(0, lone.size()));
    }

    private static byte[] bytes(Replies r) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            r.writeTo(out);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return out.toByteArray();
    }
}
