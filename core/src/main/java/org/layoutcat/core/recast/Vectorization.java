package org.layoutcat.core.recast;

import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Inverse;

/**
 * How many elements of two layouts correspond contiguously: CuTe's {@code max_common_vector(A, B)} and
 * {@code max_common_layout(A, B)}, the vector width a copy from a tensor of layout A to one of layout B can use
 * (alignment of the pointers aside).
 *
 * <p>With {@code C = coalesce(A ∘ right_inverse(B))}: where C's first mode has stride 1, its extent n is the
 * answer, else 1 (CuTe's "keep only the identity component"). Postconditions (CuTe's): for {@code i < n},
 * {@code A(right_inverse(B)(i)) = i}; and {@code R = max_common_layout(A, B) = right_inverse(B) ∘ C_0} satisfies
 * {@code A(R(i)) = i} and {@code B(R(i)) = i} for {@code i < size(R)}; where C's first stride is not 1, CuTe
 * answers {@code 1:0}. A composition the engine refuses is refused here, with its reason.
 *
 * <p>Cost: a right inverse, a composition and a coalesce (see {@link Composition}).
 */
public final class Vectorization {
    private Vectorization() {}

    /**
     * {@code max_common_vector(A, B)}: the n of the class comment, at least 1.
     *
     * @throws LayoutArgumentException where the composition of A with {@code right_inverse(B)} is refused (see {@link
     *         Composition#compose(Layout, Layout)}), with the reason
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static long maxCommonVector(Layout a, Layout b) {
        Layout c = common(a, b, "max_common_vector");
        Layout first = c.isIntegral() ? c : c.mode(0);
        return first.flatStride(0) == 1 && first.flatRank() == 1 ? first.size() : 1;
    }

    /**
     * {@code max_common_layout(A, B)}: {@code right_inverse(B) ∘ C_0} where C's first stride is 1, else {@code 1:0}.
     *
     * @throws LayoutArgumentException where the composition of A with {@code right_inverse(B)} is refused (see {@link
     *         Composition#compose(Layout, Layout)}), with the reason
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout maxCommonLayout(Layout a, Layout b) {
        Layout inv = Inverse.rightInverse(b);
        Layout c = common(a, inv, b, "max_common_layout");
        Layout first = c.isIntegral() ? c : c.mode(0);
        if (first.flatRank() == 1 && first.flatStride(0) == 1) return Composition.compose(inv, first);
        return Layout.TRIVIAL;
    }

    private static Layout common(Layout a, Layout b, String op) {
        return common(a, Inverse.rightInverse(b), b, op);
    }

    private static Layout common(Layout a, Layout inv, Layout b, String op) {
        try {
            return Coalesce.coalesce(Composition.compose(a, inv));
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(() -> op + " of " + a + " and " + b + " composes A with right_inverse(B) = " + inv
                    + ": " + e.getMessage(), e);
        }
    }
}
