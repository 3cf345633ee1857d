package org.layoutcat.category.compose;

import org.layoutcat.category.internal.FlatMorphisms;
import org.layoutcat.core.internal.FlatLayouts;
import org.layoutcat.core.internal.FlatModes;
import java.util.Arrays;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Coalesce;

/**
 * The categorical composition {@code A∘B} (B applied first, {@code R(c) = A(B(c))}; paper §4.1.3) on flat arrays:
 * the algorithm of {@link CategoricalComposition#trace} step by step, each morphism held as its flattening (an array
 * of entries and an index array for its map, 1-based, {@link FinMorphism#STAR} for {@code *}) or, where only its
 * layout is read, as the strides of its encoded layout; nothing is allocated but the answer.
 * <ol>
 * <li>{@code f = f_B: S → T}: S is B's flat shape (shape(B) flattened); T and α_f from
 *     {@link FlatMorphisms#codomainInto}: B's modes of shape ≠ 1 and stride ≠ 0 in increasing stride order,
 *     each preceded by the gap {@code d / reached} where the extent reached so far falls short of its stride d.</li>
 * <li>{@code coal(A)}, of flat shape U, and {@code g = f_coal(A): U → V} the same way.</li>
 * <li>The mutual refinement (T', U'): {@link FlatMorphisms#mutualRefinement} along T and U as two mixed-radix sequences,
 *     which writes the pieces of U'♭ (T'♭ is their prefix) and where the pieces of each entry of T and of U
 *     start.</li>
 * <li>{@code g' = pushforward(g): U' → V'}: V' replaces each entry {@code v_j} hit by {@code u_i} by the pieces
 *     of {@code u_i}, and g' sends those pieces to their copies, or to {@code *} where {@code α_g(i) = *}. Kept as
 *     its encoded layout {@code L_(g')} on U'♭: the p-th piece of {@code u_i} has the stride
 *     {@code v_1⋯v_(j−1)} times the pieces of {@code u_i} before it, for {@code j = α_g(i)}; 0 at {@code *}.</li>
 * <li>{@code f' = (T' ⊂ U') ∘ pullback(f): S' → U'}: S' replaces each entry {@code s_k} with
 *     {@code α_f(k) = j ≠ *} by the pieces of {@code t_j}, which f' sends to their places q in U'♭ (T'♭ being the
 *     prefix of U'♭); an entry with {@code α_f(k) = *} stays and goes to {@code *}.</li>
 * <li>{@code L_(g'∘f')} (f' first): at each entry of S' the stride of {@code L_(g')} at its image q, 0 at
 *     {@code *}; its shape S' refines shape(B), entry k of B's flat shape refined by a run of entries of S'.</li>
 * <li>That layout coalesced within each leaf of shape(B) (a leaf of size 1 gets CuTe's stride for it,
 *     {@link #cuteUnitStride}), and nested as shape(B): the answer.</li>
 * </ol>
 * Where coal(A) admits no mutual refinement with T, or A or B is not tractable, there is no answer here and
 * {@link CategoricalComposition} runs the traced algorithm, which extends A or says why it cannot.
 */
final class FlatComposition {
    private FlatComposition() {}

