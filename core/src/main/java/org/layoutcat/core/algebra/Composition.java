package org.layoutcat.core.algebra;

import java.util.function.Supplier;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.internal.Flat;
import org.layoutcat.core.internal.FlatModes;
import org.layoutcat.core.internal.Odometer;

/**
 * Composition of layouts, CuTe C++'s {@code composition(A, B) = A∘B}: B is applied first.
 *
 * <p><b>Contract</b> (CuTe C++'s, what kernels run): the result R has B's shape refined (its top-level mode sizes
 * are B's) and {@code R(c) = A(B(c))} for every coordinate c of B with {@code B(c) ≥ 0}, where A is read past its
 * size as CuTe evaluates a layout there: its last <em>flat</em> mode unbounded, before any coalescing. So
 * {@code (4,3,1):(3,1,0) ∘ 24:1 = (4,3,2):(3,1,0)} and {@code 1:1 ∘ 4:1 = 4:1}.
 *
 * <p><b>Algorithm</b> (CuTe's {@code composition_impl}): A is first replaced by {@code coalesce_x(A)}, the coalesce
 * that keeps the function past the domain too ({@link FlatModes#extendedModesInto}). Each integral mode {@code s:d}
 * of B then walks the modes {@code (a_k):(e_k)} of that A, with a rest shape t (initially s) and a rest stride r
 * (initially d): where {@code |r| ≥ a_k} the mode is stepped over ({@code r ← r/a_k}, which must be exact: stride
 * divisibility); where {@code |r| < a_k} the mode contributes {@code m = min(⌈a_k/|r|⌉, t)} elements at stride
 * {@code r·e_k} (t must be a multiple of m: shape divisibility) and the walk goes on with {@code t/m} at stride
 * ±1; the last mode of A takes what is left.
 *
 * <p><b>Checked answers.</b> CuTe C++ returns that layout without checking it. Here it is returned only where it
 * is right: where the walk is exact — every mode of B that takes elements inside a mode of A either has a
 * stride dividing {@code a_k} or fits inside that mode, and the images of B's modes add up without a carry in
 * every mode of A but the last (the sum of their largest digits there stays below {@code a_k}); or otherwise
 * where R is checked to equal {@code A(B(c))} at every point of B's domain (up to {@value #CHECKED_POINTS}
 * points). Anywhere else the answer is an IllegalArgumentException that names the operands, the condition, and,
 * where a point shows it, CuTe C++'s wrong answer with the point where it differs.
 *
 * <p>Cost: {@code O(flatRank(A)·flatRank(B))} time and {@code O(flatRank(B)·min(flatRank(A), 64))} memory, plus
 * the pointwise check where the walk is not exact: at most {@code min(size B, 2^16, 2^22 / Σ flat ranks)} points,
 * each a walk of A, B and R.
 */
public final class Composition {
    private Composition() {}

    /** The most points of B's domain checked one by one where the walk alone does not prove the answer. */
    public static final int CHECKED_POINTS = 1 << 16;

