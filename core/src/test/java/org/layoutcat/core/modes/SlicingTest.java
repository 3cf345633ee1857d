package org.layoutcat.core.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArbitraries;

/**
 * {@code slice}, {@code dice}, {@code slice_and_offset} at coordinates with {@code _}. Golden values: CuTe C++
 * (CUTLASS main, {@code cute/underscore.hpp}, {@code cute/layout.hpp}) printed by a host program compiled here
 * with static integers; the example; seed 003's per-thread slice.
 */
class SlicingTest {
    private static final Layout M = Layout.parse("(2,(3,4)):(1,(2,6))");

    private static Sliced<Layout> so(String c, Layout l) {
        return Slicing.sliceAndOffset(SliceCoord.parse(c), l);
    }

    @Test
    void sliceAndOffsetAgreeWithCuTe() {
        // the example; CuTe C++: slice_and_offset((_,(1,_)), M) = ((_2,_4):(_1,_6), _2)
        assertEquals(Sliced.of(Layout.parse("(2,4):(1,6)"), 2), so("(_,(1,_))", M));
        // CuTe C++ printouts
        assertEquals("():()", so("(1,(2,3))", M).layout().toString());
        assertEquals(23, so("(1,(2,3))", M).offset().value());
        assertEquals(Sliced.of(M, 0), so("_", M));
        assertEquals(Sliced.of(M, 0), so("(_,_)", M));
        assertEquals(Sliced.of(Layout.parse("(2,3):(1,2)"), 12), so("(_,(_,2))", M));
        assertEquals(11, so("(1,5)", M).offset().value());
        assertEquals(Sliced.of(Layout.parse("(2):(1)"), 10), so("(_,5)", M));
        assertEquals("(3):(2)", so("(1,_)", Layout.parse("(2,3)")).layout().toString());
    }

    @Test
    void seed003ThreadSliceIsTheValueLayoutAtItsBase() {
        // seed 003: composed[(tidx, None)] prints "... o ((2,3)):((1,4))", bases 0, 2, 12, 14 elements
        Layout tv = Layout.parse("((2,2),(2,3)):((2,12),(1,4))");
        long[] base = {0, 2, 12, 14};
        for (int t = 0; t < 4; t++) {
            Sliced<Layout> s = so("(" + t + ",_)", tv);
            assertEquals("((2,3)):((1,4))", s.layout().toString());
            assertEquals(base[t], s.offset().value());
        }
    }

    @Test
    void diceAgreesWithCuTe() {
        // CuTe C++ printouts
        assertEquals("(3):(2)", Slicing.dice(SliceCoord.parse("(_,(1,_))"), M).toString());
        assertEquals("(2):(1)", Slicing.dice(SliceCoord.parse("(1,_)"), M).toString());
        assertEquals(M, Slicing.dice(SliceCoord.parse("1"), M));
        assertEquals(IntTuple.parse("(32,4)"), Slicing.dice(SliceCoord.parse("(1,_,1)"), IntTuple.parse("(32,64,4)")));
    }

    @Test
    void mismatchedRanksAndOutOfRangeCoordinatesAreRefused() {
        String m = assertThrows(IllegalArgumentException.class, () -> so("(_,(1,_,2))", M)).getMessage();
        assertTrue(m.contains("mismatched ranks"), m);
        m = assertThrows(IllegalArgumentException.class, () -> so("(2,_)", M)).getMessage();
        assertTrue(m.contains("outside [0,2)"), m);
        m = assertThrows(IllegalArgumentException.class, () -> SliceCoord.parse("(_,(1,x))")).getMessage();
        assertTrue(m.contains("position 6"), m);
        m = assertThrows(IllegalArgumentException.class, () -> SliceCoord.parse("(".repeat(100) + "_" + ")".repeat(100))).getMessage();
        assertTrue(m.contains("Limits.MAX_DEPTH"), m);
    }

    @Provide
    Arbitrary<Tuple.Tuple2<Layout, Long>> layoutsWithSeeds() {
        return LayoutArbitraries.anyLayouts().flatMap(l -> net.jqwik.api.Arbitraries.longs().map(s -> Tuple.of(l, s)));
    }

    /** A random coordinate for {@code shape}: each mode a {@code _}, an integer in range, or (for a tuple) recursed. */
    static SliceCoord randomCoord(IntTuple shape, java.util.Random r) {
        int pick = r.nextInt(3);
        if (pick == 0) return SliceCoord.WILDCARD;
        if (pick == 1 || shape.isLeaf()) return SliceCoord.of((long) r.nextInt((int) shape.product()));
        SliceCoord[] m = new SliceCoord[shape.rank()];
        for (int i = 0; i < m.length; i++) m[i] = randomCoord(shape.mode(i), r);
        return SliceCoord.of(m);
    }

    @Property
    void sliceParsesBackAndAddsUpToTheLayout(@ForAll("layoutsWithSeeds") Tuple.Tuple2<Layout, Long> in) {
        // the postcondition: L(c with its _ filled by c'') = offset + slice(c'')
        Layout l = in.get1();
        java.util.Random r = new java.util.Random(in.get2());
        SliceCoord c = randomCoord(l.shape(), r);
        assertEquals(c, SliceCoord.parse(c.toString()));
        Sliced<Layout> s = Slicing.sliceAndOffset(c, l);
        assertEquals(l.apply(c.withWildcardsAsZero()), s.offset().value());
        for (int k = 0; k < 8; k++) {
            long i = r.nextInt((int) s.layout().size());
            IntTuple inner = s.layout().idx2crd(i);
            IntTuple full = c.isWildcard() ? inner : fill(c, inner, new int[] {0});
            assertEquals(l.apply(full), s.offset().value() + s.layout().apply(i), l + " at " + c + ", " + inner);
        }
        // slice and dice split the leaves: their sizes multiply to at least the slice's
        assertTrue(Slicing.dice(c, l).size() * s.layout().size() <= l.size() || c.isInteger());
    }

    /** c with its wildcards replaced, left to right, by the modes of {@code inner}. */
    private static IntTuple fill(SliceCoord c, IntTuple inner, int[] at) {
        if (c.isWildcard()) return inner.mode(at[0]++);
        if (c.isInteger()) return IntTuple.of(c.value());
        IntTuple[] m = new IntTuple[c.rank()];
        for (int i = 0; i < m.length; i++) m[i] = fill(c.mode(i), inner, at);
        return IntTuple.of(m);
    }
}
