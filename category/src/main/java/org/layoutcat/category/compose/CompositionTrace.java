package org.layoutcat.category.compose;

import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * Every intermediate of the categorical composition {@code A∘B} (B applied first, as in CuTe's
 * {@code composition(A, B)}; the paper writes the same composite as {@code B∘A} with its A applied first).
 *
 * @param outer     A, the layout applied second
 * @param inner     B, the layout applied first
 * @param f         {@code f = f_B: S → T}, the nested standard representation of B
 * @param bTilde    the layout standing for A: {@code coal(A)}, or where no mutual refinement exists for it, the
 *                  coalesced replacement of A (the paper's B~) described by {@link #extension()}
 * @param extension how {@link #bTilde()} was obtained from A
 * @param g         {@code g = f_(bTilde): U → V}
 * @param tPrime    T', refining T
 * @param uPrime    U', refining U, with T'♭ a prefix of U'♭
 * @param pullback  the pullback {@code S' → T'} of f along {@code T' → T}
 * @param fPrime    {@code f' = (T' ⊂ U') ∘ pullback: S' → U'}
 * @param gPrime    {@code g': U' → V'}, the pushforward of g along {@code U' → U}
 * @param composite {@code g'∘f': S' → V'}
 * @param encoded   {@code L_(g'∘f')}, of shape S' refining shape(B), with {@code Φ = Φ_A ∘ Φ_B} on [0, size B)
 * @param result    {@code encoded} coalesced within each leaf of shape(B): the answer, shaped like B (a leaf of
 *                  size 1 carries CuTe's stride for it, which never moves the layout function)
 */
public record CompositionTrace(
        Layout outer,
        Layout inner,
        NestMorphism f,
        Layout bTilde,
        Extension extension,
        NestMorphism g,
        IntTuple tPrime,
        IntTuple uPrime,
        NestMorphism pullback,
        NestMorphism fPrime,
        NestMorphism gPrime,
        NestMorphism composite,
        Layout encoded,
        Layout result) {

    /** How the layout applied second was replaced where {@code coal(A)} admits no mutual refinement. */
    public enum Extension {
        /**
         * {@code bTilde = coal(A)}: the paper's algorithm as printed, coal(A) being CuTe's {@code coalesce_x(A)} (A's
         * last mode read unbounded), or {@code coalesce(A)} where only that is tractable and B's values lie in A's
         * domain.
         */
        NONE,
        /**
         * {@code bTilde} agrees with A (its last mode unbounded, as in CuTe) on {@code [0, cosize B)}, which holds
         * every value of B, and has size {@code size T}: the modes of A below the one holding
         * {@code cosize(B) − 1}, and that mode cut or extended to reach {@code size T}.
         */
        AGREES_ON_PREFIX,
        /**
         * {@code bTilde} has shape T refined: on each entry of T hit by f it is A read along that entry
         * ({@code y ↦ A(y·t_1⋯t_(j−1))}), on the other entries stride 0; it agrees with A on the image of B.
         */
        RESTRICTED_TO_IMAGE
    }

    /** True when A had to be replaced by {@link #bTilde()} other than {@code coal(A)}. */
    public boolean extended() {
        return extension != Extension.NONE;
    }

    /**
     * Every step in words and notation, one line each, e.g. for {@code (12,3,6):(1,72,12) o (6,6):(6,1)}:
     * {@code 3. mutual refinement of T = (6,6) and U = (12,3,6): T' = (6,(2,3)), U' = ((6,2),3,6)}.
     */
    public String explain() {
        String nl = System.lineSeparator();
        StringBuilder sb = new StringBuilder();
        sb.append("A∘B with A = ").append(outer).append(" (applied second) and B = ").append(inner)
                .append(" (applied first), computed in the category Nest:").append(nl);
        sb.append("1. f = f_B, the standard representation of B: ").append(f).append(nl);
        switch (extension) {
            case NONE -> sb.append("2. g = f_coal(A), the standard representation of coal(A) = ").append(bTilde).append(": ")
                    .append(g).append(nl);
            case AGREES_ON_PREFIX -> sb.append("2. coal(A) has no mutual refinement with T = ").append(t())
                    .append("; B~ = ").append(bTilde).append(" has size T and agrees with A (its last mode unbounded, as in")
                    .append(" CuTe) on [0, ").append(inner.cosize()).append(") = [0, cosize B), which holds every value of B;")
                    .append(" g = f_B~: ").append(g).append(nl);
            case RESTRICTED_TO_IMAGE -> sb.append("2. coal(A) has no mutual refinement with T = ").append(t())
                    .append(", nor has A cut at cosize B; B~ = ").append(bTilde)
                    .append(" reads A along the entries of T hit by f (stride 0 on the others), so it agrees with A on")
                    .append(" every value of B; g = f_B~: ").append(g).append(nl);
        }
        sb.append("3. mutual refinement of T = ").append(t()).append(" (codomain of f) and U = ").append(u())
                .append(" (domain of g): T' = ").append(tPrime).append(", U' = ").append(uPrime).append(nl);
        sb.append("4. pullback of f along T' → T: ").append(pullback).append("; f' = (T' ⊂ U') ∘ pullback: ")
                .append(fPrime).append(nl);
        sb.append("5. g' = pushforward of g along U' → U: ").append(gPrime).append(nl);
        sb.append("6. g'∘f' = ").append(composite).append(nl);
        sb.append("7. its layout L_(g'∘f') = ").append(encoded).append(", whose function is A∘B on [0, ")
                .append(inner.size()).append(")").append(nl);
        sb.append("8. coalesced within each mode of shape(B) = ").append(inner.shape()).append(": A∘B = ").append(result);
        return sb.toString();
    }

    /** T, the codomain of f. */
    public IntTuple t() {
        return f.codomain();
    }

    /** U, the domain of g. */
    public IntTuple u() {
        return g.domain();
    }
}
