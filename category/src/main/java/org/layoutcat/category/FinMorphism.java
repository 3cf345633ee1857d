package org.layoutcat.category;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A map of pointed finite sets {@code α: {*,1..m} → {*,1..n}} with {@code α(*) = *}, injective away from the
 * basepoint: {@code α(i) = α(i') ≠ *} implies {@code i = i'} (paper §2.1, the underlying map of a tuple morphism).
 *
 * <p>Indices are 1-based as in the paper; the basepoint {@code *} is {@link #STAR} ({@code 0}). Immutable and
 * validated on construction. Printed as the list of images {@code (2,*,4)}; the printed form does not carry n.
 *
 * <p>Composition goes like {@code java.util.function}: {@code a.compose(b) = a∘b}, b applied first.
 */
public final class FinMorphism {
    /** The basepoint {@code *}, written as 0 in the 1-based index space. */
    public static final int STAR = 0;

    private final int[] map; // map[i-1] = α(i), STAR for *
    private final int codomainSize;

    private FinMorphism(int[] map, int codomainSize) {
        if (codomainSize < 0) throw new LayoutArgumentException("a pointed set {*,1..n} needs n ≥ 0, got " + codomainSize);
        boolean[] hit = new boolean[codomainSize + 1];
        for (int i = 0; i < map.length; i++) {
            int a = map[i];
            if (a < 0 || a > codomainSize) {
                throw new LayoutArgumentException("α(" + (i + 1) + ") = " + a + " is outside {*,1.." + codomainSize + "}");
            }
            if (a != STAR) {
                if (hit[a]) {
                    throw new LayoutArgumentException("α" + show(map) + " is not injective away from *: " + a
                            + " is hit twice");
                }
                hit[a] = true;
            }
        }
        this.map = map;
        this.codomainSize = codomainSize;
    }

    /**
     * The map {@code i ↦ images[i-1]} into {@code {*,1..n}}; {@code 0} ({@link #STAR}) stands for {@code *}.
     *
     * @throws LayoutArgumentException for {@code n < 0}, an image outside {@code {*,1..n}}, or an image other than
     *         {@code *} hit twice
     */
    public static FinMorphism of(int codomainSize, int... images) {
        return new FinMorphism(images.clone(), codomainSize);
    }

    /**
     * The map {@code i ↦ images.get(i-1)} into {@code {*,1..n}}.
     *
     * @throws LayoutArgumentException for {@code n < 0}, an image outside {@code {*,1..n}}, or an image other than
     *         {@code *} hit twice
     */
    public static FinMorphism of(int codomainSize, List<Integer> images) {
        int[] m = new int[images.size()];
        for (int i = 0; i < m.length; i++) m[i] = images.get(i);
        return new FinMorphism(m, codomainSize);
    }

    /**
     * The identity of {@code {*,1..n}}.
     *
     * @throws LayoutArgumentException for {@code n < 0}
     */
    public static FinMorphism identity(int n) {
        int[] m = new int[n];
        for (int i = 0; i < n; i++) m[i] = i + 1;
        return new FinMorphism(m, n);
    }

    /** m, the number of non-basepoint elements of the domain. */
    public int domainSize() {
        return map.length;
    }

    /** n, the number of non-basepoint elements of the codomain. */
    public int codomainSize() {
        return codomainSize;
    }

    /**
     * {@code α(i)} for {@code 1 ≤ i ≤ m}; {@link #STAR} for the basepoint.
     *
     * @throws IndexOutOfBoundsException unless i is {@link #STAR} or {@code 1 ≤ i ≤ m}
     */
    public int apply(int i) {
        if (i == STAR) return STAR;
        if (i < 1 || i > map.length) {
            throw new IndexOutOfBoundsException("α(" + i + ") of " + this + ": the domain is {*,1.." + map.length + "}");
        }
        return map[i - 1];
    }

    /** The preimage of {@code j ≠ *}: the unique i with α(i) = j, or {@link #STAR} when j is not hit. */
    public int preimage(int j) {
        for (int i = 0; i < map.length; i++) if (map[i] == j) return i + 1;
        return STAR;
    }

    /** True when some i has α(i) = j. */
    public boolean hits(int j) {
        return j != STAR && preimage(j) != STAR;
    }

    /** True when no element of the domain goes to {@code *}. */
    public boolean avoidsBasepoint() {
        for (int a : map) if (a == STAR) return false;
        return true;
    }

    /** True when α restricted to {1..m} is a bijection onto {1..n}. */
    public boolean isBijection() {
        return map.length == codomainSize && avoidsBasepoint();
    }

    /**
     * {@code this∘b} (b applied first): {@code i ↦ α(β(i))}; needs codomain(b) = domain(this).
     *
     * @throws LayoutArgumentException where the codomain of b is not the domain of this map
     */
    public FinMorphism compose(FinMorphism b) {
        if (b.codomainSize != map.length) {
            throw new LayoutArgumentException("α∘β with α = " + this + " on {*,1.." + map.length + "} and β = " + b
                    + " into {*,1.." + b.codomainSize + "}: the codomain of β is not the domain of α");
        }
        int[] m = new int[b.map.length];
        for (int i = 0; i < m.length; i++) m[i] = b.map[i] == STAR ? STAR : map[b.map[i] - 1];
        return new FinMorphism(m, codomainSize);
    }

    /** The images {@code (α(1), ..., α(m))}, {@link #STAR} for {@code *}. */
    public List<Integer> images() {
        List<Integer> out = new ArrayList<>(map.length);
        for (int a : map) out.add(a);
        return List.copyOf(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FinMorphism f && codomainSize == f.codomainSize && Arrays.equals(map, f.map);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(map) * 31 + codomainSize;
    }

    /** The images in parentheses, {@code *} for the basepoint: {@code (2,*,4)}. */
    @Override
    public String toString() {
        return show(map);
    }

    static String show(int[] map) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < map.length; i++) {
            if (i > 0) sb.append(',');
            if (map[i] == STAR) sb.append('*');
            else sb.append(map[i]);
        }
        return sb.append(')').toString();
    }
}
