package org.layoutcat.gpu.cpu;

import org.layoutcat.gpu.ptx.NormalizedLayout;

/**
 * Walks Φ of a normalized layout over consecutive indices without divisions. The first modes are merged into one
 * digit of extent {@code P = s_0⋯s_{j−1}} (modes are merged while mode 0 is short, {@code P < 256}), whose offsets
 * are tabulated when {@code P ≤ 2^16}. The other modes form an odometer whose
 * digits carry into each other, the last one unbounded. Within a block of {@code P} indices the offsets are
 * {@code base + T[c]} (or {@code base + c·d_0} when {@code P > 2^16}), which callers fill in tight loops (a table
 * read and an add vectorize; {@code c·d_0} in Java 17 does not). Mutable; one per thread.
 */
final class Odometer {
    private static final long TABLE_AT_MOST = 1 << 16;
    private static final long SHORT_RUN = 256;

    /**
     * What every odometer of one layout shares: the block extent {@code P}, the table of a block's offsets (null
     * when {@code P > 2^16}: then they are {@code c·d_0}), and the remaining modes. Immutable; build it once per
     * operation.
     */
    static final class Plan {
        final NormalizedLayout layout;
        final long block;
        final long step;
        final long[] table;
        final int[] table32;
        final int head;

        Plan(NormalizedLayout l) {
            layout = l;
            int r = l.rank();
            int j = 1;
            long p = l.shape(0);
            if (r == 1) {
                p = Long.MAX_VALUE; // the only mode is unbounded
            } else if (p < SHORT_RUN) {
                while (j < r - 1 && p < SHORT_RUN && p * l.shape(j) <= TABLE_AT_MOST) p *= l.shape(j++);
            }
            block = p;
            head = j;
            step = l.stride(0);
            if (p <= TABLE_AT_MOST) {
                table = new long[(int) p];
                table32 = new int[(int) p];
                long[] s = new long[j];
                long[] d = new long[j];
                for (int k = 0; k < j; k++) {
                    s[k] = l.shape(k);
                    d[k] = l.stride(k);
                }
                NormalizedLayout h = NormalizedLayout.ofModes(s, d);
                for (int c = 0; c < p; c++) {
                    table[c] = h.apply(c);
                    table32[c] = (int) table[c];
                }
            } else {
                table = null;
                table32 = null;
            }
        }
    }

    private final long block;
    private final long step;
    private final long[] table;
    private final int[] table32;
    private final long[] shapes;
    private final long[] strides;
    private final long[] coord;
    private final int last;
    private long position;
    private long base;

    /** Positioned at index {@code start ≥ 0}; builds its own plan. */
    Odometer(NormalizedLayout l, long start) {
        this(new Plan(l), start);
    }

    /** Positioned at index {@code start ≥ 0}. */
    Odometer(Plan plan, long start) {
        NormalizedLayout l = plan.layout;
        int r = l.rank();
        int j = plan.head;
        block = plan.block;
        step = plan.step;
        table = plan.table;
        table32 = plan.table32;
        int rest = r == 1 ? 0 : r - j;
        shapes = new long[Math.max(rest, 1)];
        strides = new long[Math.max(rest, 1)];
        coord = new long[Math.max(rest, 1)];
        last = rest - 1;
        for (int k = 0; k < rest; k++) {
            shapes[k] = l.shape(j + k);
            strides[k] = l.stride(j + k);
        }
        long x = start;
        if (r == 1) {
            position = x;
        } else {
            position = x % block;
            x /= block;
            for (int k = 0; k < last; k++) {
                coord[k] = x % shapes[k];
                x /= shapes[k];
                base += coord[k] * strides[k];
            }
            coord[last] = x;
            base += x * strides[last];
        }
    }

    /** The offset of position 0 of the current block. */
    long base() {
        return base;
    }

    /** The position in the current block. */
    int position() {
        return (int) position;
    }

    /** The offsets of a block's positions, or null when they are {@code c·step()}. */
    long[] table() {
        return table;
    }

    /** {@link #table()} as 32-bit values (wrapping). */
    int[] table32() {
        return table32;
    }

    /** Mode 0's stride: the offsets in a block without a table are {@code base + c·step}. */
    long step() {
        return step;
    }

    /** Φ at the current index. */
    long offset() {
        return base + (table == null ? position * step : table[(int) position]);
    }

    /** How many indices, at most {@code limit}, remain in the current block. */
    long run(long limit) {
        return Math.min(block - position, limit);
    }

    /** Moves {@code len} indices forward; {@code len} must not pass the end of the current block. */
    void advance(long len) {
        position += len;
        if (position == block && last >= 0) {
            position = 0;
            int k = 0;
            coord[0]++;
            base += strides[0];
            while (k < last && coord[k] == shapes[k]) {
                base -= shapes[k] * strides[k];
                coord[k] = 0;
                k++;
                coord[k]++;
                base += strides[k];
            }
        }
    }
}
