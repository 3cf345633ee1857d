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
    void leftInverseOfModesThatDoNotNestIsRefused() {
        // the engine computes left inverses through the complement, so it needs nesting modes and says so
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Inverse.leftInverse(Layout.parse("(2,2):(1,3)")));
        assertMentions(e, "left inverse of (2,2):(1,3)", "injective but its modes do not nest", "stride 3 is not a multiple of 2");
    }

    @Test
    void injectiveLayoutWithoutComplementHasALayoutLeftInverseAllTheSame() {
        // oracle case dev-1-2055: (4,4):(16,7) is injective (16·c0 + 7·c1 are distinct) but its modes interleave;
        // the reference's (7,4):(16,4) fails R(L(1)) = 1, and the engine refuses without claiming that no
        // layout exists: (2,7,5):(25,-7,8) is one (found by a search over shapes and strides)
        Layout l = Layout.parse("(4,4):(16,7)");
        assertTrue(l.isInjective());
        Layout r = Layout.parse("(2,7,5):(25,-7,8)");
        for (long i = 0; i < 16; i++) assertEquals(i, r.apply(l.apply(i)), "R(L(" + i + "))");
        assertTrue(Layout.parse("(7,4):(16,4)").apply(l.apply(1)) != 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Inverse.leftInverse(l));
        assertMentions(e, "left inverse of (4,4):(16,7)", "injective but its modes do not nest", "interleave");
        assertTrue(!e.getMessage().contains("no layout"), e.getMessage());
    }
}
