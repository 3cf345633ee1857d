package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;

/** Golden inverses and the errors where no left inverse is computed. */
class InverseTest {

    private static void assertMentions(Exception e, String... parts) {
        for (String p : parts) assertTrue(e.getMessage().contains(p), "\"" + p + "\" in: " + e.getMessage());
    }

    @Test
    void rightInverseOfATranspose() {
        // the row-major (4,3):(3,1) is undone by (3,4):(4,1): L(R(i)) = i on [0, 12)
        Layout l = Layout.parse("(4,3):(3,1)");
        Layout r = Inverse.rightInverse(l);
        assertEquals(Layout.parse("(3,4):(4,1)"), r);
        for (long i = 0; i < 12; i++) assertEquals(i, l.apply(r.apply(i)));
    }

    @Test
    void rightInverseStopsWhereTheOffsetsStopBeingContiguous() {
        // (2,4):(1,4) reaches 0,1 then jumps to 4: only [0,2) has preimages in order
        assertEquals(Layout.parse("2:1"), Inverse.rightInverse(Layout.parse("(2,4):(1,4)")));
        // a layout that never reaches offset 1 has the trivial right inverse
        assertEquals(Layout.TRIVIAL, Inverse.rightInverse(Layout.parse("(4,2):(2,0)")));
    }

    @Test
    void leftInverseOfALayoutWithGaps() {
        // L = (2,3):(3,12) lives in [0, 36); R(L(i)) = i on [0, 6)
        Layout l = Layout.parse("(2,3):(3,12)");
        Layout r = Inverse.leftInverse(l);
        for (long i = 0; i < l.size(); i++) assertEquals(i, r.apply(l.apply(i)), "R(L(" + i + "))");
    }

    @Test
    void leftInverseOfANonInjectiveLayoutIsCuTesQuasiInverse() {
        // CuTe C++ (CUTLASS headers, static Int<>): left_inverse(_4:_0) = _4:_0, of (4,4):(0,3) (_3,_4):(_0,_4), of
        // (4,4,3):(4,8,8) (_4,_2,_3):(_0,_1,_16), of (4,3):(3,0) (_3,_4):(_0,_1), of (6,2):(19,57) (_19,_3,_2):(_0,_1,_6),
        // of (2,2):(1,1) _2:_2; each has L(R(L(i))) = L(i), the post-condition CuTe documents
        String[][] cases = {{"4:0", "4:0"}, {"(4,4):(0,3)", "(3,4):(0,4)"}, {"(4,4,3):(4,8,8)", "(4,2,3):(0,1,16)"},
            {"(4,3):(3,0)", "(3,4):(0,1)"}, {"(6,2):(19,57)", "(19,3,2):(0,1,6)"}, {"(2,2):(1,1)", "2:2"}};
        for (String[] c : cases) {
            Layout l = Layout.parse(c[0]);
            Layout r = Inverse.leftInverse(l);
            assertEquals(Layout.parse(c[1]), r, "left_inverse(" + c[0] + ")");
            for (long i = 0; i < l.size(); i++) assertEquals(l.apply(i), l.apply(r.apply(l.apply(i))), c[0] + ": L(R(L(" + i + ")))");
        }
        // the strict left inverse refuses them
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Inverse.injectiveLeftInverse(Layout.parse("(4,4):(0,3)")));
        assertMentions(e, "left inverse of (4,4):(0,3)", "not injective", "R(L(i)) = i");
    }

    @Test
    void aLeftInverseThatIsNotEvenAQuasiInverseIsRefused() {
        // CuTe C++: left_inverse((_3,_3):(_8,_4)) = (_4,_2,_3):(_0,_3,_1), and l(r(l(8))) = 4 where l(8) = 24
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Inverse.leftInverse(Layout.parse("(3,3):(8,4)")));
        assertMentions(e, "left inverse of (3,3):(8,4)", "not injective", "(4,2,3):(0,3,1)", "not even a quasi-inverse",
                "offset x = 24", "R(x) = 3", "L(R(x)) = 4");
        // the oracle's cpp-dev-01081: CuTe C++ prints (_2,_16):(_16,_1) for ((8,2),4):((2,16),1)
        e = assertThrows(IllegalArgumentException.class, () -> Inverse.leftInverse(Layout.parse("((8,2),4):((2,16),1)")));
        assertMentions(e, "(2,16):(16,1)", "not even a quasi-inverse");
    }

    @Test
    void leftInverseOfInjectiveModesThatDoNotNest() {
        // CuTe C++: left_inverse((2,2):(1,3)) = (_3,_2):(_1,_2); CuTe's test: left_inverse((4,2):(1,5)) = (5,2):(1,4)
        assertEquals(Layout.parse("(3,2):(1,2)"), Inverse.leftInverse(Layout.parse("(2,2):(1,3)")));
        assertEquals(Layout.parse("(5,2):(1,4)"), Inverse.leftInverse(Layout.parse("(4,2):(1,5)")));
        for (String text : new String[] {"(2,2):(1,3)", "(4,2):(1,5)", "(8,(2,1)):(45,(1,54))", "(4,2):(1,23)"}) {
            Layout l = Layout.parse(text);
            Layout r = Inverse.leftInverse(l);
            for (long i = 0; i < l.size(); i++) assertEquals(i, r.apply(l.apply(i)), text + ": R(L(" + i + "))");
        }
    }

    @Test
    void leftInverseOfInterleavedModesIsRefusedAsNotInjectiveOrIndivisible() {
        // (4,4):(16,7) is injective but 16 is not a multiple of 7: CuTe's left-inverse divisibility condition
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Inverse.leftInverse(Layout.parse("(4,4):(16,7)")));
        assertMentions(e, "left inverse of (4,4):(16,7)");
        // (3,2):(2,4) reaches 4 twice: CuTe C++'s quasi-inverse (_2,_2,_2):(_0,_1,_3)
        assertEquals(Layout.parse("(2,2,2):(0,1,3)"), Inverse.leftInverse(Layout.parse("(3,2):(2,4)")));
    }
}
