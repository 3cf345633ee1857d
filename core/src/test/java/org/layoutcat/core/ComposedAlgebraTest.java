package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.algebra.Product;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.modes.Slicing;
import org.layoutcat.core.partition.Partition;
import org.layoutcat.core.recast.Recast;
import org.layoutcat.core.recast.Vectorization;

/**
 * Slices, partitions, inverses, products and recasts of swizzled layouts against CuTe C++'s printouts (CUTLASS
 * headers, static {@code Int<>} values; each printout quoted beside its assertion).
 */
class ComposedAlgebraTest {
    private static final ComposedLayout SW128 = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)");

    private static Sliced<AnyLayout> slice(ComposedLayout l, String c) {
        return Slicing.sliceAndOffset(SliceCoord.parse(c), (AnyLayout) l);
    }

    /** The slice's layout where its swizzle decayed to a plain layout. */
    private static Layout plain(Sliced<AnyLayout> s) {
        return assertInstanceOf(Layout.class, s.layout(), s + " keeps its swizzle");
    }

    /** {@code offset + slice(i)}. */
    private static long valueOf(Sliced<AnyLayout> s, long i) {
        return s.offset().value() + s.layout().value(IntTuple.of(i)).value();
    }

    /** Two layouts with the same function on their domain (CuTe keeps modes that layoutcat coalesces). */
    private static void assertSameFunction(String cute, Layout got) {
        Layout want = Layout.parse(cute);
        assertEquals(want.size(), got.size(), got + " against " + cute);
        for (long i = 0; i < want.size(); i++) assertEquals(want.apply(i), got.apply(i), got + " against " + cute + " at " + i);
    }

    @Test
    void aRowOfTheSwizzledAtomDecaysToAPlainLayoutAsInCuTe() {
        // CuTe C++: slice_and_offset(make_coord(2,_), composition(Swizzle<3,3,3>{}, (_8,_64):(_64,_1)))
        //   = (((_8,_2,_2,_2)):((_1,8,-16,32)),144): row 2 flips the middle chunk bit
        Sliced<AnyLayout> row = slice(SW128, "(2,_)");
        assertEquals(144, row.offset().value());
        assertInstanceOf(Layout.class, row.layout());
        assertSameFunction("((8,2,2,2)):((1,8,-16,32))", plain(row));
        assertEquals("((16,2,2)):((1,-16,32))", row.layout().toString());
        // CuTe C++: (_,9) gives (((_2,_2,_2)):((56,144,288)),9); (_,5) gives (((_2,_2,_2)):((72,144,288)),5)
        assertSameFunction("((2,2,2)):((56,144,288))", plain(slice(SW128, "(_,9)")));
        assertEquals(9, slice(SW128, "(_,9)").offset().value());
        assertSameFunction("((2,2,2)):((72,144,288))", plain(slice(SW128, "(_,5)")));
        // CuTe C++: Swizzle<2,3,3> over (_8,_32):(_32,_1) at (3,_): (((_8,_2,_2)):((_1,-8,16)),104)
        Sliced<AnyLayout> r3 = slice(ComposedLayout.parse("Sw<2,3,3> o 0 o (8,32):(32,1)"), "(3,_)");
        assertSameFunction("((8,2,2)):((1,-8,16))", plain(r3));
        assertEquals(104, r3.offset().value());
    }

    @Test
    void aSliceThatReachesBothFieldsKeepsTheSwizzle() {
        ComposedLayout l = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,(8,8)):(64,(1,8))");
        // CuTe C++: (_,(1,_)) gives (Sw<3,3,3> o _0 o (_8,_8):(_64,_8),1)
        Sliced<AnyLayout> kept = slice(l, "(_,(1,_))");
        assertEquals("Sw<3,3,3> o 0 o (8,8):(64,8)", kept.layout().toString());
        assertEquals(1, kept.offset().value());
        // CuTe C++: (_,(_,2)) gives (((_2,_2,_2),_8):((72,112,288),_1),16)
        Sliced<AnyLayout> decayed = slice(l, "(_,(_,2))");
        assertEquals("((2,2,2),8):((72,112,288),1)", decayed.layout().toString());
        assertEquals(16, decayed.offset().value());
        // only wildcards: the inner layout sliced, the swizzle kept
        assertEquals("(Sw<3,3,3> o 0 o (8,64):(64,1),0)", slice(SW128, "(_,_)").toString());
    }

    @Test
    void aSliceCuTeGetsWrongIsAnsweredAsTheComposedLayout() {
        // CuTe C++: slice_and_offset(make_coord(2,_), composition(Swizzle<3,3,3>{}, Int<5>{}, (_8,_64):(_64,_1)))
        //   = (((_8,_2,_2,_2)):((_1,8,-16,32)),149): 149 + 11 = 160 at index 11, where the layout takes
        //   sw(5 + 128 + 11) = sw(144) = 128 (the offset carries into the swizzled bits)
        ComposedLayout l = ComposedLayout.parse("Sw<3,3,3> o 5 o (8,64):(64,1)");
        Sliced<AnyLayout> s = slice(l, "(2,_)");
        assertEquals("(Sw<3,3,3> o 133 o (64):(1),0)", s.toString());
        assertSliceIsTheLayoutThere(l, "(2,_)", s, 2, -1);
        // the issue's: CuTe C++ prints slice_and_offset(make_coord(0,_), composition(Swizzle<3,0,3>{}, _100, (_8,_8):(_8,_1)))
        //   = (((_2,_2,_2)):((1,2,-4)), 96), which takes 92 at index 4 where the layout takes l(0,4) = 109
        ComposedLayout issue = ComposedLayout.parse("Sw<3,0,3> o 100 o (8,8):(8,1)");
        Sliced<AnyLayout> t = slice(issue, "(0,_)");
        assertEquals("(Sw<3,0,3> o 100 o (8):(1),0)", t.toString());
        assertEquals(109, valueOf(t, 4));
        assertSliceIsTheLayoutThere(issue, "(0,_)", t, 0, -1);
        // and the column (_,3): the definition at each index
        assertSliceIsTheLayoutThere(issue, "(_,3)", slice(issue, "(_,3)"), -1, 3);
    }

    /** The slice's value at each index i is the layout's at the coordinate with i in the wildcard: (row, i) or (i, col). */
    private static void assertSliceIsTheLayoutThere(ComposedLayout l, String c, Sliced<AnyLayout> s, int row, int col) {
        for (long i = 0; i < s.layout().size(); i++) {
            IntTuple at = IntTuple.flat(row >= 0 ? row : i, col >= 0 ? col : i);
            assertEquals(l.value(at).value(), valueOf(s, i), l + " at " + c + ", index " + i + ": " + s);
        }
    }

    @Property
    void aSliceOfASwizzledLayoutIsItsFunctionThere(@ForAll @IntRange(min = 0, max = 7) int row,
            @ForAll @IntRange(min = 0, max = 63) int col, @ForAll @IntRange(min = 0, max = 3) int which) {
        // offset 0, powers of two: CuTe's slice is always right, so never refused
        String c = switch (which) {
            case 0 -> "(" + row + ",_)";
            case 1 -> "(_," + col + ")";
            case 2 -> "(_,(" + (col % 8) + ",_))";
            default -> "(" + row + ",(_," + (col % 8) + "))";
        };
        ComposedLayout l = which >= 2 ? ComposedLayout.parse("Sw<3,3,3> o 0 o (8,(8,8)):(64,(1,8))") : SW128;
        Sliced<AnyLayout> s = slice(l, c);
        IntTuple zero = SliceCoord.parse(c).withWildcardsAsZero();
        Layout sliced = org.layoutcat.core.modes.Slicing.slice(SliceCoord.parse(c), l.inner());
        long d = l.inner().apply(zero);
        for (long i = 0; i < sliced.size(); i++) {
            assertEquals(l.outer().apply(d + sliced.apply(i)), valueOf(s, i), c + " at " + i);
        }
    }

    @Test
    void localTileAndPartitionOfASwizzledLayoutAreCuTes() {
        // CuTe C++: local_tile(make_tensor(smem_ptr<half_t>, composition(Swizzle<3,3,3>{}, (_16,_64):(_64,_1))),
        //   Shape<_8,_8>{}, make_coord(1,2)).layout() = ((_2,_2,_2),_8):((72,112,288),_1)
        ComposedLayout l = ComposedLayout.parse("Sw<3,3,3> o 0 o (16,64):(64,1)");
        Sliced<AnyLayout> tile = Partition.localTile((AnyLayout) l, Tiler.parse("(8,8)"), SliceCoord.parse("(1,2)"));
        assertEquals("((2,2,2),8):((72,112,288),1)", tile.layout().toString());
        assertEquals(l.apply(IntTuple.parse("(8,16)")), tile.offset().value()); // the tile's first element, row 8 column 16
        // CuTe C++: local_partition(make_tensor(smem_ptr<half_t>, SW128), (_8,_8):(_8,_1), 3).layout()
        //   = (_1,(_2,_2,_2)):(_0,(8,16,32))
        Sliced<AnyLayout> part = Partition.localPartition((AnyLayout) SW128, Layout.parse("(8,8):(8,1)"), 3);
        assertSameFunction("(1,(2,2,2)):(0,(8,16,32))", plain(part));
        assertEquals(SW128.apply(IntTuple.parse("(0,3)")), part.offset().value());
    }

    @Test
    void theInversesPassTheSwizzleToTheOtherSide() {
        // CuTe C++: right_inverse and left_inverse of composition(Swizzle<3,3,3>{}, (_8,_64):(_64,_1)) both print
        // Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)
        ComposedLayout r = (ComposedLayout) Inverse.rightInverse(SW128);
        assertEquals("Sw<3,0,-6> o 0 o (64,8):(8,1)", r.toString());
        assertEquals(r, Inverse.leftInverse(SW128));
        for (long i = 0; i < 512; i++) {
            assertEquals(i, SW128.apply(r.apply(i)));
            assertEquals(i, r.apply(SW128.apply(i)));
        }
        // CuTe C++ with offset 8 prints (_64,_8):(_8,_1) o _-8 o Sw<3,3,3>: the swizzle inside, refused here
        assertThrows(IllegalArgumentException.class, () -> Inverse.rightInverse(ComposedLayout.parse("Sw<3,3,3> o 8 o (8,64):(64,1)")));
        // CuTe's make_swizzle<0b1000, 0b0100> is Swizzle<1,2,1>
        assertEquals(new Swizzle(1, 2, 1), Swizzle.fromMasks(0b1000, 0b0100, () -> "test"));
        assertThrows(IllegalArgumentException.class, () -> Swizzle.fromMasks(0b1000, 0b0110, () -> "test"));
    }

    @Test
    void productsComplementAndRecastsGoThroughTheInnerLayout() {
        // CuTe C++: logical_product(composition(Swizzle<3,3,3>{}, (_8,_8):(_8,_1)), Layout<Shape<_2,_2>>{})
        //   = Sw<3,3,3> o _0 o ((_8,_8),(_2,_2)):((_8,_1),(_64,_128))
        ComposedLayout atom = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,8):(8,1)");
        assertEquals("Sw<3,3,3> o 0 o ((8,8),(2,2)):((8,1),(64,128))", Product.logicalProduct(atom, Tiler.parse("(2,2):(1,2)")).toString());
        // CuTe C++: complement(composition(Swizzle<3,3,3>{}, (_8,_8):(_64,_1))) = _8:_8 (the inner layout's)
        assertEquals("8:8", Complement.complement((AnyLayout) ComposedLayout.parse("Sw<3,3,3> o 0 o (8,8):(64,1)")).toString());
        // CuTe C++: upcast<2>(SW128) = Sw<3,2,3> o _0 o (_8,_32):(_32,_1); downcast<2> = Sw<3,4,3> o _0 o (_8,_128):(_128,_1)
        assertEquals("Sw<3,2,3> o 0 o (8,32):(32,1)", Recast.upcast(SW128, 2).toString());
        assertEquals("Sw<3,4,3> o 0 o (8,128):(128,1)", Recast.downcast(SW128, 2).toString());
        assertEquals(Recast.upcast(SW128, 2), Recast.recastLayout(16, 32, SW128));
        // upcast<16> would put swizzled bits inside an element: CuTe drops them, refused here
        assertThrows(IllegalArgumentException.class, () -> Recast.upcast(SW128, 16));
        // CuTe C++: max_common_vector(SW128, (_8,_64):(_64,_1)) = _8 and max_common_layout = _8:_8
        assertEquals(8, Vectorization.maxCommonVector(SW128, Layout.parse("(8,64):(64,1)")));
        assertEquals("8:8", Vectorization.maxCommonLayout(SW128, Layout.parse("(8,64):(64,1)")).toString());
    }

    @Test
    void aSwizzledRightOperandMovesItsSwizzleThroughTheLeftAsInCuTe() {
        // CuTe C++ (test/unit/cute/core/composition.cpp, "Swizzle composition"), printed with cute::print:
        //   composition((_8,_8):(_8,_1), composition(Swizzle<2,0,-3>{}, (_8,_8):(_8,_1))) = Sw<2,0,3> o _0 o (_8,_8):(_1,_8)
        // (A is read as any layout: the overload for a layout with integer strides takes a B of that kind only)
        AnyLayout a = Layout.parse("(8,8):(8,1)");
        ComposedLayout b = ComposedLayout.parse("Sw<2,0,-3> o 0 o (8,8):(8,1)");
        AnyLayout r = Composition.compose(a, b);
        assertEquals("Sw<2,0,3> o 0 o (8,8):(1,8)", r.toString());
        for (long i = 0; i < 64; i++) assertEquals(a.value(IntTuple.of(b.apply(i))), r.value(IntTuple.of(i)), "at " + i);
        //   composition(composition(Swizzle<2,0,3>{}, (_8,_8):(_8,_1)), that b) = Sw<2,0,3> o _0 o Sw<2,0,3> o _0 o (_8,_8):(_1,_8):
        //   the two swizzles cancel, leaving (8,8):(1,8)
        ComposedLayout sa = ComposedLayout.parse("Sw<2,0,3> o 0 o (8,8):(8,1)");
        AnyLayout two = Composition.compose(sa, b);
        assertEquals("(8,8):(1,8)", two.toString());
        for (long i = 0; i < 64; i++) assertEquals(sa.apply(b.apply(i)), two.value(IntTuple.of(i)).value(), "at " + i);
        //   composition((_64,_8):(_1,_64), composition(Swizzle<3,3,3>{}, (_8,_64):(_64,_1))) = Sw<3,3,3> o _0 o (_8,_64):(_64,_1)
        assertEquals("Sw<3,3,3> o 0 o (8,64):(64,1)", Composition.compose((AnyLayout) Layout.parse("(64,8):(1,64)"), SW128).toString());
        // CuTe C++ static_asserts "Require offset == 0."
        String m = assertThrows(IllegalArgumentException.class,
                () -> Composition.compose(a, ComposedLayout.parse("Sw<2,0,-3> o 8 o (8,8):(8,1)"))).getMessage();
        assertTrue(m.contains("offset 0"), m);
        // a layout that splits the swizzle's bits: CuTe's make_swizzle of its images is refused, with the reason
        assertThrows(IllegalArgumentException.class, () -> Composition.compose((AnyLayout) Layout.parse("(3,64):(64,1)"), SW128));
    }

    @Test
    void theLeftInverseOfASwizzledLayoutWithAnOffsetHasTheSwizzleInsideAsInCuTe() {
        // CuTe C++ (kernel oracle kdev-1066): left_inverse(composition(Swizzle<1,2,-4>{}, Int<64>{}, (_32,_8):(_1,_32)))
        //   = _256:_1 o _-64 o Sw<1,2,-4>
        ComposedLayout l = ComposedLayout.parse("Sw<1,2,-4> o 64 o (32,8):(1,32)");
        AnyLayout r = Inverse.leftInverse(l);
        assertEquals("256:1 o -64 o Sw<1,2,-4>", r.toString());
        assertEquals(r, AnyLayout.parse(r.toString()));
        InnerSwizzledLayout inner = assertInstanceOf(InnerSwizzledLayout.class, r);
        for (long i = 0; i < l.size(); i++) assertEquals(i, inner.apply(l.apply(i)), "at " + i);
        // a function without a shape: size is refused by name
        String m = assertThrows(IllegalArgumentException.class, inner::size).getMessage();
        assertTrue(m.contains("a layout after a swizzle"), m);
        // CuTe's right inverse with an offset, (_64,_8):(_8,_1) o _-16 o Sw<1,4,1>, is no right inverse: refused with a point
        m = assertThrows(IllegalArgumentException.class,
                () -> Inverse.rightInverse(ComposedLayout.parse("Sw<1,4,1> o 16 o (8,64):(64,1)"))).getMessage();
        assertTrue(m.contains("(64,8):(8,1) o -16 o Sw<1,4,1> is not one"), m);
    }
}
