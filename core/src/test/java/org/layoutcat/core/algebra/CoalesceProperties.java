package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArbitraries;

/** Coalesce keeps the size and the layout function; filter keeps the image. */
class CoalesceProperties {

    @Provide
    Arbitrary<Layout> layouts() {
        return LayoutArbitraries.anyLayouts();
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property
    void coalescePreservesLayoutFunction(@ForAll("layouts") Layout l) {
        Layout c = Coalesce.coalesce(l);
        assertEquals(l.size(), c.size(), "size of coalesce(" + l + ") = " + c);
        for (long i = 0; i < l.size(); i++) assertEquals(l.apply(i), c.apply(i), "coalesce(" + l + ") = " + c + " at " + i);
        assertTrue(c.flatRank() <= l.flatRank());
        assertTrue(c.depth() <= 1, "coalesce gives a flat layout: " + c);
        // no shape-1 mode is left (but in 1:0), and no two neighbours could merge further
        for (int k = 0; k < c.flatRank(); k++) {
            assertTrue(c.flatShape(k) != 1 || c.equals(Layout.TRIVIAL), c.toString());
            if (k > 0) assertTrue(c.flatShape(k - 1) * c.flatStride(k - 1) != c.flatStride(k), "mergeable modes left in " + c);
        }
        assertEquals(c, Coalesce.coalesce(c), "coalesce is idempotent");
    }

    @Property
    void coalesceByProfilePreservesLayoutFunctionAndRank(@ForAll("layouts") Layout l, @ForAll("seeds") long seed) {
        IntTuple profile = randomProfile(l.shape(), new Random(seed), true);
        Layout c = Coalesce.coalesce(l, profile);
        assertEquals(l.size(), c.size());
        for (long i = 0; i < l.size(); i++) assertEquals(l.apply(i), c.apply(i), "coalesce(" + l + ", " + profile + ") = " + c);
        if (profile.isTuple()) {
            assertEquals(l.rank(), c.rank(), "the rank of " + l + " is kept by the profile " + profile);
            for (int i = 0; i < l.rank(); i++) assertEquals(l.mode(i).size(), c.mode(i).size());
        }
    }

    /** A profile of at most the shape's structure: a leaf (coalesce all), or a tuple over the first modes. */
    private static IntTuple randomProfile(IntTuple shape, Random r, boolean top) {
        if (shape.isLeaf() || (!top && r.nextBoolean())) return IntTuple.ONE;
        int rank = 1 + r.nextInt(shape.rank());
        IntTuple[] modes = new IntTuple[rank];
        for (int i = 0; i < rank; i++) modes[i] = randomProfile(shape.mode(i), r, false);
        return IntTuple.of(modes);
    }

    @Property
    void filterKeepsImage(@ForAll("layouts") Layout l) {
        Layout f = Coalesce.filter(l);
        long[] image = Arrays.stream(LayoutArbitraries.image(l)).distinct().toArray();
        long[] filtered = Arrays.stream(LayoutArbitraries.image(f)).distinct().toArray();
        assertArrayEquals(image, filtered, "image of filter(" + l + ") = " + f);
        for (int k = 0; k < f.flatRank(); k++) {
            assertTrue(f.flatStride(k) != 0 || f.equals(Layout.TRIVIAL), "stride-0 mode left in " + f);
        }
        // filter is injective when the non-zero-stride modes of L are
        if (withoutStrideZero(l).isInjective()) assertTrue(f.isInjective(), "filter(" + l + ") = " + f);
    }

    private static Layout withoutStrideZero(Layout l) {
        long[] s = l.flatShapes();
        long[] d = l.flatStrides();
        for (int k = 0; k < s.length; k++) if (d[k] == 0) s[k] = 1;
        return Layout.flat(s, d);
    }
}
