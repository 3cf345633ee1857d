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
    void leftInverseOfANonInjectiveLayoutIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Inverse.leftInverse(Layout.parse("(4,4):(0,3)")));
        assertMentions(e, "left inverse of (4,4):(0,3)", "not injective", "R(L(i)) = i");
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
        // (3,2):(2,4) reaches 4 twice
        e = assertThrows(IllegalArgumentException.class, () -> Inverse.leftInverse(Layout.parse("(3,2):(2,4)")));
        assertMentions(e, "left inverse of (3,2):(2,4)", "not injective");
    }
}
