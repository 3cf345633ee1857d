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
        // CuTe C++ refuses it too: "Non-injective Layout detected in complement."
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Complement.complement(Layout.parse("(2,2):(1,1)"), 8));
        assertMentions(e, "complement of (2,2):(1,1)", "stride 1 is below 2", "overlap", "zero extent");
        e = assertThrows(IllegalArgumentException.class, () -> Complement.complement(Layout.parse("(4,4):(16,7)"), 64));
        assertMentions(e, "complement of (4,4):(16,7)", "stride 16 is below 28", "interleave");
    }

    @Test
    void modesThatDoNotNestTakeCuTesFloorDivision() {
        // CuTe C++ (CUTLASS headers, static Int<>): complement((2,2):(1,3), 12) = _2:_6; the examples
        assertEquals(Layout.parse("2:6"), Complement.complement(Layout.parse("(2,2):(1,3)"), 12));
        assertEquals(Layout.TRIVIAL, Complement.complement(Layout.parse("(4,6):(1,6)"), 34));
        assertEquals(Layout.parse("2:4"), Complement.complement(Layout.parse("(4,2):(1,10)"), 14));
        assertEquals(Layout.parse("3:3"), Complement.complement(Layout.parse("(3,6):(1,10)"), 53)); // (3,1):(3,60) coalesced
    }

    @Test
    void theOneArgumentComplementIsCuTesComplementUpToTheCosize() {
        // nesting modes: (L, R) is a bijection onto [0, size(L)·size(R))
        assertEquals(Layout.parse("2:1"), Complement.complement(Layout.parse("4:2")));
        // modes that do not nest: CuTe C++ (CUTLASS headers, static Int<>) prints complement((4,2):(1,10)) = _2:_4,
        // complement((2,2,2):(1,47,8)) = (_4,_2):(_2,_16), complement((3,6):(1,10)) = _3:_3 (the oracle's cpp-dev-00686
        // is the second); each is complement(L, cosize(L))
        assertEquals(Layout.parse("2:4"), Complement.complement(Layout.parse("(4,2):(1,10)")));
        assertEquals(Layout.parse("(4,2):(2,16)"), Complement.complement(Layout.parse("(2,2,2):(1,47,8)")));
        assertEquals(Layout.parse("3:3"), Complement.complement(Layout.parse("(3,6):(1,10)")));
        // the strict complement takes only modes that nest: (4,2):(1,10)'s do not (10 is not a multiple of 4)
        assertThrows(IllegalArgumentException.class, () -> Complement.bijectiveComplement(Layout.parse("(4,2):(1,10)")));
    }

    @Test
    void theBijectiveComplementRefusesModesThatDoNotNest() {
        assertEquals(Layout.parse("(3,5):(2,12)"), Complement.bijectiveComplement(Layout.parse("(2,2,2):(1,6,60)")));
        // with CuTe's (4,2):(2,16), ((2,2,2),(4,2)) leaves gaps in [0,64): refused with the reason
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Complement.bijectiveComplement(Layout.parse("(2,2,2):(1,47,8)")));
        assertMentions(e, "complement of (2,2,2):(1,47,8)", "stride 47 is not a multiple of 16", "(4,2):(2,16)");
    }

    @Test
    void aShapeCotargetDividesModeByMode() {
        // CuTe's ceil_div((3,5), 2) = (2,5): the rest extent is 10, not ⌈15/2⌉ = 8
        assertEquals(Layout.parse("10:2"), Complement.complement(Layout.parse("2:1"), org.layoutcat.core.IntTuple.parse("(3,5)")));
        assertEquals(Layout.parse("8:2"), Complement.complement(Layout.parse("2:1"), 15));
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
