package org.layoutcat.ops.batch;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte searches of the batch mode, eight bytes a step (SIMD within a register): a word {@code x} has a zero byte
 * where {@code (x - 0x01..01) & ~x & 0x80..80} is not zero, and its lowest flagged byte is the first zero byte (a
 * borrow only flags bytes above a true one). The input's line ends, the ends of JSON strings and the check for
 * ASCII all read the bytes so.
 */
final class Swar {
    private Swar() {}

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    /** The high bit of each byte of x that is zero. */
    private static long zeros(long x) {
        return (x - ONES) & ~x & HIGHS;
    }

    /** The first {@code c} in {@code b[from, to)}, or -1. */
    static int indexOf(byte[] b, int from, int to, byte c) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long flags = zeros((long) LONGS.get(b, i) ^ (ONES * (c & 0xFF)));
            if (flags != 0) return i + (Long.numberOfTrailingZeros(flags) >>> 3);
        }
        for (; i < to; i++) if (b[i] == c) return i;
        return -1;
    }

    /**
     * The first position in {@code b[from, to)} that holds a quote, a backslash or a control byte (below 0x20): where
     * a JSON string ends, escapes or is malformed; {@code to} where none does.
     */
    static int stringSpecial(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i);
            long flags = zeros(x ^ (ONES * '"')) | zeros(x ^ (ONES * '\\')) | ((x - ONES * 0x20) & ~x & HIGHS);
            if (flags != 0) return i + (Long.numberOfTrailingZeros(flags) >>> 3);
        }
        for (; i < to; i++) {
            byte c = b[i];
            if (c == '"' || c == '\\' || (c >= 0 && c < 0x20)) return i;
        }
        return to;
    }

    /** True where every byte of {@code b[from, to)} is ASCII (below 0x80). */
    static boolean isAscii(byte[] b, int from, int to) {
        int i = from;
        while (i + 8 <= to && ((long) LONGS.get(b, i) & HIGHS) == 0) i += 8;
        while (i < to && b[i] >= 0) i++;
        return i == to;
    }
}
