package org.layoutcat.category.refine;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.List;
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
        Outcome o = greedy(t, u);
        return Optional.ofNullable(o.result);
    }

    /** A mutual refinement of T and U, or an IllegalArgumentException saying where the greedy search fails. */
    public static MutualRefinement require(IntTuple t, IntTuple u) {
        Outcome o = greedy(t, u);
        if (o.result == null) throw new LayoutArgumentException("no mutual refinement of " + t + " and " + u + ": " + o.reason);
        return o.result;
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

    private record Outcome(MutualRefinement result, String reason) {}

    private static Outcome greedy(IntTuple t, IntTuple u) {
        long[] x = t.leaves();
        long[] y = u.leaves();
        List<List<Long>> xg = new ArrayList<>();
        List<List<Long>> yg = new ArrayList<>();
        for (int k = 0; k < x.length; k++) xg.add(new ArrayList<>());
        for (int k = 0; k < y.length; k++) yg.add(new ArrayList<>());
        int i = 0;
        int j = 0;
        long xi = x.length > 0 ? x[0] : 0;
        long yj = y.length > 0 ? y[0] : 0;
        while (i < x.length && j < y.length) {
            if (xi == yj) {
                xg.get(i).add(xi);
                yg.get(j).add(yj);
                i++;
                j++;
                if (i < x.length) xi = x[i];
                if (j < y.length) yj = y[j];
            } else if (yj % xi == 0) {
                xg.get(i).add(xi);
                yg.get(j).add(xi);
                yj /= xi;
                i++;
                if (i < x.length) xi = x[i];
            } else if (xi % yj == 0) {
                xg.get(i).add(yj);
                yg.get(j).add(yj);
                xi /= yj;
                j++;
                if (j < y.length) yj = y[j];
            } else {
                return new Outcome(null, "at leaf " + (i + 1) + " of T and leaf " + (j + 1) + " of U the parts left, " + xi
                        + " and " + yj + ", do not divide one another");
            }
        }
        // entries 1 left in x ride along with the last piece of y used so far
        while (i < x.length && xi == 1 && (j < y.length || j > 0)) {
            xg.get(i).add(1L);
            yg.get(j < y.length ? j : j - 1).add(1L);
            i++;
            if (i < x.length) xi = x[i];
        }
        if (i < x.length) {
            return new Outcome(null, "U is used up before T (at leaf " + (i + 1) + " of T, " + xi + " is left)");
        }
        if (j < y.length && !yg.get(j).isEmpty()) {
            yg.get(j).add(yj);
            j++;
        }
        for (; j < y.length; j++) yg.get(j).add(y[j]);
        List<IntTuple> tParts = new ArrayList<>();
        for (List<Long> g : xg) tParts.add(Refinement.pieces(g));
        List<IntTuple> uParts = new ArrayList<>();
        for (List<Long> g : yg) uParts.add(Refinement.pieces(g));
        return new Outcome(new MutualRefinement(Refinement.substitute(t, tParts), Refinement.substitute(u, uParts)), null);
    }

    /** {@code T' U'}. */
    @Override
    public String toString() {
        return tPrime + " " + uPrime;
    }
}
