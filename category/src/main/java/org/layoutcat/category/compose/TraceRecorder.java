package org.layoutcat.category.compose;

import java.util.Arrays;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.compose.CompositionTrace.Extension;
import org.layoutcat.category.internal.FlatMorphisms;
import org.layoutcat.category.refine.Refinement;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.internal.Flat;

/**
 * The steps of one {@link CompositionWalk} of {@code A∘B}, kept as the values of its {@link CompositionTrace}: each
 * step hands over its arrays (entries, 1-based maps with {@link FinMorphism#STAR} for {@code *}, offsets of the
 * pieces of each entry) and the recorder builds the nested tuples, morphisms of Nest and layouts from them, in the
 * walk's order. It copies what it keeps; the walk's arrays are scratch. One recorder serves one walk.
 */
final class TraceRecorder {
    private final Layout a;
    private final Layout b;
    private NestMorphism f;
    private Extension extension;
    private Layout bTilde;
    private NestMorphism g;
    private IntTuple tPrime;
    private IntTuple uPrime;
    private NestMorphism pullback;
    private NestMorphism fPrime;
    private NestMorphism gPrime;
    private NestMorphism composite;
    private Layout encoded;

    /** A recorder for the walk of {@code A∘B}, A applied second. */
    TraceRecorder(Layout a, Layout b) {
        this.a = a;
        this.b = b;
    }

    /** Step 1: {@code f = f_B: shape(B) → T}, T = {@code t[0..nt)} flat, α = {@code alpha[0..flatRank B)}. */
    void f(long[] t, int nt, int[] alpha) {
        f = NestMorphism.of(b.shape(), IntTuple.flat(Arrays.copyOf(t, nt)), FinMorphism.of(nt, Arrays.copyOf(alpha, b.flatRank())));
    }

    /**
     * Step 2 as the walk ends it: B~ = {@code (us):(ue)} ({@code nu} flat modes; coal(A) itself for
     * {@link Extension#NONE}) and {@code g = f_B~: shape(B~) → V}, V = {@code v[0..nv)} flat, α = {@code alpha[0..nu)}.
     */
    void g(Extension how, long[] us, long[] ue, int nu, long[] v, int nv, int[] alpha) {
        extension = how;
        bTilde = Layout.of(new Flat(us, ue, nu));
        g = NestMorphism.of(bTilde.shape(), IntTuple.flat(Arrays.copyOf(v, nv)), FinMorphism.of(nv, Arrays.copyOf(alpha, nu)));
    }

    /**
     * Step 3: the mutual refinement, U'♭ = {@code pieces}, the pieces of {@code t_j} at {@code [tOff[j], tOff[j+1])}
     * for {@code j < nt} and those of {@code u_i} at {@code [uOff[i], uOff[i+1])} for {@code i < nu}.
     */
    void mutualRefinement(long[] pieces, int[] tOff, int nt, int[] uOff, int nu) {
        tPrime = Refinement.substitute(f.codomain(), FlatMorphisms.runs(pieces, tOff, nt));
        uPrime = Refinement.substitute(g.domain(), FlatMorphisms.runs(pieces, uOff, nu));
    }

    /**
     * Step 4: {@code g': U' → V'} as {@link org.layoutcat.category.internal.FlatMorphisms#pushforward} wrote it: V'♭ =
     * {@code vPrime}, the entries replacing {@code v_j} at {@code [vOff[j], vOff[j+1])} for {@code j < nv}, and the
     * map {@code alpha} on U'♭. V' is V with those runs in place of its leaves (a leaf where a run has one entry).
     */
    void pushforward(long[] vPrime, int[] vOff, int nv, int[] alpha) {
        IntTuple vp = Refinement.substitute(g.codomain(), FlatMorphisms.runs(vPrime, vOff, nv));
        gPrime = NestMorphism.of(uPrime, vp, FinMorphism.of(vOff[nv], Arrays.copyOf(alpha, uPrime.leafCount())));
    }

    /**
     * Step 5: the pullback {@code S' → T'} of f as {@link org.layoutcat.category.internal.FlatMorphisms#pullback}
     * wrote it: S'♭ = {@code sPrime}, the entries replacing leaf k of shape(B) at {@code [sOff[k], sOff[k+1])} for
     * {@code k < rb}, and the map {@code alpha[0..ns)} into T'♭. S' is shape(B) with those runs in place of its
     * leaves (a leaf where a run has one entry). Then {@code f' = (T' ⊂ U') ∘ pullback}, with the same map, T'♭ being
     * the prefix of U'♭.
     */
    void pullback(long[] sPrime, int[] sOff, int rb, int[] alpha, int ns) {
        IntTuple sp = Refinement.substitute(b.shape(), FlatMorphisms.runs(sPrime, sOff, rb));
        int[] images = Arrays.copyOf(alpha, ns);
        pullback = NestMorphism.of(sp, tPrime, FinMorphism.of(tPrime.leafCount(), images));
        fPrime = NestMorphism.of(sp, uPrime, FinMorphism.of(uPrime.leafCount(), images));
    }

    /**
     * Step 6: {@code g'∘f'} (f' first) with the map {@code alpha[0..n)} = α_g'∘α_f', and its layout
     * {@code L_(g'∘f')} of shape S' with the strides {@code stride[0..n)} the walk computed.
     */
    void encoded(int[] alpha, long[] stride, int n) {
        composite = NestMorphism.of(fPrime.domain(), gPrime.codomain(), FinMorphism.of(gPrime.codomain().leafCount(), Arrays.copyOf(alpha, n)));
        encoded = Layout.of(fPrime.domain(), Arrays.copyOf(stride, n));
    }

    /** Step 7: the trace, the walk's answer {@code result} last. */
    CompositionTrace trace(Layout result) {
        return new CompositionTrace(a, b, f, bTilde, extension, g, tPrime, uPrime, pullback, fPrime, gPrime, composite,
                encoded, result);
    }

}
