package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Seed 001 ("Intuition behind Hierarchical Layouts"): the five tables index → hierarchical coordinate printed
 * by {@code layout.get_hier_coord(idx)}, every row, plus the printed layouts themselves.
 *
 * <p>{@code get_hier_coord} is CuTe's {@code idx2crd(idx, shape, stride)}: it reads idx as an offset and gives
 * the coordinate that the layout maps there ({@link Layout#hierCoord(long)}), not the column-major coordinate
 * of a domain index ({@link Layout#idx2crd(long)}, CuTe's {@code idx2crd(idx, shape)}). The tables differ for
 * the same shape with different strides, e.g. (2,(2,2)):(2,(1,4)) and (2,(2,2)):(1,(4,2)).
 */
class Seed001HierarchicalLayoutsTest {

    /**
     * Asserts the printed form and {@code get_hier_coord(i)} row by row; each layout is a bijection onto
     * [0, size), so L(coordinate of i) = i; the column-major idx2crd/crd2idx of that coordinate are inverse.
     */
    private static void assertCoordinateTable(String printed, String... coordinates) {
        Layout l = Layout.parse(printed);
        assertEquals(printed, l.toString());
        assertEquals(coordinates.length, l.size());
        for (int i = 0; i < coordinates.length; i++) {
            IntTuple crd = IntTuple.parse(coordinates[i]);
            assertEquals(crd, l.hierCoord(i), "get_hier_coord(" + i + ") of " + printed);
            assertEquals(i, l.apply(crd), "L(" + crd + ") of " + printed);
            assertEquals(crd, l.idx2crd(l.crd2idx(crd)), "idx2crd(crd2idx(" + crd + ")) of " + printed);
        }
    }

    @Test
    void cubeOfTwoKMajorPlanes() {
        // seed 001, the cube: two K-major planes, (2,2,2):(2,1,4)
        assertCoordinateTable("(2,2,2):(2,1,4)",
                "(0,0,0)", "(0,1,0)", "(1,0,0)", "(1,1,0)", "(0,0,1)", "(0,1,1)", "(1,0,1)", "(1,1,1)");
    }

    @Test
    void cubeAsFourByTwoMatrix() {
        // seed 001, the cube read as a 4x2 matrix with a 2-d index in mode 0
        assertCoordinateTable("((2,2),2):((2,4),1)",
                "((0,0),0)", "((0,0),1)", "((1,0),0)", "((1,0),1)", "((0,1),0)", "((0,1),1)", "((1,1),0)", "((1,1),1)");
    }

    @Test
    void cubeAsTwoByFourMatrix() {
        // seed 001, the cube read as a 2x4 matrix with a 2-d index in mode 1
        assertCoordinateTable("(2,(2,2)):(2,(1,4))",
                "(0,(0,0))", "(0,(1,0))", "(1,(0,0))", "(1,(1,0))", "(0,(0,1))", "(0,(1,1))", "(1,(0,1))", "(1,(1,1))");
    }

    @Test
    void subLayoutFourTwoInModeOne() {
        // seed 001, (2,(2,2)):(1,(4,2))
        assertCoordinateTable("(2,(2,2)):(1,(4,2))",
                "(0,(0,0))", "(1,(0,0))", "(0,(0,1))", "(1,(0,1))", "(0,(1,0))", "(1,(1,0))", "(0,(1,1))", "(1,(1,1))");
    }

    @Test
    void twoNestedTwoByTwoModes() {
        // seed 001, the "very difficult pattern" ((2,2),(2,2)):((1,8),(2,4)), all 16 rows
        assertCoordinateTable("((2,2),(2,2)):((1,8),(2,4))",
                "((0,0),(0,0))", "((1,0),(0,0))", "((0,0),(1,0))", "((1,0),(1,0))",
                "((0,0),(0,1))", "((1,0),(0,1))", "((0,0),(1,1))", "((1,0),(1,1))",
                "((0,1),(0,0))", "((1,1),(0,0))", "((0,1),(1,0))", "((1,1),(1,0))",
                "((0,1),(0,1))", "((1,1),(0,1))", "((0,1),(1,1))", "((1,1),(1,1))");
    }

    @Test
    void columnMajorCoordinatesIgnoreTheStrides() {
        // seed 001: the shape (2,(2,2)) appears with two stride patterns; CuTe's idx2crd(i, shape) is the same
        // for both, and L(idx2crd(i)) = L(i)
        Layout p = Layout.parse("(2,(2,2)):(2,(1,4))");
        Layout q = Layout.parse("(2,(2,2)):(1,(4,2))");
        String[] colMajor = {"(0,(0,0))", "(1,(0,0))", "(0,(1,0))", "(1,(1,0))", "(0,(0,1))", "(1,(0,1))", "(0,(1,1))", "(1,(1,1))"};
        for (int i = 0; i < 8; i++) {
            assertEquals(IntTuple.parse(colMajor[i]), p.idx2crd(i));
            assertEquals(IntTuple.parse(colMajor[i]), q.idx2crd(i));
            assertEquals(p.apply(i), p.apply(p.idx2crd(i)));
            assertEquals(q.apply(i), q.apply(q.idx2crd(i)));
        }
    }

    @Test
    void theLayoutsOfTheCubeAreBijectionsOntoEightOffsets() {
        // seed 001: the pictures lay the 8 elements of the cube out in memory once each
        for (String s : new String[] {"(2,2,2):(2,1,4)", "((2,2),2):((2,4),1)", "(2,(2,2)):(2,(1,4))",
                "(2,(2,2)):(1,(4,2))"}) {
            Layout l = Layout.parse(s);
            assertEquals(8, l.cosize(), s);
            assertEquals(true, l.isInjective(), s);
        }
        Layout big = Layout.parse("((2,2),(2,2)):((1,8),(2,4))");
        assertEquals(16, big.cosize());
        assertEquals(true, big.isInjective());
    }
}
