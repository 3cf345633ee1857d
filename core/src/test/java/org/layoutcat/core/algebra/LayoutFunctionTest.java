package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;

class LayoutFunctionTest {

    @Test
    void tableOfTheSeedLayoutFunction() {
        // seed 000, "Layout function": (2,4):(2,2) prints fL(0..7) = 0 2 2 4 4 6 6 8
        assertArrayEquals(new long[] {0, 2, 2, 4, 4, 6, 6, 8}, LayoutFunction.table(Layout.parse("(2,4):(2,2)")));
    }

    @Test
    void intTableOfATranspose() {
        int[] out = new int[12];
        LayoutFunction.tabulate(Layout.parse("(3,4):(4,1)"), out);
        assertArrayEquals(new int[] {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}, out);
    }

    @Test
    void intTableRefusesOffsetsBeyondInt() {
        assertThrows(ArithmeticException.class, () -> LayoutFunction.tabulate(Layout.parse("(2,2):(1,4294967296)"), new int[4]));
    }

    @Test
    void tooSmallArrayIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LayoutFunction.tabulate(Layout.parse("(4,4):(1,4)"), new long[15]));
        assertEquals("the table of (4,4):(1,4) needs 16 entries, the array holds 15", e.getMessage());
    }

    @Property(tries = 500)
    void tableEqualsTheLayoutFunctionPointwise(@ForAll("layouts") Layout l) {
        long[] table = LayoutFunction.table(l);
        int[] ints = new int[table.length];
        LayoutFunction.tabulate(l, ints);
        for (int i = 0; i < table.length; i++) {
            assertEquals(l.apply(i), table[i], "Φ(" + i + ") of " + l);
            assertEquals(l.apply(i), ints[i], "Φ(" + i + ") of " + l);
        }
    }

    @Provide
    Arbitrary<Layout> layouts() {
        Arbitrary<long[]> shapes = Arbitraries.longs().between(1, 6).array(long[].class).ofMinSize(1).ofMaxSize(4);
        return shapes.flatMap(s -> Arbitraries.longs().between(-7, 40).array(long[].class).ofSize(s.length)
                .map(d -> Layout.flat(s, d)));
    }
}
