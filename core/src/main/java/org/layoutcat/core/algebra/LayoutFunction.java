package org.layoutcat.core.algebra;

import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.Layout;
import org.layoutcat.core.internal.FlatModes;
import org.layoutcat.core.internal.Odometer;

/**
 * The layout function Φ of a layout as a whole: its table {@code out[i] = Φ(i)} for {@code i ∈ [0, size)}.
 *
 * <p>Computed on {@code coalesce(L)} (same Φ, fewest modes) with layoutcat's odometer ({@code core.internal}): the
 * innermost modes form a block tabulated once (or, for a long first mode, a strided run {@code base + j·d0}), the
 * outer coordinates advance by carries, so no division is done per element.
 */
public final class LayoutFunction {
    private LayoutFunction() {}

    /**
     * The table of Φ as {@code long}s: {@code out[i] = Φ(i)}.
     *
     * @throws LayoutArgumentException where the size exceeds {@code Integer.MAX_VALUE − 8}, more than a Java array
     *         holds
     * @throws ArithmeticException where an offset overflows a long
     */
    public static long[] table(Layout layout) {
        if (layout.size() > Integer.MAX_VALUE - 8) {
            throw new LayoutArgumentException("the table of " + layout + " has " + layout.size() + " entries, more than a Java array holds");
        }
        long[] out = new long[(int) layout.size()];
        tabulate(layout, out);
        return out;
    }

    /**
     * Writes {@code out[i] = Φ(i)} for {@code i ∈ [0, size)}; {@code out} must hold {@code size} entries. Walks the
     * modes of coalesce(L) with layoutcat's odometer: a block of the first modes tabulated once, then
     * {@code base + T[j]} block by block (a loop the JIT vectorizes).
     *
     * @throws LayoutArgumentException where {@code out} is shorter than the size
     * @throws ArithmeticException where an offset overflows a long
     */
    public static void tabulate(Layout layout, long[] out) {
        odometer(layout, out.length, false).fill(out, 0, (int) layout.size());
    }

    /**
     * Writes {@code out[i] = Φ(i)} as {@code int}s.
     *
     * @throws LayoutArgumentException where {@code out} is shorter than the size
     * @throws ArithmeticException where an offset does not fit in an {@code int}
     */
    public static void tabulate(Layout layout, int[] out) {
        odometer(layout, out.length, true).fill(out, 0, (int) layout.size());
    }

    /**
     * The odometer of coalesce(L) at index 0, once the table is known to fit in {@code capacity} entries and every
     * offset in a long, or in an {@code int} for an int table.
     */
    private static Odometer odometer(Layout layout, int capacity, boolean ints) {
        if (layout.size() > capacity) {
            throw new LayoutArgumentException("the table of " + layout + " needs " + layout.size() + " entries, the array holds " + capacity);
        }
        long[] s = new long[Math.max(layout.flatRank(), 1)];
        long[] d = new long[s.length];
        int n = FlatModes.modesInto(layout.flatModes(), s, d);
        long min = 0;
        long max = 0;
        for (int k = 0; k < n; k++) {
            long span = Checked.mul(s[k] - 1, d[k], "an offset", layout);
            if (span > 0) max = Checked.add(max, span, "an offset", layout);
            else min = Checked.add(min, span, "an offset", layout);
        }
        if (ints && (min < Integer.MIN_VALUE || max > Integer.MAX_VALUE)) {
            throw new ArithmeticException("offsets of " + layout + " span [" + min + ", " + max + "], beyond int");
        }
        return new Odometer(new Odometer.Plan(s, d, n), 0);
    }
}
