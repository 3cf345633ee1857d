package org.layoutcat.diagrams.picture;

import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * The steps of the categorical composition B∘A (A applied first, paper §4), as the walkthrough draws them:
 * f = f_A, g = f_{coal B}, the mutual refinement (T′, U′) of T = codomain(f) and U = domain(g), f′ (f pulled
 * back along T′ → T, then included in U′), g′ (g pushed forward along U′ → U), the composite g′∘f′ and the
 * resulting layout. The category module's composition trace maps onto this record one accessor to one field.
 *
 * <p>Immutable; checked on construction: f′ ends where g′ starts, and the composite is g′∘f′.
 *
 * @param a the layout applied first
 * @param b the layout applied second
 * @param f f_A
 * @param g f_{coal B}
 * @param tPrime T′, refining codomain(f)
 * @param uPrime U′, refining domain(g)
 * @param fPrime f′
 * @param gPrime g′
 * @param composite g′∘f′
 * @param result B∘A: L_{g′∘f′} coalesced relative to shape(A)
 */
public record CompositionSteps(Layout a, Layout b, MorphismData f, MorphismData g, IntTuple tPrime, IntTuple uPrime,
                               MorphismData fPrime, MorphismData gPrime, MorphismData composite, Layout result) {
    public CompositionSteps {
        if (a == null || b == null || f == null || g == null || tPrime == null || uPrime == null || fPrime == null
                || gPrime == null || composite == null || result == null) {
            throw new IllegalArgumentException("every step of the composition is needed");
        }
        MorphismData expected = gPrime.compose(fPrime);
        if (!expected.equals(composite)) {
            throw new IllegalArgumentException("the composite " + composite + " is not g′∘f′ = " + expected);
        }
    }
}
