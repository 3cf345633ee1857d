package org.layoutcat.core.algebra;

import java.util.Arrays;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Checked;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;

/**
 * Composition of layouts, CuTe's {@code composition(A, B) = A∘B}: B is applied first.
 *
 * <p>Contract: the result R has B's shape (its nesting too, and so the same top-level mode sizes) and
 * {@code R(c) = A(B(c))} for every coordinate c with {@code B(c)} in A's domain [0, size A). Past it, R follows
 * CuTe's extension of A: the last mode of {@code coalesce(A)} read unbounded.
 * Where no layout satisfies this — a stride of B that neither divides nor is divided by a mode of A, a mode
 * of B that does not split evenly across A's modes, or modes of B whose offsets add up past the extent of a mode
 * of A (then A(B(c)) is not the sum of the images of B's modes) — the result is an IllegalArgumentException that
 * names the operands and the violated condition, never a layout of the wrong size or function.
 *
 * <p>Each integral mode {@code s:d} of B walks the coalesced modes {@code (a_k):(e_k)} of A: a mode of A that
 * the remaining stride steps over is skipped ({@code d ← d / a_k}); a mode that the stride divides contributes
 * {@code min(a_k/d, s)} elements at stride {@code d·e_k}; the last mode of A takes what is left.
 *
 * <p>Additivity: the offsets {@code c·d} of each mode of B take digits of A's mixed radix without a carry. Their
 * sum over B's modes is A(B(c)) exactly when, in every mode k of A but the last (unbounded), the largest digits
 * add up to at most {@code a_k − 1}; otherwise some c with {@code B(c) < size(A)} carries, and since coalesced
 * modes have {@code e_(k+1) ≠ a_k·e_k} no layout agrees with A∘B there. A negative stride mixed with other modes
 * of B, under an A of several modes, is refused for the same reason (the sum borrows).
 */
public final class Composition {
    private Composition() {}

    /** A∘B for a layout or a by-mode tiler B (a by-mode tiler composes mode by mode). */
    public static Layout compose(Layout a, Tiler b) {
        return ByMode.apply("composition", a, b, Composition::compose);
    }

    /** A∘B: {@code R(c) = A(B(c))}, R shaped like B. */
    public static Layout compose(Layout a, Layout b) {
        int nb = b.flatRank();
        Work w = Work.of(a.flatRank(), nb);
        long[] as = w.as;
        long[] ad = w.ad;
        int n = w.coalesce(a);
        int moving = 0; // the modes of B that move (size > 1, stride ≠ 0), and whether one has a negative stride
        boolean negative = false;
        for (int k = 0; k < nb; k++) {
            int before = w.size;
            long s = b.flatShape(k);
            long d = b.flatStride(k);
            composeMode(a, b, as, ad, n, s, d, w);
            w.count[k] = w.size - before;
            if (s != 1 && d != 0) {
                moving++;
                negative |= d < 0;
            }
        }
        if (n > 1) requireAdditive(a, b, as, ad, n, w.digits, negative && moving > 1);
        return Layout.refiningShapeOf(b, w.count, w.shape, w.stride, w.size);
    }

    /**
     * The working arrays of one composition, kept per thread so that a composition allocates little more than
     * its result: coalesced A ({@code as:ad}), the digits each mode of A takes ({@code digits}), and the result's
     * modes ({@code shape:stride}, {@code size} of them) with how many each flat mode of B gave ({@code count}).
     * A composition runs start to end on its thread and calls no other, so one set per thread is enough. The
     * coalesced A is kept for the next call (A is immutable, so the same object has the same coalesced modes):
     * a search over tilers B for one A, the common loop, coalesces A once.
     */
    private static final class Work {
        private static final ThreadLocal<Work> PER_THREAD = ThreadLocal.withInitial(Work::new);
        long[] as = new long[8];
        long[] ad = new long[8];
        Layout coalesced; // the A whose coalesced modes as:ad hold (n of them): a search over B for one A coalesces once
        int n;
        long[] digits = new long[8];
        long[] shape = new long[16];
        long[] stride = new long[16];
        int[] count = new int[8];
        int size;

        /** This thread's arrays, large enough for A of {@code na} and B of {@code nb} flat modes, emptied. */
        static Work of(int na, int nb) {
            Work w = PER_THREAD.get();
            int n = Math.max(na, 1); // an empty A, ():(), reads as 1:0
            if (w.as.length < n) {
                w.as = new long[n];
                w.ad = new long[n];
                w.digits = new long[n];
                w.coalesced = null;
            } else {
                Arrays.fill(w.digits, 0, n, 0);
            }
            int capacity = Math.max(nb * n, 1);
            if (w.shape.length < capacity) {
                w.shape = new long[capacity];
                w.stride = new long[capacity];
            }
            if (w.count.length < nb) w.count = new int[nb];
            w.size = 0;
            return w;
        }

