package org.layoutcat.gpu.ptx;

import java.util.Arrays;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Coalesce;

/**
 * The flat modes {@code (s_0,…,s_{r−1}):(d_0,…,d_{r−1})} that a kernel evaluates: the coalesced layout, which is
 * exactly the realization data of the coalesced standard-form morphism of a tractable layout (paper §2.3 and
 * §4: a standard-form morphism {@code (s_k) → (d_k)} realizes to the layout {@code (s_k):(d_k)}; coalescing
 * merges the modes that the morphism's normal form merges). Non-tractable layouts have no morphism; they are
 * normalized by the same coalescing.
 *
 * <p>Evaluation is CuTe's: {@code Φ(i) = Σ c_k·d_k} for the colexicographic coordinate {@code c} of {@code i},
 * the last mode unbounded. {@link #of(Layout)} keeps Φ on {@code [0, size)}; {@link #of(Layout, long)} keeps it
 * on any longer domain {@code [0, n)} too (it merges modes only where the unbounded last mode allows).
 *
 * <p>Immutable; shapes are positive, rank ≥ 1, and there is no shape-1 mode except in the rank-1 {@code 1:d}.
 */
public final class NormalizedLayout {
    private final long[] shapes;
    private final long[] strides;
    private final long size;

    private NormalizedLayout(long[] shapes, long[] strides) {
        if (shapes.length == 0 || shapes.length != strides.length) {
            throw new IllegalArgumentException("a normalized layout needs as many strides as shapes, at least one: "
                    + Arrays.toString(shapes) + ":" + Arrays.toString(strides));
        }
        long n = 1;
        for (long s : shapes) {
            if (s < 1) throw new IllegalArgumentException("shape " + s + " in " + Arrays.toString(shapes) + " is not positive");
            n = Checked.mul(n, s, "the size", Arrays.toString(shapes));
        }
        this.shapes = shapes;
        this.strides = strides;
        this.size = n;
    }

    /** The coalesced flat form of {@code layout}: {@code Coalesce.coalesce(layout)}; Φ kept on {@code [0, size)}. */
    public static NormalizedLayout of(Layout layout) {
        Layout c = Coalesce.coalesce(layout);
        return new NormalizedLayout(c.flatShapes(), c.flatStrides());
    }

    /**
     * The normal form of {@code layout} for the domain {@code [0, n)}: {@link #of(Layout)} when {@code n ≤ size},
     * else a coalescing that treats the last flat mode as unbounded, so Φ is kept on {@code [0, n)} as well.
     *
     * @throws IllegalArgumentException for a negative n
     */
    public static NormalizedLayout of(Layout layout, long n) {
        if (n < 0) throw new IllegalArgumentException("domain size " + n + " for " + layout + " is negative");
        if (n <= layout.size()) return of(layout);
        int r = layout.flatRank();
        long[] s = new long[r];
        long[] d = new long[r];
        int m = 0;
        for (int k = 0; k < r; k++) {
            long sk = layout.flatShape(k);
            long dk = layout.flatStride(k);
            boolean last = k == r - 1;
            if (sk == 1 && !last) continue;
            if (m > 0 && fits(s[m - 1], d[m - 1]) && s[m - 1] * d[m - 1] == dk) {
                s[m - 1] *= sk; // bounded by size(layout)
            } else {
                s[m] = sk;
                d[m] = dk;
                m++;
            }
        }
        return new NormalizedLayout(Arrays.copyOf(s, m), Arrays.copyOf(d, m));
    }

    /**
     * The flat modes {@code shapes:strides} as given (copied), shapes positive.
     *
     * @throws IllegalArgumentException where the arrays differ in length or are empty, or a shape is not positive
     * @throws ArithmeticException where the size overflows a long
     */
    public static NormalizedLayout ofModes(long[] shapes, long[] strides) {
        return new NormalizedLayout(shapes.clone(), strides.clone());
    }

    private static boolean fits(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return (hi == 0 && lo >= 0) || (hi == -1 && lo < 0);
    }

    public int rank() {
        return shapes.length;
    }

    /**
     * The extent of mode {@code k}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ k < rank()}
     */
    public long shape(int k) {
        return shapes[k];
    }

    /**
     * The stride of mode {@code k}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ k < rank()}
     */
    public long stride(int k) {
        return strides[k];
    }

    /** The product of the shapes. */
    public long size() {
        return size;
    }

    /** The flat core layout {@code (s_k):(d_k)}. */
    public Layout toLayout() {
        return Layout.flat(shapes, strides);
    }

    /**
     * Φ(i) in wrapping 64-bit arithmetic: equal to the exact offset whenever that lies in the {@code long} range
     * (see {@link #offsetRange(long)}).
     *
     * @throws IllegalArgumentException for a negative i
     */
    public long apply(long i) {
        if (i < 0) throw new IllegalArgumentException("index " + i + " of " + this + " is negative");
        long r = 0;
        int last = shapes.length - 1;
        for (int k = 0; k < last; k++) {
            r += (i % shapes[k]) * strides[k];
            i /= shapes[k];
        }
        return r + i * strides[last];
    }

    /**
     * Bounds {@code [lo, hi]} on Φ(i) over {@code 0 ≤ i ≤ maxIndex}: each coordinate {@code c_k} lies in
     * {@code [0, min(s_k − 1, ⌊maxIndex / P_k⌋)]} ({@code P_k = s_0⋯s_{k−1}}; the last mode only by the quotient),
     * so the bounds are exact when {@code maxIndex = size − 1}. Overflow of the bounds is an ArithmeticException.
     *
     * @throws IllegalArgumentException for a negative {@code maxIndex}
     * @throws ArithmeticException where a bound overflows a long
     */
    public long[] offsetRange(long maxIndex) {
        if (maxIndex < 0) throw new IllegalArgumentException("max index " + maxIndex + " of " + this + " is negative");
        long lo = 0;
        long hi = 0;
        long q = maxIndex;
        for (int k = 0; k < shapes.length; k++) {
            boolean last = k == shapes.length - 1;
            long cmax = last ? q : Math.min(shapes[k] - 1, q);
            long t = Checked.mul(cmax, strides[k], "the offsets below index " + maxIndex, this);
            if (t > 0) hi = Checked.add(hi, t, "the offsets below index " + maxIndex, this);
            else lo = Checked.add(lo, t, "the offsets below index " + maxIndex, this);
            if (!last) q /= shapes[k];
        }
        return new long[] {lo, hi};
    }

    /** The mode {@code m ≥ 1} of unit stride, or −1 if none (mode 0 with unit stride also gives −1). */
    public int unitStrideModeAfterFirst() {
        for (int k = 1; k < shapes.length; k++) if (strides[k] == 1) return k;
        return -1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NormalizedLayout n && Arrays.equals(shapes, n.shapes) && Arrays.equals(strides, n.strides);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(shapes) * 31 + Arrays.hashCode(strides);
    }

    /** CuTe notation of the flat layout, e.g. {@code (4,8):(8,1)}. */
    @Override
    public String toString() {
        return toLayout().toString();
    }
}
