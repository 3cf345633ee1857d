package org.layoutcat.core;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writer of CuTe notation into ASCII bytes: integers, and tuples in the nesting of a shape. Printing is on the
 * path of every answer of the batch mode, so digits are written straight into a byte array rather than through
 * a StringBuilder's checks.
 */
final class NotationWriter {
    private byte[] bytes;
    private int size;

    NotationWriter(int capacity) {
        bytes = new byte[Math.max(capacity, 8)];
    }

    /** Room for {@code n} more bytes. */
    private void reserve(int n) {
        if (size + n > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, size + n));
    }

    void put(char c) {
        reserve(1);
        bytes[size++] = (byte) c;
    }

    /** The decimal digits of v, with a minus sign where negative. */
    void put(long v) {
        reserve(20);
        if (v >= 0 && v < 10) {
            bytes[size++] = (byte) ('0' + v);
            return;
        }
        if (v == Long.MIN_VALUE) {
            byte[] m = Long.toString(v).getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(m, 0, bytes, size, m.length);
            size += m.length;
            return;
        }
        if (v < 0) {
            bytes[size++] = '-';
            v = -v;
        }
        int end = size + digits(v);
        for (int at = end - 1; at >= size; at--) {
            bytes[at] = (byte) ('0' + v % 10);
            v /= 10;
        }
        size = end;
    }

    /** The number of decimal digits of v ≥ 0. */
    private static int digits(long v) {
        int n = 1;
        for (long p = 10; n < 19 && v >= p; p *= 10) n++;
        return n;
    }

    /** The tuple {@code like} with its leaves, left to right, taken from {@code values} from {@code at}; returns the next position. */
    int putLike(IntTuple like, long[] values, int at) {
        if (like.isLeaf()) {
            put(values[at]);
            return at + 1;
        }
        put('(');
        for (int i = 0; i < like.rank(); i++) {
            if (i > 0) put(',');
            at = putLike(like.mode(i), values, at);
        }
        put(')');
        return at;
    }

    @Override
    public String toString() {
        return new String(bytes, 0, size, StandardCharsets.ISO_8859_1);
    }
}