        /** Coalesces A into {@code as:ad} (A = 1:0, Φ ≡ 0, reads as the single mode 1:0) unless they hold it. */
        int coalesce(Layout a) {
            if (a == coalesced) return n;
            n = Coalesce.modesInto(a, as, ad);
            coalesced = a;
            return n;
        }

        void add(long s, long d) {
            shape[size] = s;
            stride[size] = d;
            size++;
        }
    }

    /**
     * The modes of B add up inside A: {@code digits[k]}, the sum over B's modes of their largest digit in mode k
     * of coalesced A, is below {@code a_k} for every k but the last; and no negative stride of B is summed with
     * other modes through an A of several modes ({@code borrows}: B has a negative stride and another moving mode).
     */
    private static void requireAdditive(Layout a, Layout b, long[] as, long[] ad, int n, long[] digits, boolean borrows) {
        for (int k = 0; k < n - 1; k++) {
            if (digits[k] > as[k] - 1) {
                long ak = as[k], ek = ad[k], sum = digits[k];
                throw new LayoutArgumentException(() -> a + " o " + b + ": no layout satisfies R(c)=A(B(c)) — the modes"
                        + " of B overlap in mode " + ak + ":" + ek + " of A (their coordinates there add up to " + sum
                        + " > " + (ak - 1) + "), so A(B(c)) is not the sum of the images of B's modes (additivity)");
            }
        }
        if (borrows) {
            throw new LayoutArgumentException(() -> a + " o " + b + ": a negative stride of B summed with its other modes"
                    + " borrows across the modes of A, so A(B(c)) is not the sum of the images of B's modes"
                    + " (additivity); not supported");
        }
    }

    /** How an error names the operands: {@code A o s:d}, or {@code A o B, mode s:d} when B has several modes. */
    private static String operands(Layout a, Layout b, long s, long d) {
        return b.isIntegral() ? a + " o " + s + ":" + d : a + " o " + b + ", mode " + s + ":" + d;
    }

    /**
     * Appends the modes of A∘(s:d) for one integral mode of B to {@code out}, and adds the largest digit it takes
     * in each mode k of A to {@code digits[k]}.
     */
    private static void composeMode(Layout a, Layout b, long[] as, long[] ad, int n, long s, long d, Work out) {
        if (d == 0) {
            out.add(s, 0);
            return;
        }
        long sign = Long.signum(d);
        long restShape = s;
        long restStride = Math.absExact(d);
        int first = out.size;
        long q;
        for (int k = 0; k < n - 1; k++) {
            long curShape = as[k];
            if (restShape == 1) {
                if (out.size > first) return; // the modes are complete; no size-1 mode follows
                // Nothing of B is left: only track the stride, as CuTe does, for the final size-1 mode.
                restStride = Checked.ceilDiv(restStride, curShape);
            } else if ((q = exactQuotient(restStride, curShape)) > 0) {
                restStride = q; // B steps over this mode of A entirely
            } else if ((q = exactQuotient(curShape, restStride)) > 0) {
                long taken = Math.min(q, restShape);
                long left = exactQuotient(restShape, taken);
                if (left < 0) {
                    long shape = restShape, stride = restStride, ek = ad[k];
                    throw new LayoutArgumentException(() -> operands(a, b, s, d) + ": no layout of size " + s
                            + " satisfies R(c)=A(B(c)) — shape " + shape + " is not divisible by " + taken
                            + ", the part of it that fits in mode " + curShape + ":" + ek + " of A at stride " + stride
                            + " (shape divisibility)");
                }
                out.add(taken, Checked.mul(sign * restStride, ad[k], "a stride of the composition with A", a));
                // digits restStride·t, t < taken, in mode k (at most a_k − 1); the sum saturates at a_k
                long top = restStride * (taken - 1);
                long[] digits = out.digits;
                digits[k] = top > curShape - digits[k] ? curShape : digits[k] + top;
                restShape = left;
                restStride = 1;
            } else {
                long stride = restStride, ek = ad[k];
                throw new LayoutArgumentException(() -> operands(a, b, s, d) + ": no layout satisfies R(c)=A(B(c)) —"
                        + " stride " + stride + " and mode " + curShape + ":" + ek + " of A do not divide one another"
                        + " (stride divisibility)");
            }
        }
        if (restShape != 1 || out.size == first) {
            out.add(restShape, Checked.mul(sign * restStride, ad[n - 1], "a stride of the composition with A", a));
        }
    }

    /**
     * {@code y / x} where x divides y, else −1 (x > 0, y > 0): without a division where {@code y ≤ x} or x is a
     * power of two (as most extents and strides are), with one otherwise.
     */
    private static long exactQuotient(long y, long x) {
        if (y <= x) return y == x ? 1 : -1;
        if ((x & (x - 1)) == 0) return (y & (x - 1)) == 0 ? y >>> Long.numberOfTrailingZeros(x) : -1;
        long q = y / x;
        return q * x == y ? q : -1;
    }
}
