package org.layoutcat.examples;

import java.util.StringJoiner;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * The category module's answers in the words the categorical sources print them: morphisms as
 * {@code S --(α)--> T}, tractability as {@code tractable}/{@code not tractable}, a mutual refinement as
 * {@code T' U'} or {@code none}, a nested tuple as its flattening with its profile.
 */
final class CategoryText {
    private CategoryText() {}

    static Layout layout(String text) {
        return Layout.parse(text);
    }

    static NestMorphism morphism(String text) {
        return NestMorphism.parse(text);
    }

    static IntTuple tuple(String text) {
        return IntTuple.parse(text);
    }

    /** {@code tractable} or {@code not tractable} (paper §2.2, shape-1 modes read with stride 0). */
    static String tractability(Layout l) {
        return Tractability.isTractable(l) ? "tractable" : "not tractable";
    }

    /** The greedy mutual refinement of T and U as {@code T' U'}, or {@code none} when none exists (paper §4.1.2). */
    static String mutualRefinement(String t, String u) {
        return MutualRefinement.of(tuple(t), tuple(u)).map(MutualRefinement::toString).orElse("none");
    }

    /** {@code (s_1,...,s_m)_P}: the flattening of a nested tuple with its profile P, e.g. {@code (2,2,5,5)_((*,*),(*,*))}. */
    static String flatteningWithProfile(IntTuple s) {
        return s.flatten() + "_" + profile(s);
    }

    /** The profile of a nested tuple: its nesting with every entry replaced by {@code *}. */
    static String profile(IntTuple s) {
        if (s.isLeaf()) return "*";
        StringJoiner j = new StringJoiner(",", "(", ")");
        for (IntTuple m : s.modes()) j.add(profile(m));
        return j.toString();
    }
}
