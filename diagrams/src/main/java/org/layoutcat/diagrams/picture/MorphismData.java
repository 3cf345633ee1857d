package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * The data of a tuple or nest morphism as the pictures draw it (paper §2): a domain S and a codomain T, nested
 * tuples with flattenings (s1..sm) and (t1..tn), and a pointed map α given by its values α(1..m), each in
 * {0 = *, 1..n}, injective away from * and with {@code s_i = t_α(i)} wherever α(i) ≠ *.
 *
 * <p>This is the drawing's own input type: the category module's morphisms reach the pictures through
 * {@link #of(NestMorphism)}, and its notation is read by {@link NestMorphism#parse}. Immutable, validated on
 * construction. Printed as in the paper, {@code (2,2) --(2,4)--> (3,2,5,2)} with {@code *} for the basepoint,
 * so that {@code of(NestMorphism.parse(x.toString())).equals(x)}.
 *
 * @param domain S
 * @param codomain T
 * @param alpha α(1..m), 1-based, 0 for the basepoint *
 */
public record MorphismData(IntTuple domain, IntTuple codomain, List<Integer> alpha) {
    /** The value of α that stands for the basepoint *. */
    public static final int BASEPOINT = 0;

    /**
     * The morphism data, α copied.
     *
     * @throws IllegalArgumentException for a null part, an entry of a tuple ≤ 0, an α of another length than the
     *         domain's leaves, a value of α outside {@code {*,1..n}}, α not injective away from {@code *}, or {@code
     *         s_i ≠ t_α(i)}
     */
    public MorphismData {
        if (domain == null || codomain == null || alpha == null) throw new IllegalArgumentException("a morphism needs a domain, a codomain and α");
        alpha = List.copyOf(alpha);
        long[] s = domain.leaves();
        long[] t = codomain.leaves();
        String what = domain + " --" + alphaText(alpha) + "--> " + codomain;
        if (!domain.allPositive() || !codomain.allPositive()) {
            throw new IllegalArgumentException(what + ": entries of a tuple are positive");
        }
        if (alpha.size() != s.length) {
            throw new IllegalArgumentException(what + ": α has " + alpha.size() + " values but the domain has " + s.length + " entries");
        }
        int[] hitBy = new int[t.length + 1];
        for (int i = 0; i < s.length; i++) {
            int a = alpha.get(i);
            if (a < 0 || a > t.length) {
                throw new IllegalArgumentException(what + ": α(" + (i + 1) + ") = " + a + " is outside {*, 1.." + t.length + "}");
            }
            if (a == BASEPOINT) continue;
            if (hitBy[a] != 0) {
                throw new IllegalArgumentException(what + ": α is not injective away from *: α(" + hitBy[a] + ") = α(" + (i + 1) + ") = " + a);
            }
            hitBy[a] = i + 1;
            if (s[i] != t[a - 1]) {
                throw new IllegalArgumentException(what + ": s" + (i + 1) + " = " + s[i] + " but t" + a + " = " + t[a - 1] + " (a morphism needs s_i = t_α(i))");
            }
        }
    }

    /**
     * {@code domain --(alpha)--> codomain}, α 1-based with 0 for *.
     *
     * @throws IllegalArgumentException for a null part, an entry of a tuple ≤ 0, an α of another length than the
     *         domain's leaves, a value of α outside {@code {*,1..n}}, α not injective away from {@code *}, or {@code
     *         s_i ≠ t_α(i)}
     */
    public static MorphismData of(IntTuple domain, IntTuple codomain, int... alpha) {
        List<Integer> a = new ArrayList<>(alpha.length);
        for (int x : alpha) a.add(x);
        return new MorphismData(domain, codomain, a);
    }

    /**
     * The data of the category module's nest morphism f, entry for entry: {@code of(f).toString()} is
     * {@code f.toString()}. Morphism notation is read by {@link NestMorphism#parse}; a picture of a text
     * {@code S --(α)--> T} is {@code of(NestMorphism.parse(text))}.
     */
    public static MorphismData of(NestMorphism f) {
        return new MorphismData(f.domain(), f.codomain(), f.alpha().images());
    }

    /**
     * α(i) for 1-based i; 0 is the basepoint.
     *
     * @throws IndexOutOfBoundsException unless {@code 1 ≤ i ≤ m}
     */
    public int alpha(int i) {
        return alpha.get(i - 1);
    }

    /** Number of domain entries m. */
    public int domainSize() {
        return alpha.size();
    }

    /**
     * The encoded layout L_f (paper §2): shape = domain, d_i = 0 where α(i) = *, else t1⋯t(α(i)−1), the prefix
     * product of the flattened codomain. Overflow is an ArithmeticException.
     *
     * @throws ArithmeticException where the size or a stride overflows a long
     */
    public Layout encodedLayout() {
        long[] t = codomain.leaves();
        long[] prefix = new long[t.length];
        long p = 1;
        for (int j = 0; j < t.length; j++) {
            prefix[j] = p;
            p = Checked.mul(p, t[j], "the prefix products", codomain);
        }
        long[] d = new long[alpha.size()];
        for (int i = 0; i < d.length; i++) d[i] = alpha.get(i) == BASEPOINT ? 0 : prefix[alpha.get(i) - 1];
        return Layout.of(domain, domain.withLeaves(d));
    }

    /** α in the paper's notation, {@code (4,*,2,6)}. */
    public String alphaText() {
        return alphaText(alpha);
    }

    private static String alphaText(List<Integer> alpha) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < alpha.size(); i++) {
            if (i > 0) sb.append(',');
            int a = alpha.get(i);
            sb.append(a == BASEPOINT ? "*" : Integer.toString(a));
        }
        return sb.append(')').toString();
    }

    /** {@code S --(α)--> T}. */
    @Override
    public String toString() {
        return domain + " --" + alphaText() + "--> " + codomain;
    }
}
