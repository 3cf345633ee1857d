package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.algebra.Product;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.modes.Slicing;

/**
 * CuTe's composed layout in general, {@code A o O o B} ({@link GeneralComposedLayout}), against CuTe C++'s printouts:
 * CUTLASS headers, static {@code Int<>} values, compiled with g++ -std=c++17 and run; each printout is quoted beside its
 * assertion, and compared without CuTe's static marks {@code _N}. The operands:
 * <pre>
 * A = make_layout((_4,_4), (_4,_1));  L = make_layout((_2,_2,_4), (_1,_4,_2));  B = composition(Swizzle&lt;3,0,3&gt;{}, L)
 * C = make_composed_layout(A, _0, B)                          // a layout after a swizzled layout
 * D = make_composed_layout((_8,_4):(_1,_8), _0, (_4,_4):(_2,_8))  // a layout after a layout
 * E = make_composed_layout(C, _2, _4:_2)                      // a composed A (CuTe's left nesting)
 * S1 = Sw&lt;2,0,3&gt; o (_8,_8):(_8,_1), S2 = Sw&lt;1,0,3&gt; o (_8,_8):(_8,_1), S12 = composition(S1, S2)
 * F = make_composed_layout(Swizzle&lt;1,0,1&gt;{}, _0, D)         // a swizzle after a composed layout
 * </pre>
 */
class GeneralComposedLayoutTest {
    private static final String C_TEXT = "(_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o (_2,_2,_4):(_1,_4,_2)";
    private static final String D_TEXT = "(_8,_4):(_1,_8) o _0 o (_4,_4):(_2,_8)";
    private static final AnyLayout C = AnyLayout.parse(C_TEXT);
    private static final AnyLayout D = AnyLayout.parse(D_TEXT);
    private static final AnyLayout S12 = Composition.compose(AnyLayout.parse("Sw<2,0,3> o 0 o (8,8):(8,1)"),
            AnyLayout.parse("Sw<1,0,3> o 0 o (8,8):(8,1)"));

    /** CuTe's printout without its static marks {@code _N}. */
    private static String cute(String printout) {
        return printout.replaceAll("_(-?\\d)", "$1");
    }

    private static long eval(AnyLayout l, long i) {
        return l.value(IntTuple.of(i)).value();
    }

    @Test
    void cuTePrintsANestedComposedLayoutAsOneChainAndItRoundTrips() {
        // print(C) = (_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o (_2,_2,_4):(_1,_4,_2)
        GeneralComposedLayout c = assertInstanceOf(GeneralComposedLayout.class, C);
        assertEquals(cute(C_TEXT), c.toString());
        assertEquals(Layout.parse("(4,4):(4,1)"), c.layoutA());
        assertEquals(ComposedLayout.parse("Sw<3,0,3> o 0 o (2,2,4):(1,4,2)"), c.layoutB());
        assertEquals(c, AnyLayout.parse(c.toString()));
        // the other library's form: parentheses, offsets 0 left out
        assertEquals(c, AnyLayout.parse("((4,4):(4,1)) o (Sw<3,0,3> o ((2,2,4):(1,4,2)))"));
        // print(D) = (_8,_4):(_1,_8) o _0 o (_4,_4):(_2,_8)
        assertEquals(cute(D_TEXT), D.toString());
        assertEquals(D, AnyLayout.parse(D.toString()));
        // print(E) = (_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o (_2,_2,_4):(_1,_4,_2) o _2 o _4:_2; its A is composed, and the
        // chain reads as the same function with the parts of A moved into B
        AnyLayout e = GeneralComposedLayout.of(C, 2, Layout.parse("4:2"));
        assertEquals(cute("(_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o (_2,_2,_4):(_1,_4,_2) o _2 o _4:_2"), e.toString());
        assertEquals(e, AnyLayout.parse(e.toString()));
        // print(F) = Sw<1,0,1> o _0 o (_8,_4):(_1,_8) o _0 o (_4,_4):(_2,_8)
        AnyLayout f = GeneralComposedLayout.of(new Swizzle(1, 0, 1), 0, D);
        assertEquals("Sw<1,0,1> o 0 o (8,4):(1,8) o 0 o (4,4):(2,8)", f.toString());
        assertEquals(f, AnyLayout.parse(f.toString()));
        // the special forms stay their own kinds
        assertInstanceOf(ComposedLayout.class, GeneralComposedLayout.of(new Swizzle(3, 0, 3), 0, Layout.parse("8:1")));
        assertInstanceOf(InnerSwizzledLayout.class, AnyLayout.parse("(8,8):(8,1) o -3 o Sw<3,0,3>"));
    }

