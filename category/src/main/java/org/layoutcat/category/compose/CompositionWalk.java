package org.layoutcat.category.compose;

import org.layoutcat.core.internal.Flat;
import org.layoutcat.core.internal.FlatModes;
import org.layoutcat.category.internal.FlatMorphisms;
import java.util.Arrays;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.compose.CompositionTrace.Extension;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * The categorical composition {@code A∘B} (B applied first, {@code R(c) = A(B(c))}; paper §4.1.3): the one
 * definition of the algorithm, a walk on flat arrays that {@link CategoricalComposition#compose} runs as it is and
 * {@link CategoricalComposition#trace} runs with a {@link TraceRecorder}, to which each step hands its arrays. Each
 * morphism is held as its flattening (an array of entries and an index array for its map, 1-based,
 * {@link FinMorphism#STAR} for {@code *}) or, where only its layout is read, as the strides of its encoded layout;
 * without a recorder nothing is allocated but the answer (and, where A must be extended, a few arrays).
 * <ol>
 * <li>{@code f = f_B: S → T}: S is B's flat shape (shape(B) flattened); T and α_f from
 *     {@link FlatMorphisms#codomainInto}: B's modes of shape ≠ 1 and stride ≠ 0 in increasing stride order,
 *     each preceded by the gap {@code d / reached} where the extent reached so far falls short of its stride d.</li>
 * <li>{@code coal(A)}, CuTe's {@code coalesce_x(A)} of flat shape U (A's last mode read unbounded), and
 *     {@code g = f_coal(A): U → V} the same way. Where {@code coalesce_x(A)} is not tractable but A is, and B's
 *     values lie in A's domain ({@code cosize B ≤ size A}, B's whole layout where A∘B is split over its modes), A is
 *     read there only and needs no extension:
 *     {@code coal(A) = coalesce(A)}, the paper's own.</li>
 * <li>The mutual refinement (T', U'): {@link FlatMorphisms#mutualRefinement} along T and U as two mixed-radix sequences,
 *     which writes the pieces of U'♭ (T'♭ is their prefix) and where the pieces of each entry of T and of U
 *     start. Where there is none, coal(A) is replaced by B~ ({@link Extension}): first the layout of size
 *     {@code size T} that agrees with A on {@code [0, cosize B)} ({@link #agreeOnPrefix}), then A read along the
 *     entries of T that f hits ({@link #restrictToImage}); g becomes {@code f_B~}.</li>
 * <li>{@code g' = pushforward(g): U' → V'} ({@link FlatMorphisms#pushforward}, which
 *     {@link org.layoutcat.category.refine.Pushforward} runs too): V' replaces each entry {@code v_j} hit by
 *     {@code u_i} by the pieces of {@code u_i}, and g' sends those pieces to their copies, or to {@code *} where
 *     {@code α_g(i) = *}.</li>
 * <li>{@code f' = (T' ⊂ U') ∘ pullback(f): S' → U'} ({@link FlatMorphisms#pullback}, which
 *     {@link org.layoutcat.category.refine.Pullback} runs too): S' replaces each entry {@code s_k} with
 *     {@code α_f(k) = j ≠ *} by the pieces of {@code t_j}, which f' sends to their places q in U'♭ (T'♭ being the
 *     prefix of U'♭); an entry with {@code α_f(k) = *} stays and goes to {@code *}.</li>
 * <li>{@code L_(g'∘f')} (f' first), the layout encoded by the map {@code α_g'∘α_f'}
 *     ({@link FlatMorphisms#encodedStrides}, which {@link org.layoutcat.category.TupleMorphism#encodedLayout} runs
 *     too): at each entry of S' the stride {@code v'_1⋯v'_(j−1)} of its image j in V', 0 at {@code *}; its shape S'
 *     refines shape(B), entry k of B's flat shape refined by a run of entries of S'.</li>
 * <li>That layout coalesced within each leaf of shape(B) (a leaf of size 1 gets CuTe's stride for it,
 *     {@link #cuteUnitStride}), and nested as shape(B): the answer.</li>
 * </ol>
 * The walk words every refusal, each beginning {@code categorical composition A o B}: B, then A, not tractable (an
 * IllegalArgumentException from {@link Tractability#require}); {@code coalesce_x(A)} or B~ read along B's values not
 * tractable (an {@link UnrepresentableCompositeException}); a mode of B that crosses a mode of A unevenly (no
 * composite, an IllegalArgumentException naming both). Overflow is an ArithmeticException naming the layout whose
 * arithmetic overflowed. {@code coalesce_x(A)} is tractable only where A is, so A is checked only where it is not.
 * Cost: {@code O(r log r)} for flat ranks r of A and B, {@code O(rank(A)·rank(B))} where A is read along B's values.
 */
final class CompositionWalk {
    private CompositionWalk() {}

    /**
     * A∘B, each step handed to {@code steps} unless it is null. Refusals and overflow are exceptions with words, as
     * the class comment lists them.
     */
    static Layout compose(Layout a, Layout b, TraceRecorder steps) {
        return compose(a, b, steps, b);
    }

    /**
     * A∘B where B is a mode of {@code whole}, the layout whose composite with A is split over its modes
     * ({@link CategoricalComposition#compose}): A is read inside its domain only where every value of the whole lies
     * there, since the split answer {@code (A∘B_0, A∘B_1, ...)} adds the modes' images.
     */
    static Layout compose(Layout a, Layout b, TraceRecorder steps, Layout whole) {
        int rb = b.flatRank();
        int ra = a.flatRank();
        Scratch w = SCRATCH.get();
        if (w.rank < Math.max(rb, ra)) {
            w = new Scratch(2 * Math.max(rb, ra));
            if (w.rank <= KEPT) SCRATCH.set(w);
        }
        // 1. f = f_B: S → T (B not tractable is the first refusal, A not tractable the second, then an overflow of T)
        long[] s = w.s;
        long[] d = w.d;
        long[] t = w.t;
        int[] f = w.f;
        for (int k = 0; k < rb; k++) {
            s[k] = b.flatShape(k);
            d[k] = b.flatStride(k);
        }
        int nt;
        try {
            nt = FlatMorphisms.codomainInto(s, d, rb, t, f, w.order, b);
        } catch (ArithmeticException overflow) { // B is tractable: its last extent overflows
            if (!Tractability.isTractable(a)) throw notTractable(a, b, a, SECOND);
            throw overflow;
        }
        if (nt < 0) throw notTractable(a, b, b, FIRST);
        if (steps != null) steps.f(t, nt, f);
        // 2. A read as CuTe C++ reads it, coalesce_x(A), of shape U, and g = f_coal(A): U → V
        long[] u = w.u;
        long[] e = w.e;
        long[] v = w.v;
        int[] g = w.g;
        int nu = FlatModes.extendedModesInto(a.flatModes(), u, e);
        int nv = codomainInto(u, e, nu, v, g, w.order);
        long[] cx = u; // coalesce_x(A), whose shapes give CuTe's stride of a leaf 1:d of B (step 7)
        long[] cxe = e;
        int ncx = nu;
        if (nv < 0) { // 2'. B's values inside A's domain: A read there needs no extension, coalesce(A) serves
            if (!insideDomain(whole, a) || !Tractability.isTractable(a)) throw notTractable(a, b, u, e, nu);
            cx = Arrays.copyOf(u, nu);
            cxe = Arrays.copyOf(e, nu);
            nu = FlatModes.modesInto(a.flatModes(), u, e);
            nv = codomainInto(u, e, nu, v, g, w.order);
            if (nv < 0) throw notTractable(a, b, u, e, nu);
        }
        long[] ug = u; // the layout g encodes: coal(A), or B~ agreeing with A where B's values fall (Extension)
        long[] eg = e;
        int ng = nu;
        Extension extension = Extension.NONE;
        // 3. the mutual refinement: U'♭ = pieces[0, np), T'♭ its prefix
        long[] pieces = w.pieces;
        int[] tOff = w.tOff;
        int[] uOff = w.uOff;
        int np = FlatMorphisms.mutualRefinement(t, nt, u, nu, pieces, tOff, uOff, null);
        if (np < 0) { // 3', 3''. B~ in place of coal(A), or no composite
            extension = extend(a, b, w, rb, nt, nu);
            ug = w.up;
            eg = w.ep;
            ng = w.ng;
            nv = w.nv;
        }
        if (steps != null) {
            steps.g(extension, ug, eg, ng, v, nv, g);
            steps.mutualRefinement(pieces, tOff, nt, uOff, ng);
        }
        // 4. g' = pushforward(g): U' → V'
        long[] vPrime = w.vPrime;
        int[] vOff = w.vOff;
        int[] gPrime = w.gPrime;
        int nvp = FlatMorphisms.pushforward(g, ng, v, nv, w.uPrime, w.pushed);
        // 5. f' = (T' ⊂ U') ∘ pullback(f): S' → U', the same map as the pullback S' → T' (T'♭ is a prefix of U'♭)
        long[] sPrime = w.sPrime;
        int[] sOff = w.sOff;
        int[] fPrime = w.fPrime;
        int ns = FlatMorphisms.pullback(f, s, rb, pieces, tOff, sPrime, sOff, fPrime);
        if (steps != null) {
            steps.pushforward(vPrime, vOff, nv, gPrime);
            steps.pullback(sPrime, sOff, rb, fPrime, ns);
        }
        // 6. L_(g'∘f') (f' first), the layout encoded by g'∘f': its map α_g'∘α_f' (in place of α_f'), then its strides
        for (int i = 0; i < ns; i++) if (fPrime[i] != FinMorphism.STAR) fPrime[i] = gPrime[fPrime[i] - 1];
        long[] dPrime = w.dPrime;
        FlatMorphisms.encodedStrides(fPrime, ns, vPrime, nvp, w.prefix, dPrime, V_PRIME);
        if (steps != null) steps.encoded(fPrime, dPrime, ns);
        // 7. coalesced within each leaf of shape(B)
        return coalesceWithin(b, sPrime, dPrime, sOff, cx, cxe, ncx);
    }

    /** True where every value of B lies in A's domain: {@code cosize(B) ≤ size(A)}. */
    private static boolean insideDomain(Layout b, Layout a) {
        try {
            return b.cosize() <= a.size();
        } catch (ArithmeticException overflow) {
            return false;
        }
    }

    /**
     * Steps 2 and 3 where coal(A) has no mutual refinement with T: B~ ({@link Extension}) written to
     * {@code w.up, w.ep} ({@code w.ng} modes), {@code g = f_B~} to {@code w.v} ({@code w.nv} entries) and {@code w.g},
     * the mutual refinement of T and U to {@code w.pieces, w.tOff, w.uOff}; returns how B~ was obtained. First the
     * layout of size {@code size T} that agrees with coal(A) on {@code [0, cosize B)}; then coal(A) read along the
     * entries of T that f hits, refused where it crosses a mode of A unevenly (no composite) or is not tractable.
     */
    private static Extension extend(Layout a, Layout b, Scratch w, int rb, int nt, int nu) {
        long[] t = w.t;
        int[] f = w.f;
        long[] u = w.u;
        long[] e = w.e;
        long[] ug = w.up;
        long[] eg = w.ep;
        // 3'. B~ = the layout of size |T| that agrees with coal(A) on [0, cosize B)
        int ng = agreeOnPrefix(u, e, nu, b.cosize(), product(t, nt), ug, eg);
        if (ng >= 0 && FlatMorphisms.isTractable(ug, eg, ng)) {
            ng = FlatModes.modesInPlace(ug, eg, ng);
            int nv = codomainInto(ug, eg, ng, w.v, w.g, w.order);
            if (nv >= 0 && FlatMorphisms.mutualRefinement(t, nt, ug, ng, w.pieces, w.tOff, w.uOff, null) >= 0) {
                w.ng = ng;
                w.nv = nv;
                return Extension.AGREES_ON_PREFIX;
            }
        }
        // 3''. B~ = coal(A) read along the entries of T that f hits, or no composite
        long[] rs = new long[nt * (nu + 1) + 1];
        long[] rd = new long[rs.length];
        int nr = restrictToImage(a, b, u, e, nu, t, nt, f, rb, rs, rd);
        if (nr > ug.length) throw new IllegalStateException(what(a, b) + ": B~ has " + nr + " modes, past the bound |T| + |coal A| − 1");
        System.arraycopy(rs, 0, ug, 0, nr);
        System.arraycopy(rd, 0, eg, 0, nr);
        ng = FlatModes.modesInPlace(ug, eg, nr);
        if (!FlatMorphisms.isTractable(ug, eg, ng)) {
            Object what = what(a, b);
            Layout restricted = Layout.of(new Flat(rs, rd, nr));
            String why = Tractability.violation(Layout.of(new Flat(ug, eg, ng))).orElseThrow();
            throw new UnrepresentableCompositeException(() -> what + ": the composite exists but is not tractable, so no"
                    + " tuple morphism encodes it: A read along the values of B is " + restricted + ", whose modes"
                    + " break tractability (" + why + ")");
        }
        w.nv = codomainInto(ug, eg, ng, w.v, w.g, w.order);
        if (FlatMorphisms.mutualRefinement(t, nt, ug, ng, w.pieces, w.tOff, w.uOff, null) < 0) {
            MutualRefinement.require(IntTuple.flat(Arrays.copyOf(t, nt)), Layout.of(new Flat(ug, eg, ng)).shape()); // the words
            throw new IllegalStateException("the walk and MutualRefinement.require disagree on " + what(a, b));
        }
        w.ng = ng;
        return Extension.RESTRICTED_TO_IMAGE;
    }

    /**
     * What an overflow of the prefix products of V' would name; none overflows, their last being {@code size V}, the
     * extent of B~, which {@link FlatMorphisms#codomainInto} found to fit.
     */
    private static final String V_PRIME = "V', the codomain of g'";

    private static final String FIRST = "the layout applied first, B =";
    private static final String SECOND = "the layout applied second, A =";

    /**
     * {@link Tractability#require}'s refusal of an operand of A∘B, {@code role} naming it; an IllegalStateException
     * where the operand is tractable after all (the walk calls this only where it is not).
     */
    private static RuntimeException notTractable(Layout a, Layout b, Layout operand, String role) {
        Tractability.require(operand, what(a, b) + ": " + role);
        return new IllegalStateException(operand + " is tractable, yet " + what(a, b) + " found it not to be");
    }

    /**
     * The refusal where {@code coalesce_x(A) = (cs):(cd)} is not tractable: A's own where A is not tractable either,
     * else an {@link UnrepresentableCompositeException}.
     */
    private static RuntimeException notTractable(Layout a, Layout b, long[] cs, long[] cd, int nc) {
        if (!Tractability.isTractable(a)) return notTractable(a, b, a, SECOND);
        Object what = what(a, b);
        Layout coalA = Layout.of(new Flat(cs, cd, nc));
        return new UnrepresentableCompositeException(() -> what + ": A read past its size as CuTe C++ reads it (its"
                + " last flat mode unbounded) is coalesce_x(A) = " + coalA + ", which is not tractable, so no tuple"
                + " morphism encodes it");
    }

    /**
     * {@link FlatMorphisms#codomainInto} of the flat layout {@code (s):(d)}, an overflow named by that
     * layout (built only then, by running it again).
     */
    private static int codomainInto(long[] s, long[] d, int n, long[] t, int[] alpha, int[] order) {
        try {
            return FlatMorphisms.codomainInto(s, d, n, t, alpha, order, null);
        } catch (ArithmeticException overflow) {
            return FlatMorphisms.codomainInto(s, d, n, t, alpha, order, Layout.of(new Flat(s, d, n)));
        }
    }

    /**
     * One thread's scratch arrays for {@link #compose}, with room for layouts of flat rank up to {@code rank}
     * (replaced by larger ones when needed): the walk without a recorder allocates nothing but its answer where A
     * needs no extension. Every array is written before it is read in each call; no answer holds one, a recorder
     * copies what it keeps, and compose calls nothing that uses them again. Nothing of one call's operands is kept
     * for the next.
     */
    private static final class Scratch {
        final int rank;
        final long[] s;
        final long[] d;
        final long[] t;
        final long[] u;
        final long[] e;
        final long[] up;
        final long[] ep;
        final long[] v;
        final long[] pieces;
        final long[] vPrime;
        final long[] prefix;
        final long[] sPrime;
        final long[] dPrime;
        final int[] f;
        final int[] g;
        final int[] order;
        final int[] tOff;
        final int[] uOff;
        final int[] vOff;
        final int[] gPrime;
        final int[] sOff;
        final int[] fPrime;
        /** U'♭ = {@link #pieces} in the runs {@link #uOff}, as {@link FlatMorphisms#pushforward} reads them. */
        final FlatMorphisms.Pieces uPrime;
        /** {@link #vPrime}, {@link #vOff} and {@link #gPrime}, where {@link FlatMorphisms#pushforward} writes g'. */
        final FlatMorphisms.Pushed pushed;
        /** The modes of B~ and the entries of V that {@link #extend} hands back. */
        int ng;
        int nv;

        /**
         * For {@code n ≥ max(rank A, rank B)}: |T| ≤ 2·rank(B) ≤ 2n; |coal A| ≤ max(rank A, 1) ≤ n; B~ has at most
         * |T| + |coal A| − 1 modes (for each entry of T one piece per mode of A its values meet, one where f misses it:
         * the cells of the partitions of {@code [1, size T)} by the entries of T and by the modes of A, overlaid), so
         * |U| ≤ 3n; |V| ≤ 2|U|; |U'| ≤ |T| + |U|; |V'| ≤ |V| + |U'|; |S'| ≤ rank(B) + |U'|.
         */
        Scratch(int n) {
            rank = n;
            s = new long[n];
            d = new long[n];
            t = new long[2 * n];
            u = new long[n + 1];
            e = new long[n + 1];
            up = new long[3 * n];
            ep = new long[3 * n];
            v = new long[6 * n];
            pieces = new long[5 * n];
            vPrime = new long[11 * n];
            prefix = new long[11 * n + 1];
            sPrime = new long[6 * n];
            dPrime = new long[6 * n];
            f = new int[n];
            g = new int[3 * n];
            order = new int[3 * n];
            tOff = new int[2 * n + 1];
            uOff = new int[3 * n + 1];
            vOff = new int[6 * n + 1];
            gPrime = new int[5 * n];
            sOff = new int[n + 1];
            fPrime = new int[6 * n];
            uPrime = new FlatMorphisms.Pieces(pieces, uOff);
            pushed = new FlatMorphisms.Pushed(vPrime, vOff, gPrime);
        }
    }

    /**
     * Each thread's scratch: thread-confined, bounded ({@link #KEPT}), holding no operand between calls. It pays, as
     * the batch mode and library loops call composition once per pair: JMH CategoryBenchmarks.categoricalComposition
     * 108 ns and 216 B/op with it against 248 ns and 1,664 B/op with arrays sized to each call's operands, and
     * MixBenchmarks.categoricalComposition 264 against 447 ns (2026-11-24, 2-core development machine).
     */
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(() -> new Scratch(16));

    /** The largest rank of the scratch a thread keeps; a larger one serves one call. */
    private static final int KEPT = 256;

    /**
     * The flat layout {@code (s):(d)}, whose flat modes {@code [off_k, off_(k+1))} refine leaf k of shape(B),
     * coalesced within each leaf of shape(B) and nested as shape(B): each leaf becomes an integral mode or a flat
     * tuple, and a leaf {@code 1:d} of B becomes {@code 1:cuteUnitStride(coal A, d)}. The arrays s, d and off are
     * overwritten (off ends as the number of modes from each leaf); {@code (cs):(cd)} are the nc flat modes of coal(A).
     */
    static Layout coalesceWithin(Layout b, long[] s, long[] d, int[] off, long[] cs, long[] cd, int nc) {
        int out = 0;
        for (int k = 0; k < b.flatRank(); k++) {
            int from = off[k];
            off[k] = out;
            if (b.flatShape(k) == 1) {
                s[out] = 1;
                d[out++] = cuteUnitStride(cs, cd, nc, b.flatStride(k));
            } else {
                int m = FlatModes.coalesce(s, d, from, off[k + 1], out);
                if (m == 0) {
                    s[out] = 1;
                    d[out] = 0;
                    m = 1;
                }
                out += m;
            }
        }
        int nb = b.flatRank();
        off[nb] = out;
        for (int k = 0; k < nb; k++) off[k] = off[k + 1] - off[k]; // now the number of modes from leaf k
        return Layout.refiningShapeOf(b, off, new Flat(s, d, out));
    }

    /**
     * The stride CuTe gives {@code coal(A) ∘ 1:d}, coal(A) being the nc flat modes {@code (cs):(cd)}: d divided,
     * rounding up, by each shape of coal(A) but the last, times the last stride (0 for d = 0). Any stride is right
     * for a mode of size 1; this one matches CuTe. Overflow is an ArithmeticException.
     */
    static long cuteUnitStride(long[] cs, long[] cd, int nc, long d) {
        if (d == 0) return 0;
        long rest = Math.abs(d);
        int last = nc - 1;
        for (int k = 0; k < last; k++) rest = Checked.ceilDiv(rest, cs[k]);
        long r = Long.signum(d) * rest;
        if (!Checked.fits(r, cd[last])) Checked.mul(r, cd[last], "the stride of the composition with 1:" + d, Layout.of(new Flat(cs, cd, nc)));
        return r * cd[last];
    }

    /**
     * B~ for {@link Extension#AGREES_ON_PREFIX}: the flat modes, written to {@code (ps):(pd)}, of the layout of size n
     * that agrees with coal(A) = {@code (cs):(cd)} on {@code [0, reach)}, the last mode of A read unbounded: the
     * modes of A below the one holding {@code reach − 1}, and that mode cut or extended to make the size n. Returns
     * their number, or −1 where the modes below do not divide n. Overflow is an ArithmeticException naming coal(A).
     */
    static int agreeOnPrefix(long[] cs, long[] cd, int nc, long reach, long n, long[] ps, long[] pd) {
        long p = 1;
        for (int i = 0; i < nc; i++) {
            boolean last = i == nc - 1;
            long next = last ? Long.MAX_VALUE
                    : Checked.fits(p, cs[i]) ? p * cs[i] : Checked.mul(p, cs[i], "the size", Layout.of(new Flat(cs, cd, nc)));
            if (reach <= next || last) {
                if (n % p != 0) return -1;
                System.arraycopy(cs, 0, ps, 0, i);
                System.arraycopy(cd, 0, pd, 0, i + 1);
                ps[i] = n / p;
                return i + 1;
            }
            p = next;
        }
        return -1;
    }

    /**
     * B~ for {@link Extension#RESTRICTED_TO_IMAGE}, written to {@code (rs):(rd)} (room for {@code nt·(nc + 1) + 1}):
     * for each entry {@code t_j} of T hit by f, coal(A) = {@code (cs):(cd)} read along it, the values
     * {@code A(y·Q)} for {@code y < t_j} and {@code Q = t_1⋯t_(j−1)} cut at the mode boundaries of A ({@link #slice});
     * the mode {@code t_j:0} where f does not hit {@code t_j}; {@code 1:0} where T is empty. Returns the number of
     * modes. Agrees with A on the image of B. Where a mode of B crosses a mode of A unevenly the composite does not
     * exist: a LayoutArgumentException names both.
     */
    private static int restrictToImage(Layout a, Layout b, long[] cs, long[] cd, int nc, long[] t, int nt, int[] f, int rb,
            long[] rs, long[] rd) {
        int[] preimage = new int[nt]; // k + 1 where f(k) = j + 1; 0 (*) where none
        for (int k = 0; k < rb; k++) if (f[k] != FinMorphism.STAR) preimage[f[k] - 1] = k + 1;
        Object what = what(a, b);
        Layout coalA = Layout.of(new Flat(cs, cd, nc));
        int n = 0;
        long q = 1;
        for (int j = 0; j < nt; j++) {
            int i = preimage[j];
            if (i == FinMorphism.STAR) {
                rs[n] = t[j];
                rd[n++] = 0;
            } else {
                n = slice(what, coalA, q, t[j], b, i - 1, rs, rd, n);
            }
            q = Checked.fits(q, t[j]) ? q * t[j] : Checked.mul(q, t[j], "the size", IntTuple.flat(Arrays.copyOf(t, nt)));
        }
        if (n == 0) {
            rs[n] = 1;
            rd[n++] = 0;
        }
        return n;
    }

    /**
     * The pieces of {@code y ↦ A(y·offset)}, {@code y < length}, written to {@code (s):(d)} from {@code at}; returns
     * the next free position. A piece that crosses a mode of coal(A) unevenly is a LayoutArgumentException naming
     * flat mode {@code leaf} of B.
     */
    static int slice(Object what, Layout coalA, long offset, long length, Layout b, int leaf, long[] s, long[] d, int at) {
        long top = Checked.fits(offset, length) ? offset * length
                : Checked.mul(offset, length, "the extent of a mode", modeOf(b, leaf));
        int k = coalA.flatRank();
        long lo = 1;
        for (int m = 0; m < k; m++) {
            long a = coalA.flatShape(m);
            long e = coalA.flatStride(m);
            boolean last = m == k - 1;
            long hi = last ? Long.MAX_VALUE : Checked.mul(lo, a, "the size", coalA);
            long start = Math.max(lo, offset);
            long end = Math.min(hi, top);
            if (start < end) {
                if (start % lo != 0) {
                    long begins = lo;
                    throw new LayoutArgumentException(() -> what + ": no composite (as in CuTe) — B's mode " + modeOf(b, leaf)
                            + " starts at " + offset + " inside mode " + a + ":" + e + " of coalesce(A) = " + coalA
                            + ", which begins at " + begins + ", and " + begins + " does not divide " + offset
                            + " (stride divisibility)");
                }
                if (end % start != 0) {
                    long boundary = end == hi ? hi : lo;
                    throw new LayoutArgumentException(() -> what + ": no composite (as in CuTe) — B's mode " + modeOf(b, leaf)
                            + " spans [" + offset + ", " + top + ") and crosses the boundary " + boundary + " of mode " + a
                            + ":" + e + " of coalesce(A) = " + coalA + ", but " + start + " does not divide " + end
                            + " (shape divisibility)");
                }
                s[at] = end / start;
                d[at++] = Checked.mul(e, start / lo, "a stride", what);
            }
            if (!last) lo = hi;
        }
        return at;
    }

    /** Flat mode {@code leaf} of B as {@code s:d}, as errors name it. */
    private static String modeOf(Layout b, int leaf) {
        return b.flatShape(leaf) + ":" + b.flatStride(leaf);
    }

    /** {@code categorical composition A o B}, the start of every message of the walk, built when printed. */
    private record What(Layout a, Layout b) {
        @Override
        public String toString() {
            return "categorical composition " + a + " o " + b;
        }
    }

    private static Object what(Layout a, Layout b) {
        return new What(a, b);
    }

    /** {@code x_0⋯x_(n−1)}, the size of T; overflow is an ArithmeticException naming T. */
    private static long product(long[] x, int n) {
        long p = 1;
        for (int k = 0; k < n; k++) p = Checked.fits(p, x[k]) ? p * x[k] : Checked.mul(p, x[k], "the size", IntTuple.flat(Arrays.copyOf(x, n)));
        return p;
    }
}
