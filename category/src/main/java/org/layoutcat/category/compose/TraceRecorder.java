package org.layoutcat.category.compose;

import org.layoutcat.core.internal.FlatModes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.compose.CompositionTrace.Extension;
import org.layoutcat.category.refine.Refinement;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

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
    private List<IntTuple> tParts; // mode_j(T', T), the pieces of t_j
    private List<IntTuple> uParts; // mode_i(U', U), the pieces of u_i
    private int[] tOff;
    private int[] uOff;
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
        bTilde = FlatModes.layoutOf(us, ue, nu);
        g = NestMorphism.of(bTilde.shape(), IntTuple.flat(Arrays.copyOf(v, nv)), FinMorphism.of(nv, Arrays.copyOf(alpha, nu)));
    }

    /**
     * Step 3: the mutual refinement, U'♭ = {@code pieces}, the pieces of {@code t_j} at {@code [tOff[j], tOff[j+1])}
     * for {@code j < nt} and those of {@code u_i} at {@code [uOff[i], uOff[i+1])} for {@code i < nu}.
     */
    void mutualRefinement(long[] pieces, int[] tOff, int nt, int[] uOff, int nu) {
        this.tOff = Arrays.copyOf(tOff, nt + 1);
        this.uOff = Arrays.copyOf(uOff, nu + 1);
        tParts = parts(pieces, this.tOff);
        uParts = parts(pieces, this.uOff);
        tPrime = Refinement.substitute(f.codomain(), tParts);
        uPrime = Refinement.substitute(g.domain(), uParts);
    }

    /**
     * Step 4: {@code g': U' → V'}, α_g = {@code alpha[0..nu)}: V' replaces {@code v_j = u_i} (j = α_g(i)) by the
     * pieces of {@code u_i}, and the p-th piece of {@code u_i} goes to the p-th of them (to {@code *} where α_g(i) is).
     */
    void pushforward(int[] alpha, int nu) {
        long[] v = g.codomain().leaves();
        int[] preimage = new int[v.length]; // i + 1 where α_g(i) = j + 1, else * (0)
        for (int i = 0; i < nu; i++) if (alpha[i] != FinMorphism.STAR) preimage[alpha[i] - 1] = i + 1;
        List<IntTuple> vParts = new ArrayList<>(v.length);
        int[] vOff = new int[v.length + 1];
        for (int j = 0; j < v.length; j++) {
            vParts.add(preimage[j] == FinMorphism.STAR ? IntTuple.of(v[j]) : uParts.get(preimage[j] - 1));
            vOff[j + 1] = vOff[j] + vParts.get(j).leafCount();
        }
        IntTuple vPrime = Refinement.substitute(g.codomain(), vParts);
        int[] alphaPrime = new int[uOff[nu]];
        for (int i = 0; i < nu; i++) {
            for (int q = uOff[i]; q < uOff[i + 1]; q++) {
                alphaPrime[q] = alpha[i] == FinMorphism.STAR ? FinMorphism.STAR : vOff[alpha[i] - 1] + q - uOff[i] + 1;
            }
        }
        gPrime = NestMorphism.of(uPrime, vPrime, FinMorphism.of(vPrime.leafCount(), alphaPrime));
    }

    /**
     * Step 5: the pullback {@code S' → T'} of f, α_f = {@code alpha[0..rb)}: S' replaces leaf k of shape(B) with
     * α_f(k) = j by the pieces of {@code t_j}, each sent to its place in T'♭; a leaf sent to {@code *} stays. Then
     * {@code f' = (T' ⊂ U') ∘ pullback}, with the same map, T'♭ being the prefix of U'♭.
     */
    void pullback(int[] alpha, int rb) {
        List<IntTuple> sParts = new ArrayList<>(rb);
        int[] map = new int[tOff[tOff.length - 1] + rb];
        int n = 0;
        for (int k = 0; k < rb; k++) {
            int j = alpha[k];
            if (j == FinMorphism.STAR) {
                sParts.add(IntTuple.of(b.flatShape(k)));
                map[n++] = FinMorphism.STAR;
            } else {
                sParts.add(tParts.get(j - 1));
                for (int q = tOff[j - 1]; q < tOff[j]; q++) map[n++] = q + 1;
            }
        }
        IntTuple sPrime = Refinement.substitute(b.shape(), sParts);
        int[] images = Arrays.copyOf(map, n);
        pullback = NestMorphism.of(sPrime, tPrime, FinMorphism.of(tPrime.leafCount(), images));
        fPrime = NestMorphism.of(sPrime, uPrime, FinMorphism.of(uPrime.leafCount(), images));
    }

    /**
     * Step 6: {@code g'∘f'} (f' first), its map α_g'∘α_f', and its layout {@code L_(g'∘f')} of shape S' with the
     * strides {@code stride[0..n)} the walk computed.
     */
    void encoded(long[] stride, int n) {
        int[] map = new int[n];
        for (int i = 1; i <= n; i++) {
            int q = fPrime.map(i);
            map[i - 1] = q == FinMorphism.STAR ? FinMorphism.STAR : gPrime.map(q);
        }
        composite = NestMorphism.of(fPrime.domain(), gPrime.codomain(), FinMorphism.of(gPrime.codomain().leafCount(), map));
        encoded = Layout.of(fPrime.domain(), Arrays.copyOf(stride, n));
    }

    /** Step 7: the trace, the walk's answer {@code result} last. */
    CompositionTrace trace(Layout result) {
        return new CompositionTrace(a, b, f, bTilde, extension, g, tPrime, uPrime, pullback, fPrime, gPrime, composite,
                encoded, result);
    }

    /** The relative modes: the pieces {@code [off_k, off_(k+1))} of each entry, a leaf where there is one. */
    private static List<IntTuple> parts(long[] pieces, int[] off) {
        List<IntTuple> out = new ArrayList<>(off.length - 1);
        for (int k = 0; k + 1 < off.length; k++) {
            int from = off[k];
            int to = off[k + 1];
            out.add(to - from == 1 ? IntTuple.of(pieces[from]) : IntTuple.flat(Arrays.copyOfRange(pieces, from, to)));
        }
        return out;
    }
}
