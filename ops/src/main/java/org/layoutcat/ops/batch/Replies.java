package org.layoutcat.ops.batch;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.layoutcat.core.Layout;

/**
 * Reply lines of the batch mode as UTF-8 bytes, one after another in one growing buffer that is written out with
 * one call: {@code {"id":} the id's bytes as sent (or {@code null}), then the parts appended, strings escaped and
 * encoded by Jackson's encoder where they need an escape (else copied, characters past ASCII as UTF-8), no text
 * copy of a line and no array per reply.
 */
public final class Replies {
    private static final byte[] ID_FIELD = "{\"id\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);

    private byte[] buf;
    private int n;

    Replies(int capacity) {
        buf = new byte[Math.max(capacity, 16)];
    }

    int size() {
        return n;
    }

    /** Drops what was appended after {@code mark}. */
    Replies truncate(int mark) {
        n = mark;
        return this;
    }

    /** Writes the lines appended so far and empties the buffer. */
    void writeTo(OutputStream out) throws IOException {
        if (n > 0) out.write(buf, 0, n);
        n = 0;
    }

    /** The text appended so far (UTF-8), for tests and tools. */
    String text(int from, int to) {
        return new String(buf, from, to - from, StandardCharsets.UTF_8);
    }

    /** Starts a reply line: {@code {"id":} and the id as sent ({@code id[from, to)}), or null where {@code id} is null. */
    Replies begin(byte[] id, int from, int to) {
        put(ID_FIELD, 0, ID_FIELD.length);
        if (id == null) put(NULL, 0, NULL.length);
        else put(id, from, to - from);
        return this;
    }

    /** Appends text known to be ASCII and to need no escaping. */
    Replies ascii(String s) {
        int len = s.length();
        grow(len);
        for (int i = 0; i < len; i++) buf[n++] = (byte) s.charAt(i);
        return this;
    }

    /** Appends the CuTe notation of {@code l} (printable ASCII without quotes or backslashes: JSON as it is). */
    Replies layout(Layout l) {
        grow(l.notationLength());
        n = l.writeNotation(buf, n);
        return this;
    }

    /**
     * Appends s escaped as the inside of a JSON string and UTF-8 encoded, a surrogate that is not part of a pair
     * written as {@code \\uXXXX} rather than lost in UTF-8.
     */
    Replies string(String s) {
        int len = s.length();
        grow(3 * len); // the most UTF-8 bytes len characters of the basic plane take
        char[] c = len > KEPT_CHARS ? new char[len] : chars != null && chars.length >= len ? chars
                : (chars = new char[Math.max(len, 256)]); // a giant message's room is not kept
        s.getChars(0, len, c, 0); // one copy of the whole string, then a loop without a call per character
        byte[] b = buf;
        int at = n;
        for (int i = 0; i < len; i++) {
            char x = c[i];
            if (x >= 0x20 && x <= 0x7E && x != '"' && x != '\\') { // printable ASCII without a quote or a backslash is JSON as it is
                b[at++] = (byte) x;
            } else if (x >= 0x80 && x < 0x800) { // the messages' ∘, — and ≤ are UTF-8 without escaping, as here
                b[at++] = (byte) (0xC0 | x >> 6);
                b[at++] = (byte) (0x80 | x & 0x3F);
            } else if (x >= 0x800 && !Character.isSurrogate(x)) {
                b[at++] = (byte) (0xE0 | x >> 12);
                b[at++] = (byte) (0x80 | x >> 6 & 0x3F);
                b[at++] = (byte) (0x80 | x & 0x3F);
            } else {
                return encoded(s); // an escape or a surrogate: Jackson's encoder writes the whole string
            }
        }
        n = at;
        return this;
    }

    private static final int KEPT_CHARS = 1 << 16;
    private char[] chars; // a string's characters, copied at once (made on first use, kept for the next)

    /** s through Jackson's encoder, lone surrogates as {@code \\uXXXX}. */
    private Replies encoded(String s) {
        JsonStringEncoder enc = JsonStringEncoder.getInstance();
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isSurrogate(c)) continue;
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            byte[] part = enc.quoteAsUTF8(s.substring(from, i));
            put(part, 0, part.length);
            ascii(String.format("\\u%04X", (int) c));
            from = i + 1;
        }
        byte[] rest = enc.quoteAsUTF8(from == 0 ? s : s.substring(from));
        put(rest, 0, rest.length);
        return this;
    }

    private void put(byte[] b, int from, int len) {
        grow(len);
        System.arraycopy(b, from, buf, n, len);
        n += len;
    }

    private void grow(int more) {
        if (n + more > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(2 * buf.length, n + more));
    }
}
