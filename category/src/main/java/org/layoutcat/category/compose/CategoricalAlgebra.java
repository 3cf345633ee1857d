package org.layoutcat.category.compose;

import java.util.Arrays;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.internal.FlatMorphisms;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.PerMode;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.internal.Flat;
import org.layoutcat.core.internal.FlatModes;

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

    /**
     * {@code comp(B, N)} through the complement of a morphism; B tractable, {@code N ≥ 1}. On flat arrays: T and α
     * of {@code f = f_B} ({@link FlatMorphisms#codomainInto}), T extended by {@code ⌈N / size T⌉} where
     * that is above 1; {@code f^c} takes the entries of T not hit by f, in order, and {@code L_(f^c)}
     * ({@link FlatMorphisms#encodedStrides}) gives the entry {@code t_j} the stride {@code t_1⋯t_(j−1)}; then
     * coalesce.
     */
    public static Layout complement(Layout b, long cotarget) {
        if (cotarget < 1) {
            throw new LayoutArgumentException("complement of " + b + " with respect to " + cotarget + ": the cotarget must be positive");
        }
        int r = b.flatRank();
        long[] t = new long[2 * r + 1];
        int[] alpha = new int[r];
        int n = FlatMorphisms.codomainInto(b.flatShapes(), b.flatStrides(), r, t, alpha, new int[r], b);
        if (n < 0) Tractability.require(b, "complement: the layout");
        long size = 1;
        for (int j = 0; j < n; j++) size = Checked.mul(size, t[j], "the size of the codomain", b);
        long more = Checked.ceilDiv(cotarget, size);
        if (more > 1) {
            t[n++] = more;
            if (!Checked.fits(size, more)) Checked.mul(size, more, "the prefix products", IntTuple.flat(Arrays.copyOf(t, n)));
        }
        int[] image = new int[n]; // f^c: the entries t_j that f misses, in order, each sent to j
        for (int j = 0; j < n; j++) image[j] = j + 1;
        for (int j : alpha) if (j != FinMorphism.STAR) image[j - 1] = FinMorphism.STAR;
        long[] s = new long[n];
        int m = 0;
        for (int j = 0; j < n; j++) {
            if (image[j] != FinMorphism.STAR) {
                s[m] = t[j];
                image[m++] = j + 1;
            }
        }
        long[] d = new long[n]; // L_(f^c); its prefix products fit, the last being size·more
        FlatMorphisms.encodedStrides(image, m, t, n, new long[n + 1], d, b);
        return Layout.of(new Flat(s, d, FlatModes.coalesce(s, d, 0, m, 0)));
    }

    /** {@code comp(B, cosize B)}, CuTe's one-argument complement. */
    public static Layout complement(Layout b) {
        return complement(b, b.cosize());
    }

    /** {@code logical_divide(A, B)}, by mode for a tiler. */
    public static Layout logicalDivide(Layout a, Tiler b) {
        return PerMode.apply("logical_divide", a, b, CategoricalAlgebra::logicalDivideLayout);
    }

    /** {@code logical_product(A, B)}, by mode for a tiler. */
    public static Layout logicalProduct(Layout a, Tiler b) {
        return PerMode.apply("logical_product", a, b, CategoricalAlgebra::logicalProductLayout);
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
            throw new UnrepresentableCompositeException(() -> "logical_divide of " + a + " by " + b + " composes A with (B,"
                    + " comp(B, " + a.size() + ")) = " + tiler + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(() -> "logical_divide of " + a + " by " + b + " composes A with (B, comp(B, "
                    + a.size() + ")) = " + tiler + ": " + e.getMessage(), e);
        }
    }

    private static Layout logicalProductLayout(Layout a, Layout b) {
        Tractability.require(a, "logical_product: the first layout");
        Tractability.require(b, "logical_product: the second layout");
        long cosize = b.cosize();
        long cotarget = Checked.fits(a.size(), cosize) ? a.size() * cosize
                : Checked.mul(a.size(), cosize, "size(A)·cosize(B) in the product with B = " + b, a);
        Layout comp = complement(a, cotarget);
        try {
            return Layout.concat(a, CategoricalComposition.compose(comp, b));
        } catch (UnrepresentableCompositeException e) {
            throw new UnrepresentableCompositeException(() -> "logical_product of " + a + " and " + b + " composes comp(A, "
                    + cotarget + ") = " + comp + " with B: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(() -> "logical_product of " + a + " and " + b + " composes comp(A, "
                    + cotarget + ") = " + comp + " with B: " + e.getMessage(), e);
        }
    }
}
