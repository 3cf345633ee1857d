package org.layoutcat.core.internal;

/**
 * Walks the layout function of flat modes {@code (s_0,…,s_(r−1)):(d_0,…,d_(r−1))}, the last mode unbounded, over
 * consecutive indices without a division per index: layoutcat's one odometer (the core's tables of Φ, the CPU
 * backend's realize, gather, scatter and compare). The first modes are merged into one digit of extent
 * {@code P = s_0⋯s_(j−1)} (merged while mode 0 is short, {@code P < 256}), whose offsets are tabulated when
 * {@code P ≤ 2^16}; the other modes form an odometer whose digits carry into each other. Within a block of
 * {@code P} indices the offsets are {@code base + T[c]} (or {@code base + c·d_0} without a table), which
 * {@link #fill} writes in tight loops (a table read and an add vectorize). Mutable; one per thread. Not public API.
 */
public final class Odometer {
    private static final long TABLE_AT_MOST = 1 << 16;
    private static final long SHORT_RUN = 256;

    /**
     * What every odometer of one layout shares: the block extent {@code P}, the table of a block's offsets (null
     * when {@code P > 2^16}: then they are {@code c·d_0}), and the remaining modes. Immutable; build it once per
     * operation. Cost: {@code O(P)} time and memory for the table.
     */
    public static final class Plan {
        final long[] shapes;
        final long[] strides;
        final long block;
        final long step;
        final long[] table;
        final int[] table32;
        final int head;

        /** The plan of the r ≥ 1 flat modes {@code shapes[0..r):strides[0..r)} (copied), the last unbounded. */
        public Plan(long[] s, long[] d, int r) {
            this(s, d, r, TABLE_AT_MOST);
        }

        /**
         * The plan of the r ≥ 1 flat modes {@code shapes[0..r):strides[0..r)} (copied), the last unbounded, for a
         * walk of about {@code points} indices: its table has at most {@code max(points, 256)} entries (and at most
         * 2^16), so a short walk does not pay for a long table.
         */
        public Plan(long[] s, long[] d, int r, long points) {
            if (r < 1) throw new IllegalArgumentException("an odometer walks at least one mode");
            long most = Math.min(TABLE_AT_MOST, Math.max(points, SHORT_RUN));
            shapes = java.util.Arrays.copyOf(s, r);
            strides = java.util.Arrays.copyOf(d, r);
            int j = 1;
            long p = s[0];
            if (r == 1) {
                p = Long.MAX_VALUE; // the only mode is unbounded
            } else if (p < SHORT_RUN) {
                while (j < r - 1 && p < SHORT_RUN && p * s[j] <= most) p *= s[j++];
            }
            block = p;
            head = j;
            step = d[0];
            if (p <= most) {
                table = new long[(int) p];
                table32 = new int[(int) p];
                long[] c = new long[j];
                long o = 0;
                for (int x = 0; x < p; x++) { // the head modes' own odometer
                    table[x] = o;
                    table32[x] = (int) o;
                    for (int k = 0; k < j; k++) {
                        if (++c[k] < s[k]) {
                            o += d[k];
                            break;
                        }
                        c[k] = 0;
                        o -= (s[k] - 1) * d[k];
                    }
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

    /** Positioned at index {@code start ≥ 0}. */
    public Odometer(Plan plan, long start) {
        int r = plan.shapes.length;
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
            shapes[k] = plan.shapes[j + k];
            strides[k] = plan.strides[j + k];
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
    public long base() {
        return base;
    }

    /** The position in the current block. */
    public int position() {
        return (int) position;
    }

    /** The offsets of a block's positions, or null when they are {@code c·step()}. */
    public long[] table() {
        return table;
    }

    /** {@link #table()} as 32-bit values (wrapping). */
    public int[] table32() {
        return table32;
    }

    /** Mode 0's stride: the offsets in a block without a table are {@code base + c·step}. */
    public long step() {
        return step;
    }

    /** Φ at the current index. */
    public long offset() {
        return base + (table == null ? position * step : table[(int) position]);
    }

    /** How many indices, at most {@code limit}, remain in the current block. */
    public long run(long limit) {
        return Math.min(block - position, limit);
    }

    /** Moves {@code len} indices forward; {@code len} must not pass the end of the current block. */
    public void advance(long len) {
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

    /** Writes the next {@code len} offsets into {@code out[at, at + len)} and moves past them. */
    public void fill(long[] out, int at, int len) {
        for (int i = 0; i < len; ) {
            int run = (int) run(len - i);
            int to = at + i;
            if (table == null) {
                long o = offset();
                long d = step;
                for (int k = 0; k < run; k++) out[to + k] = o + k * d;
            } else {
                long o = base;
                int c = (int) position;
                for (int k = 0; k < run; k++) out[to + k] = o + table[c + k];
            }
            advance(run);
            i += run;
        }
    }

    /** {@link #fill(long[], int, int)} into {@code int}s: every offset must fit (the caller checks the range). */
    public void fill(int[] out, int at, int len) {
        for (int i = 0; i < len; ) {
            int run = (int) run(len - i);
            int to = at + i;
            if (table == null) {
                int o = (int) offset();
                int d = (int) step;
                for (int k = 0; k < run; k++) out[to + k] = o + k * d;
            } else {
                int o = (int) base;
                int c = (int) position;
                for (int k = 0; k < run; k++) out[to + k] = o + table32[c + k];
            }
            advance(run);
            i += run;
        }
    }
}