    /**
     * A∘B for layouts of any kind, chosen by kind: CuTe's {@code composition(Sw o off o L, B) = Sw o off o (L∘B)} for
     * a swizzled A, and {@code (X o off o Y)∘B = X o off o (Y∘B)} for any composed A ({@link GeneralComposedLayout}); the
     * swizzle of a swizzled B moved through A, and a composed B's outer function composed into A (see
     * {@code SwizzledComposition}), or, where no swizzle moved through A gives A(B(i)) (CuTe's {@code make_swizzle} of
     * A's images, which "works in simple cases"), the composed layout {@code A o 0 o B}; the algebra of
     * scaled-basis strides where A or B has them (a basis stride {@code v@p} of B picks mode p of A:
     * {@code (4,4):(4,1) ∘ (4,4):(1@1,1@0) = (4,4):(1,4)}); {@link #compose(Layout, Tiler)} otherwise. A composite
     * whose strides are all integers is a {@link Layout}.
     *
     * @throws LayoutArgumentException where the composition is refused, as {@link #compose(Layout, Tiler)} words it,
     *         or where B is of a kind A's composition does not take
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout compose(AnyLayout a, Tiler b) {
        return switch (a) {
            case ComposedLayout swizzled -> b instanceof ComposedLayout sb ? SwizzledComposition.compose(swizzled, sb)
                    : b instanceof GeneralComposedLayout gb ? SwizzledComposition.after(swizzled, compose((AnyLayout) swizzled.inner(), gb))
                    : swizzled.withInner(compose(swizzled.inner(), b));
            case CoordLayout basis -> b instanceof GeneralComposedLayout gb ? SwizzledComposition.compose(basis, gb)
                    : BasisAlgebra.canonical(BasisAlgebra.compose(basis, b));
            case Layout integer -> b instanceof ComposedLayout sb ? SwizzledComposition.compose(integer, sb)
                    : b instanceof GeneralComposedLayout gb ? SwizzledComposition.compose(integer, gb)
                    : BasisAlgebra.hasBasisStrides(b) ? BasisAlgebra.canonical(BasisAlgebra.compose(CoordLayout.of(integer), b))
                    : compose(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("composition");
            // CuTe: composition(a.layout_a(), a.offset(), composition(a.layout_b(), b))
            case GeneralComposedLayout g -> g.withLayoutB(compose(g.layoutB(), b));
        };
    }

    /**
     * A∘B for a layout or a by-mode tiler B. A by-mode tiler {@code <B0,...,Bk>} composes mode i of A with Bi and,
     * as CuTe C++ does, drops the modes of A past k: the result has rank k+1.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, or where a
     *         composition of modes is refused, as by {@link #compose(Layout, Layout)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout compose(Layout a, Tiler b) {
        return PerMode.applyToHitModes("composition", a, b, Composition::compose);
    }

    /**
     * A∘B: {@code R(c) = A(B(c))}, R shaped like B (see the class comment).
     *
     * @throws LayoutArgumentException where CuTe's divisibility conditions fail (a rest stride neither below a mode of
     *         A nor a multiple of its size; a rest shape not divisible by the part of it that fits in a mode of A), or
     *         where the walk is not exact and CuTe C++'s answer differs from A(B(c)) at a point or B's domain is too
     *         large to check; the message names the operands and the reason
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout compose(Layout a, Layout b) {
        return compose(a, b, true);
    }

    /**
     * CuTe's {@code composition_impl} over the flat modes of A as they are, without coalescing A first: the
     * same contract as {@link #compose(Layout, Layout)} (A's last flat mode unbounded). The result's shape and
     * the checks depend on A's flat shape only and each stride of R is an integer multiple of one stride of A,
     * so composing each component of a vector-valued stride over one flat shape gives congruent results.
     *
     * @throws LayoutArgumentException where the composition is refused, as by {@link #compose(Layout, Layout)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout composeModes(Layout flatA, Layout b) {
        return compose(flatA, b, false);
    }

    /**
     * Steps explained in words and the answer they reach, if any: a walkthrough of a composition.
     *
     * @param steps  the steps, one per line, ending with the answer or the refusal
     * @param result the composite, or empty where it was refused
     */
    public record Explained(String steps, java.util.Optional<Layout> result) {}

    /**
     * The steps of CuTe's algorithm for A∘B, one per line, ending with the result or the refusal: A read as
     * {@code coalesce_x(A)}, each mode of B walked through its modes, and how the answer is proven. The same walk
     * as {@link #compose(Layout, Layout)}, recording what it does.
     */
    public static Explained explain(Layout a, Layout b) {
        StringBuilder log = new StringBuilder();
        log.append("CuTe's composition of A = ").append(a).append(" with B = ").append(b).append(" (B applied first)\n");
        Layout r = null;
        try {
            r = compose(a, b, true, log);
            log.append("A o B = ").append(r).append('\n');
        } catch (IllegalArgumentException | ArithmeticException e) {
            log.append("refused: ").append(e.getMessage()).append('\n');
        }
        return new Explained(log.toString(), java.util.Optional.ofNullable(r));
    }

    private static Layout compose(Layout a, Layout b, boolean coalesceA) {
        return compose(a, b, coalesceA, null);
    }

    private static Layout compose(Layout a, Layout b, boolean coalesceA, StringBuilder log) {
        Walk w = Walk.of(a, b);
        try {
            return walk(w, coalesceA, log);
        } finally {
            w.release();
        }
    }