    @Test
    void theShapeIsBsAndTheValueIsAOfOffsetPlusB() {
        // size(C) = _16, rank(C) = _3, depth(C) = _1, shape(C) = (_2,_2,_4)
        assertEquals(16, C.size());
        assertEquals(3, C.rank());
        assertEquals(1, C.depth());
        assertEquals(IntTuple.parse("(2,2,4)"), C.shape());
        // C(11) = 2, C(make_coord(1,1,2)) = 2, C(make_coord(0,1,3)) = 14
        assertEquals(2, eval(C, 11));
        assertEquals(IntTuple.of(2), C.value(IntTuple.parse("(1,1,2)")));
        assertEquals(IntTuple.of(14), C.value(IntTuple.parse("(0,1,3)")));
        // C(i), i = 0..15: 0 4 1 5 8 12 9 13 1 5 6 2 9 13 14 10
        long[] cute = {0, 4, 1, 5, 8, 12, 9, 13, 1, 5, 6, 2, 9, 13, 14, 10};
        for (int i = 0; i < 16; i++) assertEquals(cute[i], eval(C, i), "at " + i);
        // D(5) = 10, size(D) = _16; E(3) = 1, size(E) = _4; F(5) = 11, F(6) = 12
        assertEquals(10, eval(D, 5));
        assertEquals(16, D.size());
        AnyLayout e = AnyLayout.parse("(4,4):(4,1) o 0 o Sw<3,0,3> o 0 o (2,2,4):(1,4,2) o 2 o 4:2");
        assertEquals(1, eval(e, 3));
        assertEquals(4, e.size());
        AnyLayout f = AnyLayout.parse("Sw<1,0,1> o 0 o (8,4):(1,8) o 0 o (4,4):(2,8)");
        assertEquals(11, eval(f, 5));
        assertEquals(12, eval(f, 6));
        // S12(9) = 1, S12(27) = 17
        assertEquals(1, eval(S12, 9));
        assertEquals(17, eval(S12, 27));
    }

    @Test
    void cosizeIsTheExtentOfTheValuesWhereCuTesIsBs() {
        // CuTe: cosize(C) = _12 = cosize(L), though C(14) = 14; here 1 + the largest value, as for a swizzled layout
        assertEquals(15, C.cosize());
        long max = 0;
        for (long i = 0; i < C.size(); i++) max = Math.max(max, eval(C, i));
        assertEquals(max + 1, C.cosize());
        // CuTe: cosize(D) = _31, which is D's extent too
        assertEquals(31, D.cosize());
    }

    @Test
    void compositionWithAComposedLeftActsOnItsB() {
        // composition(C, _8:_2) = (_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o (_2,_4):(_4,_2)
        assertEquals(cute("(_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o (_2,_4):(_4,_2)"), Composition.compose(C, Layout.parse("8:2")).toString());
        // composition(C, (_4,_2):(_2,_1)) = (_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o ((_2,_2),_2):((_4,_2),_1)
        assertEquals(cute("(_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o ((_2,_2),_2):((_4,_2),_1)"),
                Composition.compose(C, Layout.parse("(4,2):(2,1)")).toString());
        // composition(D, _8:_1) = (_8,_4):(_1,_8) o _0 o _8:_2
        assertEquals(cute("(_8,_4):(_1,_8) o _0 o _8:_2"), Composition.compose(D, Layout.parse("8:1")).toString());
        // composition(S12, (_8,_8):(_8,_1)) = Sw<2,0,3> o _0 o Sw<1,0,-3> o _0 o (_8,_8):(_8,_1)
        assertEquals(cute("Sw<2,0,3> o _0 o Sw<1,0,-3> o _0 o (_8,_8):(_8,_1)"), Composition.compose(S12, Layout.parse("(8,8):(8,1)")).toString());
        // composition(F, _4:_4) = Sw<1,0,1> o _0 o (_8,_4):(_1,_8) o _0 o _4:_8
        assertEquals(cute("Sw<1,0,1> o _0 o (_8,_4):(_1,_8) o _0 o _4:_8"),
                Composition.compose(AnyLayout.parse("Sw<1,0,1> o 0 o (8,4):(1,8) o 0 o (4,4):(2,8)"), Layout.parse("4:4")).toString());
    }

