package org.layoutcat.core.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Nullspace;

/**
 * shape_div, prefix_product, weakly_congruent and nullspace. Golden values: CuTe C++ (CUTLASS main,
 * {@code cute/int_tuple.hpp}, {@code cute/layout.hpp}) printed by a host program compiled here with static
 * integers, and {@code shape_div}'s documented example; prefix_product as pycute and CuTe DSL define it.
 */
class TupleArithmeticTest {
    private static IntTuple t(String s) {
        return IntTuple.parse(s);
    }

    @Test
    void shapeDivAgreesWithCuTe() {
        assertEquals(t("(1,1,3)"), TupleArithmetic.shapeDiv(t("(4,5,6)"), t("40"))); // int_tuple.hpp's example
        assertEquals(t("(4,(2,2))"), TupleArithmetic.shapeDiv(t("(12,(4,6))"), t("(3,(2,3))")));
        assertEquals(t("1"), TupleArithmetic.shapeDiv(t("6"), t("(2,3)")));
        assertEquals(t("1"), TupleArithmetic.shapeDiv(t("2"), t("8")));
        String m = assertThrows(IllegalArgumentException.class, () -> TupleArithmetic.shapeDiv(t("6"), t("4"))).getMessage();
        assertTrue(m.contains("divisibility condition"), m);
    }

    @Test
    void prefixProductIsExclusiveAndColexicographic() {
        assertEquals(t("(1,(2,6))"), TupleArithmetic.prefixProduct(t("(2,(3,4))")));
        assertEquals(t("(1,2,2)"), TupleArithmetic.prefixProduct(t("(2,1,3)")));
        assertEquals(t("(5,10)"), TupleArithmetic.prefixProduct(t("(2,3)"), 5));
    }

    @Test
    void predicatesAgreeWithCuTe() {
        assertTrue(TupleArithmetic.weaklyCongruent(t("2"), t("(3,4)")));
        assertTrue(TupleArithmetic.weaklyCongruent(t("(2,3)"), t("(3,(4,5))")));
        assertFalse(TupleArithmetic.weaklyCongruent(t("(2,(3,4))"), t("(3,4)")));
        assertFalse(TupleArithmetic.weaklyCongruent(t("(2,3)"), t("(2,3,4)")));
    }

    @Test
    void nullspaceAgreesWithCuTe() {
        assertEquals(Layout.TRIVIAL, Nullspace.nullspace(Layout.parse("(2,3,4):(1,2,6)")));
        assertEquals(Layout.parse("(2,3):(1,2)"), Nullspace.nullspace(Layout.parse("(2,(3,4)):(0,(0,2))")));
        assertEquals(Layout.parse("4:1"), Nullspace.nullspace(Layout.parse("4:0")));
        assertEquals(Layout.TRIVIAL, Nullspace.nullspace(Layout.parse("(1,4):(0,1)")));
        assertEquals(Layout.parse("(1,1):(0,0)"), Nullspace.nullspace(Layout.parse("(1,1):(0,0)")));
    }

    @Provide
    Arbitrary<Layout> layouts() {
        return LayoutArbitraries.arbitraryLayouts();
    }

    @Property
    void nullspaceIsMappedToZero(@ForAll("layouts") Layout l) {
        Layout k = Nullspace.nullspace(l);
        for (long i = 0; i < k.size(); i++) assertEquals(0, l.apply(k.apply(i)), l + " nullspace " + k + " at " + i);
        // CuTe's nullspace(result) == 1:0, up to the extent-1 modes CuTe keeps too ((1,1):(0,0) for two of them)
        assertEquals(1, Nullspace.nullspace(k).size(), k.toString());
        long zeros = 1;
        for (int j = 0; j < l.flatRank(); j++) if (l.flatStride(j) == 0) zeros *= l.flatShape(j);
        assertEquals(zeros, k.size());
        // CuTe's postcondition size(result) = size(L) / size(filter(L)) (filter keeps the other modes' sizes)
        assertEquals(l.size() / Coalesce.filter(l).size(), k.size(), l.toString());
    }

    @Test
    void onlyTheProductsOfTheAnswerAreCheckedForOverflow() {
        // issue 34: prefix_product((2^32+1), 2^31) was refused as an overflow. The exclusive prefix products of a
        // one-leaf tuple are (init) (pycute and CuTe DSL: the first leaf gets init); the total 2^31·(2^32+1) is none of them
        assertEquals(t("(2147483648)"), TupleArithmetic.prefixProduct(t("(4294967297)"), 2147483648L));
        assertEquals(t("(1,4294967296)"), TupleArithmetic.prefixProduct(t("(4294967296,4294967296)")));
        // a product of the answer that overflows is still refused: the third entry would be 2^64
        assertThrows(ArithmeticException.class, () -> TupleArithmetic.prefixProduct(t("(4294967296,4294967296,2)")));
    }
}