    private static Layout walk(Walk w, boolean coalesceA, StringBuilder log) {
        Layout a = w.a;
        Layout b = w.b;
        int nb = b.flatRank();
        long[] as = w.as;
        long[] ad = w.ad;
        int n = coalesceA ? FlatModes.extendedModesInto(a.flatModes(), as, ad) : flatModesInto(a, as, ad);
        w.start(n, log);
        if (log != null) {
            log.append("1. A read past its size through its last flat mode: coalesce_x(A) = ")
                    .append(Layout.of(new Flat(as.clone(), ad.clone(), n))).append(", its last mode unbounded\n");
            log.append("2. each flat mode s:d of B walks the modes a_k:e_k of that A with rest shape t = s and rest stride r = |d|\n");
        }
        int moving = 0; // B's modes that move (size > 1, stride ≠ 0), and whether one has a negative stride
        boolean negative = false;
        for (int k = 0; k < nb; k++) {
            long s = b.flatShape(k);
            long d = b.flatStride(k);
            int before = w.size;
            w.mode(s, d);
            w.count[k] = w.size - before;
            if (s != 1 && d != 0) {
                moving++;
                negative |= d < 0;
            }
        }
        if (negative && moving > 1 && n > 1 && w.inexact == null) {
            w.inexact = () -> "a negative stride of B summed with its other modes borrows across the modes of A";
        }
        if (w.inexact == null) w.requireAdditive();
        Layout r = Layout.refiningShapeOf(b, w.count, new Flat(w.shape, w.stride, w.size));
        if (log != null) {
            log.append("3. the modes nested as B's shape: ").append(r).append('\n');
            log.append(w.inexact == null
                    ? "4. proven by the walk: every mode taken divides its mode of A or fits inside it, and B's modes add up"
                            + " without a carry in every mode of A but the last\n"
                    : "4. not proven by the walk (" + w.inexact.get() + "): checked at every point of B's domain\n");
        }
        if (w.inexact != null) requirePointwise(a, b, r, w.inexact);
        return r;
    }

    /** A's flat modes copied as they are, the trivial {@code ():()} read as {@code 1:0}; their number. */
    private static int flatModesInto(Layout a, long[] s, long[] d) {
        int n = a.flatRank();
        if (n == 0) {
            s[0] = 1;
            d[0] = 0;
            return 1;
        }
        for (int k = 0; k < n; k++) {
            s[k] = a.flatShape(k);
            d[k] = a.flatStride(k);
        }
        return n;
    }

    /**
     * The walk of B's modes through A's modes {@code (as):(ad)}: the result's modes ({@code shape:stride},
     * {@code size} of them, {@code count[k]} from B's flat mode k), the largest digit the modes take in each mode
     * of A ({@code digits}), and why the walk is not exact where it is not ({@code inexact}).
     */
    private static final class Walk {
        /** The largest scratch a thread keeps: A and B of up to 64 flat modes, results of up to 1024 modes. */
        private static final int KEPT_A = 64;
        private static final int KEPT_B = 64;
        private static final int KEPT_RESULT = 1024;

        /**
         * Each thread's walk, reused while the operands fit it (bounded: at most 64 modes of A and of B and 1024
         * result modes, about 10 KiB); larger operands get a walk of their own for that call. Nothing of one call is
         * read by the next (every array is written before it is read, and errors copy what they quote). It pays:
         * JMH CoreBenchmarks.compositionFreshOperands 75.0 ns and 168 B/op with it against 94.6 ns and 504 B/op with
         * a walk per call (2026-11-24, 2-core development machine).
         */
        private static final ThreadLocal<Walk> PER_THREAD = ThreadLocal.withInitial(() -> new Walk(KEPT_A, KEPT_B, KEPT_RESULT));

        Layout a;
        Layout b;
        final long[] as;
        final long[] ad;
        int n;
        final long[] digits;
        final long[] shape;
        final long[] stride;
        final int[] count;
        int size;
        Supplier<String> inexact;
        StringBuilder log; // the steps, where asked for (explain); null otherwise
        private boolean inUse;

        private Walk(int na, int nb, int results) {
            this.as = new long[na];
            this.ad = new long[na];
            this.digits = new long[na];
            this.shape = new long[results];
            this.stride = new long[results];
            this.count = new int[nb];
        }

        /**
         * A walk for A∘B: this thread's where it fits, else a new one. Each mode of B gives at most min(n, 63)
         * modes: all but one have a shape ≥ 2, and their product is its size.
         */
        static Walk of(Layout a, Layout b) {
            int na = Math.max(a.flatRank(), 1);
            int nb = Math.max(b.flatRank(), 1);
            int results = Math.max(1, Math.multiplyExact(nb, Math.min(na, 64)));
            Walk w = PER_THREAD.get();
            if (w.inUse || na > w.as.length || nb > w.count.length || results > w.shape.length) w = new Walk(na, nb, results);
            w.inUse = true;
            w.a = a;
            w.b = b;
            return w;
        }

        /** Ready to walk B's modes through the n modes of A in {@code as, ad}. */
        void start(int n, StringBuilder log) {
            this.n = n;
            this.log = log;
            java.util.Arrays.fill(digits, 0, n, 0);
            size = 0;
            inexact = null;
        }

