package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;

/**
 * Golden compositions with provenance and the errors of inadmissible ones. {@code compose(B, A)} is B∘A:
 * A is applied first and the result is shaped like A.
 */
class CompositionTest {

    private static Layout compose(String outer, String inner) {
        return Composition.compose(Layout.parse(outer), Tiler.parse(inner));
    }

    /** R(c) = A(B(c)) for every c of B's domain with B(c) in [0, size A). */
    static void assertPointwise(Layout a, Layout b, Layout r) {
        assertEquals(b.size(), r.size(), "size of " + a + " o " + b);
        for (long c = 0; c < b.size(); c++) {
            long bc = b.apply(c);
            if (bc >= 0 && bc < a.size()) assertEquals(a.apply(bc), r.apply(c), a + " o " + b + " at " + c);
        }
    }

    private static void assertMentions(Exception e, String... parts) {
        for (String p : parts) assertTrue(e.getMessage().contains(p), "\"" + p + "\" in: " + e.getMessage());
    }

    @Test
    void aRefusalNamesItsOwnOperandsAfterLaterCompositions() {
        // the walk's scratch serves the next call on this thread; a message written later still quotes its operands
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Composition.compose(Layout.parse("(4,6):(1,5)"), Layout.parse("3:2")));
        assertEquals(Layout.parse("(6,(2,3)):(1,(6,72))"),
                Composition.compose(Layout.parse("(12,3,6):(1,72,12)"), Layout.parse("(6,6):(1,6)")));
        assertThrows(IllegalArgumentException.class, () -> Composition.compose(Layout.parse("(8,3):(1,9)"), Layout.parse("5:3")));
        assertTrue(e.getMessage().startsWith("(4,6):(1,5) o 3:2"), e.getMessage());
        // a walk larger than the kept scratch is its own, and the next small one still answers
        long[] leaves = new long[100]; // 100 flat modes, more than a thread's walk keeps: 8 of 2, the rest 1
        java.util.Arrays.fill(leaves, 1);
        java.util.Arrays.fill(leaves, 0, 8, 2);
        Layout wide = Layout.colMajor(org.layoutcat.core.IntTuple.flat(leaves));
        assertEquals(Layout.parse("16:1"), org.layoutcat.core.algebra.Coalesce.coalesce(Composition.compose(wide, Layout.parse("16:1"))));
        assertEquals(Layout.parse("(6,(2,3)):(1,(6,72))"),
                Composition.compose(Layout.parse("(12,3,6):(1,72,12)"), Layout.parse("(6,6):(1,6)")));
    }

    @Test
    void compositionOfEncodedMorphisms() {
        // PAPER-NOTES example 12: B = (5,2,5,2):(1,25,5,50) after A = (2,2):(5,50) is (2,2):(25,50)
        assertEquals(Layout.parse("(2,2):(25,50)"), compose("(5,2,5,2):(1,25,5,50)", "(2,2):(5,50)"));
    }

    @Test
    void compositionThroughAMutualRefinement() {
        // PAPER-NOTES example 13 (with the blog's slip corrected): A = (6,6):(6,1) and A = (6,6):(1,6) under
        // B = (12,3,6):(1,72,12)
        assertEquals(Layout.parse("((2,3),6):((6,72),1)"), compose("(12,3,6):(1,72,12)", "(6,6):(6,1)"));
        assertEquals(Layout.parse("(6,(2,3)):(1,(6,72))"), compose("(12,3,6):(1,72,12)", "(6,6):(1,6)"));
        // PAPER-NOTES example 14
        assertEquals(Layout.parse("((2,3),6):((10,60),360)"), compose("(10,360):(2,60)", "(6,6):(5,60)"));
    }

    @Test
    void compositionRefinesTheInnerShape() {
        // PAPER-NOTES example 15: the result's shape refines A's, mode 4 becoming (2,2)
        Layout r = compose("(8,64):(64,1)", "((4,4),4):((16,1),4)");
        assertEquals(Layout.parse("((4,4),(2,2)):((2,64),(256,1))"), r);
        // PAPER-NOTES example 15: A = 4:2 under B = (2,2,6):(12,6,1) is ((2,2)):((6,1)) relative to A's shape;
        // with A an integer the engine gives the integral-mode form (2,2):(6,1), the same function
        assertEquals(Layout.parse("(2,2):(6,1)"), compose("(2,2,6):(12,6,1)", "4:2"));
    }

    @Test
    void compositionCoalescesTheOuterLayoutFirst() {
        // PAPER-NOTES, composition: A = (8,8):(1,8) under B = (3,8,8):(1,3,24) works through coal(B) = 192:1
        assertEquals(Layout.parse("(8,8):(1,8)"), compose("(3,8,8):(1,3,24)", "(8,8):(1,8)"));
    }

    @Test
    void compositesThatExistWithoutAMutualRefinement() {
        // PAPER-NOTES: A = 4:2, B = 7:1 gives 4:2; A = (3,5):(10,2), B = 100:7 gives (3,5):(70,14)
        assertEquals(Layout.parse("4:2"), compose("7:1", "4:2"));
        assertEquals(Layout.parse("(3,5):(70,14)"), compose("100:7", "(3,5):(10,2)"));
    }

    @Test
    void nonTractableCompositesThatCuTeComputes() {
        // PAPER-NOTES example 20: (4,6,8,10):(2,3,5,7) o 6:12 = (2,3):(9,5); (2,3):(5,6) under 80:10 = (2,3):(50,60)
        Layout a = Layout.parse("(4,6,8,10):(2,3,5,7)");
        Layout r = Composition.compose(a, Layout.parse("6:12"));
        assertEquals(Layout.parse("(2,3):(9,5)"), r);
        assertPointwise(a, Layout.parse("6:12"), r);
        assertEquals(Layout.parse("(2,3):(50,60)"), compose("80:10", "(2,3):(5,6)"));
    }

    @Test
    void noCompositeExists() {
        // PAPER-NOTES example 21: A = 3:2 under B = (4,5):(1,100) takes the values 0, 2, 100: not a layout
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> compose("(4,5):(1,100)", "3:2"));
        assertMentions(e, "(4,5):(1,100) o 3:2", "shape divisibility");
        // PAPER-NOTES example 21: A = 8:2 under B = (6,6):(24,0)
        IllegalArgumentException f = assertThrows(IllegalArgumentException.class, () -> compose("(6,6):(24,0)", "8:2"));
        assertMentions(f, "(6,6):(24,0) o 8:2", "no layout of size 8");
    }

    @Test
    void shapeDivisibilityFailureNamesOperandsAndCondition() {
        // STYLE.md's example: (4,6):(1,5) o 3:2 takes 0, 2, 5: 3 is not divisible by the 2 that fit in mode 4
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> compose("(4,6):(1,5)", "3:2"));
        assertMentions(e, "(4,6):(1,5) o 3:2", "no layout of size 3", "R(c)=A(B(c))", "not divisible by 2",
                "mode 4:1", "shape divisibility");
    }

    @Test
    void strideDivisibilityFailureNamesOperandsAndCondition() {
        // CuTe C++ refuses both: "Stride Divisibility Condition", "Shape Divisibility Condition"
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> compose("(4,6):(1,5)", "2:6"));
        assertMentions(e, "(4,6):(1,5) o 2:6", "stride 6", "mode 4:1", "stride divisibility");
        e = assertThrows(IllegalArgumentException.class, () -> compose("(4,6):(1,5)", "5:3"));
        assertMentions(e, "(4,6):(1,5) o 5:3", "shape 5 is not divisible by 2", "mode 4:1", "shape divisibility");
    }

    @Test
    void failureInAModeOfBNamesTheWholeOfB() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> compose("(4,6):(1,5)", "(3,2):(2,1)"));
        assertMentions(e, "(4,6):(1,5) o (3,2):(2,1), mode 3:2", "shape divisibility");
    }

    @Test
    void modesOfBThatOverlapInAModeOfAHaveNoComposite() {
        // found by compositionIsPointwise: B = ((2,3)):((2,2)) takes 0,2,2,4,4,6, and A = (2,3,2):(3,240,2160) has
        // A(2) = 240, A(4) = 480 but A(6) = 2160 (a carry out of mode 3:240), so R(1,2) = 240 + 480 would be wrong;
        // B's two modes take digits 0..1 and 0..2 of mode 3:240, which add up to 3 > 2
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> compose("(2,3,2):(3,240,2160)", "((2,3)):((2,2))"));
        assertMentions(e, "(2,3,2):(3,240,2160) o ((2,3)):((2,2))", "overlap in mode 3:240", "add up to 3 > 2", "additivity");
        IllegalArgumentException f = assertThrows(IllegalArgumentException.class,
                () -> compose("((2,2),7,1,4):((8,112),16,112,1)", "(6,((4,1))):(2,((1,0)))"));
        assertMentions(f, "overlap in mode 2:112", "additivity");
        // the same B under an A of one mode is fine: A is linear
        assertEquals(Layout.parse("((2,3)):((6,6))"), compose("12:3", "((2,3)):((2,2))"));
        // and modes that take disjoint digits are fine: (2,3):(1,2) under (2,3):(1,10) is (2,3):(1,10)
        assertEquals(Layout.parse("(2,3):(1,10)"), compose("(2,3):(1,10)", "(2,3):(1,2)"));
    }

    @Test
    void negativeStrideMixedWithOtherModesIsRefused() {
        // B = (2,2):(-1,2) under A = (2,2):(1,10): B(1,1) = 1 and A(1) = 1, but the modes alone give -1 + 10
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> compose("(2,2):(1,10)", "(2,2):(-1,2)"));
        // CuTe C++ answers (_2,_2):(_-1,_10), which gives 9 at index 3 where A(B(3)) = A(1) = 1
        assertMentions(e, "(2,2):(1,10) o (2,2):(-1,2)", "negative stride", "borrows", "(2,2):(-1,10)", "at index 3 it gives 9");
        // alone, or under a linear A, a negative stride composes
        assertEquals(Layout.parse("2:-1"), compose("(2,2):(1,10)", "2:-1"));
        assertEquals(Layout.parse("(2,2):(-3,6)"), compose("8:3", "(2,2):(-1,2)"));
    }

    @Test
    void byModeTilerWithMoreModesThanTheLayoutIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> compose("4:1", "<2:1,2:1>"));
        assertMentions(e, "composition of 4:1 by <2:1,2:1>", "2 modes", "only 1");
    }

    @Test
    void byModeTilerComposesModeByModeAndDropsTheRest() {
        // CuTe C++ composition(Layout, Tiler): "Drop any modes of lhs that aren't hit by rhs"
        Layout a = Layout.parse("(4,6,5):(1,4,24)");
        assertEquals(Layout.parse("(2,3):(2,8)"), Composition.compose(a, Tiler.parse("<2:2,3:2>")));
        // CuTe C++: composition((4,8,2):(1,4,32), make_tile(2:1, 4:2)) = (_2,_4):(_1,_8)
        assertEquals(Layout.parse("(2,4):(1,8)"), compose("(4,8,2):(1,4,32)", "<2:1,4:2>"));
        assertEquals(Layout.parse("(1):(4)"), compose("(5,2):(4,0)", "<1:1>"));
    }

    @Test
    void pastItsSizeAIsReadThroughItsLastFlatModeBeforeCoalescing() {
        // CuTe's test "capping a layout with 1:0 extends in stride-0", and 1:1 o 4:1 = 4:1 (CuTe C++)
        assertEquals(Layout.parse("(4,3,2):(3,1,0)"), compose("(4,3,1):(3,1,0)", "24:1"));
        assertEquals(Layout.parse("4:1"), compose("1:1", "4:1"));
        assertEquals(Layout.parse("2:16"), compose("(1,1):(1,1)", "2:16"));
    }

    @Test
    void aModeOfBThatFitsInsideAModeOfANeedsNoDivisibility() {
        // CuTe C++: (4,6):(2,16) o (2,2):(3,4) = (_2,_2):(_6,_16): 2 elements of stride 3 inside a mode of size 4
        assertEquals(Layout.parse("(2,2):(6,16)"), compose("(4,6):(2,16)", "(2,2):(3,4)"));
    }

    @Test
    void aModeOfBThatCarriesOutOfAModeOfAIsRefusedWithCuTesWrongAnswer() {
        // CuTe C++ answers (_2,_2):(_3,_5) for (4,3):(1,5) o 4:3, but A(B(2)) = A(6) = 7 and R(2) = 5
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> compose("(4,3):(1,5)", "4:3"));
        assertMentions(e, "(4,3):(1,5) o 4:3", "does not divide 4", "carry", "CuTe C++ would answer (2,2):(3,5)",
                "at index 2 it gives 5", "A(6) = 7");
    }

    @Test
    void strideZeroModeOfBBroadcasts() {
        assertEquals(Layout.parse("(4,3):(2,0)"), compose("(8,8):(1,8)", "(4,3):(2,0)"));
    }

    @Test
    void aCompositionWhoseValuesLeaveTheLongRangeIsRefusedNotAnswered() {
        // issue 34: (4,4):(1,2^32) o (8):(2^31) answered (8):(2^61), whose value at 4 is 2^63. By definition R(c) =
        // A(B(c)) with A's last mode unbounded: B(c) = 2^31·c has coordinate (0, 2^29·c) in A, so R(c) = 2^61·c, and
        // R(7) = 7·2^61 is past 2^63−1: refused, naming the layout
        ArithmeticException e = assertThrows(ArithmeticException.class, () -> compose("(4,4):(1,4294967296)", "(8):(2147483648)"));
        assertTrue(e.getMessage().contains("(8):(2305843009213693952)") && e.getMessage().contains("past 2^63−1"), e.getMessage());
        // four points reach 3·2^61, which fits: the same composition answers
        assertEquals(Layout.parse("(4):(2305843009213693952)"), compose("(4,4):(1,4294967296)", "(4):(2147483648)"));
    }
}