    @Test
    void compositionWithAComposedRightComposesItsOuterFunctionIntoTheLeft() {
        // composition((_8,_4):(_4,_1), D) = (_4,_4):(_8,_1): composition(composition(A, D.layout_a()), D.layout_b())
        assertEquals(cute("(_4,_4):(_8,_1)"), Composition.compose((AnyLayout) Layout.parse("(8,4):(4,1)"), D).toString());
        // composition(S1, S2) = Sw<2,0,3> o _0 o Sw<1,0,-3> o _0 o (_8,_8):(_1,_8): two swizzles that make no one
        assertEquals(cute("Sw<2,0,3> o _0 o Sw<1,0,-3> o _0 o (_8,_8):(_1,_8)"), S12.toString());
        // composition(A, composition(Swizzle<1,0,1>{}, _4:_1)) = Sw<1,2,1> o _0 o _4:_4: the swizzle moves through A
        assertEquals(cute("Sw<1,2,1> o _0 o _4:_4"), Composition.compose((AnyLayout) Layout.parse("(4,4):(4,1)"),
                AnyLayout.parse("Sw<1,0,1> o 0 o 4:1")).toString());
        // composition(A, B): CuTe's make_swizzle<A(Y), A(Z)> = make_swizzle<14,13> static_asserts (no swizzle has those
        // fields); the composed layout make_composed_layout(A, _0, B) is A(B(i)) and prints as C
        AnyLayout ab = Composition.compose((AnyLayout) Layout.parse("(4,4):(4,1)"), AnyLayout.parse("Sw<3,0,3> o 0 o (2,2,4):(1,4,2)"));
        assertEquals(C, ab);
        // CuTe static_asserts "Require offset == 0." for a layout after a composed layout with an offset
        String m = assertThrows(LayoutArgumentException.class, () -> Composition.compose((AnyLayout) Layout.parse("(4,4):(4,1)"),
                AnyLayout.parse("(8,8):(8,1) o 2 o (4,4):(2,8)"))).getMessage();
        assertTrue(m.contains("Require offset == 0."), m);
    }

    @Test
    void theDividesAndProductsActOnB() {
        Layout four = Layout.parse("4");
        // logical_divide(C, _4) = (_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o ((_2,_2),_4):((_1,_4),_2); zipped and tiled alike
        String divided = cute("(_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o ((_2,_2),_4):((_1,_4),_2)");
        assertEquals(divided, Divide.logicalDivide(C, four).toString());
        assertEquals(divided, Divide.zippedDivide(C, four).toString());
        assertEquals(divided, Divide.tiledDivide(C, four).toString());
        // flat_divide(C, _4) = (_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o (_2,_2,_4):(_1,_4,_2)
        assertEquals(cute("(_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o (_2,_2,_4):(_1,_4,_2)"), Divide.flatDivide(C, four).toString());
        // logical_divide(D, _2) = (_8,_4):(_1,_8) o _0 o (_2,_8):(_2,_4)
        assertEquals(cute("(_8,_4):(_1,_8) o _0 o (_2,_8):(_2,_4)"), Divide.logicalDivide(D, Layout.parse("2")).toString());
        // zipped_divide(S12, make_tile(_4,_4)) = Sw<2,0,3> o _0 o Sw<1,0,-3> o _0 o ((_4,_4),(_2,_2)):((_1,_8),(_4,_32))
        assertEquals(cute("Sw<2,0,3> o _0 o Sw<1,0,-3> o _0 o ((_4,_4),(_2,_2)):((_1,_8),(_4,_32))"),
                Divide.zippedDivide(S12, Tiler.parse("<4,4>")).toString());
        Layout two = Layout.parse("2");
        // logical_product(D, _2) = (_8,_4):(_1,_8) o _0 o ((_4,_4),_2):((_2,_8),_1); zipped and tiled alike
        String product = cute("(_8,_4):(_1,_8) o _0 o ((_4,_4),_2):((_2,_8),_1)");
        assertEquals(product, Product.logicalProduct(D, two).toString());
        assertEquals(product, Product.zippedProduct(D, two).toString());
        assertEquals(product, Product.tiledProduct(D, two).toString());
        // flat_product(D, _2) = (_8,_4):(_1,_8) o _0 o (_4,_4,_2):(_2,_8,_1)
        assertEquals(cute("(_8,_4):(_1,_8) o _0 o (_4,_4,_2):(_2,_8,_1)"), Product.flatProduct(D, two).toString());
        // blocked_product(D, _2) = (_8,_4):(_1,_8) o _0 o ((_4,_2),(_4,_1)):((_2,_1),(_8,_0))
        assertEquals(cute("(_8,_4):(_1,_8) o _0 o ((_4,_2),(_4,_1)):((_2,_1),(_8,_0))"), Product.blockedProduct(D, two).toString());
        // raked_product(D, _2) = (_8,_4):(_1,_8) o _0 o ((_2,_4),(_1,_4)):((_1,_2),(_0,_8))
        assertEquals(cute("(_8,_4):(_1,_8) o _0 o ((_2,_4),(_1,_4)):((_1,_2),(_0,_8))"), Product.rakedProduct(D, two).toString());
        // tile_to_shape(D, (_8,_8)) = (_8,_4):(_1,_8) o _0 o ((_4,_2),(_4,_2)):((_2,_1),(_8,_32))
        assertEquals(cute("(_8,_4):(_1,_8) o _0 o ((_4,_2),(_4,_2)):((_2,_1),(_8,_32))"),
                TileToShape.tileToShape(D, IntTuple.parse("(8,8)"), IntTuple.parse("(1,2)")).toString());
    }

