package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.statistics.Statistics;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArbitraries;
import org.layoutcat.core.Tiler;

/**
 * logical_product(A, B) = (A, comp(A, size A · cosize B) ∘ B), mode by mode for a by-mode tiler; zipped, tiled
 * and flat products regroup its modes (seed 004 §6.3.3), blocked and raked products zip them (§6.3).
 */
class ProductProperties {
    /** Products are checked pointwise up to this size. */
    private static final long MAX_PRODUCT = 1 << 16;

    @Provide
    Arbitrary<Layout> left() {
        return Arbitraries.oneOf(LayoutArbitraries.compactLayouts(), LayoutArbitraries.nestingLayouts(),
                LayoutArbitraries.arbitraryLayouts());
    }

    @Provide
    Arbitrary<Layout> right() {
        return Arbitraries.oneOf(LayoutArbitraries.compactLayouts(), LayoutArbitraries.arbitraryLayouts())
                .filter(b -> b.size() <= 64);
    }

    @Provide
    Arbitrary<Tuple2<Layout, Tiler>> pairs() {
        Arbitrary<Tuple2<Layout, Tiler>> byLayout = Combinators.combine(left(), right()).as(Tuple::of);
        Arbitrary<Tuple2<Layout, Tiler>> byMode = Combinators.combine(left().filter(a -> a.rank() >= 2),
                right().list().ofMinSize(1).ofMaxSize(3)).as((a, bs) -> {
                    List<Tiler> modes = new ArrayList<>(bs.subList(0, Math.min(bs.size(), a.rank())));
                    return Tuple.of(a, new Tiler.ByMode(modes));
                });
        return Arbitraries.oneOf(byLayout, byMode);
    }

    /** The definition, for a layout B. */
    static Layout definition(Layout a, Layout b) {
        return Layout.concat(a, Composition.compose(Complement.complement(a, a.size() * b.cosize()), b));
    }

    private static Layout definitionOrNull(Layout a, Layout b) {
        try {
            return definition(a, b);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    @Property
    void logicalProductMatchesDefinition(@ForAll("pairs") Tuple2<Layout, Tiler> pair) {
        Layout a = pair.get1();
        Tiler b = pair.get2();
        Layout expected;
        if (b instanceof Layout bl) {
            expected = definitionOrNull(a, bl);
        } else {
            Tiler.ByMode t = (Tiler.ByMode) b;
            List<Layout> modes = new ArrayList<>();
            for (int i = 0; i < a.rank(); i++) {
                modes.add(i < t.rank() ? definitionOrNull(a.mode(i), (Layout) t.mode(i)) : a.mode(i));
            }
            expected = modes.contains(null) ? null : Layout.concat(modes);
        }
        try {
            Layout r = Product.logicalProduct(a, b);
            Statistics.collect("product");
            assertEquals(expected, r);
            if (b instanceof Layout bl) assertCopiesOfA(a, bl, r);
        } catch (IllegalArgumentException e) {
            Statistics.collect("refused");
            assertEquals(null, expected, "refused but the definition gives " + expected + ": " + e.getMessage());
        }
    }

    /**
     * R = (A, C) with C(j) = comp(B(j)): R(i, j) = A(i) + comp(B(j)); the copies of A are disjoint where A's strides
     * nest and A and B are injective (where they do not nest, CuTe's complement leaves gaps and copies may meet).
     */
    private static void assertCopiesOfA(Layout a, Layout b, Layout r) {
        assertEquals(a, r.mode(0));
        Layout comp = Complement.complement(a, a.size() * b.cosize());
        CompositionProperties.assertPointwise(comp, b, r.mode(1));
        if (nests(a) && a.isInjective() && b.isInjective() && r.size() <= MAX_PRODUCT) {
            assertTrue(r.isInjective(), "copies of " + a + " placed by " + b + " overlap: " + r);
        }
    }

    /** Whether A's strides nest: exactly where its complement in the strict sense exists ({@link Complement#bijectiveComplement}). */
    private static boolean nests(Layout a) {
        try {
            Complement.bijectiveComplement(a);
            return true;
        } catch (IllegalArgumentException | ArithmeticException e) {
            return false;
        }
    }

    @Property
    void zippedTiledAndFlatProductsRegroupTheLogicalProduct(@ForAll("pairs") Tuple2<Layout, Tiler> pair) {
        Layout a = pair.get1();
        Tiler b = pair.get2();
        Layout logical;
        try {
            logical = Product.logicalProduct(a, b);
        } catch (IllegalArgumentException e) {
            return;
        }
        if (logical.size() > MAX_PRODUCT) return;
        DivideProperties.assertRegroupings(logical, b, Product.zippedProduct(a, b), Product.tiledProduct(a, b),
                Product.flatProduct(a, b));
    }

    @Property
    void blockedAndRakedProductsZipTheLogicalProduct(@ForAll("left") Layout a, @ForAll("right") Layout b) {
        int rank = Math.max(a.rank(), b.rank());
        Layout logical;
        try {
            logical = Product.logicalProduct(pad(a, rank), pad(b, rank));
        } catch (IllegalArgumentException e) {
            return;
        }
        if (logical.size() > MAX_PRODUCT) return;
        Layout blocked = Product.blockedProduct(a, b);
        Layout raked = Product.rakedProduct(a, b);
        assertEquals(rank, blocked.rank());
        for (int i = 0; i < rank; i++) {
            // blocked ((a0,b0),(a1,b1),...), raked ((b0,a0),(b1,a1),...); CuTe's zip pairs an integral first part
            // with the whole second part, zip(6, ((2,4))) = ((6,((2,4)))), and so does layoutcat where the ranks
            // differ (CuTe does not compile it)
            Layout p = logical.mode(0), q = logical.mode(1);
            assertEquals(whole(p, q) ? Layout.concat(p, q) : Layout.concat(p.mode(i), q.mode(i)), blocked.mode(i));
            assertEquals(whole(q, p) ? Layout.concat(q, p) : Layout.concat(q.mode(i), p.mode(i)), raked.mode(i));
        }
        long[] image = LayoutArbitraries.image(logical);
        assertArrayEquals(image, LayoutArbitraries.image(blocked));
        assertArrayEquals(image, LayoutArbitraries.image(raked));
    }

    /** L with 1:0 modes appended up to rank r. */
    /** Whether zip pairs the two parts whole: the first integral, or the two of different ranks. */
    private static boolean whole(Layout first, Layout second) {
        return first.shape().isLeaf() || first.rank() != second.rank();
    }

    /** CuTe's {@code append<r>(l)}: 1:0 modes up to rank r; an integral layout is itself for r = 1. */
    private static Layout pad(Layout l, int r) {
        if (r == 1 && l.shape().isLeaf()) return l;
        List<Layout> modes = new ArrayList<>(l.modes());
        while (modes.size() < r) modes.add(Layout.TRIVIAL);
        return Layout.concat(modes);
    }
}
