package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The notation: what parses to what, and parse errors that quote the text and give the position. */
class CuTeNotationTest {

    private static IllegalArgumentException layoutError(String text) {
        return assertThrows(IllegalArgumentException.class, () -> Layout.parse(text), text);
    }

    private static void assertMentions(Exception e, String... parts) {
        for (String p : parts) assertTrue(e.getMessage().contains(p), "\"" + p + "\" in: " + e.getMessage());
    }

    @Test
    void spacesAndStaticMarksAreAccepted() {
        // CuTe prints static integers as _4 (seed 004 §2.1 output) and people write spaces
        assertEquals(Layout.parse("(4,(2,2)):(1,(4,8))"), Layout.parse(" ( _4 , ( _2,2 ) ) : ( 1 , (_4, 8) ) "));
        assertEquals(IntTuple.parse("(2,(3,4))"), IntTuple.parse("(_2, (_3, _4))"));
        assertEquals(Tiler.parse("<3:4,8:2>"), Tiler.parse(" < _3 : _4 , _8 : _2 > "));
        assertEquals("(4,(2,2)):(1,(4,8))", Layout.parse("( 4, (2, 2)) : (1, (4, 8))").toString());
    }

    @Test
    void anIntegerAndARankOneTupleDiffer() {
        assertNotEquals(IntTuple.parse("8"), IntTuple.parse("(8)"));
        assertEquals(1, IntTuple.parse("(8)").rank());
        assertTrue(IntTuple.parse("(8)").isTuple());
        assertEquals("((3,10,2)):((280,14,1))", Layout.parse("((3,10,2)):((280,14,1))").toString());
        assertEquals(IntTuple.EMPTY, IntTuple.parse("()"));
    }

    @Test
    void aPlainShapeIsItsColumnMajorLayout() {
        assertEquals(Layout.parse("(2,(3,4)):(1,(2,6))"), Layout.parse("(2,(3,4))"));
    }

    @Test
    void aPlainShapeAsTilerIsByMode() {
        // seed 004 §3.1.4: a shape (3,8) used as a tiler is <3:1,8:1>; an integer n is n:1
        assertEquals(Tiler.ByMode.of(Layout.of(3, 1), Layout.of(8, 1)), Tiler.parse("(3,8)"));
        assertEquals(Layout.of(5, 1), Tiler.parse("5"));
        assertEquals(Tiler.ByMode.of(Layout.of(3, 1), Tiler.ByMode.of(Layout.of(2, 1), Layout.of(4, 1))), Tiler.parse("<3,(2,4)>"));
    }

