package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Layout values: construction checks, the layout function, coordinates, and their errors. */
class LayoutTest {

    private static void assertMentions(Exception e, String... parts) {
        for (String p : parts) assertTrue(e.getMessage().contains(p), "\"" + p + "\" in: " + e.getMessage());
    }

    @Test
    void constructionRejectsNonCongruentStride() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Layout.of(IntTuple.parse("(2,3)"), IntTuple.parse("(1,(3,3))")));
        assertMentions(e, "shape (2,3)", "stride (1,(3,3))", "not congruent");
        IllegalArgumentException f = assertThrows(IllegalArgumentException.class,
                () -> Layout.flat(new long[] {2, 3}, new long[] {1}));
        assertMentions(f, "2 shapes", "1 strides");
    }

    @Test
    void constructionRejectsNonPositiveShape() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Layout.of(0, 1));
        assertMentions(e, "shape 0", "non-positive");
        IllegalArgumentException f = assertThrows(IllegalArgumentException.class,
                () -> Layout.of(IntTuple.parse("(2,(3,-1))"), IntTuple.parse("(1,(2,6))")));
        assertMentions(f, "shape (2,(3,-1))", "non-positive");
    }

    @Test
    void constructionRejectsASizeBeyondSixtyFourBits() {
        ArithmeticException e = assertThrows(ArithmeticException.class,
                () -> Layout.of(IntTuple.flat(1L << 32, 1L << 32), IntTuple.flat(1, 1)));
        assertMentions(e, "overflow", "size of (4294967296,4294967296)");
        assertThrows(ArithmeticException.class, () -> Layout.colMajor(IntTuple.flat(1L << 40, 1L << 30, 2)));
    }

    @Test
    void layoutFunctionIsColexicographicWithTheLastModeUnbounded() {
        Layout l = Layout.parse("(4,(2,2)):(1,(4,8))");
        for (long i = 0; i < 16; i++) assertEquals(i, l.apply(i));
        assertEquals(16, l.apply(16)); // the last mode (stride 8) counts on past its extent
        assertEquals(16, l.cosize());
        assertEquals(3, l.flatRank());
        assertEquals(2, l.rank());
        assertEquals(2, l.depth());
        assertEquals(Layout.parse("(4,2,2):(1,4,8)"), l.flatten());
    }

    @Test
    void trivialLayoutIsOneStrideZero() {
        assertEquals(Layout.parse("1:0"), Layout.TRIVIAL);
        assertEquals(1, Layout.TRIVIAL.size());
        assertEquals(1, Layout.TRIVIAL.cosize());
    }

    @Test
    void negativeIndexIsAnError() {
        Layout l = Layout.parse("(2,3):(1,2)");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.apply(-1)), "index -1", "(2,3):(1,2)", "negative");
    }

    @Test
    void coordinateOutsideItsModeIsAnError() {
        Layout l = Layout.parse("(2,(3,4)):(1,(2,6))");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.apply(IntTuple.parse("(2,(0,0))"))),
                "coordinate 2", "[0,2)", "(2,(3,4)):(1,(2,6))");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.apply(IntTuple.parse("(0,12)"))),
                "coordinate 12", "[0,12)");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.apply(IntTuple.of(24))),
                "coordinate 24", "[0,24)");
        assertEquals(l.apply(IntTuple.parse("(1,(2,3))")), l.apply(IntTuple.parse("(1,11)")));
    }

    @Test
    void nonCongruentCoordinateIsAnError() {
        Layout l = Layout.parse("(2,(3,4)):(1,(2,6))");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.apply(IntTuple.parse("(0,0,0)"))),
                "coordinate (0,0,0)", "not congruent", "shape (2,(3,4))");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.apply(IntTuple.parse("((0,1),0)"))),
                "not congruent", "shape 2");
    }

    @Test
    void idx2crdOutsideTheDomainIsAnError() {
        Layout l = Layout.parse("(2,3):(3,1)");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.idx2crd(6)), "index 6", "[0,6)", "(2,3):(3,1)");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.idx2crd(-1)), "index -1");
        assertEquals(IntTuple.parse("(1,2)"), l.idx2crd(5));
        assertEquals(5, l.crd2idx(IntTuple.parse("(1,2)")));
    }

    @Test
    void idx2crdOfACoordinateSplitsEachIntegerAgainstItsMode() {
        // CuTe C++ (CUTLASS headers): idx2crd(make_coord(1,5), make_shape(3,make_shape(2,3))) = (1,(1,2)),
        // idx2crd(make_coord(2,make_coord(1,2)), same shape) = (2,(1,2)), idx2crd(7, (2,(3,4))) = (1,(0,1)),
        // idx2crd(make_coord(3,1), ((2,2),(3,4))) = ((1,1),(1,0))
        Layout l = Layout.parse("(3,(2,3)):(1,(3,6))");
        assertEquals(IntTuple.parse("(1,(1,2))"), l.idx2crd(IntTuple.parse("(1,5)")));
        assertEquals(IntTuple.parse("(2,(1,2))"), l.idx2crd(IntTuple.parse("(2,(1,2))")));
        assertEquals(IntTuple.parse("(1,(0,1))"), Layout.parse("(2,(3,4)):(1,(2,6))").idx2crd(IntTuple.parse("7")));
        assertEquals(IntTuple.parse("((1,1),(1,0))"), Layout.colMajor(IntTuple.parse("((2,2),(3,4))")).idx2crd(IntTuple.parse("(3,1)")));
        // CuTe's static_asserts: mismatched ranks, a tuple against an integer ("Invalid parameters"); and the bounds
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.idx2crd(IntTuple.parse("(1,2,3)"))),
                "idx2crd of (1,2,3)", "rank 3", "rank 2");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.idx2crd(IntTuple.parse("((1,0),5)"))),
                "idx2crd of ((1,0),5)", "(1,0) has rank 2", "an integer");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.idx2crd(IntTuple.parse("(1,6)"))),
                "6 is outside [0,6) of the mode (2,3)");
    }

    @Test
    void hierCoordNeedsPositiveStrides() {
        // CuTe's get_hier_coord divides by the stride: a stride-0 mode of extent > 1 has no coordinate
        Layout l = Layout.parse("(2,3):(0,1)");
        assertMentions(assertThrows(IllegalArgumentException.class, () -> l.hierCoord(1)), "(2,3):(0,1)", "mode 2:0", "stride ≤ 0");
        assertEquals(IntTuple.parse("(0,2)"), Layout.parse("(1,4):(0,1)").hierCoord(2));
        assertEquals(IntTuple.parse("(1,2)"), Layout.parse("(2,3):(3,1)").hierCoord(5)); // row-major: 5 = 1*3 + 2
    }

    @Test
    void coordinateOfIsRefusedAtAnOffsetTheLayoutNeverTakes() {
        // CuTe's get_hier_coord(3) of 8:2 computes (3 / 2) mod 8 = 1, where the layout takes 2, not 3; its own
        // post-condition crd2idx(coord, shape, stride) == offset fails, so the offset has no coordinate
        assertMentions(assertThrows(IllegalArgumentException.class, () -> Layout.parse("8:2").coordinateOf(3)),
                "offset 3", "8:2", "where L takes 2, not 3");
        // (6,2,8):(16,3,32) at 6: (6/16) mod 6, (6/3) mod 2, (6/32) mod 8 = (0,0,0), where it takes 0
        assertMentions(assertThrows(IllegalArgumentException.class, () -> Layout.parse("(6,2,8):(16,3,32)").coordinateOf(6)),
                "offset 6", "(0,0,0)", "takes 0, not 6");
        // the table's old example: 9 is taken, at (1,(1,1)), but not at CuTe's (1,(0,0)), where L takes 6
        assertMentions(assertThrows(IllegalArgumentException.class, () -> Layout.parse("(2,(3,4)):(6,(1,2))").coordinateOf(9)),
                "(1,(0,0))", "takes 6, not 9");
        assertEquals(IntTuple.parse("(0,(0,3))"), Layout.parse("(2,(3,4)):(12,(1,3))").coordinateOf(9));
        assertEquals(IntTuple.parse("2"), Layout.parse("8:2").coordinateOf(4)); // 4 = 2·2 is taken
        assertEquals(IntTuple.parse("1"), Layout.parse("8:2").hierCoord(3)); // CuTe's get_hier_coord, unchecked
    }

    @Test
    void injectivity() {
        assertTrue(Layout.parse("(2,2):(1,3)").isInjective());
        assertTrue(Layout.parse("(3,2):(2,3)").isInjective()); // 0,2,4,3,5,7: not nesting yet injective
        assertTrue(Layout.parse("(3,2):(2,1)").isInjective()); // 0,2,4,1,3,5
        assertFalse(Layout.parse("(2,2):(1,1)").isInjective()); // 0,1,1,2
        assertTrue(Layout.parse("(4,2):(2,3)").isInjective()); // 0,2,4,6,3,5,7,9
        assertFalse(Layout.parse("(4,2):(1,2)").isInjective()); // 0,1,2,3,2,...
        assertFalse(Layout.parse("(3,3):(0,1)").isInjective()); // a stride-0 mode of extent 3
        assertTrue(Layout.parse("(1,3):(0,1)").isInjective()); // a stride-0 mode of extent 1 is harmless

    }

    // a layout whose hash computes to 0 (the mark of "not computed") keeps one hash, and a set finds it
    @Test
    void hashIsStableEvenWhereItComputesToZero() {
        Layout l = Layout.of(4, 4294937350L);
        int first = l.hashCode();
        assertEquals(first, l.hashCode());
        assertEquals(first, Layout.of(4, 4294937350L).hashCode());
        java.util.Set<Layout> set = new java.util.HashSet<>();
        set.add(l);
        assertTrue(set.contains(Layout.parse("4:4294937350")));
    }

    @Test
    void aModeOutOfRangeIsNamedByTheShape() {
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> Layout.parse("(4,(2,2)):(1,(4,8))").mode(99));
        assertEquals("mode 99 of (4,(2,2)) (rank 2)", e.getMessage());
        e = assertThrows(IndexOutOfBoundsException.class, () -> Layout.parse("4:1").mode(1));
        assertEquals("mode 1 of the integer 4 (rank 1)", e.getMessage());
        assertEquals(Layout.parse("4:1"), Layout.parse("4:1").mode(0));
    }

    @Test
    void aLayoutIsBuiltOnlyWhereEveryValueFitsIn64Bits() {
        // issue 34: (8,4):(2^62,2) was accepted. Its largest value is 7·2^62 + 3·2 = 32281802128991715334 (at (7,3)).
        // Built from values, the refusal is an ArithmeticException; parsed, the parser's LayoutArgumentException
        // gives the position before the same words
        ArithmeticException e = assertThrows(ArithmeticException.class,
                () -> Layout.of(IntTuple.parse("(8,4)"), IntTuple.parse("(4611686018427387904,2)")));
        assertMentions(e, "the offsets of (8,4):(4611686018427387904,2) overflow the 64-bit range", "32281802128991715334",
                "past 2^63−1");
        assertMentions(assertThrows(LayoutArgumentException.class, () -> Layout.parse("(8,4):(4611686018427387904,2)")), e.getMessage());
        // at the bound: 2^62 + (2^62 − 1) = 2^63 − 1 is built and reached at index 3; one more is refused
        assertEquals(Long.MAX_VALUE, Layout.parse("(2,2):(4611686018427387904,4611686018427387903)").apply(3));
        assertMentions(assertThrows(ArithmeticException.class, () -> Layout.flat(new long[] {2, 2}, new long[] {1L << 62, 1L << 62})),
                "9223372036854775808", "past 2^63−1");
        // the least value: −2^63 fits, one below does not
        assertEquals(Long.MIN_VALUE, Layout.of(2, Long.MIN_VALUE).apply(1));
        assertMentions(assertThrows(ArithmeticException.class, () -> Layout.flat(new long[] {2, 2}, new long[] {Long.MIN_VALUE, -1})),
                "-9223372036854775809", "below −2^63");
        // every way of building a layout passes the one check: concat (3·2^61 + 2^62 = 5·2^61), new strides, flat arrays
        assertThrows(ArithmeticException.class, () -> Layout.concat(Layout.of(4, 1L << 61), Layout.of(2, 1L << 62)));
        assertThrows(ArithmeticException.class, () -> Layout.parse("(4,2):(1,1)").withFlatStrides(new long[] {1L << 61, 1L << 62}));
        assertThrows(ArithmeticException.class, () -> Layout.flat(new long[] {3, 3}, new long[] {Long.MAX_VALUE, 1}));
        assertThrows(ArithmeticException.class, () -> Layout.of(3, Long.MAX_VALUE));
        // a mode of extent 1 reaches only 0, whatever its stride
        assertEquals(0, Layout.parse("(1,2):(9223372036854775807,3)").apply(0));
    }

    @Test
    void cosizeIsCuTesOnePlusTheSumOfExtentsLessOneTimesAbsoluteStrides() {
        // issue 34: cosize((4,3):(-1,-4)) was -10 and cosize(4:-1) was -2. CuTe C++ (layout.hpp: coshape sums
        // (s−1)·|d|, cosize is its size), compiled against /work/cutlass/include, prints 12, _4, 12 and 12 for these four
        assertEquals(12, Layout.parse("(4,3):(-1,-4)").cosize());
        assertEquals(4, Layout.parse("4:-1").cosize());
        assertEquals(12, Layout.parse("(4,3):(1,-4)").cosize());
        assertEquals(12, Layout.parse("(4,3):(-1,4)").cosize());
        assertEquals(1, Layout.parse("():()").cosize()); // CuTe prints size _1, cosize _1 for ():()
        // 1 + 2·(2^62) + ... : 1 + (2^63 − 1) is past the range, though every value fits
        assertMentions(assertThrows(ArithmeticException.class, () -> Layout.parse("(2,2):(4611686018427387904,-4611686018427387904)").cosize()),
                "cosize", "9223372036854775809");
    }

    @Test
    void theLayoutWithNoModesHasTheOneIndexZero() {
        // ():() has size 1 (the empty product; CuTe's size of ():() is _1) and maps 0 to 0; it has no last mode to
        // extend, so index 1 is outside its domain. Issue 34: eval at 1 answered "Index -1 out of bounds for length 0"
        Layout empty = Layout.parse("():()");
        assertEquals(1, empty.size());
        assertEquals(0, empty.apply(0));
        for (int attempt = 0; attempt < 2; attempt++) { // the same words every time
            LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> empty.apply(1));
            assertEquals("index 1 is outside [0,1) of ():(): a layout with no modes has size 1 and no last mode to extend past it", e.getMessage());
        }
        assertEquals(IntTuple.of(0), empty.value(IntTuple.of(0)));
        assertThrows(LayoutArgumentException.class, () -> empty.value(IntTuple.of(1)));
        assertThrows(LayoutArgumentException.class, () -> CoordLayout.of(empty).apply(1));
    }
}
