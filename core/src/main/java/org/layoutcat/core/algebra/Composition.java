package org.layoutcat.core.algebra;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;

/**
 * Composition of layouts, CuTe's {@code composition(A, B) = A∘B}: B is applied first.
 *
 * <p>Contract: the result R has B's shape (its nesting too, and so the same top-level mode sizes) and
 * {@code R(c) = A(B(c))} for every coordinate c with {@code B(c)} in A's domain (A's last mode read unbounded).
 * Where no layout satisfies this — a stride of B that neither divides nor is divided by a mode of A, a mode
 * of B that does not split evenly across A's modes, or modes of B whose offsets add up past the extent of a mode
 * of A (then A(B(c)) is not the sum of the images of B's modes) — the result is an IllegalArgumentException that
 * names the operands and the violated condition, never a layout of the wrong size or function.
 *
 * <p>Each mode {@code s:d} of B composes on its own: the offsets {@code c·d} (c &lt; s) take digits of A's
 * mixed radix (A coalesced to {@code (a_k):(e_k)}) without a carry. Their sum over B's modes is A(B(c)) exactly
 * when, in every mode k of A but the last (unbounded), the largest digits add up to at most {@code a_k − 1};
 * otherwise a c with {@code B(c) < size(A)} and a carry exists, and since coalesced modes have
 * {@code e_(k+1) ≠ a_k·e_k} no layout agrees with A∘B there (additivity). A negative stride mixed with other
 * modes of B, under an A of several modes, is refused for the same reason (the sum borrows).
 */
public final class Composition {
    private Composition() {}

    /** A∘B for a layout or a by-mode tiler B (a by-mode tiler composes mode by mode). */
    public static Layout compose(Layout a, Tiler b) {
        return ByMode.apply("composition", a, b, Composition::compose);
    }

    /** A∘B: {@code R(c) = A(B(c))}, R shaped like B. */
    public static Layout compose(Layout a, Layout b) {
        Layout flatA = Coalesce.coalesce(a);
        long[] digits = new long[flatA.flatRank()];
        Layout r = composeCoalesced(a, flatA, b, b, digits);
        requireAdditive(a, flatA, b, digits);
        return r;
    }

    private static Layout composeCoalesced(Layout a, Layout flatA, Layout b, Layout wholeB, long[] digits) {
        if (b.shape().isTuple()) {
            List<Layout> modes = new ArrayList<>(b.rank());
            for (int i = 0; i < b.rank(); i++) modes.add(composeCoalesced(a, flatA, b.mode(i), wholeB, digits));
            return Layout.concat(modes);
        }
        return composeMode(a, flatA, b.shape().value(), b.stride().value(), wholeB, digits);
    }

    /**
     * The modes of B add up inside A: {@code digits[k]}, the sum over B's modes of their largest digit in mode k
     * of coalesced A, is below {@code a_k} for every k but the last; and no negative stride of B is summed with
     * other modes through an A of several modes.
     */
    private static void requireAdditive(Layout a, Layout flatA, Layout b, long[] digits) {
        int last = flatA.flatRank() - 1;
        for (int k = 0; k < last; k++) {
            if (digits[k] > flatA.flatShape(k) - 1) {
                throw new IllegalArgumentException(a + " o " + b + ": no layout satisfies R(c)=A(B(c)) — the modes of B"
                        + " overlap in mode " + flatA.flatShape(k) + ":" + flatA.flatStride(k) + " of A (their coordinates"
                        + " there add up to " + digits[k] + " > " + (flatA.flatShape(k) - 1) + "), so A(B(c)) is not the"
                        + " sum of the images of B's modes (additivity)");
            }
        }
        if (last == 0) return; // A is linear: A(x) = x·e
        int moving = 0;
        boolean negative = false;
        for (int j = 0; j < b.flatRank(); j++) {
            if (b.flatShape(j) == 1 || b.flatStride(j) == 0) continue;
            moving++;
            negative |= b.flatStride(j) < 0;
        }
        if (negative && moving > 1) {
            throw new IllegalArgumentException(a + " o " + b + ": a negative stride of B summed with its other modes"
                    + " borrows across the modes of A, so A(B(c)) is not the sum of the images of B's modes"
                    + " (additivity); not supported");
        }
    }

