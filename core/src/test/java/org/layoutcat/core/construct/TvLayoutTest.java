package org.layoutcat.core.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Product;

/**
 * {@code make_layout_tv(thr, val)}: golden values from CuTe C++ (CUTLASS main), computed by a host program compiled
 * here the way {@code make_tiled_copy} does ({@code raked_product}, {@code right_inverse(..).with_shape(..)},
 * {@code product_each}); seed 003's TV layout built from its thread and value layouts.
 */
class TvLayoutTest {
    private static TvLayout tv(String thr, String val) {
        return TvLayout.make(Layout.parse(thr), Layout.parse(val));
    }

    @Test
    void seed003TvLayoutIsBuiltFromItsThreadAndValueLayouts() {
        // seed 003: 4 threads in a 2x2 grid, each owning a 2x3 block of a 4x6 tile stored column-major
        // (thread (tm,tn) = tm + 2·tn, value (vm,vn) = vm + 2·vn); the printed TV layout is ((2,2),(2,3)):((2,12),(1,4))
        TvLayout r = tv("(2,2):(1,2)", "(2,3):(1,2)");
        assertEquals(IntTuple.parse("(4,6)"), r.tiler());
        assertEquals("((2,2),(2,3)):((2,12),(1,4))", r.layout().toString());
        assertEquals("((4,6),((2,2),(2,3)):((2,12),(1,4)))", r.toString());
    }

    @Test
    void tvLayoutsAgreeWithCuTe() {
        // CuTe C++ printouts
        TvLayout r = tv("(4,32):(32,1)", "(4,4):(4,1)");
        assertEquals(IntTuple.parse("(16,128)"), r.tiler());
        assertEquals(Layout.parse("((32,4),(4,4)):((64,4),(16,1))"), r.layout());
        r = tv("4:1", "2:1");
        assertEquals(IntTuple.parse("(8)"), r.tiler());
        assertEquals(Layout.parse("(4,2):(2,1)"), r.layout());
        r = tv("(2,4):(4,1)", "(1,4):(0,1)");
        assertEquals(IntTuple.parse("(2,16)"), r.tiler());
        assertEquals(Layout.parse("((4,2),4):((8,1),2)"), r.layout());
    }

    @Test
    void everyElementOfTheTileGoesToExactlyOneThreadAndValue() {
        // postcondition: layout_mn(layout_tv(t, v)) = t + T·v
        String[][] cases = {{"(2,2):(1,2)", "(2,3):(1,2)"}, {"(4,32):(32,1)", "(4,4):(4,1)"}, {"(2,4):(4,1)", "(1,4):(0,1)"},
            {"(8,4):(1,8)", "(2,(2,2)):(2,(1,4))"}};
        for (String[] c : cases) {
            Layout thr = Layout.parse(c[0]);
            Layout val = Layout.parse(c[1]);
            Layout mn = Product.rakedProduct(thr, val);
            Layout tvl = TvLayout.make(thr, val).layout();
            long t = thr.size();
            for (long i = 0; i < tvl.size(); i++) assertEquals(i, mn.apply(tvl.apply(i)), c[0] + " " + c[1] + " at " + i);
            assertEquals(mn.size(), tvl.size());
            assertEquals(t, tvl.mode(0).size());
        }
    }

    @Test
    void aThreadLayoutOfMemoryOffsetsIsRefused() {
        // seed 003's "thread layout" (2,2):(2,12) maps threads to offsets, not tile coordinates to threads
        String m = assertThrows(IllegalArgumentException.class, () -> tv("(2,2):(2,12)", "(2,3):(1,4)")).getMessage();
        assertTrue(m.startsWith("make_layout_tv of threads (2,2):(2,12) and values (2,3):(1,4): raked_product"), m);
        // a thread layout with a stride-0 mode gives two rows to the same threads, and half the (t, v) to no element
        m = assertThrows(IllegalArgumentException.class, () -> tv("(2,2):(0,1)", "(2,3):(1,2)")).getMessage();
        assertTrue(m.contains("is not a bijection"), m);
    }
}
