package org.layoutcat.core.algebra;

import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Checked;
import org.layoutcat.core.Layout;

/**
 * The layout function Φ of a layout as a whole: its table {@code out[i] = Φ(i)} for {@code i ∈ [0, size)}.
 *
 * <p>Computed on {@code coalesce(L)} (same Φ, fewest modes) with an odometer: the innermost mode is a strided
 * run {@code base + j·d0}, the outer coordinates advance by carries, so no division is done per element.
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

    /** Writes {@code out[i] = Φ(i)} for {@code i ∈ [0, size)}; {@code out} must hold {@code size} entries. */
    public static void tabulate(Layout layout, long[] out) {
        Odometer o = Odometer.of(layout, out.length);
        long[] s = o.shape;
        long[] d = o.stride;
        int n = s.length;
        long[] c = new long[n];
        long base = 0;
        int inner = (int) s[0];
        long d0 = d[0];
        int at = 0;
        int end = (int) layout.size();
        while (at < end) {
            for (int j = 0; j < inner; j++) out[at + j] = base + j * d0;
            at += inner;
            base = o.carry(c, base);
        }
    }

    /** Writes {@code out[i] = Φ(i)} as {@code int}s; every offset must fit in an {@code int}. */
    public static void tabulate(Layout layout, int[] out) {
        Odometer o = Odometer.of(layout, out.length);
        if (o.minOffset < Integer.MIN_VALUE || o.maxOffset > Integer.MAX_VALUE) {
            throw new ArithmeticException("offsets of " + layout + " span [" + o.minOffset + ", " + o.maxOffset + "], beyond int");
        }
        long[] s = o.shape;
        int n = s.length;
        long[] c = new long[n];
        int base = 0;
        int inner = (int) s[0];
        int d0 = (int) o.stride[0];
        int at = 0;
        int end = (int) layout.size();
        while (at < end) {
            for (int j = 0; j < inner; j++) out[at + j] = base + j * d0;
            at += inner;
            base = (int) o.carry(c, base);
        }
    }

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

        /** Advances the coordinate of modes 1.. by one step; returns the new base offset. */
        long carry(long[] c, long base) {
            for (int k = 1; k < shape.length; k++) {
                if (++c[k] < shape[k]) return base + stride[k];
                c[k] = 0;
                base -= (shape[k] - 1) * stride[k];
            }
            return base;
        }
    }
}