        /** Gives the walk back: it keeps no operand. */
        void release() {
            a = null;
            b = null;
            log = null;
            inexact = null;
            inUse = false;
        }

        private void add(long s, long d) {
            shape[size] = s;
            stride[size] = d;
            size++;
        }

        /** Appends the modes of A∘(s:d), CuTe's fold over the modes of A but the last. */
        void mode(long s, long d) {
            if (log != null) log.append("   mode ").append(s).append(':').append(d).append(" of B:");
            if (d == 0) { // CuTe's stride-0 shortcut: B does not move
                add(s, 0);
                if (log != null) log.append(" stride 0, so ").append(s).append(":0\n");
                return;
            }
            long sign = Long.signum(d);
            long t = s; // the rest shape
            long r = Math.absExact(d); // the rest stride, without its sign
            int first = size;
            for (int k = 0; k < n - 1; k++) {
                long ak = as[k];
                // the divisions below are skipped where r = 1 or m = t (most modes): each costs more than the rest
                if (t == 1) { // nothing of B left: only the stride of a size-1 mode is tracked, as in CuTe
                    if (r != 1) r = Checked.ceilDiv(r, ak);
                    continue;
                }
                if (r >= ak) {
                    if (r != ak && r % ak != 0) throw strideDivisibility(s, d, r, k);
                    r = r == ak ? 1 : r / ak; // B steps over this mode of A
                    if (log != null) log.append(" steps over ").append(ak).append(':').append(ad[k]).append(" (r = ").append(r).append(");");
                    continue;
                }
                long m = Math.min(r == 1 ? ak : Checked.ceilDiv(ak, r), t);
                if (m != t && t % m != 0) throw shapeDivisibility(s, d, t, m, r, k);
                add(m, Checked.mul(sign * r, ad[k], "a stride of the composition with A", a));
                if (log != null) {
                    log.append(" takes ").append(m).append(" in ").append(ak).append(':').append(ad[k]).append(" at stride ")
                            .append(r).append(" -> ").append(m).append(':').append(stride[size - 1]).append(';');
                }
                long top = r * (m - 1); // the largest digit taken in mode k: below a_k since m ≤ ⌈a_k / r⌉
                digits[k] = top > ak - digits[k] ? ak : digits[k] + top;
                if (m < t && r != 1 && ak % r != 0 && inexact == null) {
                    long rr = r, tt = t, ek = ad[k];
                    inexact = () -> "mode " + s + ":" + d + " of B reaches mode " + ak + ":" + ek + " of A at"
                            + " stride " + rr + ", which does not divide " + ak + ", and its " + tt + " elements do not"
                            + " fit inside that mode, so B's values carry into the next mode of A";
                }
                t = m == t ? 1 : t / m;
                r = 1;
            }
            if (t != 1 || size == first) {
                add(t, Checked.mul(sign * r, ad[n - 1], "a stride of the composition with A", a));
                if (log != null) {
                    log.append(" the last mode of A takes the rest -> ").append(t).append(':').append(stride[size - 1]);
                }
            }
            if (log != null) log.append('\n');
        }

        /**
         * The images of B's modes add up inside A: in every mode of A but the last (unbounded), the sum of their
         * largest digits is below {@code a_k}; else A(B(c)) need not be the sum of the images of B's modes.
         */
        void requireAdditive() {
            for (int k = 0; k < n - 1; k++) {
                if (digits[k] > as[k] - 1) {
                    long ak = as[k], ek = ad[k], sum = digits[k];
                    inexact = () -> "the modes of B overlap in mode " + ak + ":" + ek + " of A (their coordinates there"
                            + " add up to " + sum + " > " + (ak - 1) + "), so A(B(c)) is not the sum of the images of"
                            + " B's modes (additivity)";
                    return;
                }
            }
        }

        private LayoutArgumentException strideDivisibility(long s, long d, long r, int k) {
            long ak = as[k], ek = ad[k];
            Layout a = this.a, b = this.b; // the message is written later, when this walk may serve another call
            return new LayoutArgumentException(() -> operands(a, b, s, d) + ": stride " + r + " is neither below mode "
                    + ak + ":" + ek + " of A nor a multiple of its size " + ak + " (stride divisibility; CuTe C++"
                    + " refuses it too)");
        }

