package org.layoutcat.category.refine;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.internal.FlatMorphisms;
import org.layoutcat.core.IntTuple;

/**
 * The pullback of {@code f: S → T} along a refinement {@code T' → T} (paper §4.1.2): the morphism
 * {@code f': S' → T'} where S' replaces each leaf i of S with {@code α(i) ≠ *} by the relative mode
 * {@code mode_α(i)(T', T)}, whose leaves map onto the matching run of T'; leaves with {@code α(i) = *} stay
 * and map to {@code *}. S' refines S, and {@code L_(f')} has the layout function of {@code L_f}. The map is
 * {@link FlatMorphisms#pullback}, the one definition that the composition walk runs too; the nesting of S' is that
 * of S with the relative modes of {@code T' → T} in place of its leaves.
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
        // the map, on the flattenings: FlatMorphisms.pullback, which the composition walk runs too
        int[] alpha = FlatMorphisms.images(f.alpha());
        long[] s = f.domain().leaves();
        long[] pieces = tPrime.leaves();
        long[] sFlat = new long[s.length + pieces.length];
        int[] sOff = new int[s.length + 1];
        int[] alphaPrime = new int[s.length + pieces.length];
        int n = FlatMorphisms.pullback(alpha, s, s.length, pieces, r.flatOffsets(), sFlat, sOff, alphaPrime);
        // S' nested as S, each leaf s_k with α(k) = j replaced by mode_j(T', T) with its nesting
        List<IntTuple> relative = r.relativeModes();
        List<IntTuple> parts = new ArrayList<>(s.length);
        for (int k = 0; k < s.length; k++) parts.add(alpha[k] == FinMorphism.STAR ? IntTuple.of(s[k]) : relative.get(alpha[k] - 1));
        IntTuple sPrime = Refinement.substitute(f.domain(), parts);
        return NestMorphism.of(sPrime, tPrime, FinMorphism.of(tPrime.leafCount(), Arrays.copyOf(alphaPrime, n)));
    }
}
