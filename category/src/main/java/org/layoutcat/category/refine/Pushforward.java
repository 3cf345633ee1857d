package org.layoutcat.category.refine;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.List;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.internal.FlatMorphisms;
import org.layoutcat.core.IntTuple;

/**
 * The pushforward of {@code g: U → V} along a refinement {@code U' → U} (paper §4.1.2): the morphism
 * {@code g': U' → V'} where V' replaces each leaf {@code j = α(i)} of V hit by g by the relative mode
 * {@code mode_i(U', U)}, and the leaves of that relative mode in U' map to their copies in V'; the leaves
 * refining an entry with {@code α(i) = *} map to {@code *}. V' refines V, and {@code L_(g')} has the layout
 * function of {@code L_g}. The map is {@link FlatMorphisms#pushforward}, the one definition that the composition
 * walk runs too; the nesting of V' is that of V with the relative modes of {@code U' → U} in place of the leaves hit.
 */
public final class Pushforward {
    private Pushforward() {}

    /**
     * {@code g'}: the pushforward of g along {@code uPrime → domain(g)}; uPrime must refine the domain.
     *
     * @throws LayoutArgumentException where {@code uPrime} does not refine the domain of g, with the reason
     */
    public static NestMorphism along(NestMorphism g, IntTuple uPrime) {
        Refinement r;
        try {
            r = new Refinement(uPrime, g.domain());
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException("pushforward of " + g + " along " + uPrime + ": " + e.getMessage(), e);
        }
        // the map, on the flattenings: FlatMorphisms.pushforward, which the composition walk runs too
        int[] alpha = FlatMorphisms.images(g.alpha());
        long[] v = g.codomain().leaves();
        long[] pieces = uPrime.leaves();
        long[] vFlat = new long[v.length + pieces.length];
        int[] vOff = new int[v.length + 1];
        int[] alphaPrime = new int[pieces.length];
        int n = FlatMorphisms.pushforward(alpha, alpha.length, v, v.length, new FlatMorphisms.Pieces(pieces, r.flatOffsets()),
                new FlatMorphisms.Pushed(vFlat, vOff, alphaPrime));
        // V' nested as V, each leaf v_j hit by u_i replaced by mode_i(U', U) with its nesting
        List<IntTuple> relative = r.relativeModes();
        List<IntTuple> parts = new ArrayList<>(v.length);
        for (long vj : v) parts.add(IntTuple.of(vj));
        for (int i = 0; i < alpha.length; i++) if (alpha[i] != FinMorphism.STAR) parts.set(alpha[i] - 1, relative.get(i));
        IntTuple vPrime = Refinement.substitute(g.codomain(), parts);
        return NestMorphism.of(uPrime, vPrime, FinMorphism.of(n, alphaPrime));
    }
}
