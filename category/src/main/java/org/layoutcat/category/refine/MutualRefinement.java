package org.layoutcat.category.refine;

import org.layoutcat.category.internal.FlatMorphisms;
import org.layoutcat.core.LayoutArgumentException;
import java.util.Optional;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.IntTuple;

/**
 * A mutual refinement of T and U (paper §4.1.2): T' refining T and U' refining U with the flattening of T' a
 * prefix of the flattening of U'.
 *
 * <p>Found greedily on the flattenings x of T and y of U, each entry of x and of y collecting a group of pieces:
 * equal entries close both groups; {@code x_i | y_j} closes x's group and adds x_i to y's open group, leaving
 * {@code y_j / x_i}; {@code y_j | x_i} adds y_j to both groups and closes y's, leaving {@code x_i / y_j};
 * otherwise none exists. At the end x must be used up; y's open group is closed by its remainder and the rest
 * of y is kept as it is. (The paper's printed pseudocode drops the last entry of y and never checks that x is
 * used up.)
 *
 * @param tPrime T'
 * @param uPrime U'
 */
public record MutualRefinement(IntTuple tPrime, IntTuple uPrime) {

    /** A mutual refinement of T and U, or empty when none exists. */
    public static Optional<MutualRefinement> of(IntTuple t, IntTuple u) {
        return Optional.ofNullable(greedy(t, u, null));
    }

    /** A mutual refinement of T and U, or an IllegalArgumentException saying where the greedy search fails. */
    public static MutualRefinement require(IntTuple t, IntTuple u) {
        StringBuilder why = new StringBuilder();
        MutualRefinement m = greedy(t, u, why);
        if (m == null) throw new LayoutArgumentException("no mutual refinement of " + t + " and " + u + ": " + why);
        return m;
    }

    /** The refinement {@code T' → T}. */
    public Refinement ofT(IntTuple t) {
        return new Refinement(tPrime, t);
    }

    /** The refinement {@code U' → U}. */
    public Refinement ofU(IntTuple u) {
        return new Refinement(uPrime, u);
    }

    /** The inclusion {@code T' → U'}: leaf k of T' to leaf k of U' (T'♭ is a prefix of U'♭). */
    public NestMorphism inclusion() {
        return NestMorphism.of(tPrime, uPrime, FinMorphism.of(uPrime.leafCount(), FinMorphism.identity(tPrime.leafCount()).images()));
    }

    /** The mutual refinement the walk finds, or null (the reason appended to {@code why} unless it is null). */
    private static MutualRefinement greedy(IntTuple t, IntTuple u, StringBuilder why) {
        long[] x = t.leaves();
        long[] y = u.leaves();
        for (long e : x) if (e < 1) throw notPositive(t, u, "T", e);
        for (long e : y) if (e < 1) throw notPositive(t, u, "U", e);
        long[] pieces = new long[x.length + y.length];
        int[] xOff = new int[x.length + 1];
        int[] yOff = new int[y.length + 1];
        if (FlatMorphisms.mutualRefinement(x, x.length, y, y.length, pieces, xOff, yOff, why) < 0) return null;
        return new MutualRefinement(Refinement.substitute(t, FlatMorphisms.runs(pieces, xOff, x.length)),
                Refinement.substitute(u, FlatMorphisms.runs(pieces, yOff, y.length)));
    }

    private static LayoutArgumentException notPositive(IntTuple t, IntTuple u, String which, long entry) {
        return new LayoutArgumentException("no mutual refinement of " + t + " and " + u + ": " + which + " has the entry " + entry
                + "; the entries of nested tuples that refine one another are positive");
    }

    /** {@code T' U'}. */
    @Override
    public String toString() {
        return tPrime + " " + uPrime;
    }
}
