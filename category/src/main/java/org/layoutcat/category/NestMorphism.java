package org.layoutcat.category;

import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * A morphism {@code f: S → T} of the category Nest (paper §3): nested tuples S and T (an integer is a nested
 * tuple too) with the data of a tuple morphism between their flattenings, a pointed map α on the leaves,
 * injective away from {@code *}, with {@code s_i = t_α(i)}.
 *
 * <p>Immutable; validated on construction. Printed {@code ((5,5),8) --(1,3,2)--> (5,8,5)}, and
 * {@code NestMorphism.parse(f.toString()).equals(f)}.
 *
 * <p>Composition goes like {@code java.util.function}: {@code f.compose(g) = f∘g}, g applied first, and needs
 * {@code codomain(g) = domain(f)} as nested tuples. The encoded layout has the nested shape S and the strides
 * of {@link TupleMorphism#encodedLayout()}; {@code L_(f∘g) = L_f ∘ L_g}.
 */
public final class NestMorphism {
    private final IntTuple domain;
    private final IntTuple codomain;
    private final TupleMorphism flat;

    private NestMorphism(IntTuple domain, IntTuple codomain, TupleMorphism flat) {
        this.domain = domain;
        this.codomain = codomain;
        this.flat = flat;
    }

    /**
     * The morphism {@code domain --(alpha)--> codomain} between nested tuples.
     *
     * @throws LayoutArgumentException where the sizes of α are not the numbers of leaves, where an entry of the domain
     *         or codomain is not positive, or {@code s_i ≠ t_α(i)} for some i with {@code α(i) ≠ *} (the s and t being
     *         the leaves)
     */
    public static NestMorphism of(IntTuple domain, IntTuple codomain, FinMorphism alpha) {
        TupleMorphism flat = TupleMorphism.of(IntTuple.flat(domain.leaves()), IntTuple.flat(codomain.leaves()), alpha);
        return new NestMorphism(domain, codomain, flat);
    }

    /**
     * The morphism over {@code alpha} (1-based, 0 = {@code *}) between nested tuples.
     *
     * @throws LayoutArgumentException where α is not a pointed map into the leaves of the codomain injective away from
     *         {@code *}, its length is not the domain's number of leaves, where an entry of the domain or codomain is
     *         not positive, or {@code s_i ≠ t_α(i)} for some i with {@code α(i) ≠ *} (the s and t being the leaves)
     */
    public static NestMorphism of(IntTuple domain, IntTuple codomain, int... alpha) {
        return of(domain, codomain, FinMorphism.of(codomain.leafCount(), alpha));
    }

    /**
     * The identity of a nested tuple.
     *
     * @throws LayoutArgumentException where a leaf is not positive
     */
    public static NestMorphism identity(IntTuple tuple) {
        return of(tuple, tuple, FinMorphism.identity(tuple.leafCount()));
    }

    /**
     * Parses {@code S --(α)--> T}: nested tuples in CuTe notation, α 1-based with {@code *}; spaces allowed.
     *
     * @throws LayoutArgumentException where the text is null or not {@code S --(α)--> T} with S and T in CuTe notation
     *         and α of positive indices and {@code *}, or where these do not make a morphism; the message gives the
     *         position
     */
    public static NestMorphism parse(String text) {
        return MorphismNotation.parse(text);
    }

    /** A text read as a layout or as a morphism ({@link #parseLayoutOrMorphism}). */
    public sealed interface LayoutOrMorphism {
        /** A layout of any kind. */
        record OfLayout(org.layoutcat.core.AnyLayout layout) implements LayoutOrMorphism {}

        /** A morphism {@code S --(α)--> T}. */
        record OfMorphism(NestMorphism morphism) implements LayoutOrMorphism {}
    }

    /**
     * Reads a layout or a morphism {@code S --(α)--> T}, the kind as the one reader of CuTe notation decides it: an
     * arrow's {@code --} after the leading tuple makes a morphism, anything else a layout.
     *
     * @throws LayoutArgumentException where the text is not the kind it began as, or the arrow makes no morphism
     */
    public static LayoutOrMorphism parseLayoutOrMorphism(String text) {
        return MorphismNotation.parseLayoutOrMorphism(text);
    }

    /**
     * Whether {@code text} is written as a morphism {@code S --(α)--> T} (which {@link #parse} reads) rather than as a
     * layout: the one rule by which a text that may be either is told apart. It has the arrow's {@code --} or
     * {@code ->}, which CuTe notation never has; a layout with a negative stride, {@code (4,2):(1,-4)}, is a layout.
     */
    public static boolean isMorphismText(String text) {
        return MorphismNotation.isMorphismText(text);
    }

    /** The domain S. */
    public IntTuple domain() {
        return domain;
    }

    /** The codomain T. */
    public IntTuple codomain() {
        return codomain;
    }

    /** The pointed map α on the leaves. */
    public FinMorphism alpha() {
        return flat.alpha();
    }

    /** The flattening functor Nest → Tuple: the same α between the flattenings of S and T. */
    public TupleMorphism flatten() {
        return flat;
    }

    TupleMorphism flattenChecked(String text) {
        if (domain.depth() > 1 || codomain.depth() > 1) {
            throw new LayoutArgumentException("\"" + text + "\" is a nested morphism; a tuple morphism has flat domain and codomain");
        }
        return flat;
    }

    /**
     * {@code α(i)} on the leaves, 1-based; {@link FinMorphism#STAR} for {@code *}.
     *
     * @throws IndexOutOfBoundsException unless i is {@link FinMorphism#STAR} or {@code 1 ≤ i ≤} the number of leaves of
     *         S
     */
    public int map(int i) {
        return flat.map(i);
    }

    /**
     * {@code f∘g} (g applied first): {@code domain(g) → codomain(f)} over {@code α_f∘α_g}; needs
     * {@code codomain(g) = domain(f)} as nested tuples. Postcondition {@code L_(f∘g) = L_f ∘ L_g}.
     *
     * @throws LayoutArgumentException where the codomain of g is not the domain of f as nested tuples
     */
    public NestMorphism compose(NestMorphism g) {
        if (!g.codomain.equals(domain)) {
            throw new LayoutArgumentException("f∘g with f = " + this + " and g = " + g + ": the codomain " + g.codomain
                    + " of g is not the domain " + domain + " of f");
        }
        return new NestMorphism(g.domain, codomain, flat.compose(g.flat));
    }

    /**
     * The encoded layout {@code L_f}: shape S (nested as S), stride {@code t_1⋯t_(α(i)−1)} at leaf i, 0 where
     * {@code α(i) = *}; the t's are the leaves of T.
     *
     * @throws ArithmeticException where the size or a stride overflows a long
     */
    public Layout encodedLayout() {
        return Layout.of(domain, domain.withLeaves(flat.strides()));
    }

    /**
     * coal(f) for Nest (paper §3.3): the coalesce of the flattening, with domain flat when it has rank > 1, an
     * integer when it has rank 1, and {@code 1 --(*)--> ...} when nothing is left; the codomain is flat.
     * Postcondition: {@code L_coal(f) = coal(L_f)} exactly, as CuTe prints coalesce.
     *
     * @throws ArithmeticException where a merged entry overflows a long
     */
    public NestMorphism coalesce() {
        TupleMorphism c = flat.coalesce();
        IntTuple dom = c.domainRank() == 1 ? IntTuple.of(c.domainEntry(1)) : c.domain();
        return new NestMorphism(dom, c.codomain(), c);
    }

    /**
     * The complement {@code f^c} (f without {@code *}): the unhit leaves of T, in order, as a flat domain, each
     * mapped to its place in T. For f of standard form, {@code L_(f^c) = comp(L_f)}.
     *
     * @throws LayoutArgumentException where α maps a leaf to {@code *}
     */
    public NestMorphism complement() {
        TupleMorphism c = flat.complement();
        return new NestMorphism(c.domain(), codomain, c);
    }

    /**
     * {@code f ⊘ g = f ∘ (g, g^c)}: admissible (paper §3.4) when g has no {@code *} and the flattening of
     * codomain(g) is that of domain(f). The result has domain {@code (domain g, domain g^c)} and codomain T.
     * Postcondition: {@code coal(L_(f⊘g)) = coal(L_f ⊘ L_g)}.
     *
     * @throws LayoutArgumentException where {@code f ⊘ g} is not admissible: g maps an entry to {@code *}, or the
     *         flattened codomain of g is not that of the domain of f
     */
    public NestMorphism divide(NestMorphism g) {
        if (!g.flat.alpha().avoidsBasepoint()) {
            throw new LayoutArgumentException("f ⊘ g with f = " + this + " and g = " + g + " is not admissible: g maps an entry to *");
        }
        if (!g.flat.codomain().equals(flat.domain())) {
            throw new LayoutArgumentException("f ⊘ g with f = " + this + " and g = " + g + " is not admissible: the codomain "
                    + g.codomain + " of g is not the domain " + domain + " of f (g does not divide f)");
        }
        TupleMorphism gc = g.flat.complement();
        TupleMorphism both = g.flat.concat(gc);
        TupleMorphism r = flat.compose(both);
        return new NestMorphism(IntTuple.of(g.domain, gc.domain()), codomain, r);
    }

    /**
     * {@code f ⊗ g = (f, f^c ∘ g)}: admissible (paper §3.5) when f has no {@code *} and the flattening of
     * codomain(g) is the domain of f^c. The result has domain {@code (domain f, domain g)} and codomain T.
     * Postcondition: {@code L_(f⊗g)} has the layout function and mode sizes of {@code L_f ⊗ L_g}.
     *
     * @throws LayoutArgumentException where {@code f ⊗ g} is not admissible: f maps an entry to {@code *}, or the
     *         flattened codomain of g is not the domain of {@code f^c}
     */
    public NestMorphism product(NestMorphism g) {
        if (!flat.alpha().avoidsBasepoint()) {
            throw new LayoutArgumentException("f ⊗ g with f = " + this + " and g = " + g + " is not admissible: f maps an entry to *");
        }
        TupleMorphism fc = flat.complement();
        if (!g.flat.codomain().equals(fc.domain())) {
            throw new LayoutArgumentException("f ⊗ g with f = " + this + " and g = " + g + " is not admissible: the codomain "
                    + g.codomain + " of g is not the domain " + fc.domain() + " of f^c");
        }
        TupleMorphism r = flat.concat(fc.compose(g.flat));
        return new NestMorphism(IntTuple.of(domain, g.domain), codomain, r);
    }

    /** Standard form: the flattening is of standard form and the codomain is flat (paper §3.2). */
    public boolean isStandardForm() {
        return codomain.depth() <= 1 && flat.isStandardForm();
    }

    /** Non-degenerate: a leaf equal to 1 maps to {@code *}. */
    public boolean isNonDegenerate() {
        return flat.isNonDegenerate();
    }

    /**
     * {@code coal(f) = f}.
     *
     * @throws ArithmeticException where a merged entry of {@code coal(f)} overflows a long
     */
    public boolean isCoalesced() {
        return equals(coalesce());
    }

    /** The flattening is sorted. */
    public boolean isSorted() {
        return flat.isSorted();
    }

    /** α is a bijection of the leaves. */
    public boolean isIsomorphism() {
        return flat.isIsomorphism();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NestMorphism f && domain.equals(f.domain) && codomain.equals(f.codomain) && flat.equals(f.flat);
    }

    @Override
    public int hashCode() {
        return flat.hashCode() * 31 + domain.hashCode();
    }

    /** {@code ((5,5),8) --(1,3,2)--> (5,8,5)}. */
    @Override
    public String toString() {
        return domain + " --" + flat.alpha() + "--> " + codomain;
    }
}
