package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;

/** The swizzle function and composed layouts against CuTe C++'s printouts (CUTLASS headers, static Int<>). */
class SwizzleTest {

    @Test
    void swizzleValuesAreCuTes() {
        // CuTe C++: Swizzle<3,3,3>{}(65) = 73, Swizzle<3,4,3>{}(200) = 216, Swizzle<2,0,-2>{}(13) = 9
        assertEquals(73, new Swizzle(3, 3, 3).apply(65));
        assertEquals(216, new Swizzle(3, 4, 3).apply(200));
        assertEquals(9, new Swizzle(2, 0, -2).apply(13));
        assertEquals(0b111_000_000L, new Swizzle(3, 3, 3).yyyMask());
        assertEquals(0b111_000L, new Swizzle(3, 3, 3).zzzMask());
        assertEquals("Sw<3,3,3>", new Swizzle(3, 3, 3).toString());
        // CuTe's static_assert: |S| >= B
        assertThrows(IllegalArgumentException.class, () -> new Swizzle(3, 3, 2));
    }

    @Test
    void aBareSwizzleIsReadByTheOneReader() {
        assertEquals(java.util.Optional.of(new Swizzle(3, 4, 3)), Swizzle.parseBare("Sw<3,4,3>"));
        assertEquals(java.util.Optional.of(new Swizzle(2, 0, -2)), Swizzle.parseBare(" Sw < 2 , 0 , -2 > "));
        // a layout of any kind is no bare swizzle: AnyLayout.parse reads it
        assertTrue(Swizzle.parseBare("Sw<3,3,3> o 0 o (8,64):(64,1)").isEmpty());
        assertTrue(Swizzle.parseBare("(8,64):(64,1)").isEmpty());
        assertTrue(Swizzle.parseBare("Sw<3,3>").isEmpty());
        // three integers that make no swizzle: the swizzle's own refusal (CuTe's static_assert |S| >= B)
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> Swizzle.parseBare("Sw<3,3,2>"));
        assertEquals(assertThrows(LayoutArgumentException.class, () -> new Swizzle(3, 3, 2)).getMessage(), e.getMessage());
    }

    @Property
    void aSwizzleIsAnInvolution(@ForAll @IntRange(min = 0, max = 5) int b, @ForAll @IntRange(min = 0, max = 6) int m,
            @ForAll @IntRange(min = -8, max = 8) int s, @ForAll @LongRange(min = 0, max = 1 << 20) long x) {
        if (Math.abs(s) < b) return;
        Swizzle sw = new Swizzle(b, m, s);
        assertEquals(x, sw.apply(sw.apply(x)), sw + " at " + x);
    }

    @Test
    void composedLayoutsPrintParseAndEvaluateAsCuTeDoes() {
        // CuTe C++: composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}) prints
        // Sw<3,3,3> o _0 o (_8,_64):(_64,_1), and its value at 9 is 73
        ComposedLayout c = ComposedLayout.parse("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
        assertEquals("Sw<3,3,3> o 0 o (8,64):(64,1)", c.toString());
        assertEquals(c, ComposedLayout.parse(c.toString()));
        assertEquals(73, c.apply(9));
        assertEquals(73, c.apply(IntTuple.parse("(1,1)")));
        assertEquals(512, c.size());
        assertEquals(512, c.cosize());
        // the pointer form: a swizzle of byte addresses over 16-bit elements is Sw<3,3,3> of element offsets
        ComposedLayout p = ComposedLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)");
        assertEquals(c, p.inOffsetForm()); // the same function; the pointer form prints as CuTe prints it
        assertEquals("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", p.toString());
        assertEquals(p, ComposedLayout.parse(p.toString()));
        Swizzle bytes = new Swizzle(3, 4, 3);
        for (long i = 0; i < 512; i++) assertEquals(bytes.apply(2 * c.inner().apply(i)), 2 * p.apply(i));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ComposedLayout.parse("Sw<3,3> o 0 o 4:1"));
        assertTrue(e.getMessage().contains("at position 6") && e.getMessage().contains("Sw<B,M,S>"), e.getMessage());
    }

    @Test
    void theAlgebraGoesThroughTheInnerLayout() {
        ComposedLayout c = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)");
        // CuTe C++: composition(that, (_8,_8):(_1,_8)) = Sw<3,3,3> o _0 o (_8,_8):(_64,_1)
        assertEquals("Sw<3,3,3> o 0 o (8,8):(64,1)", Composition.compose(c, Layout.parse("(8,8):(1,8)")).toString());
        // CuTe C++: logical_divide(that, make_tile(2:1, 8:1)) = Sw<3,3,3> o _0 o ((_2,_4),(_8,_8)):((_64,_128),(_1,_8))
        assertEquals("Sw<3,3,3> o 0 o ((2,4),(8,8)):((64,128),(1,8))", Divide.logicalDivide(c, Tiler.parse("<2:1,8:1>")).toString());
    }

    @Property
    void composingAComposedLayoutIsItsFunctionAfterB(@ForAll @IntRange(min = 1, max = 8) int s0,
            @ForAll @IntRange(min = 1, max = 8) int d0, @ForAll @IntRange(min = 1, max = 4) int s1) {
        ComposedLayout c = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)");
        Layout b = Layout.parse("(" + s0 + "," + s1 + "):(" + d0 + "," + (s0 * d0) + ")");
        ComposedLayout r;
        try {
            r = (ComposedLayout) Composition.compose(c, b);
        } catch (IllegalArgumentException refused) {
            return; // the inner composition is refused (CuTe's divisibility conditions)
        }
        for (long i = 0; i < b.size(); i++) assertEquals(c.apply(b.apply(i)), r.apply(i), c + " o " + b + " at " + i);
    }

    @Test
    void cuTesTensorPrintoutsReadAsTheirLayouts() {
        // CuTe C++ (CUTLASS 7107b05): print(make_tensor(make_smem_ptr(half_t*), GMMA::Layout_K_SW128_Atom<half_t>{}))
        // is "Sw<3,4,3>_smem_ptr[16b](0x...) o (_8,_64):(_64,_1)", the swizzle carried by the pointer
        ComposedLayout atom = ComposedLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)");
        assertEquals(atom, AnyLayout.parse("Sw<3,4,3>_smem_ptr[16b](0x7f0010000400) o (_8,_64):(_64,_1)"));
        assertEquals(atom, AnyLayout.parse("Sw<3,4,3>_smem_ptr[16b](unset) o (8,64):(64,1)"));
        // print(make_tensor(make_gmem_ptr(half_t*), make_layout(make_shape(4,8)))) is "gmem_ptr[16b](0x...) o (4,8):(_1,4)"
        assertEquals(Layout.parse("(4,8):(1,4)"), AnyLayout.parse("gmem_ptr[16b](0x7f0010000400) o (4,8):(_1,4)"));
        assertEquals(Layout.parse("(4,8):(1,4)"), AnyLayout.parse("smem_ptr[32b](unset) o (4,8):(1,4)"));
    }

    @Test
    void aSwizzledPointerOffTheSwizzlesAlignmentIsRefusedWithTheLayoutThatHoldsItsOffsets() {
        // Sw<3,4,3> of byte addresses reads bits 7..9 and writes bits 4..6: an address 16 bytes past a 1024-byte
        // boundary moves what it swizzles, so no Sw' o 0 o L gives the tile's element offsets from that address
        long aligned = 0x7f0010000400L, address = aligned + 16;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AnyLayout.parse(
                "Sw<3,4,3>_smem_ptr[16b](0x" + Long.toHexString(address) + ") o (8,64):(64,1)"));
        assertTrue(e.getMessage().contains("depends on the address") && e.getMessage().contains("Sw<3,3,3> o 8 o (8,64):(64,1)")
                && e.getMessage().contains("0x" + Long.toHexString(aligned)), e.getMessage());
        // the layout it names gives the element offsets from the aligned address, by the definition of the swizzle
        ComposedLayout named = ComposedLayout.parse("Sw<3,3,3> o 8 o (8,64):(64,1)");
        Layout l = Layout.parse("(8,64):(64,1)");
        Swizzle bytes = new Swizzle(3, 4, 3);
        for (long i = 0; i < 512; i++) {
            assertEquals(bytes.apply(address + 2 * l.apply(i)) - aligned, 2 * named.apply(i));
        }
    }
}
