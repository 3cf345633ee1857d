package org.layoutcat.core.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArbitraries;

/**
 * CuTe's compact strides and ordered layouts. Golden values: CuTe C++ (CUTLASS main, {@code cute/stride.hpp},
 * {@code cute/layout.hpp}) printed by a host program compiled here with static {@code Int<N>} extents, and the
 * examples in {@code make_ordered_layout}'s comment in {@code layout.hpp}.
 */
class CompactTest {
    private static IntTuple t(String s) {
        return IntTuple.parse(s);
    }

    @Test
    void compactStridesAgreeWithCuTe() {
        // CuTe C++ printout: compact_col_major / compact_row_major with static extents
        assertEquals(t("(1,0,(2,0))"), Compact.colMajor(t("(2,1,(3,1))")));
        assertEquals(t("(12,0,(4,1))"), Compact.rowMajor(t("(2,1,(3,4))")));
        assertEquals(t("(1,(2,6))"), Compact.colMajor(t("(2,(3,4))")));
        assertEquals(t("(12,(4,1))"), Compact.rowMajor(t("(2,(3,4))")));
        assertEquals(t("(5,10)"), Compact.colMajor(t("(2,3)"), 5));
        assertEquals(Layout.parse("(2,(3,4)):(12,(4,1))"), Compact.rowMajorLayout(t("(2,(3,4))")));
    }

    @Test
    void orderedLayoutAgreesWithCuTe() {
        // layout.hpp's comment: make_ordered_layout(Shape<_2,_2,_2,_2>{}, Step<_0,_2,_3,_1>{}) -> (_2,_2,_2,_2):(_1,_4,_8,_2)
        assertEquals(Layout.parse("(2,2,2,2):(1,4,8,2)"), Compact.orderedLayout(t("(2,2,2,2)"), t("(0,2,3,1)")));
        // CuTe C++ printouts (all orders static)
        assertEquals(Layout.parse("(2,3,4,5):(1,40,2,8)"), Compact.orderedLayout(t("(2,3,4,5)"), t("(2,67,42,50)")));
        assertEquals(Layout.parse("((2,3),4):((4,8),1)"), Compact.orderedLayout(t("((2,3),4)"), t("(1,0)")));
        assertEquals(Layout.parse("(2,1,3):(3,0,1)"), Compact.orderedLayout(t("(2,1,3)"), t("(2,0,1)")));
    }

    @Test
    void orderedLayoutRefusesRepeatedOrdersAndIncongruentOrders() {
        String m = assertThrows(IllegalArgumentException.class, () -> Compact.orderedLayout(t("(2,2)"), t("(0,0)"))).getMessage();
        assertTrue(m.contains("order 0 is given twice"), m);
        m = assertThrows(IllegalArgumentException.class, () -> Compact.orderedLayout(t("(2,2)"), t("(0,(1,2))"))).getMessage();
        assertTrue(m.contains("not weakly congruent"), m);
    }

    @Provide
    Arbitrary<IntTuple> shapes() {
        return LayoutArbitraries.shapes();
    }

    @Property
    void compactLayoutsAreBijectionsOntoTheirSize(@ForAll("shapes") IntTuple shape) {
        for (Layout l : new Layout[] {Compact.colMajorLayout(shape), Compact.rowMajorLayout(shape)}) {
            boolean[] seen = new boolean[(int) l.size()];
            for (long i = 0; i < l.size(); i++) {
                long x = l.apply(i);
                assertTrue(x >= 0 && x < l.size() && !seen[(int) x], l + " at " + i);
                seen[(int) x] = true;
            }
        }
        // column-major strides are the prefix products wherever the extent is not 1
        Layout c = Compact.colMajorLayout(shape);
        long p = 1;
        for (int k = 0; k < c.flatRank(); k++) {
            assertEquals(c.flatShape(k) == 1 ? 0 : p, c.flatStride(k), c.toString());
            p *= c.flatShape(k);
        }
    }

    @Test
    void onlyTheStridesOfTheAnswerAreCheckedForOverflow() {
        // issue 34: compact_col_major((2^32,2^32)) was refused, the product 2^64 past the last leaf being no stride.
        // CuTe C++ prints (_1,4294967296) (host program against /work/cutlass/include); row-major is its mirror
        assertEquals(IntTuple.parse("(1,4294967296)"), Compact.colMajor(IntTuple.parse("(4294967296,4294967296)")));
        assertEquals(IntTuple.parse("(4294967296,1)"), Compact.rowMajor(IntTuple.parse("(4294967296,4294967296)")));
        assertEquals(IntTuple.parse("(2147483648)"), Compact.colMajor(IntTuple.parse("(4294967297)"), 2147483648L)); // CuTe: (2147483648)
        // a stride of the answer that overflows is still refused: the third stride would be 2^64
        ArithmeticException e = assertThrows(ArithmeticException.class, () -> Compact.colMajor(IntTuple.parse("(4294967296,4294967296,2)")));
        assertTrue(e.getMessage().contains("compact strides") && e.getMessage().contains("(4294967296,4294967296,2)"), e.getMessage());
    }
}