    /**
     * A∘B as {@code CategoricalComposition.trace(a, b).result()} computes it where the trace needs no extension of A
     * ({@link CompositionTrace.Extension#NONE}); null where B or A is not tractable or coal(A) has no mutual
     * refinement with T. Overflow is an ArithmeticException (the traced algorithm has the words for it).
     */
    static Layout compose(Layout a, Layout b) {
        int rb = b.flatRank();
        int ra = a.flatRank();
        Scratch w = SCRATCH.get();
        if (w.rank < Math.max(rb, ra)) {
            w = new Scratch(2 * Math.max(rb, ra));
            if (w.rank <= KEPT) SCRATCH.set(w);
        }
        // 1. f = f_B: S → T
        long[] s = w.s;
        long[] d = w.d;
        long[] t = w.t;
        int[] f = w.f;
        for (int k = 0; k < rb; k++) {
            s[k] = b.flatShape(k);
            d[k] = b.flatStride(k);
        }
        int nt = FlatMorphisms.codomainInto(s, d, rb, t, f, w.order, b);
        if (nt < 0) return null;
        // 2. A read as CuTe C++ reads it, coalesce_x(A), of shape U, and g = f_coal(A): U → V (null where it is not
        //    tractable: the traced algorithm words why)
        long[] u = w.u;
        long[] e = w.e;
        long[] v = w.v;
        int[] g = w.g;
        int nu = FlatModes.extendedModesInto(a, u, e);
        int nv = FlatMorphisms.codomainInto(u, e, nu, v, g, w.order, a);
        if (nv < 0) return null;
        long[] ug = u; // the layout g encodes: coal(A), or B~ agreeing with A on [0, cosize B) (CompositionTrace.Extension)
        long[] eg = e;
        int ng = nu;
        // 3. the mutual refinement: U'♭ = pieces[0, np), T'♭ its prefix
        long[] pieces = w.pieces;
        int[] tOff = w.tOff;
        int[] uOff = w.uOff;
        int np = FlatMorphisms.mutualRefinement(t, nt, u, nu, pieces, tOff, uOff, null);
        if (np < 0) { // 3'. B~ = the layout of size |T| that agrees with coal(A) on [0, cosize B), as trace extends A
            ug = w.up;
            eg = w.ep;
            ng = agreeOnPrefix(u, e, nu, b.cosize(), product(t, nt), ug, eg, "coalesce(A)");
            if (ng >= 0 && FlatMorphisms.isTractable(ug, eg, ng)) {
                ng = FlatModes.modesInPlace(ug, eg, ng);
                nv = FlatMorphisms.codomainInto(ug, eg, ng, v, g, w.order, a);
                np = nv < 0 ? -1 : FlatMorphisms.mutualRefinement(t, nt, ug, ng, pieces, tOff, uOff, null);
            } else {
                np = -1;
            }
        }
        if (np < 0) { // 3''. B~ = coal(A) read along the entries of T that f hits (restrictToImage), or no composite
            ng = restrictToImage(a, b, u, e, nu, t, nt, f, rb, ug = w.up, eg = w.ep);
            if (ng < 0 || !FlatMorphisms.isTractable(ug, eg, ng)) return null; // the trace words what is wrong
            ng = FlatModes.modesInPlace(ug, eg, ng);
            nv = FlatMorphisms.codomainInto(ug, eg, ng, v, g, w.order, a);
            np = nv < 0 ? -1 : FlatMorphisms.mutualRefinement(t, nt, ug, ng, pieces, tOff, uOff, null);
            if (np < 0) return null;
        }
        // 4. g' = pushforward(g): U' → V', kept as its layout L_(g') on U'♭: V' puts the pieces of u_i in place of
        //    v_j, j = α_g(i), so the p-th of them has the stride v_1⋯v_(j−1) times the pieces of u_i before it
        long running = 1;
        for (int j = 0; j < nv; j++) { // v_j becomes v_1⋯v_(j−1), up to the extent of coal(A), which fits
            long vj = v[j];
            v[j] = running;
            running *= vj;
        }
        long[] gStride = w.gStride;
        for (int i = 0; i < ng; i++) {
            long stride = g[i] == FinMorphism.STAR ? 0 : v[g[i] - 1];
            for (int q = uOff[i]; q < uOff[i + 1]; q++) {
                gStride[q] = stride;
                stride *= pieces[q];
            }
        }
        // 5. f' = (T' ⊂ U') ∘ pullback(f): S' replaces s_k, α_f(k) = j, by the pieces of t_j, sent to their places q
        //    in U'♭, and keeps s_k, sent to *, where α_f(k) = *; 6. L_(g'∘f') has at each entry of S' the stride of
        //    L_(g') at its image q, 0 at *
        int[] sOff = w.sOff; // the entries of S' that refine s_k: [sOff[k], sOff[k+1])
        sOff[0] = 0;
        for (int k = 0; k < rb; k++) sOff[k + 1] = sOff[k] + (f[k] == FinMorphism.STAR ? 1 : tOff[f[k]] - tOff[f[k] - 1]);
        long[] sPrime = w.sPrime;
        long[] dPrime = w.dPrime;
        for (int k = 0; k < rb; k++) {
            int at = sOff[k];
            if (f[k] == FinMorphism.STAR) {
                sPrime[at] = s[k];
                dPrime[at] = 0;
            } else {
                for (int q = tOff[f[k] - 1]; q < tOff[f[k]]; q++, at++) {
                    sPrime[at] = pieces[q];
                    dPrime[at] = gStride[q];
                }
            }
        }
        // 7. coalesced within each leaf of shape(B)
        return coalesceWithin(b, sPrime, dPrime, sOff, u, e, nu);
    }

