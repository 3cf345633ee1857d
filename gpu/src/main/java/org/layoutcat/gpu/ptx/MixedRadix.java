package org.layoutcat.gpu.ptx;

import java.util.Arrays;

/**
 * The quotient chain of a mixed radix {@code (s_0,…,s_{r−1})} on inputs {@code 0 ≤ x ≤ bound} in {@code w}-bit
 * arithmetic: {@code q_0 = x}, {@code q_{k+1} = ⌊q_k / s_k⌋}. The colexicographic coordinate of {@code x} is
 * {@code c_k = q_k − s_k·q_{k+1}} (the last mode unbounded: {@code c_{r−1} = q_{r−1}}), so a layout with strides
 * {@code d} is the linear form {@code Φ(x) = Σ c_k·d_k = Σ e_k·q_k}, {@code e_0 = d_0}, {@code e_k = d_k − s_{k−1}·d_{k−1}}:
 * {@code r − 1} divisions and no remainders. Quotients that are 0 for every {@code x ≤ bound} (once
 * {@code s_0⋯s_{k−1} > bound}) are dropped with their divisions; every division is by a constant
 * ({@link UnsignedDivision}).
 */
public final class MixedRadix {
    private final Width width;
    private final long[] shapes;
    private final long bound;
    private final UnsignedDivision[] divisions;

    private MixedRadix(Width width, long[] shapes, long bound) {
        this.width = width;
        this.shapes = shapes;
        this.bound = bound;
        int used = 1;
        long dividend = bound;
        while (used < shapes.length && dividend / shapes[used - 1] > 0) {
            dividend /= shapes[used - 1];
            used++;
        }
        divisions = new UnsignedDivision[used - 1];
        long b = bound;
        for (int k = 0; k < used - 1; k++) {
            divisions[k] = UnsignedDivision.by(shapes[k], b, width);
            b /= shapes[k];
        }
    }

    /**
     * The chain for {@code shapes} (positive) on {@code [0, bound]}, {@code bound} within the width.
     *
     * @throws IllegalArgumentException for no shape, a shape ≤ 0, or a bound outside the width
     */
    public static MixedRadix of(long[] shapes, long bound, Width width) {
        if (shapes.length == 0) throw new IllegalArgumentException("a mixed radix needs at least one digit");
        for (long s : shapes) {
            if (s < 1) throw new IllegalArgumentException("radix " + Arrays.toString(shapes) + " has a non-positive digit");
        }
        if (!width.holds(bound)) {
            throw new IllegalArgumentException("bound " + bound + " does not fit " + width.bits + " bits");
        }
        return new MixedRadix(width, shapes.clone(), bound);
    }

    public Width width() {
        return width;
    }

    public long bound() {
        return bound;
    }

    /** The number of quotients that can be non-zero: one more than the number of divisions. */
    public int quotientCount() {
        return divisions.length + 1;
    }

    /**
     * The division that makes {@code q_{k+1}} from {@code q_k}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ k < quotientCount() − 1}
     */
    public UnsignedDivision division(int k) {
        return divisions[k];
    }

    /**
     * The coefficients {@code e_k} (mod 2^w) of the layout with these shapes and {@code strides}.
     *
     * @throws IllegalArgumentException where there are not as many strides as shapes
     */
    public long[] coefficients(long[] strides) {
        if (strides.length != shapes.length) {
            throw new IllegalArgumentException(strides.length + " strides for the radix " + Arrays.toString(shapes));
        }
        long[] e = new long[quotientCount()];
        for (int k = 0; k < e.length; k++) {
            e[k] = width.wrap(k == 0 ? strides[0] : strides[k] - shapes[k - 1] * strides[k - 1]);
        }
        return e;
    }

    /** The quotients {@code q_0..q_{u−1}} of {@code x}, computed as the emitted code does. */
    public long[] quotients(long x) {
        long[] q = new long[quotientCount()];
        q[0] = width.wrap(x);
        for (int k = 0; k < divisions.length; k++) q[k + 1] = divisions[k].apply(q[k]);
        return q;
    }

    /**
     * {@code Σ e_k·q_k mod 2^w} for the given coefficients, as the emitted code computes it.
     *
     * @throws ArrayIndexOutOfBoundsException where there are fewer coefficients than {@link #quotientCount()}
     */
    public long evaluate(long x, long[] coefficients) {
        long[] q = quotients(x);
        long acc = 0;
        for (int k = 0; k < q.length; k++) acc = width.wrap(acc + q[k] * coefficients[k]);
        return acc;
    }

    /** Emits the chain for the register {@code x}; returns the quotient registers ({@code q_0} is {@code x}). */
    String[] emitQuotients(PtxWriter w, String x) {
        String[] q = new String[quotientCount()];
        q[0] = x;
        String t = width.unsigned;
        for (int k = 0; k < divisions.length; k++) {
            UnsignedDivision d = divisions[k];
            String out;
            if (d instanceof UnsignedDivision.Shift s) {
                if (s.shift() == 0) {
                    out = q[k];
                } else {
                    out = w.reg(width);
                    w.op("shr.%s %s, %s, %d", t, out, q[k], s.shift());
                }
            } else if (d instanceof UnsignedDivision.MulHi m) {
                String hi = w.reg(width);
                w.op("mul.hi.%s %s, %s, %s", t, hi, q[k], width.immediate(m.magic()));
                if (m.shift() == 0) {
                    out = hi;
                } else {
                    out = w.reg(width);
                    w.op("shr.%s %s, %s, %d", t, out, hi, m.shift());
                }
            } else {
                UnsignedDivision.MulHiAdd a = (UnsignedDivision.MulHiAdd) d;
                String hi = w.reg(width);
                String u = w.reg(width);
                out = w.reg(width);
                w.op("mul.hi.%s %s, %s, %s", t, hi, q[k], width.immediate(a.magic()));
                w.op("sub.%s %s, %s, %s", t, u, q[k], hi);
                w.op("shr.%s %s, %s, 1", t, u, u);
                w.op("add.%s %s, %s, %s", t, u, u, hi);
                w.op("shr.%s %s, %s, %d", t, out, u, a.shift() - 1);
            }
            q[k + 1] = out;
        }
        return q;
    }

    /** Emits {@code Σ e_k·q_k} over the quotient registers; returns the result register. */
    String emitForm(PtxWriter w, String[] q, long[] coefficients) {
        String t = width.unsigned;
        String acc = null;
        for (int k = 0; k < q.length; k++) {
            long e = coefficients[k];
            if (e == 0) continue;
            String next = w.reg(width);
            if (acc == null) {
                if (e == 1) w.op("mov.%s %s, %s", width.bitType, next, q[k]);
                else w.op("mul.lo.%s %s, %s, %s", t, next, q[k], width.immediate(e));
            } else if (e == 1) {
                w.op("add.%s %s, %s, %s", t, next, acc, q[k]);
            } else {
                w.op("mad.lo.%s %s, %s, %s, %s", t, next, q[k], width.immediate(e), acc);
            }
            acc = next;
        }
        if (acc == null) {
            acc = w.reg(width);
            w.op("mov.%s %s, 0", width.bitType, acc);
        }
        return acc;
    }

    @Override
    public String toString() {
        return "radix " + Arrays.toString(shapes) + " on [0," + bound + "] in " + width.bits + " bits: "
                + Arrays.toString(divisions);
    }
}
