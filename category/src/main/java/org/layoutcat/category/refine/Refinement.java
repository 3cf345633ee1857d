package org.layoutcat.category.refine;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;

/**
 * A refinement {@code X' → X} of nested tuples (paper §4.1.2): X' refines X when X is the integer size(X'), or
 * both are tuples of equal rank and each mode of X' refines the mode of X. The relative mode
 * {@code mode_i(X', X)} is the part of X' that replaces leaf i of X. A refinement realizes to the identity of
 * {@code [0, size X)}: both sides read colexicographically.
 *
 * <p>Immutable; validated on construction. Leaf indices are 1-based as in the paper.
 *
 * @param fine   X'
 * @param coarse X
 */
public record Refinement(IntTuple fine, IntTuple coarse) {
    /**
     * The refinement {@code fine → coarse}.
     *
     * @throws LayoutArgumentException where {@code fine} does not refine {@code coarse}
     */
    public Refinement {
        if (!refines(fine, coarse)) {
            throw new LayoutArgumentException(fine + " does not refine " + coarse
                    + " (each leaf of the coarse tuple must be the size of the part that replaces it, nesting kept)");
        }
    }

    /** True when {@code fine} refines {@code coarse}. */
    public static boolean refines(IntTuple fine, IntTuple coarse) {
        if (coarse.isLeaf()) {
            try {
                return fine.product() == coarse.value();
            } catch (ArithmeticException e) {
                return false;
            }
        }
        if (fine.isLeaf() || fine.rank() != coarse.rank()) return false;
        for (int i = 0; i < coarse.rank(); i++) if (!refines(fine.mode(i), coarse.mode(i))) return false;
        return true;
    }

    /** The relative modes {@code mode_1(X', X), ..., mode_n(X', X)}, one per leaf of X. */
    public List<IntTuple> relativeModes() {
        List<IntTuple> out = new ArrayList<>();
        collect(fine, coarse, out);
        return List.copyOf(out);
    }

    private static void collect(IntTuple fine, IntTuple coarse, List<IntTuple> out) {
        if (coarse.isLeaf()) {
            out.add(fine);
            return;
        }
        for (int i = 0; i < coarse.rank(); i++) collect(fine.mode(i), coarse.mode(i), out);
    }

    /**
     * {@code mode_i(X', X)}, 1-based.
     *
     * @throws IndexOutOfBoundsException unless {@code 1 ≤ i ≤} the number of leaves of X
     */
    public IntTuple relativeMode(int i) {
        List<IntTuple> m = relativeModes();
        if (i < 1 || i > m.size()) throw new IndexOutOfBoundsException("relative mode " + i + " of " + this + ": X has " + m.size() + " leaves");
        return m.get(i - 1);
    }

    /** The 0-based position in the flattening of X' where {@code mode_i(X', X)} starts, for i = 1..n+1. */
    public int[] flatOffsets() {
        List<IntTuple> m = relativeModes();
        int[] off = new int[m.size() + 1];
        for (int i = 0; i < m.size(); i++) off[i + 1] = off[i] + m.get(i).leafCount();
        return off;
    }

    /**
     * X with leaf i replaced by {@code parts.get(i-1)}: the nested tuple that refines X with the given relative
     * modes (each part must have the size of the leaf it replaces).
     *
     * @throws LayoutArgumentException where the number of parts is not the number of leaves of X
     */
    public static IntTuple substitute(IntTuple coarse, List<IntTuple> parts) {
        int[] at = {0};
        IntTuple r = substitute(coarse, parts, at);
        if (at[0] != parts.size()) {
            throw new LayoutArgumentException(parts.size() + " parts for the " + coarse.leafCount() + " leaves of " + coarse);
        }
        return r;
    }

    private static IntTuple substitute(IntTuple coarse, List<IntTuple> parts, int[] at) {
        if (coarse.isLeaf()) {
            if (at[0] >= parts.size()) {
                throw new LayoutArgumentException(parts.size() + " parts for the " + coarse.leafCount() + " leaves of " + coarse);
            }
            return parts.get(at[0]++);
        }
        List<IntTuple> modes = new ArrayList<>(coarse.rank());
        for (IntTuple m : coarse.modes()) modes.add(substitute(m, parts, at));
        return IntTuple.of(modes);
    }

    @Override
    public String toString() {
        return fine + " → " + coarse;
    }
}
