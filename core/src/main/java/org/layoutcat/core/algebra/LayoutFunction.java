package org.layoutcat.core.algebra;

import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.Layout;

/**
 * The layout function Φ of a layout as a whole: its table {@code out[i] = Φ(i)} for {@code i ∈ [0, size)}.
 *
 * <p>Computed on {@code coalesce(L)} (same Φ, fewest modes) with an odometer: the innermost modes form a block
 * tabulated once (or, for a first mode longer than a block, a strided run {@code base + j·d0}), the outer
 * coordinates advance by carries, so no division is done per element.
 */
public final class LayoutFunction {
    private LayoutFunction() {}

    /** The table of Φ as {@code long}s: {@code out[i] = Φ(i)}. */
    public static long[] table(Layout layout) {
        if (layout.size() > Integer.MAX_VALUE - 8) {
            throw new LayoutArgumentException("the table of " + layout + " has " + layout.size() + " entries, more than a Java array holds");
        }
        long[] out = new long[(int) layout.size()];
        tabulate(layout, out);
        return out;
    }

    /**
     * Writes {@code out[i] = Φ(i)} for {@code i ∈ [0, size)}; {@code out} must hold {@code size} entries.
     * The first modes of coalesce(L), up to {@value #BLOCK} entries together, are tabulated once into a block
     * {@code P}; every later block is then {@code base + P[j]} (a loop the JIT vectorizes), base advancing by the
     * odometer of the remaining modes.
     */
    public static void tabulate(Layout layout, long[] out) {
        Odometer o = Odometer.of(layout, out.length);
        long[] c = new long[o.shape.length];
        long base = 0;
        int end = (int) layout.size();
        if (o.shape[0] > BLOCK) { // long runs: each is base + j·d0
            int run = (int) o.shape[0];
            long d0 = o.stride[0];
            for (int at = 0; at < end; at += run) {
                for (int j = 0; j < run; j++) out[at + j] = base + j * d0;
                base = o.carry(c, base);
            }
            return;
        }
        int block = o.blockSize();
        long[] p = new long[block];
        o.fillBlock(p);
        for (int at = 0; at < end; at += block) {
            for (int j = 0; j < block; j++) out[at + j] = base + p[j];
            base = o.carry(c, base);
        }
    }

    /** Writes {@code out[i] = Φ(i)} as {@code int}s; every offset must fit in an {@code int}. */
    public static void tabulate(Layout layout, int[] out) {
        Odometer o = Odometer.of(layout, out.length);
        if (o.minOffset < Integer.MIN_VALUE || o.maxOffset > Integer.MAX_VALUE) {
            throw new ArithmeticException("offsets of " + layout + " span [" + o.minOffset + ", " + o.maxOffset + "], beyond int");
        }
        long[] c = new long[o.shape.length];
        int base = 0;
        int end = (int) layout.size();
        if (o.shape[0] > BLOCK) { // long runs: each is base + j·d0
            int run = (int) o.shape[0];
            int d0 = (int) o.stride[0];
            for (int at = 0; at < end; at += run) {
                for (int j = 0; j < run; j++) out[at + j] = base + j * d0;
                base = (int) o.carry(c, base);
            }
            return;
        }
        int block = o.blockSize();
        long[] wide = new long[block];
        o.fillBlock(wide);
        int[] p = new int[block];
        for (int j = 0; j < block; j++) p[j] = (int) wide[j];
        for (int at = 0; at < end; at += block) {
            for (int j = 0; j < block; j++) out[at + j] = base + p[j];
            base = (int) o.carry(c, base);
        }
    }

    /** The largest block tabulated once and then shifted: 4096 entries (32 KiB of longs, within L1/L2). */
    static final int BLOCK = 4096;

    /** The coalesced modes of a layout, and the range of its offsets (checked for overflow). */
    private static final class Odometer {
        final long[] shape;
        final long[] stride;
        final long minOffset;
        final long maxOffset;

        private Odometer(long[] shape, long[] stride, long min, long max) {
            this.shape = shape;
            this.stride = stride;
            this.minOffset = min;
            this.maxOffset = max;
        }

        static Odometer of(Layout layout, int capacity) {
            if (layout.size() > capacity) {
                throw new LayoutArgumentException("the table of " + layout + " needs " + layout.size() + " entries, the array holds " + capacity);
            }
            Layout c = Coalesce.coalesce(layout);
            long[] s = c.flatShapes();
            long[] d = c.flatStrides();
            long min = 0;
            long max = 0;
            for (int k = 0; k < s.length; k++) {
                long span = Checked.mul(s[k] - 1, d[k], "an offset", layout);
                if (span > 0) max = Checked.add(max, span, "an offset", layout);
                else min = Checked.add(min, span, "an offset", layout);
            }
            return new Odometer(s, d, min, max);
        }

        /** The modes tabulated at once: mode 0 alone (long runs), or the block's modes once blockSize() ran. */
        int blockModes = 1;

        /** The entries of the block: the product of the shape of its modes. */
        int blockSize() {
            long p = shape[0];
            int k = 1;
            while (k < shape.length && p * shape[k] <= BLOCK) p *= shape[k++];
            blockModes = k;
            return (int) p;
        }

        /** {@code p[j] = Φ(j)} for j in the block (modes 0..blockModes−1), by the odometer of those modes. */
        void fillBlock(long[] p) {
            long s0 = shape[0];
            long d0 = stride[0];
            long[] c = new long[blockModes];
            long base = 0;
            for (int at = 0; at < p.length; at += (int) s0) {
                for (int j = 0; j < s0; j++) p[at + j] = base + j * d0;
                for (int k = 1; k < blockModes; k++) {
                    if (++c[k] < shape[k]) {
                        base += stride[k];
                        break;
                    }
                    c[k] = 0;
                    base -= (shape[k] - 1) * stride[k];
                }
            }
        }

        /** Advances the coordinate of the modes past the block by one step; returns the new base offset. */
        long carry(long[] c, long base) {
            for (int k = blockModes; k < shape.length; k++) {
                if (++c[k] < shape[k]) return base + stride[k];
                c[k] = 0;
                base -= (shape[k] - 1) * stride[k];
            }
            return base;
        }
    }
}
