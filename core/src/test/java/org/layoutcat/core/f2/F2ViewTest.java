package org.layoutcat.core.f2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Swizzle;

/** The F2 view of layouts, swizzles and swizzled layouts, its refusals, and the layouts read back. */
class F2ViewTest {

    private static String refused(org.junit.jupiter.api.function.Executable e) {
        return assertThrows(IllegalArgumentException.class, e).getMessage();
    }

    @Test
    void aSwizzlesViewIsItsMatrix() {
        // Sw<3,3,3> XORs bits 6-8 into bits 3-5: 2^6 -> 64 + 8 = 72, 2^7 -> 144, 2^8 -> 288 (CuTe: Sw<3,3,3>(65) = 73)
        assertEquals(F2Map.parse("{offset=[1,2,4,8,16,32,72,144,288]} -> {offset:512}"), F2View.of(new Swizzle(3, 3, 3)));
        // Sw<2,0,-2> XORs bits 0-1 into bits 2-3 (CuTe: Sw<2,0,-2>(13) = 9)
        F2Map sw = F2View.of(new Swizzle(2, 0, -2));
        assertEquals(F2Map.parse("{offset=[5,10,4,8]} -> {offset:16}"), sw);
        assertEquals(9, sw.apply(13));
        assertEquals(F2Map.parse("{offset=[]} -> {offset:1}"), F2View.of(Swizzle.IDENTITY));
        // a swizzle is an involution: its matrix squared is the identity, and it is its own inverse
        assertEquals(F2Map.identity1D(512, "offset", "offset"), F2View.of(new Swizzle(3, 3, 3)).compose(F2View.of(new Swizzle(3, 3, 3))));
        assertEquals(F2View.of(new Swizzle(3, 3, 3)), F2View.of(new Swizzle(3, 3, 3)).invert());
    }

