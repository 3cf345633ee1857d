package org.layoutcat.category.refine;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.List;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.IntTuple;

/**
 * The pullback of {@code f: S → T} along a refinement {@code T' → T} (paper §4.1.2): the morphism
 * {@code f': S' → T'} where S' replaces each leaf i of S with {@code α(i) ≠ *} by the relative mode
 * {@code mode_α(i)(T', T)}, whose leaves map onto the matching run of T'; leaves with {@code α(i) = *} stay
 * and map to {@code *}. S' refines S, and {@code L_(f')} has the layout function of {@code L_f}.
 */
public final class Pullback {
    private Pullback() {}

    /**
     * {@code f'}: the pullback of f along {@code tPrime → codomain(f)}; tPrime must refine the codomain.
     *
     * @throws LayoutArgumentException where {@code tPrime} does not refine the codomain of f, with the reason
     */
    public static NestMorphism along(NestMorphism f, IntTuple tPrime) {
        Refinement r;
        try {
            r = new Refinement(tPrime, f.codomain());
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException("pullback of " + f + " along " + tPrime + ": " + e.getMessage(), e);
        }
        List<IntTuple> relative = r.relativeModes();
        int[] offset = r.flatOffsets();
        long[] s = f.domain().leaves();
        List<IntTuple> parts = new ArrayList<>(s.length);
        List<Integer> alpha = new ArrayList<>();
        for (int i = 1; i <= s.length; i++) {
            int j = f.map(i);
            if (j == FinMorphism.STAR) {
                parts.add(IntTuple.of(s[i - 1]));
                alpha.add(FinMorphism.STAR);
            } else {
                IntTuple part = relative.get(j - 1);
                parts.add(part);
                for (int p = 0; p < part.leafCount(); p++) alpha.add(offset[j - 1] + p + 1);
            }
        }
        IntTuple sPrime = Refinement.substitute(f.domain(), parts);
        return NestMorphism.of(sPrime, tPrime, FinMorphism.of(tPrime.leafCount(), alpha));
    }
}
