package org.layoutcat.category;

import org.layoutcat.category.internal.FlatMorphisms;
import org.layoutcat.core.internal.ModeOrder;
import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * A morphism {@code f: (s_1..s_m) → (t_1..t_n)} of the category Tuple (paper §2.1): a pointed map
 * {@code α: {*,1..m} → {*,1..n}}, injective away from {@code *}, with {@code s_i = t_α(i)} wherever
 * {@code α(i) ≠ *}. Entries are positive integers.
 *
 * <p>Immutable; the conditions are checked on construction. Printed {@code (2,2) --(2,4)--> (5,2,5,2)}
 * (1-based map, {@code *} for the basepoint), and {@code TupleMorphism.parse(f.toString()).equals(f)}.
 *
 * <p>Composition goes like {@code java.util.function}: {@code f.compose(g) = f∘g}, g applied first. The layout
 * encoded by f ({@link #encodedLayout()}) has shape {@code (s_i)} and stride {@code t_1⋯t_(α(i)−1)}, or 0 where
 * {@code α(i) = *}; composition is compatible with it: {@code L_(f∘g) = L_f ∘ L_g}.
 */
public final class TupleMorphism {
    private final long[] domain;
    private final long[] codomain;
    private final FinMorphism alpha;

    private TupleMorphism(long[] domain, long[] codomain, FinMorphism alpha) {
        for (int i = 0; i < domain.length; i++) {
            if (domain[i] < 1) throw new LayoutArgumentException("domain entry s_" + (i + 1) + " = " + domain[i] + " is not positive");
        }
        for (int j = 0; j < codomain.length; j++) {
            if (codomain[j] < 1) throw new LayoutArgumentException("codomain entry t_" + (j + 1) + " = " + codomain[j] + " is not positive");
        }
        if (alpha.domainSize() != domain.length) {
            throw new LayoutArgumentException("the map " + alpha + " has " + alpha.domainSize() + " entries but the domain "
                    + show(domain) + " has length " + domain.length);
        }
        if (alpha.codomainSize() != codomain.length) {
            throw new LayoutArgumentException("the map " + alpha + " goes into {*,1.." + alpha.codomainSize()
                    + "} but the codomain " + show(codomain) + " has length " + codomain.length);
        }
        for (int i = 1; i <= domain.length; i++) {
            int j = alpha.apply(i);
            if (j != FinMorphism.STAR && domain[i - 1] != codomain[j - 1]) {
                throw new LayoutArgumentException(show(domain) + " --" + alpha + "--> " + show(codomain) + ": s_" + i + " = "
                        + domain[i - 1] + " but α(" + i + ") = " + j + " and t_" + j + " = " + codomain[j - 1]
                        + " (a tuple morphism needs s_i = t_α(i))");
            }
        }
        this.domain = domain;
        this.codomain = codomain;
        this.alpha = alpha;
    }

    /**
     * The morphism {@code domain --(alpha)--> codomain}; in {@code alpha}, 0 ({@link FinMorphism#STAR}) is {@code *}.
     *
     * @throws LayoutArgumentException where α is not a pointed map into {@code {*,1..n}} injective away from {@code *},
     *         its length is not the domain's, where an entry of the domain or codomain is not positive, or {@code s_i ≠
     *         t_α(i)} for some i with {@code α(i) ≠ *}
     */
    public static TupleMorphism of(long[] domain, long[] codomain, int... alpha) {
        return new TupleMorphism(domain.clone(), codomain.clone(), FinMorphism.of(codomain.length, alpha));
    }

    /**
     * The morphism over {@code alpha} between two flat tuples (an integer counts as a tuple of length 1).
     *
     * @throws LayoutArgumentException where the domain or codomain is nested, the sizes of α are not their lengths,
     *         where an entry of the domain or codomain is not positive, or {@code s_i ≠ t_α(i)} for some i with {@code
     *         α(i) ≠ *}
     */
    public static TupleMorphism of(IntTuple domain, IntTuple codomain, FinMorphism alpha) {
        return new TupleMorphism(flatEntries(domain, "domain"), flatEntries(codomain, "codomain"), alpha);
    }

    /**
     * The identity of {@code (s_1..s_m)}.
     *
     * @throws LayoutArgumentException where an entry is not positive
     */
    public static TupleMorphism identity(long... tuple) {
        return new TupleMorphism(tuple.clone(), tuple.clone(), FinMorphism.identity(tuple.length));
    }

    /**
     * Parses {@code (2,2) --(2,4)--> (5,2,5,2)}; domain and codomain must be flat.
     *
     * @throws LayoutArgumentException where the text is null or not {@code S --(α)--> T} with flat tuples S and T in
     *         CuTe notation and α of positive indices and {@code *}, or where these do not make a tuple morphism; the
     *         message gives the position
     */
    public static TupleMorphism parse(String text) {
        return MorphismNotation.parse(text).flattenChecked(text);
    }

    private static long[] flatEntries(IntTuple t, String what) {
        if (t.depth() > 1) throw new LayoutArgumentException("the " + what + " " + t + " of a tuple morphism must be flat");
        return t.leaves();
    }

    // ---------------------------------------------------------------- accessors

    /** The domain {@code (s_1..s_m)} as a flat tuple. */
    public IntTuple domain() {
        return IntTuple.flat(domain);
    }

    /** The codomain {@code (t_1..t_n)} as a flat tuple. */
    public IntTuple codomain() {
        return IntTuple.flat(codomain);
    }

    /** The underlying pointed map α. */
    public FinMorphism alpha() {
        return alpha;
    }

    /** m, the length of the domain. */
    public int domainRank() {
        return domain.length;
    }

    /** n, the length of the codomain. */
    public int codomainRank() {
        return codomain.length;
    }

    /**
     * {@code s_i}, 1-based.
     *
     * @throws IndexOutOfBoundsException unless {@code 1 ≤ i ≤ m}
     */
    public long domainEntry(int i) {
        return domain[i - 1];
    }

    /**
     * {@code t_j}, 1-based.
     *
     * @throws IndexOutOfBoundsException unless {@code 1 ≤ j ≤ n}
     */
    public long codomainEntry(int j) {
        return codomain[j - 1];
    }

    /**
     * {@code α(i)}, 1-based; {@link FinMorphism#STAR} for {@code *}.
     *
     * @throws IndexOutOfBoundsException unless i is {@link FinMorphism#STAR} or {@code 1 ≤ i ≤ m}
     */
    public int map(int i) {
        return alpha.apply(i);
    }

    /**
     * size(S) = s_1⋯s_m, the size of the domain.
     *
     * @throws ArithmeticException where the size overflows a long
     */
    public long domainSize() {
        return product(domain, "the size of the domain");
    }

    /**
     * size(T) = t_1⋯t_n, the size of the codomain.
     *
     * @throws ArithmeticException where the size overflows a long
     */
    public long codomainSize() {
        return product(codomain, "the size of the codomain");
    }

    long[] domainArray() {
        return domain.clone();
    }

    long[] codomainArray() {
        return codomain.clone();
    }

    /** The same data as a morphism of Nest between flat tuples. */
    public NestMorphism toNest() {
        return NestMorphism.of(domain(), codomain(), alpha);
    }

    // ---------------------------------------------------------------- the encoded layout

    /**
     * The layout {@code L_f} encoded by f: shape {@code (s_1..s_m)}, stride {@code d_i = t_1⋯t_(α(i)−1)} where
     * {@code α(i) ≠ *} and {@code d_i = 0} where {@code α(i) = *} (paper §2.2).
     *
     * @throws ArithmeticException where the size or a stride overflows a long
     */
    public Layout encodedLayout() {
        return Layout.of(domain(), IntTuple.flat(strides()));
    }

    /**
     * The strides of {@link #encodedLayout()}, in domain order: {@link FlatMorphisms#encodedStrides}, the one
     * definition of {@code L_f}, which the composition walk runs too. Overflow of a prefix product of T (size T
     * included) is an ArithmeticException.
     */
    long[] strides() {
        long[] d = new long[domain.length];
        FlatMorphisms.encodedStrides(FlatMorphisms.images(alpha), domain.length, codomain, codomain.length,
                new long[codomain.length + 1], d, new Shown(codomain));
        return d;
    }

    // ---------------------------------------------------------------- composition and its relatives

    /**
     * {@code f∘g} (g applied first): the morphism {@code domain(g) → codomain(f)} over {@code α_f∘α_g}.
     * Needs {@code codomain(g) = domain(f)}. Postcondition: {@code L_(f∘g) = L_f ∘ L_g} (paper §2.3).
     *
     * @throws LayoutArgumentException where the codomain of g is not the domain of f
     */
    public TupleMorphism compose(TupleMorphism g) {
        if (!Arrays.equals(g.codomain, domain)) {
            throw new LayoutArgumentException("f∘g with f = " + this + " and g = " + g + ": the codomain " + show(g.codomain)
                    + " of g is not the domain " + show(domain) + " of f");
        }
        return new TupleMorphism(g.domain, codomain, alpha.compose(g.alpha));
    }

    /** The sum {@code f ⊕ g: (S_f, S_g) → (T_f, T_g)}, g's map shifted past T_f. */
    public TupleMorphism sum(TupleMorphism g) {
        int[] m = new int[domain.length + g.domain.length];
        for (int i = 1; i <= domain.length; i++) m[i - 1] = alpha.apply(i);
        for (int i = 1; i <= g.domain.length; i++) {
            int j = g.alpha.apply(i);
            m[domain.length + i - 1] = j == FinMorphism.STAR ? j : j + codomain.length;
        }
        return new TupleMorphism(concat(domain, g.domain), concat(codomain, g.codomain),
                FinMorphism.of(codomain.length + g.codomain.length, m));
    }

    /**
     * The concatenation {@code (f, g): (S_f, S_g) → T} of two morphisms into the same codomain T whose images
     * are disjoint. Its encoded layout is the concatenation {@code (L_f, L_g)}.
     *
     * @throws LayoutArgumentException where f and g have different codomains or their images share an entry
     */
    public TupleMorphism concat(TupleMorphism g) {
        if (!Arrays.equals(codomain, g.codomain)) {
            throw new LayoutArgumentException("the concatenation (f, g) of f = " + this + " and g = " + g
                    + " needs one codomain, got " + show(codomain) + " and " + show(g.codomain));
        }
        int[] m = new int[domain.length + g.domain.length];
        for (int i = 1; i <= domain.length; i++) m[i - 1] = alpha.apply(i);
        for (int i = 1; i <= g.domain.length; i++) {
            int j = g.alpha.apply(i);
            if (j != FinMorphism.STAR && alpha.hits(j)) {
                throw new LayoutArgumentException("the concatenation (f, g) of f = " + this + " and g = " + g
                        + " needs disjoint images; both hit t_" + j);
            }
            m[domain.length + i - 1] = j;
        }
        return new TupleMorphism(concat(domain, g.domain), codomain, FinMorphism.of(codomain.length, m));
    }

    /**
     * The restriction {@code f|_I} to the domain entries {@code I = (i_1 < ... < i_k)} (1-based): the morphism
     * {@code (s_i1..s_ik) → T} over {@code α|_I}. Its encoded layout keeps the modes {@code i_1..i_k} of L_f.
     *
     * @throws LayoutArgumentException unless the entries increase strictly within {@code 1..m}
     */
    public TupleMorphism restrict(int... entries) {
        long[] s = new long[entries.length];
        int[] m = new int[entries.length];
        int last = 0;
        for (int k = 0; k < entries.length; k++) {
            int i = entries[k];
            if (i <= last || i > domain.length) {
                throw new LayoutArgumentException("restriction of " + this + " to " + Arrays.toString(entries)
                        + ": entries must increase within 1.." + domain.length);
            }
            last = i;
            s[k] = domain[i - 1];
            m[k] = alpha.apply(i);
        }
        return new TupleMorphism(s, codomain, FinMorphism.of(codomain.length, m));
    }

    /** The factorization {@code f = inclusion ∘ onto} through the hit entries of the codomain. */
    public record Factorization(TupleMorphism onto, TupleMorphism inclusion) {}

    /**
     * Factors f through its image: {@code onto: S → T_H} hits every entry of {@code T_H}, the hit entries of T
     * in order, and {@code inclusion: T_H → T} sends them to their places. Postcondition:
     * {@code inclusion.compose(onto).equals(f)}.
     */
    public Factorization imageFactorization() {
        int[] position = new int[codomain.length + 1];
        List<Long> hit = new ArrayList<>();
        List<Integer> inc = new ArrayList<>();
        for (int j = 1; j <= codomain.length; j++) {
            if (alpha.hits(j)) {
                hit.add(codomain[j - 1]);
                inc.add(j);
                position[j] = hit.size();
            }
        }
        int[] m = new int[domain.length];
        for (int i = 1; i <= domain.length; i++) {
            int j = alpha.apply(i);
            m[i - 1] = j == FinMorphism.STAR ? FinMorphism.STAR : position[j];
        }
        long[] th = toArray(hit);
        TupleMorphism onto = new TupleMorphism(domain, th, FinMorphism.of(th.length, m));
        TupleMorphism inclusion = new TupleMorphism(th, codomain, FinMorphism.of(codomain.length, inc));
        return new Factorization(onto, inclusion);
    }

    // ---------------------------------------------------------------- normal forms

    /**
     * sort(f): the domain entries permuted stably into the mode order of L_f (stride, then shape), so that
     * {@code L_sort(f) = sort(L_f)}: the {@code *} entries first, by size, then the hit entries by α.
     *
     * @throws ArithmeticException where a stride of {@code L_f} overflows a long
     */
    public TupleMorphism sort() {
        long[] d = strides();
        int[] order = ModeOrder.identity(domain.length);
        ModeOrder.sort(order, order.length, ModeOrder.byStrideThenShape(domain, d));
        long[] s = new long[domain.length];
        int[] m = new int[domain.length];
        for (int k = 0; k < order.length; k++) {
            s[k] = domain[order[k]];
            m[k] = alpha.apply(order[k] + 1);
        }
        return new TupleMorphism(s, codomain, FinMorphism.of(codomain.length, m));
    }

    /**
     * squeeze(f): every entry equal to 1 removed from the domain and the codomain, α re-indexed. The encoded
     * layout loses exactly its shape-1 modes.
     */
    public TupleMorphism squeeze() {
        int[] newIndex = new int[codomain.length + 1];
        List<Long> t = new ArrayList<>();
        for (int j = 1; j <= codomain.length; j++) {
            if (codomain[j - 1] != 1) {
                t.add(codomain[j - 1]);
                newIndex[j] = t.size();
            }
        }
        List<Long> s = new ArrayList<>();
        List<Integer> m = new ArrayList<>();
        for (int i = 1; i <= domain.length; i++) {
            if (domain[i - 1] == 1) continue;
            s.add(domain[i - 1]);
            int j = alpha.apply(i);
            m.add(j == FinMorphism.STAR ? FinMorphism.STAR : newIndex[j]);
        }
        return new TupleMorphism(toArray(s), toArray(t), FinMorphism.of(t.size(), m));
    }

    /**
     * coal(f) (paper §2.4): drop the domain and codomain entries equal to 1; merge maximal runs of consecutive
     * domain entries with {@code α(i+1) = α(i)+1} (or both {@code *}) into their product; merge codomain entries
     * {@code j, j+1} exactly when a run hits both. An empty result is {@code (1) --(*)--> T}. Postcondition:
     * {@code L_coal(f) = coal(L_f)}, as flat layouts.
     *
     * @throws ArithmeticException where a merged entry overflows a long
     */
    public TupleMorphism coalesce() {
        TupleMorphism q = squeeze();
        long[] s = q.domain;
        long[] t = q.codomain;
        int n = t.length;
        // runs of the domain
        List<long[]> runs = new ArrayList<>(); // {product, first image (STAR or j), last image}
        for (int i = 1; i <= s.length; i++) {
            int j = q.alpha.apply(i);
            if (!runs.isEmpty()) {
                long[] r = runs.get(runs.size() - 1);
                boolean extend = (r[2] == FinMorphism.STAR && j == FinMorphism.STAR)
                        || (r[2] != FinMorphism.STAR && j == r[2] + 1);
                if (extend) {
                    r[0] = Checked.mul(r[0], s[i - 1], "the coalesce", this);
                    r[2] = j;
                    continue;
                }
            }
            runs.add(new long[] {s[i - 1], j, j});
        }
        // merge codomain j..j' covered by one run
        int[] groupOf = new int[n + 1];
        boolean[] joinsNext = new boolean[n + 1];
        for (long[] r : runs) {
            if (r[1] == FinMorphism.STAR) continue;
            for (long j = r[1]; j < r[2]; j++) joinsNext[(int) j] = true;
        }
        List<Long> newT = new ArrayList<>();
        for (int j = 1; j <= n; j++) {
            if (j > 1 && joinsNext[j - 1]) {
                int g = newT.size() - 1;
                newT.set(g, Checked.mul(newT.get(g), t[j - 1], "the coalesce", this));
            } else {
                newT.add(t[j - 1]);
            }
            groupOf[j] = newT.size();
        }
        if (runs.isEmpty()) {
            return new TupleMorphism(new long[] {1}, toArray(newT), FinMorphism.of(newT.size(), FinMorphism.STAR));
        }
        long[] newS = new long[runs.size()];
        int[] m = new int[runs.size()];
        for (int k = 0; k < runs.size(); k++) {
            newS[k] = runs.get(k)[0];
            m[k] = runs.get(k)[1] == FinMorphism.STAR ? FinMorphism.STAR : groupOf[(int) runs.get(k)[1]];
        }
        return new TupleMorphism(newS, toArray(newT), FinMorphism.of(newT.size(), m));
    }

    /**
     * The complement {@code f^c} of an f without {@code *} (paper §2.5): the codomain entries not hit by f, in
     * order, each mapped to its place in the same codomain. Postcondition: for f of standard form,
     * {@code L_(f^c) = comp(L_f)}; always, {@code (f, f^c)} is an isomorphism.
     *
     * @throws LayoutArgumentException where α maps an entry to {@code *}
     */
    public TupleMorphism complement() {
        if (!alpha.avoidsBasepoint()) {
            throw new LayoutArgumentException("the complement of " + this + " needs a map without *; "
                    + "restrict f to its entries off the basepoint first");
        }
        List<Long> s = new ArrayList<>();
        List<Integer> m = new ArrayList<>();
        for (int j = 1; j <= codomain.length; j++) {
            if (!alpha.hits(j)) {
                s.add(codomain[j - 1]);
                m.add(j);
            }
        }
        return new TupleMorphism(toArray(s), codomain, FinMorphism.of(codomain.length, m));
    }

    /**
     * Logical division {@code f ⊘ g = f ∘ (g, g^c)} (paper §2.6): admissible when {@code codomain(g) = domain(f)}
     * and g has no {@code *}. The result has the nested domain {@code (domain g, domain g^c)}. Postcondition:
     * {@code coal(L_(f⊘g)) = coal(L_f ⊘ L_g)}.
     *
     * @throws LayoutArgumentException where {@code f ⊘ g} is not admissible: g maps an entry to {@code *}, or the
     *         codomain of g is not the domain of f
     */
    public NestMorphism divide(TupleMorphism g) {
        return toNest().divide(g.toNest());
    }

    /**
     * Logical product {@code f ⊗ g = (f, f^c ∘ g)} (paper §2.7): admissible when f has no {@code *} and
     * {@code codomain(g) = domain(f^c)}. The result has the nested domain {@code (domain f, domain g)}.
     * Postcondition: {@code L_(f⊗g) = L_f ⊗ L_g} as layout functions with the same mode sizes.
     *
     * @throws LayoutArgumentException where {@code f ⊗ g} is not admissible: f maps an entry to {@code *}, or the
     *         codomain of g is not the domain of {@code f^c}
     */
    public NestMorphism product(TupleMorphism g) {
        return toNest().product(g.toNest());
    }

    // ---------------------------------------------------------------- predicates

    /**
     * Standard form (paper §2.2): when n ≥ 1, the last codomain entry is hit, and every unhit entry {@code j < n}
     * has {@code t_j ≠ 1} and {@code j+1} hit.
     */
    public boolean isStandardForm() {
        int n = codomain.length;
        if (n == 0) return true;
        if (!alpha.hits(n)) return false;
        for (int j = 1; j < n; j++) {
            if (!alpha.hits(j) && (codomain[j - 1] == 1 || !alpha.hits(j + 1))) return false;
        }
        return true;
    }

    /** Non-degenerate: {@code s_i = 1} implies {@code α(i) = *}. */
    public boolean isNonDegenerate() {
        for (int i = 1; i <= domain.length; i++) if (domain[i - 1] == 1 && alpha.apply(i) != FinMorphism.STAR) return false;
        return true;
    }

    /**
     * {@code coal(f) = f}.
     *
     * @throws ArithmeticException where a merged entry of {@code coal(f)} overflows a long
     */
    public boolean isCoalesced() {
        return equals(coalesce());
    }

    /**
     * {@code sort(f) = f}: L_f is sorted.
     *
     * @throws ArithmeticException where a stride of {@code L_f} overflows a long
     */
    public boolean isSorted() {
        return equals(sort());
    }

    /** An isomorphism of Tuple: α is a bijection {@code {1..m} → {1..n}} (so the domain is a permutation of T). */
    public boolean isIsomorphism() {
        return alpha.isBijection();
    }

    // ---------------------------------------------------------------- helpers, identity

    /** The product of a tuple; {@code what} names it in the overflow message. */
    static long product(long[] t, String what) {
        long p = 1;
        for (long x : t) p = Checked.mul(p, x, what, new Shown(t));
        return p;
    }

    /** A tuple printed only when a message needs it. */
    private record Shown(long[] t) {
        @Override
        public String toString() {
            return show(t);
        }
    }

    static long[] concat(long[] a, long[] b) {
        long[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    static long[] toArray(List<Long> xs) {
        long[] r = new long[xs.size()];
        for (int i = 0; i < r.length; i++) r[i] = xs.get(i);
        return r;
    }

    static String show(long[] t) {
        return IntTuple.flat(t).toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TupleMorphism f && Arrays.equals(domain, f.domain) && Arrays.equals(codomain, f.codomain)
                && alpha.equals(f.alpha);
    }

    @Override
    public int hashCode() {
        return (Arrays.hashCode(domain) * 31 + Arrays.hashCode(codomain)) * 31 + alpha.hashCode();
    }

    /** {@code (2,2) --(2,4)--> (5,2,5,2)}. */
    @Override
    public String toString() {
        return show(domain) + " --" + alpha + "--> " + show(codomain);
    }
}