    @Test
    void coalesceAndComplementAreBs() {
        // coalesce(C) = C; coalesce(D) = (_8,_4):(_1,_8) o _0 o _16:_2; coalesce(S12) = Sw<2,0,3> o _0 o Sw<1,0,-3> o _0 o _64:_1
        assertEquals(C, Coalesce.coalesce(C));
        assertEquals(cute("(_8,_4):(_1,_8) o _0 o _16:_2"), Coalesce.coalesce(D).toString());
        assertEquals(cute("Sw<2,0,3> o _0 o Sw<1,0,-3> o _0 o _64:_1"), Coalesce.coalesce(S12).toString());
        // complement(D) = _2:_1 (complement(D.layout_b(), cosize(D.layout_b())))
        assertEquals(cute("_2:_1"), Complement.complement(D).toString());
    }

    @Test
    void aSliceOfBMovesItsOffsetBetweenAAndB() {
        // slice(make_coord(_2,_), D) = (_8,_4):(_1,_8) o _4 o (_4):(_8)
        Sliced<AnyLayout> d = Slicing.sliceAndOffset(SliceCoord.parse("(2,_)"), D);
        assertEquals(cute("(_8,_4):(_1,_8) o _4 o (_4):(_8)"), d.layout().toString());
        assertEquals(IntTuple.of(0), d.offset());
        // slice(make_coord(_1,_,_2), C) prints (_4,_4):(_4,_1) o _5 o (_2):(_4): CuTe's swizzled slice drops the swizzle,
        // which is wrong at j = 1 (C(1,1,2) = 2, its answer gives A(9) = 6). Here the slice keeps it and is C's function.
        Sliced<AnyLayout> c = Slicing.sliceAndOffset(SliceCoord.parse("(1,_,2)"), C);
        assertEquals("(4,4):(4,1) o 0 o Sw<3,0,3> o 5 o (2):(4)", c.layout().toString());
        for (int j = 0; j < 2; j++) assertEquals(C.value(IntTuple.parse("(1," + j + ",2)")), c.layout().value(IntTuple.of(j)), "at " + j);
        // slice(make_coord(_,_1,_), C) prints (_4,_4):(_4,_1) o _4 o (_2,_4):(_1,_2), wrong where 4 + L'(i) ≥ 8 likewise
        Sliced<AnyLayout> c2 = Slicing.sliceAndOffset(SliceCoord.parse("(_,1,_)"), C);
        for (int i = 0; i < 2; i++) {
            for (int k = 0; k < 4; k++) {
                assertEquals(C.value(IntTuple.parse("(" + i + ",1," + k + ")")), c2.layout().value(IntTuple.parse("(" + i + "," + k + ")")),
                        "at (" + i + ",1," + k + ")");
            }
        }
    }

    @Test
    void operationsCuTeDoesNotTakeAreRefusedByName() {
        String m = assertThrows(LayoutArgumentException.class, () -> Inverse.leftInverse(C)).getMessage();
        assertTrue(m.startsWith("left_inverse of " + C + ": it is a composed layout (A o offset o B); "), m);
        AnyLayout shapeless = AnyLayout.parse("(4,4):(4,1) o 0 o (8,8):(8,1) o 0 o Sw<2,0,3>");
        m = assertThrows(LayoutArgumentException.class, shapeless::size).getMessage();
        assertTrue(m.startsWith("size of " + shapeless + ": it is a composed layout"), m);
        // it still evaluates at an offset: (4,4):(4,1)((8,8):(8,1)(Sw<2,0,3>(9))) = (4,4):(4,1)((8,8):(8,1)(9 ^ 1))
        assertEquals(Layout.parse("(4,4):(4,1)").apply(Layout.parse("(8,8):(8,1)").apply(new Swizzle(2, 0, 3).apply(9))), eval(shapeless, 9));
    }

