package org.layoutcat.core.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.partition.Partition;

/**
 * Slices, partitions, inverses, products and recasts of swizzled layouts against CuTe C++'s printouts (CUTLASS
 * headers, static {@code Int<>} values; each printout quoted beside its assertion).
 */
class ComposedAlgebraTest {
    private static final ComposedLayout SW128 = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)");

    private static SwizzleSlice slice(ComposedLayout l, String c) {
        return l.sliceAndOffset(SliceCoord.parse(c));
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
        SwizzleSlice row = slice(SW128, "(2,_)");
        assertEquals(144, row.offset());
        assertTrue(row.layout().isPresent());
        assertSameFunction("((8,2,2,2)):((1,8,-16,32))", row.layout().orElseThrow());
        assertEquals("((16,2,2)):((1,-16,32))", row.functionText());
        // CuTe C++: (_,9) gives (((_2,_2,_2)):((56,144,288)),9); (_,5) gives (((_2,_2,_2)):((72,144,288)),5)
        assertSameFunction("((2,2,2)):((56,144,288))", slice(SW128, "(_,9)").layout().orElseThrow());
        assertEquals(9, slice(SW128, "(_,9)").offset());
        assertSameFunction("((2,2,2)):((72,144,288))", slice(SW128, "(_,5)").layout().orElseThrow());
        // CuTe C++: Swizzle<2,3,3> over (_8,_32):(_32,_1) at (3,_): (((_8,_2,_2)):((_1,-8,16)),104)
        SwizzleSlice r3 = slice(ComposedLayout.parse("Sw<2,3,3> o 0 o (8,32):(32,1)"), "(3,_)");
        assertSameFunction("((8,2,2)):((1,-8,16))", r3.layout().orElseThrow());
        assertEquals(104, r3.offset());
    }

    @Test
    void aSliceThatReachesBothFieldsKeepsTheSwizzle() {
        ComposedLayout l = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,(8,8)):(64,(1,8))");
        // CuTe C++: (_,(1,_)) gives (Sw<3,3,3> o _0 o (_8,_8):(_64,_8),1)
        SwizzleSlice kept = slice(l, "(_,(1,_))");
        assertEquals("Sw<3,3,3> o 0 o (8,8):(64,8)", kept.functionText());
        assertEquals(1, kept.offset());
        // CuTe C++: (_,(_,2)) gives (((_2,_2,_2),_8):((72,112,288),_1),16)
        SwizzleSlice decayed = slice(l, "(_,(_,2))");
        assertEquals("((2,2,2),8):((72,112,288),1)", decayed.functionText());
        assertEquals(16, decayed.offset());
        // only wildcards: the inner layout sliced, the swizzle kept
        assertEquals("(Sw<3,3,3> o 0 o (8,64):(64,1),0)", slice(SW128, "(_,_)").toString());
    }

    @Test
    void aSliceCuTeGetsWrongIsRefusedWithTheRightForm() {
        // CuTe C++: slice_and_offset(make_coord(2,_), composition(Swizzle<3,3,3>{}, Int<5>{}, (_8,_64):(_64,_1)))
        //   = (((_8,_2,_2,_2)):((_1,8,-16,32)),149): 149 + 11 = 160 at index 11, where the layout takes
        //   sw(5 + 128 + 11) = sw(144) = 128 (the offset carries into the swizzled bits)
        ComposedLayout l = ComposedLayout.parse("Sw<3,3,3> o 5 o (8,64):(64,1)");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> slice(l, "(2,_)"));
        assertTrue(e.getMessage().contains("takes 160 at index 11") && e.getMessage().contains("takes 128"), e.getMessage());
        assertTrue(e.getMessage().contains("Sw<3,3,3> o 133 o (64):(1)"), e.getMessage());
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
        SwizzleSlice s = slice(l, c);
        IntTuple zero = SliceCoord.parse(c).withWildcardsAsZero();
        Layout sliced = org.layoutcat.core.modes.Slicing.slice(SliceCoord.parse(c), l.inner());
        long d = l.inner().apply(zero);
        for (long i = 0; i < sliced.size(); i++) {
            assertEquals(l.outer().apply(d + sliced.apply(i)), s.apply(i), c + " at " + i);
        }
    }

    @Test
    void localTileAndPartitionOfASwizzledLayoutAreCuTes() {
        // CuTe C++: local_tile(make_tensor(smem_ptr<half_t>, composition(Swizzle<3,3,3>{}, (_16,_64):(_64,_1))),
        //   Shape<_8,_8>{}, make_coord(1,2)).layout() = ((_2,_2,_2),_8):((72,112,288),_1)
        ComposedLayout l = ComposedLayout.parse("Sw<3,3,3> o 0 o (16,64):(64,1)");
        SwizzleSlice tile = Partition.localTile(l, Tiler.parse("(8,8)"), SliceCoord.parse("(1,2)"));
        assertEquals("((2,2,2),8):((72,112,288),1)", tile.functionText());
        assertEquals(l.apply(IntTuple.parse("(8,16)")), tile.offset()); // the tile's first element, row 8 column 16
        // CuTe C++: local_partition(make_tensor(smem_ptr<half_t>, SW128), (_8,_8):(_8,_1), 3).layout()
        //   = (_1,(_2,_2,_2)):(_0,(8,16,32))
        SwizzleSlice part = Partition.localPartition(SW128, Layout.parse("(8,8):(8,1)"), 3);
        assertSameFunction("(1,(2,2,2)):(0,(8,16,32))", part.layout().orElseThrow());
        assertEquals(SW128.apply(IntTuple.parse("(0,3)")), part.offset());
    }

    @Test
    void theInversesPassTheSwizzleToTheOtherSide() {
        // CuTe C++: right_inverse and left_inverse of composition(Swizzle<3,3,3>{}, (_8,_64):(_64,_1)) both print
        // Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)
        ComposedLayout r = SW128.rightInverse();
        assertEquals("Sw<3,0,-6> o 0 o (64,8):(8,1)", r.toString());
        assertEquals(r, SW128.leftInverse());
        for (long i = 0; i < 512; i++) {
            assertEquals(i, SW128.apply(r.apply(i)));
            assertEquals(i, r.apply(SW128.apply(i)));
        }
        // CuTe C++ with offset 8 prints (_64,_8):(_8,_1) o _-8 o Sw<3,3,3>: the swizzle inside, refused here
        assertThrows(IllegalArgumentException.class, () -> ComposedLayout.parse("Sw<3,3,3> o 8 o (8,64):(64,1)").rightInverse());
        // CuTe's make_swizzle<0b1000, 0b0100> is Swizzle<1,2,1>
        assertEquals(new Swizzle(1, 2, 1), Swizzle.fromMasks(0b1000, 0b0100, () -> "test"));
        assertThrows(IllegalArgumentException.class, () -> Swizzle.fromMasks(0b1000, 0b0110, () -> "test"));
    }

    @Test
    void productsComplementAndRecastsGoThroughTheInnerLayout() {
        // CuTe C++: logical_product(composition(Swizzle<3,3,3>{}, (_8,_8):(_8,_1)), Layout<Shape<_2,_2>>{})
        //   = Sw<3,3,3> o _0 o ((_8,_8),(_2,_2)):((_8,_1),(_64,_128))
        ComposedLayout atom = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,8):(8,1)");
        assertEquals("Sw<3,3,3> o 0 o ((8,8),(2,2)):((8,1),(64,128))", atom.logicalProduct(Tiler.parse("(2,2):(1,2)")).toString());
        // CuTe C++: complement(composition(Swizzle<3,3,3>{}, (_8,_8):(_64,_1))) = _8:_8 (the inner layout's)
        assertEquals("8:8", ComposedLayout.parse("Sw<3,3,3> o 0 o (8,8):(64,1)").complement().toString());
        // CuTe C++: upcast<2>(SW128) = Sw<3,2,3> o _0 o (_8,_32):(_32,_1); downcast<2> = Sw<3,4,3> o _0 o (_8,_128):(_128,_1)
        assertEquals("Sw<3,2,3> o 0 o (8,32):(32,1)", SW128.upcast(2).toString());
        assertEquals("Sw<3,4,3> o 0 o (8,128):(128,1)", SW128.downcast(2).toString());
        assertEquals(SW128.upcast(2), SW128.recast(16, 32));
        // upcast<16> would put swizzled bits inside an element: CuTe drops them, refused here
        assertThrows(IllegalArgumentException.class, () -> SW128.upcast(16));
        // CuTe C++: max_common_vector(SW128, (_8,_64):(_64,_1)) = _8 and max_common_layout = _8:_8
        assertEquals(8, SW128.maxCommonVector(Layout.parse("(8,64):(64,1)")));
        assertEquals("8:8", SW128.maxCommonLayout(Layout.parse("(8,64):(64,1)")).toString());
    }
}