    @Test
    void aSwizzledTilesViewSwizzlesItsBases() {
        // the half-precision tile of 8 rows of 128 bytes: rows 64 apart, each row's 16-byte chunks permuted
        F2Map view = F2View.of(AnyLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)"));
        assertEquals(F2Map.parse("{mode0=[72,144,288],mode1=[1,2,4,8,16,32]} -> {offset:512}"), view);
        assertEquals(73, view.apply(9)); // CuTe C++ prints 73 for this layout at 9
        assertTrue(view.isInvertible());
        // the pointer form is read in element offsets
        assertEquals(view, F2View.of(AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)")));
        // and read back: the same swizzle after the same layout
        assertEquals(AnyLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)"), F2View.layoutOf(view));
    }

    @Test
    void layoutsReadBackWithDoublingBitsAsOneLeaf() {
        assertEquals(F2Map.parse("{mode0=[1,2],mode1=[4,8,16]} -> {offset:32}"), F2View.of(Layout.parse("(4,8):(1,4)")));
        assertEquals(Layout.parse("(4,8):(1,4)"), F2View.layoutOf(F2View.of(Layout.parse("(4,8):(1,4)"))));
        // nested modes stack their bits colexicographically
        F2Map nested = F2View.of(Layout.parse("((2,4),8):((1,16),2)"));
        assertEquals(F2Map.parse("{mode0=[1,16,32],mode1=[2,4,8]} -> {offset:64}"), nested);
        assertEquals(Layout.parse("((2,4),8):((1,16),2)"), F2View.layoutOf(nested));
        // a stride need not be a power of two on a mode of 2: 2:3 is the map [3]; stride 0 and size 1 are free
        assertEquals(F2Map.parse("{mode0=[3],mode1=[4,8],mode2=[0,0],mode3=[]} -> {offset:16}"),
                F2View.of(Layout.parse("(2,4,4,1):(3,4,0,7)")));
        assertEquals(Layout.parse("(2,4,4,1):(3,4,0,0)"), F2View.layoutOf(F2View.of(Layout.parse("(2,4,4,1):(3,4,0,7)"))));
    }

    @Test
    void aLayoutThatIsNotLinearIsRefusedNamingTheModeAndBit() {
        String shape = refused(() -> F2View.of(Layout.parse("(4,3):(1,4)")));
        assertTrue(shape.contains("mode 1 (leaf 3:4) has shape 3, not a power of two"), shape);
        // bit 1 of mode 0 and bit 0 of mode 1 both map to 2: L(2 ⊕ 4) = L(6) = 4, not 2 ⊕ 2 = 0
        String carry = refused(() -> F2View.of(Layout.parse("(4,2):(1,2)")));
        assertTrue(carry.contains("bit 1 of mode 0 (leaf 4:1) maps to 2 and bit 0 of mode 1 (leaf 2:2) to 2"), carry);
        assertTrue(carry.contains("L(2 ⊕ 4) = L(2) + L(4) = 4, not L(2) ⊕ L(4) = 0"), carry);
        assertEquals(4, Layout.parse("(4,2):(1,2)").apply(6)); // the carry, by CuTe's function
        // a stride 3 on a mode of 4: bits 0 and 1 of the mode map to 3 and 6
        assertTrue(refused(() -> F2View.of(Layout.parse("4:3"))).contains("share offset bit 1"));
        assertTrue(refused(() -> F2View.of(Layout.parse("4:-1"))).contains("negative offset"));
        assertFalse(F2View.isLinear(Layout.parse("(4,2):(1,2)")));
        assertTrue(F2View.isLinear(Layout.parse("(4,2):(2,1)")));
    }

    @Test
    void aSwizzledLayoutWithAnOffsetIsAffineAndRefused() {
        String m = refused(() -> F2View.of(AnyLayout.parse("Sw<3,3,3> o 64 o (8,64):(64,1)")));
        assertTrue(m.contains("sends index 0 to Sw<3,3,3>(64) = 72"), m);
        assertTrue(refused(() -> F2View.of(AnyLayout.parse("(4,8):(1@0,1@1)"))).contains("coordinates"));
        assertTrue(refused(() -> F2View.of(AnyLayout.parse("Sw<3,3,3> o 0 o (8,3):(64,1)"))).contains("not a power of two"));
    }

    @Test
    void basesNoLayoutOrSwizzleHasAreRefused() {
        // 3 = 1 ⊕ 2: dependent bases, which no bijection (a swizzle) makes disjoint
        String m = refused(() -> F2View.layoutOf(F2Map.parse("{a=[1,2,3]} -> {o:4}")));
        assertTrue(m.contains("a=1 maps to 1 and a=4 to 3, sharing bit 0"), m);
        // 3 and 1 share bit 0, but Sw<1,0,1> maps 3 -> 2 and 1 -> 1
        assertEquals(AnyLayout.parse("Sw<1,0,1> o 0 o ((2,2)):((2,1))"), F2View.layoutOf(F2Map.parse("{a=[3,1]} -> {o:4}")));
        // the view of what is read back has the bases read
        AnyLayout l = F2View.layoutOf(F2Map.parse("{a=[3,1],b=[4]} -> {o:8}"));
        assertEquals(F2Map.parse("{mode0=[3,1],mode1=[4]} -> {offset:8}"), F2View.of(l));
    }

    @Test
    void invertingASingularMapNamesItsKernel() {
        String m = refused(() -> F2Map.parse("{in=[1,2,3]} -> {out:8}").invert());
        assertTrue(m.contains("rank 2 of 3") && m.contains("in=1 ⊕ in=2 ⊕ in=4 map to 0"), m);
        assertTrue(refused(() -> F2Map.parse("{in=[1,2]} -> {out:8}").invert()).contains("2 input bits and 3 output bits"));
    }

    @Test
    void theNotationIsReadBackAndItsErrorsNameThePosition() {
        F2Map m = F2Map.parse(" { in1 = [ (4,2) , (2,1) ] , in2=[] } ->{ out1 : 8 , out2:4 } ");
        assertEquals("{in1=[(4,2),(2,1)],in2=[]} -> {out1:8,out2:4}", m.toString());
        assertEquals("{} -> {}", F2Map.parse("{}->{}").toString());
        assertEquals("{a=[(),()]} -> {}", F2Map.parse("{a=[(),()]} -> {}").toString());
        assertTrue(refused(() -> F2Map.parse("{a=[1,2} -> {o:4}")).contains("at position 7"));
        assertTrue(refused(() -> F2Map.parse("{a=[1,2]} -> {o:3}")).contains("a size is a power of two"));
        assertTrue(refused(() -> F2Map.parse("{a=[1,8]} -> {o:4}")).contains("outside output dimension o of size 4"));
        assertTrue(refused(() -> F2Map.parse("{a=[(1,2)]} -> {o:4}")).contains("one per output dimension (o), not 2"));
        assertTrue(refused(() -> F2Map.parse("{a=[1],a=[2]} -> {o:4}")).contains("named twice"));
        assertTrue(refused(() -> F2Map.parse("{a=[99999999999999999999]} -> {o:4}")).contains("within 64 bits"));
    }

    @Test
    void composingLayoutsViewsIsComposingTheirFunctions() {
        // (Sw<3,3,3> as a map on offsets) ∘ (the view of (8,64):(64,1)) is the view of the swizzled tile
        F2Map tile = F2View.of(Layout.parse("(8,64):(64,1)"));
        assertEquals(F2View.of(AnyLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)")), F2View.of(new Swizzle(3, 3, 3)).compose(tile));
        assertEquals(List.of("mode0", "mode1"), tile.inNames());
    }
}
