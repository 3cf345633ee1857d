package org.layoutcat.category.refine;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.List;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.IntTuple;

/**
 * The pushforward of {@code g: U → V} along a refinement {@code U' → U} (paper §4.1.2): the morphism
 * {@code g': U' → V'} where V' replaces each leaf {@code j = α(i)} of V hit by g by the relative mode
 * {@code mode_i(U', U)}, and the leaves of that relative mode in U' map to their copies in V'; the leaves
 * refining an entry with {@code α(i) = *} map to {@code *}. V' refines V, and {@code L_(g')} has the layout
 * function of {@code L_g}.
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
        List<IntTuple> relative = r.relativeModes();
        int[] uOffset = r.flatOffsets();
        long[] v = g.codomain().leaves();
        List<IntTuple> parts = new ArrayList<>(v.length);
        for (int j = 1; j <= v.length; j++) {
            int i = g.alpha().preimage(j);
            parts.add(i == FinMorphism.STAR ? IntTuple.of(v[j - 1]) : relative.get(i - 1));
        }
        IntTuple vPrime = Refinement.substitute(g.codomain(), parts);
        int[] vOffset = new int[v.length + 1];
        for (int j = 0; j < v.length; j++) vOffset[j + 1] = vOffset[j] + parts.get(j).leafCount();
        int[] alpha = new int[uPrime.leafCount()];
        for (int i = 1; i <= relative.size(); i++) {
            int j = g.map(i);
            for (int p = 0; p < relative.get(i - 1).leafCount(); p++) {
                alpha[uOffset[i - 1] + p] = j == FinMorphism.STAR ? FinMorphism.STAR : vOffset[j - 1] + p + 1;
            }
        }
        return NestMorphism.of(uPrime, vPrime, FinMorphism.of(vPrime.leafCount(), alpha));
    }
}
