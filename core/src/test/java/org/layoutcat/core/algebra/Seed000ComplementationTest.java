package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * Seed 000 ("Bridging Math and Code: CuTe Layout Algebra in CuTeDSL — Complementation"): every value the
 * CuTeDSL snippets print.
 */
class Seed000ComplementationTest {

    private static long[] values(Layout l) {
        long[] out = new long[Math.toIntExact(l.size())];
        for (int i = 0; i < out.length; i++) out[i] = l.apply(i);
        return out;
    }

    @Test
    void layoutFunctionTable() {
        // seed 000 "Layout function": fL(i) for L = (2,4):(2,2), i = 0..7
        Layout l = Layout.of(IntTuple.flat(2, 4), IntTuple.flat(2, 2));
        assertArrayEquals(new long[] {0, 2, 2, 4, 4, 6, 6, 8}, values(l));
    }

    @Test
    void sortingChangesTheLayoutFunction() {
        // seed 000 "Sorted layouts": fL1 for (2,2):(3,1) (row major) and fL2 for (2,2):(1,3) (column major)
        assertArrayEquals(new long[] {0, 3, 1, 4}, values(Layout.parse("(2,2):(3,1)")));
        assertArrayEquals(new long[] {0, 1, 3, 4}, values(Layout.parse("(2,2):(1,3)")));
    }

    @Test
    void coalesceDropsTheShapeOneMode() {
        // seed 000 "Coalescing": prints "L = (2,1):(3,1), cL = 2:3"
        Layout l = Layout.parse("(2,1):(3,1)");
        Layout cl = Coalesce.coalesce(l);
        assertEquals("L = (2,1):(3,1), cL = 2:3", "L = " + l + ", cL = " + cl);
        assertArrayEquals(values(l), values(cl));
    }

    @Test
    void complementOfTwoFourWithRespectToSixteen() {
        // seed 000 "Complement": prints "L = (2,4):(1,2), cL = 2:8"
        Layout l = Layout.parse("(2,4):(1,2)");
        Layout cl = Complement.complement(l, 16);
        assertEquals("L = (2,4):(1,2), cL = 2:8", "L = " + l + ", cL = " + cl);
    }

    @Test
    void concatenationWithTheComplementIsTheIdentityOnSixteen() {
        // seed 000: (L, cL) = (2,4,2):(1,2,8) prints i -> i for i = 0..15
        Layout l = Layout.parse("(2,4):(1,2)");
        Layout concat = Layout.concat(l, Complement.complement(l, 16));
        assertEquals(Layout.parse("(2,4,2):(1,2,8)"), concat.flatten());
        long[] identity = new long[16];
        for (int i = 0; i < 16; i++) identity[i] = i;
        assertArrayEquals(identity, values(concat));
        assertArrayEquals(identity, values(Layout.parse("(2,4,2):(1,2,8)")));
    }

    @Test
    void concatenationWithTheComplementCanBeANonIdentityBijection() {
        // seed 000, the 32-entry table. The layout's formula was lost when the post was extracted; the table is
        // that of (L, comp(L, 32)) for L = 8:2 (and equally for L = (2,4):(2,4)): comp = (2,2):(1,16), "admissible
        // because 16 divides 32".
        long[] printed = {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15,
                16, 18, 20, 22, 24, 26, 28, 30, 17, 19, 21, 23, 25, 27, 29, 31};
        for (String s : new String[] {"8:2", "(2,4):(2,4)"}) {
            Layout l = Layout.parse(s);
            Layout comp = Complement.complement(l, 32);
            assertEquals(Layout.parse("(2,2):(1,16)"), comp, s);
            assertArrayEquals(printed, values(Layout.concat(l, comp)), s);
        }
    }
}
