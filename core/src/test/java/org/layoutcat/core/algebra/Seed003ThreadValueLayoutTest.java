package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * Seed 003 ("Thread Value Layouts in CuTe"): the TV layout {@code ((2,2),(2,3)):((2,12),(1,4))} over 24
 * elements. The kernel composes the tensor's layout with the TV layout and slices {@code (tidx, None)}; the
 * printout gives, per thread, the slice {@code ((2,3)):((1,4))}, its base pointer and its six values.
 */
class Seed003ThreadValueLayoutTest {
    private static final Layout TV = Layout.parse("((2,2),(2,3)):((2,12),(1,4))");

    /** seed 003: "DATA: ... o ((2,3)):((1,4)) = ( ... )" for TIDX 0..3. */
    private static final long[][] PRINTED = {
        {0, 1, 4, 5, 8, 9},
        {2, 3, 6, 7, 10, 11},
        {12, 13, 16, 17, 20, 21},
        {14, 15, 18, 19, 22, 23},
    };

    /** seed 003: the base pointers 0x...00, 0x...08, 0x...30, 0x...38 of i32 elements, in elements. */
    private static final long[] BASE = {0x00 / 4, 0x08 / 4, 0x30 / 4, 0x38 / 4};

    @Test
    void tvLayoutPrintsAsGiven() {
        // seed 003: "TV Layout: ((2,2),(2,3)):((2,12),(1,4))"
        assertEquals("TV Layout: ((2,2),(2,3)):((2,12),(1,4))", "TV Layout: " + TV);
        assertEquals(4, TV.mode(0).size()); // block = size(tv_layout, mode=[0]) threads
        assertEquals(24, TV.size());
    }

    @Test
    void composingTheTensorLayoutWithTheTvLayoutGivesTheTvLayout() {
        // seed 003: mA has layout (24,1):(1,0) (later printed (24,1):(1,1)); both coalesce to 24:1, the identity
        for (String ma : new String[] {"(24,1):(1,0)", "(24,1):(1,1)"}) {
            Layout composed = Composition.compose(Layout.parse(ma), TV);
            assertEquals(TV, composed, ma);
        }
    }

    @Test
    void eachThreadGetsTheValuesPrinted() {
        // seed 003: composed[(tidx, None)], the layout function at coordinate (t, v)
        Layout composed = Composition.compose(Layout.parse("(24,1):(1,0)"), TV);
        for (int t = 0; t < 4; t++) {
            long[] data = new long[6];
            for (int v = 0; v < 6; v++) data[v] = composed.apply(IntTuple.of(IntTuple.of(t), IntTuple.of(v)));
            assertArrayEquals(PRINTED[t], data, "thread " + t);
        }
    }

    @Test
    void theSliceOfAThreadIsItsBasePlusTheValueLayout() {
        // seed 003: the slice (tidx, None) is the pointer base(tidx) composed with ((2,3)):((1,4))
        Layout composed = Composition.compose(Layout.parse("(24,1):(1,0)"), TV);
        Layout values = composed.mode(1);
        assertEquals(Layout.parse("(2,3):(1,4)"), values);
        assertEquals("((2,3)):((1,4))", Layout.concat(values).toString());
        for (int t = 0; t < 4; t++) {
            long base = composed.mode(0).apply(t);
            assertEquals(BASE[t], base, "base of thread " + t);
            for (int v = 0; v < 6; v++) assertEquals(PRINTED[t][v], base + values.apply(v), "thread " + t + " value " + v);
        }
    }

    @Test
    void theThreadsShareOutAllTwentyFourElements() {
        // seed 003: "Assign values in memory to threads": every element of the 24 goes to exactly one (t, v)
        // (the TV layout's own values: 24 distinct ones in [0, 24) reach every element)
        boolean[] seen = new boolean[24];
        for (int t = 0; t < 4; t++) {
            for (int v = 0; v < 6; v++) {
                long x = TV.apply(IntTuple.of(IntTuple.of(t), IntTuple.of(v)));
                assertTrue(0 <= x && x < 24 && !seen[(int) x], "element " + x + " of thread " + t + " value " + v
                        + " lies outside the 24 or is assigned twice");
                seen[(int) x] = true;
            }
        }
        assertTrue(TV.isInjective());
        assertEquals(24, TV.cosize());
    }
}