        private LayoutArgumentException shapeDivisibility(long s, long d, long t, long m, long r, int k) {
            long ak = as[k], ek = ad[k];
            Layout a = this.a, b = this.b; // the message is written later, when this walk may serve another call
            return new LayoutArgumentException(() -> operands(a, b, s, d) + ": no layout of size " + s
                    + " satisfies R(c)=A(B(c)) — shape " + t + " is not divisible by " + m + ", the part of it that fits"
                    + " in mode " + ak + ":" + ek + " of A at stride " + r + " (shape divisibility; CuTe C++ refuses it"
                    + " too)");
        }
    }

    /**
     * Returns when {@code r(c) = A(B(c))} at every c of B's domain with {@code B(c) ≥ 0}; else refuses, showing
     * CuTe C++'s answer r and the first point where it differs, or saying that B's domain is too large to check.
     */
    private static void requirePointwise(Layout a, Layout b, Layout r, Supplier<String> why) {
        long size = b.size();
        // at most CHECKED_POINTS points, fewer for layouts of many modes (each point costs a walk of A)
        int work = Math.max(1, a.flatRank() + b.flatRank() + r.flatRank());
        long limit = Math.min(size, Math.min(CHECKED_POINTS, (1 << 22) / work));
        long at = firstDifference(a, b, r, limit);
        if (at >= 0) {
            long x = b.apply(at);
            long want = a.apply(x);
            long got = r.apply(at);
            throw new LayoutArgumentException(() -> a + " o " + b + ": " + why.get() + "; CuTe C++ would answer "
                    + r + ", but at index " + at + " it gives " + got + " where A(B(" + at + ")) = A(" + x + ") = "
                    + want + ", so that answer is refused");
        }
        if (limit < size) {
            throw new LayoutArgumentException(() -> a + " o " + b + ": " + why.get() + "; the candidate " + r
                    + " (CuTe C++'s answer) agrees with A(B(c)) on the first " + limit + " points but B's"
                    + " domain of " + size + " points is too large to check, so it is not returned");
        }
    }

    /** The most points compared per round of {@link #firstDifference}; rounds start at 32 points and double. */
    private static final int ROUND = 1024;

    /**
     * The first index {@code c < limit} with {@code B(c) ≥ 0} and {@code R(c) ≠ A(B(c))}, or −1. B's and R's offsets
     * come from the odometer, a block at a time (no division per point); A is evaluated at each {@code B(c)}. The
     * rounds grow from 32 points, so a difference near the start costs little. Where an offset of B or R might
     * leave the long range on the way, each point is evaluated on its own, in exact arithmetic.
     */
    private static long firstDifference(Layout a, Layout b, Layout r, long limit) {
        Odometer ob = odometer(b, limit);
        Odometer or = odometer(r, limit);
        if (ob == null || or == null) {
            for (long c = 0; c < limit; c++) {
                long x = b.apply(c);
                if (x >= 0 && a.apply(x) != r.apply(c)) return c;
            }
            return -1;
        }
        int most = (int) Math.min(ROUND, limit);
        int len = Math.min(32, most);
        long[] bx = new long[len]; // the first round's: a difference near the start costs little
        long[] rx = new long[len];
        for (long c = 0; c < limit; c += len, len = Math.min(2 * len, most)) {
            len = (int) Math.min(len, limit - c);
            if (bx.length < len) { // past the first round: room for the longest
                bx = new long[most];
                rx = new long[most];
            }
            ob.fill(bx, 0, len);
            or.fill(rx, 0, len);
            for (int i = 0; i < len; i++) {
                long x = bx[i];
                if (x >= 0 && a.apply(x) != rx[i]) return c + i;
            }
        }
        return -1;
    }

    /**
     * An odometer over L's coalesced flat modes for a walk of {@code points} indices, or null where its running
     * offset might overflow a long ({@code Σ s_k·|d_k|} does not fit).
     */
    private static Odometer odometer(Layout l, long points) {
        int n = Math.max(l.flatRank(), 1);
        long[] s = new long[n];
        long[] d = new long[n];
        int m = FlatModes.modesInto(l.flatModes(), s, d);
        long reach = 0;
        for (int k = 0; k < m; k++) {
            long term = Math.abs(d[k]); // |Long.MIN_VALUE| stays negative and is refused below
            if (term < 0 || !Checked.fits(s[k], term)) return null;
            reach += s[k] * term;
            if (reach < 0) return null;
        }
        return new Odometer(new Odometer.Plan(s, d, m, points), 0);
    }

    /** How an error names the operands: {@code A o s:d}, or {@code A o B, mode s:d} when B has several modes. */
    private static String operands(Layout a, Layout b, long s, long d) {
        return b.isIntegral() ? a + " o " + s + ":" + d : a + " o " + b + ", mode " + s + ":" + d;
    }

}