    @Test
    void chainsPastTheDocumentedLimitsAreRefusedByName() {
        String sixtyFour = "2:1" + " o 0 o 2:1".repeat(Limits.MAX_DEPTH - 1);
        assertEquals(2, AnyLayout.parse(sixtyFour).size());
        String m = assertThrows(LayoutArgumentException.class, () -> AnyLayout.parse(sixtyFour + " o 0 o 2:1")).getMessage();
        assertTrue(m.contains("more than 64 composed functions"), m);
        String deep = "(".repeat(5000) + "Sw<1,0,1> o 4:1" + ")".repeat(5000);
        m = assertThrows(LayoutArgumentException.class, () -> AnyLayout.parse(deep)).getMessage();
        assertTrue(m.contains("nesting deeper than 64"), m);
    }

    // --- composition is function composition, over random layouts, swizzled layouts and nested composed layouts ---

    private static Arbitrary<Swizzle> swizzles() {
        return Arbitraries.integers().between(0, 2).flatMap(b -> Arbitraries.integers().between(0, 2)
                .flatMap(m -> Arbitraries.integers().between(Math.max(b, 1), 3).map(s -> new Swizzle(b, m, s))));
    }

    private static Arbitrary<Layout> small() {
        return LayoutArbitraries.compactLayouts().filter(l -> l.size() <= 256);
    }

    /** Layouts, swizzled layouts, and composed layouts of them nested two and three deep. */
    @Provide
    Arbitrary<AnyLayout> composed() {
        Arbitrary<AnyLayout> swizzled = Arbitraries.lazy(() -> swizzles().flatMap(sw -> small().map(l -> (AnyLayout) new ComposedLayout(sw, 0, l))));
        Arbitrary<AnyLayout> twoDeep = Arbitraries.oneOf(small().map(l -> (AnyLayout) l), swizzled)
                .flatMap(b -> Arbitraries.oneOf(small().map(l -> (LayoutFunction) l), swizzles().map(s -> (LayoutFunction) s))
                        .map(a -> GeneralComposedLayout.of(a, 0, b)));
        Arbitrary<AnyLayout> threeDeep = twoDeep.flatMap(b -> Arbitraries.oneOf(small().map(l -> (LayoutFunction) l), swizzles().map(s -> (LayoutFunction) s))
                .map(a -> GeneralComposedLayout.of(a, 0, b)));
        return Arbitraries.oneOf(small().map(l -> (AnyLayout) l), swizzled, twoDeep, threeDeep);
    }

    @Property(tries = 600)
    void compositionIsFunctionComposition(@ForAll("composed") AnyLayout a, @ForAll("composed") AnyLayout b) {
        // most pairs are answered, and some answers are composed layouts of composed layouts
        Statistics.label("composition").coverage(c -> {
            c.check("refused").percentage(p -> p < 50);
            c.check("GeneralComposedLayout").percentage(p -> p > 10);
        });
        AnyLayout r;
        try {
            r = Composition.compose(a, b);
        } catch (LayoutArgumentException refused) {
            Statistics.label("composition").collect("refused");
            return; // a composition of layouts CuTe refuses (its divisibility conditions), named in the message
        }
        Statistics.label("composition").collect(r.getClass().getSimpleName());
        // B's shape refined: its size, and its top-level mode sizes where it has modes (CuTe's composition contract)
        assertEquals(b.size(), r.size(), () -> a + " o " + b + " = " + r);
        if (!b.shape().isLeaf()) {
            assertEquals(b.rank(), r.rank(), () -> a + " o " + b + " = " + r);
            for (int k = 0; k < b.rank(); k++) assertEquals(b.shape().mode(k).product(), r.shape().mode(k).product(), () -> a + " o " + b + " = " + r);
        }
        for (long i = 0; i < b.size(); i++) {
            long want = a.value(b.value(IntTuple.of(i))).value();
            assertEquals(want, r.value(IntTuple.of(i)).value(), "(" + a + " o " + b + ")(" + i + ") = " + r + " there");
        }
    }

    @Property(tries = 300)
    void theNotationRoundTrips(@ForAll("composed") AnyLayout l) {
        assertEquals(l, AnyLayout.parse(l.toString()));
    }
}