    /** How an error names the operands: {@code A o s:d}, or {@code A o B, mode s:d} when B has several modes. */
    private static String operands(Layout a, long s, long d, Layout wholeB) {
        return wholeB.shape().isLeaf() ? a + " o " + s + ":" + d : a + " o " + wholeB + ", mode " + s + ":" + d;
    }

    /** What is left of B's mode {@code s:d} after walking past some modes of A. */
    private record Rest(long shape, long stride) {}

    /**
     * A∘(s:d) for one integral mode of the layout {@code wholeB}, walking the coalesced modes of A; adds the
     * largest digit it takes in each mode k of A to {@code digits[k]}.
     */
    private static Layout composeMode(Layout a, Layout flatA, long s, long d, Layout wholeB, long[] digits) {
        if (d == 0) return Layout.of(s, 0);
        long sign = Long.signum(d);
        List<long[]> result = new ArrayList<>();
        Rest rest = new Rest(s, Math.absExact(d));
        int last = flatA.flatRank() - 1;
        for (int k = 0; k < last; k++) {
            long curShape = flatA.flatShape(k);
            long curStride = flatA.flatStride(k);
            if (rest.shape() == 1) {
                // Nothing of B is left: only track the stride, as CuTe does, for the final size-1 mode.
                rest = new Rest(1, Checked.ceilDiv(rest.stride(), curShape));
            } else if (rest.stride() % curShape == 0) {
                // B steps over this mode of A entirely.
                rest = new Rest(rest.shape(), rest.stride() / curShape);
            } else if (curShape % rest.stride() == 0) {
                long fits = curShape / rest.stride();
                long taken = Math.min(fits, rest.shape());
                if (rest.shape() % taken != 0) {
                    throw new IllegalArgumentException(operands(a, s, d, wholeB) + ": no layout of size " + s
                            + " satisfies R(c)=A(B(c)) — shape " + s + " is not divisible by " + taken
                            + ", the part of it that fits in mode " + curShape + ":" + curStride + " of A at stride "
                            + rest.stride() + " (shape divisibility)");
                }
                result.add(new long[] {taken, Checked.mul(sign * rest.stride(), curStride, "a stride of " + a + " o " + s + ":" + d)});
                // digits rest.stride·t, t < taken, in mode k (at most curShape − 1); the sum saturates at curShape
                long top = rest.stride() * (taken - 1);
                digits[k] = top > curShape - digits[k] ? curShape : digits[k] + top;
                rest = new Rest(rest.shape() / taken, 1);
            } else {
                throw new IllegalArgumentException(operands(a, s, d, wholeB) + ": no layout satisfies R(c)=A(B(c)) — stride "
                        + rest.stride() + " and mode " + curShape + ":" + curStride + " of A do not divide one another"
                        + " (stride divisibility)");
            }
        }
        if (rest.shape() != 1 || result.isEmpty()) {
            long lastStride = flatA.flatStride(last);
            result.add(new long[] {rest.shape(), Checked.mul(sign * rest.stride(), lastStride, "a stride of " + a + " o " + s + ":" + d)});
        }
        if (result.size() == 1) return Layout.of(result.get(0)[0], result.get(0)[1]);
        long[] rs = new long[result.size()];
        long[] rd = new long[result.size()];
        for (int i = 0; i < rs.length; i++) {
            rs[i] = result.get(i)[0];
            rd[i] = result.get(i)[1];
        }
        return Layout.of(IntTuple.flat(rs), IntTuple.flat(rd));
    }
}
