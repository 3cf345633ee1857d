package org.layoutcat.category.compose;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.List;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.TupleMorphism;
import org.layoutcat.core.Checked;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.ByMode;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;

/**
 * Complement, logical divide and logical product of tractable layouts computed through morphisms (paper §2.5–2.7,
 * §4.1.4), with CuTe's definitions and shapes:
 * <ul>
 * <li>{@code comp(B, N) = coal(L_(f^c))} for f the standard representation of B's non-zero-stride modes, its
 *     codomain T extended by {@code ⌈N / size T⌉} (CuTe rounds N up);</li>
 * <li>{@code logical_divide(A, B) = A ∘ (B, comp(B, size A))}, composed categorically;</li>
 * <li>{@code logical_product(A, B) = (A, comp(A, size A·cosize B) ∘ B)}, composed categorically.</li>
 * </ul>
 * By-mode tilers {@code <...>} apply mode by mode. A non-tractable input is an IllegalArgumentException that
 * names the modes that break tractability.
 */
public final class CategoricalAlgebra {
    private CategoricalAlgebra() {}

    /** {@code comp(B, N)} through the complement of a morphism; B tractable, {@code N ≥ 1}. */
    public static Layout complement(Layout b, long cotarget) {
        if (cotarget < 1) {
            throw new LayoutArgumentException("complement of " + b + " with respect to " + cotarget + ": the cotarget must be positive");
        }
        Tractability.require(b, "complement: the layout");
        TupleMorphism f = StandardRepresentation.flat(b);
        List<Integer> hit = new ArrayList<>();
        for (int i = 1; i <= f.domainRank(); i++) if (f.map(i) != FinMorphism.STAR) hit.add(i);
        TupleMorphism onImage = f.restrict(hit.stream().mapToInt(Integer::intValue).toArray());
        long size = onImage.codomainSize();
        long more = Checked.ceilDiv(cotarget, size);
        if (more > 1) {
            long[] s = new long[onImage.domainRank()];
            int[] alpha = new int[s.length];
            for (int i = 1; i <= s.length; i++) {
                s[i - 1] = onImage.domainEntry(i);
                alpha[i - 1] = onImage.map(i);
            }
            long[] t = new long[onImage.codomainRank() + 1];
            for (int j = 1; j <= onImage.codomainRank(); j++) t[j - 1] = onImage.codomainEntry(j);
            t[t.length - 1] = more;
            onImage = TupleMorphism.of(s, t, alpha);
        }
        return Coalesce.coalesce(onImage.complement().encodedLayout());
    }

    /** {@code comp(B, cosize B)}, CuTe's one-argument complement. */
    public static Layout complement(Layout b) {
        return complement(b, b.cosize());
    }

    /** {@code logical_divide(A, B)}, by mode for a tiler. */
    public static Layout logicalDivide(Layout a, Tiler b) {
        return ByMode.apply("logical_divide", a, b, CategoricalAlgebra::logicalDivideLayout);
    }

    /** {@code logical_product(A, B)}, by mode for a tiler. */
    public static Layout logicalProduct(Layout a, Tiler b) {
        return ByMode.apply("logical_product", a, b, CategoricalAlgebra::logicalProductLayout);
    }

    /** True when the layouts that divide or product puts together (by mode for a tiler) are tractable. */
    public static boolean isTractablePair(Layout a, Tiler b) {
        return CategoricalComposition.isTractablePair(a, b);
    }

    private static Layout logicalDivideLayout(Layout a, Layout b) {
        Tractability.require(a, "logical_divide: the dividend");
        Tractability.require(b, "logical_divide: the divisor");
        Layout comp = complement(b, a.size());
        Layout tiler = Layout.concat(b, comp);
        try {
            return CategoricalComposition.compose(a, tiler);
        } catch (UnrepresentableCompositeException e) {
            throw new UnrepresentableCompositeException("logical_divide of " + a + " by " + b + " composes A with (B, comp(B, "
                    + a.size() + ")) = " + tiler + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException("logical_divide of " + a + " by " + b + " composes A with (B, comp(B, "
                    + a.size() + ")) = " + tiler + ": " + e.getMessage(), e);
        }
    }

    private static Layout logicalProductLayout(Layout a, Layout b) {
        Tractability.require(a, "logical_product: the first layout");
        Tractability.require(b, "logical_product: the second layout");
        long cotarget = Checked.mul(a.size(), b.cosize(), "size(A)·cosize(B) in the product with B = " + b, a);
        Layout comp = complement(a, cotarget);
        try {
            return Layout.concat(a, CategoricalComposition.compose(comp, b));
        } catch (UnrepresentableCompositeException e) {
            throw new UnrepresentableCompositeException("logical_product of " + a + " and " + b + " composes comp(A, " + cotarget
                    + ") = " + comp + " with B: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException("logical_product of " + a + " and " + b + " composes comp(A, " + cotarget
                    + ") = " + comp + " with B: " + e.getMessage(), e);
        }
    }
}