    /**
     * One thread's scratch arrays for {@link #compose}, with room for layouts of flat rank up to {@code rank}
     * (replaced by larger ones when needed): the flat path allocates nothing but its answer. Every array is written
     * before it is read in each call; no answer holds one, and compose calls nothing that uses them again. Nothing
     * of one call's operands is kept for the next.
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
        final long[] gStride;
        final long[] sPrime;
        final long[] dPrime;
        final int[] f;
        final int[] g;
        final int[] order;
        final int[] tOff;
        final int[] uOff;
        final int[] sOff;

        /** |T| ≤ 2·rank(B), |U| ≤ rank(A), |V| ≤ 2|U|, |U'| ≤ |T| + |U|, |S'| ≤ rank(B) + |U'|. */
        Scratch(int n) {
            rank = n;
            s = new long[n];
            d = new long[n];
            t = new long[2 * n];
            u = new long[n + 1];
            e = new long[n + 1];
            up = new long[n + 1];
            ep = new long[n + 1];
            v = new long[2 * n + 2];
            pieces = new long[3 * n + 1];
            gStride = new long[3 * n + 1];
            sPrime = new long[4 * n + 1];
            dPrime = new long[4 * n + 1];
            f = new int[n];
            g = new int[n + 1];
            order = new int[n + 1];
            tOff = new int[2 * n + 1];
            uOff = new int[n + 2];
            sOff = new int[n + 1];
        }
    }

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
        return FlatLayouts.refiningShapeOf(b, off, s, d, out);
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
        if (!Checked.fits(r, cd[last])) Checked.mul(r, cd[last], "the stride of the composition with 1:" + d, FlatModes.layoutOf(cs, cd, nc));
        return r * cd[last];
    }

    /**
     * {@code agreeOnPrefix} of the traced algorithm on arrays: the flat modes, written to {@code (ps):(pd)}, of the
     * layout of size n that agrees with coal(A) = {@code (cs):(cd)} on {@code [0, reach)}, the last mode of A read
     * unbounded: the modes of A below the one holding {@code reach − 1}, and that mode cut or extended to make the
     * size n. Returns their number, or −1 where the modes below do not divide n. Overflow is an ArithmeticException
     * naming {@code coalA}.
     */
    static int agreeOnPrefix(long[] cs, long[] cd, int nc, long reach, long n, long[] ps, long[] pd, Object coalA) {
        long p = 1;
        for (int i = 0; i < nc; i++) {
            boolean last = i == nc - 1;
            long next = last ? Long.MAX_VALUE : Checked.mul(p, cs[i], "the size", coalA);
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
     * {@code restrictToImage} of the traced algorithm on arrays, written to {@code (rs):(rd)}: for each entry
     * {@code t_j} of T, the slices of coal(A) = {@code (cs):(cd)} along {@code y·(t_1⋯t_(j−1))}, {@code y < t_j},
     * where f hits {@code t_j}, the mode {@code t_j:0} where it does not. A slice that crosses a mode of A unevenly is
     * the traced algorithm's LayoutArgumentException, word for word; returns −1 where the pieces outgrow the arrays.
     */
    private static int restrictToImage(Layout a, Layout b, long[] cs, long[] cd, int nc, long[] t, int nt, int[] f, int rb,
            long[] rs, long[] rd) {
        int[] preimage = new int[nt]; // k + 1 where f(k) = j + 1; 0 (*) where none
        for (int k = 0; k < rb; k++) if (f[k] != FinMorphism.STAR) preimage[f[k] - 1] = k + 1;
        long[] ps = new long[nt * (nc + 1)];
        long[] pd = new long[ps.length];
        Object what = CategoricalComposition.what(a, b);
        Layout coalA = FlatModes.layoutOf(cs, cd, nc);
        int n = 0;
        long q = 1;
        for (int j = 0; j < nt; j++) {
            int i = preimage[j];
            if (i == FinMorphism.STAR) {
                ps[n] = t[j];
                pd[n++] = 0;
            } else {
                n = CategoricalComposition.slice(what, coalA, q, t[j], b, i - 1, ps, pd, n);
            }
            q = Checked.mul(q, t[j], "the size", "T");
        }
        if (n == 0) {
            ps[n] = 1;
            pd[n++] = 0;
        }
        if (n > rs.length) return -1;
        System.arraycopy(ps, 0, rs, 0, n);
        System.arraycopy(pd, 0, rd, 0, n);
        return n;
    }

    /** {@code x_0⋯x_(n−1)}; overflow is an ArithmeticException. */
    private static long product(long[] x, int n) {
        long p = 1;
        for (int k = 0; k < n; k++) p = Checked.mul(p, x[k], "the size", "the codomain T");
        return p;
    }
}
