package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;

/** Golden complements with provenance and the errors of inadmissible ones. */
class ComplementTest {

    private static void assertMentions(Exception e, String... parts) {
        for (String p : parts) assertTrue(e.getMessage().contains(p), "\"" + p + "\" in: " + e.getMessage());
    }

    @Test
    void complementsOfThePaperNotes() {
        // PAPER-NOTES example 11
        assertEquals(Layout.parse("(4,2,10):(1,40,240)"), Complement.complement(Layout.parse("(3,10):(80,4)"), 2400));
        assertEquals(Layout.parse("(3,2):(2,12)"), Complement.complement(Layout.parse("(2,2):(1,6)"), 24));
        assertEquals(Layout.parse("2:8"), Complement.complement(Layout.parse("(2,4):(1,2)"), 16));
        // PAPER-NOTES example 10: the one-argument complement (cotarget = cosize 68)
        assertEquals(Layout.parse("(3,5):(2,12)"), Complement.complement(Layout.parse("(2,2,2):(1,6,60)")));
    }

    @Test
    void cotargetIsRoundedUpToTheSpan() {
        // like CuTe, the last mode rounds N up to a multiple of the span: comp(4:2, 9) = (2,2):(1,8)
        assertEquals(Layout.parse("(2,2):(1,8)"), Complement.complement(Layout.parse("4:2"), 9));
        // a layout already covering N has the trivial complement (or the gaps below its span)
        assertEquals(Layout.TRIVIAL, Complement.complement(Layout.parse("8:1"), 4));
    }

    @Test
    void strideZeroAndShapeOneModesAreIgnored() {
        assertEquals(Layout.parse("(2,3):(1,8)"), Complement.complement(Layout.parse("(4,3,1):(2,0,7)"), 24));
    }

    @Test
    void overlappingModesAreAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Complement.complement(Layout.parse("(2,2):(1,1)"), 8));
        assertMentions(e, "complement of (2,2):(1,1)", "stride 1 is not a multiple of 2", "overlap", "not injective");
    }

    @Test
    void interleavedModesOfAnInjectiveLayoutAreAnErrorThatDoesNotClaimOverlap() {
        // (4,4):(16,7) is injective, yet 16 is not a multiple of 4·7: no complement
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Complement.complement(Layout.parse("(4,4):(16,7)"), 64));
        assertMentions(e, "complement of (4,4):(16,7)", "stride 16 is not a multiple of 28", "interleave instead of nesting");
        assertTrue(!e.getMessage().contains("not injective"), e.getMessage());
    }

    @Test
    void modesThatDoNotNestAreAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Complement.complement(Layout.parse("(2,2):(1,3)"), 12));
        assertMentions(e, "complement of (2,2):(1,3)", "stride 3 is not a multiple of 2");
    }

    @Test
    void negativeStrideIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Complement.complement(Layout.parse("(2,2):(1,-4)"), 8));
        assertMentions(e, "complement of (2,2):(1,-4)", "stride -4 is negative");
    }

    @Test
    void nonPositiveCotargetIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Complement.complement(Layout.parse("4:1"), 0));
        assertMentions(e, "complement of 4:1 with respect to 0", "must be positive");
    }
}
