package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
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
        assertTablesArePointwise(l);
    }

    /** Layouts of many blocks (a block holds 4096 entries), and of first modes longer than a block. */
    @Property(tries = 60)
    void tableEqualsTheLayoutFunctionPointwiseAcrossBlocks(@ForAll("largeLayouts") Layout l) {
        assertTablesArePointwise(l);
    }

    /** The long and int tables of L hold Φ(i) at every i. */
    private static void assertTablesArePointwise(Layout l) {
        long[] table = LayoutFunction.table(l);
        int[] ints = new int[table.length];
        LayoutFunction.tabulate(l, ints);
        for (int i = 0; i < table.length; i++) {
            assertEquals(l.apply(i), table[i], "Φ(" + i + ") of " + l);
            assertEquals(l.apply(i), ints[i], "Φ(" + i + ") of " + l);
        }
    }

    @Example
    void aFirstModeLongerThanABlockIsTabulatedAsRuns() {
        Layout l = Layout.parse("(5000,3):(3,1)"); // coalesce keeps both modes; the first exceeds 4096
        long[] table = LayoutFunction.table(l);
        for (int i = 0; i < table.length; i++) assertEquals(l.apply(i), table[i], "Φ(" + i + ")");
    }

    @Provide
    Arbitrary<Layout> largeLayouts() {
        Arbitrary<long[]> shapes = Arbitraries.longs().between(1, 24).array(long[].class).ofMinSize(3).ofMaxSize(4)
                .filter(s -> java.util.Arrays.stream(s).reduce(1, (x, y) -> x * y) > 4096);
        return shapes.flatMap(s -> Arbitraries.longs().between(-50, 400).array(long[].class).ofSize(s.length)
                .map(d -> Layout.flat(s, d)));
    }

    @Provide
    Arbitrary<Layout> layouts() {
        Arbitrary<long[]> shapes = Arbitraries.longs().between(1, 6).array(long[].class).ofMinSize(1).ofMaxSize(4);
        return shapes.flatMap(s -> Arbitraries.longs().between(-7, 40).array(long[].class).ofSize(s.length)
                .map(d -> Layout.flat(s, d)));
    }
}