    @Test
    void unclosedTupleGivesThePositionOfTheEnd() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IntTuple.parse("(2,3"));
        assertMentions(e, "\"(2,3\"", "position 4", "end of text", "expected ',' or ')'");
    }

    @Test
    void wrongSeparatorGivesItsPosition() {
        IllegalArgumentException e = layoutError("(2;3):(1,2)");
        assertMentions(e, "\"(2;3):(1,2)\"", "position 2", "';'");
    }

    @Test
    void aTrailingCommaNamesCuTesOneModeTuple() {
        IllegalArgumentException e = layoutError("(8,):(1,)");
        assertMentions(e, "\"(8,):(1,)\"", "position 3", "trailing comma", "(8)");
    }

    @Test
    void missingStrideGivesThePositionAfterTheColon() {
        IllegalArgumentException e = layoutError("(2,3):");
        assertMentions(e, "\"(2,3):\"", "position 6", "expected an integer or '('");
    }

    @Test
    void aCharacterPastLatin1IsRefusedWhereItIs() {
        // U+0128 and U+2028: their low bytes are '(' and '(' again; the reader must not take them for brackets
        assertMentions(layoutError("(2,\u01283):(1,2)"), "position 3", "'\u0128'");
        assertMentions(layoutError("\u2028(2,3):(1,2)"), "position 0", "'\u2028'");
        // a surrogate pair counts two positions, as the text's characters do
        assertMentions(layoutError("(2,\uD83D\uDE00):(1,2)"), "position 3", "expected an integer or '('");
        assertMentions(layoutError("(\uD83D\uDE00,2;3)"), "position 1");
        assertMentions(layoutError("(2,3)\uD83D\uDE00:(1,2)x"), "position 5", "unexpected text after the end");
        // Latin-1 beyond ASCII is refused too, at its own position
        assertMentions(layoutError("(2,3):(1,\u00A02)"), "position 9", "'\u00A0'");
        assertEquals(Layout.parse("(2,3):(1,2)"), Layout.parse(" (2, 3) : (1 ,2)\t"));
    }

    @Test
    void trailingTextIsAnError() {
        IllegalArgumentException e = layoutError("4:1 x");
        assertMentions(e, "position 4", "'x'", "unexpected text after the end");
        IllegalArgumentException t = assertThrows(IllegalArgumentException.class, () -> IntTuple.parse("2:3"));
        assertMentions(t, "position 1", "':'");
    }

    @Test
    void emptyAndNullTextAreErrors() {
        assertMentions(layoutError(""), "position 0", "end of text");
        assertMentions(layoutError("   "), "position 3", "end of text");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> Layout.parse(null)), "null");
    }

    @Test
    void anIntegerBeyondSixtyFourBitsIsAnError() {
        IllegalArgumentException e = layoutError("(2,99999999999999999999):(1,2)");
        assertMentions(e, "position 3", "does not fit in 64 bits");
    }

    @Test
    void emptyByModeTilerIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tiler.parse("<>"));
        assertMentions(e, "\"<>\"", "position 1", "at least one entry");
        IllegalArgumentException f = assertThrows(IllegalArgumentException.class, () -> Tiler.parse("<3:1;2:1>"));
        assertMentions(f, "position 4", "expected ',' or '>'");
    }

    @Test
    void nonCongruentShapeAndStrideNameBothAndThePosition() {
        IllegalArgumentException e = layoutError("(2,(3,4)):(1,3)");
        assertMentions(e, "\"(2,(3,4)):(1,3)\"", "position 0", "shape (2,(3,4))", "stride (1,3)", "not congruent");
        IllegalArgumentException f = layoutError("4:(1,2)");
        assertMentions(f, "shape 4", "stride (1,2)", "not congruent");
    }

    @Test
    void negativeShapeIsAnErrorAndZeroAnExtentOfSizeZero() {
        // CuTe C++: make_layout((_2,_0),(_1,_2)) has size _0; make_layout((_2,_0)) = (_2,_0):(_1,_2)
        assertEquals(0, Layout.parse("(2,0):(1,2)").size());
        assertEquals("(2,0):(1,2)", Layout.parse("(2,0)").toString());
        assertMentions(layoutError("(2,-3):(1,2)"), "position 0", "shape (2,-3)", "negative entry", "0 or more");
        assertMentions(layoutError("(2,-3)"), "shape (2,-3)", "negative entry");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> Tiler.parse("<4:1,(2,0)>")), "position 5", "non-positive");
    }

    @Test
    void aSizeBeyondSixtyFourBitsIsAnErrorAtThePosition() {
        // parse turns the overflow of the size into a parse error naming the text and position
        IllegalArgumentException e = layoutError("(4294967296,4294967296):(1,1)");
        assertMentions(e, "position 0", "overflow", "64-bit range");
        assertTrue(e.getCause() instanceof ArithmeticException);
    }

    @Test
    void inputPastTheDocumentedLimitsIsRefusedByName() {
        // 64 levels read, the 65th refused (no deep recursion, no StackOverflowError)
        String deep64 = "(".repeat(63) + "4" + ")".repeat(63);
        assertEquals(4, Layout.parse(deep64 + ":" + "(".repeat(63) + "1" + ")".repeat(63)).size());
        String deep = "(".repeat(5000) + "4" + ")".repeat(5000);
        assertMentions(assertThrows(IllegalArgumentException.class, () -> Layout.parse(deep)), "nesting deeper than 64");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> Tiler.parse("<".repeat(100) + "4:1" + ">".repeat(100))),
                "nesting deeper than 64");
        String many = "(" + "2,".repeat(Limits.MAX_FLAT_MODES) + "2)";
        assertMentions(assertThrows(IllegalArgumentException.class, () -> IntTuple.parse(many)), "more than 4096 integers");
        String huge = "(" + "1,".repeat(Limits.MAX_TEXT_LENGTH / 2) + "1)";
        assertMentions(assertThrows(IllegalArgumentException.class, () -> IntTuple.parse(huge)), "longer than the 1048576");
    }
}
