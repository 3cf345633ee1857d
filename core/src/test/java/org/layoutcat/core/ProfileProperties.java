package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.layoutcat.core.internal.Flat;

/** A layout held as a profile and flat arrays is the layout of its tuples: same shape, stride, text, modes. */
class ProfileProperties {

    @Provide
    Arbitrary<IntTuple> tuples() {
        return Arbitraries.oneOf(LayoutArbitraries.shapes(), Arbitraries.just(IntTuple.EMPTY),
                Arbitraries.just(IntTuple.parse("(())")), Arbitraries.just(IntTuple.parse("((),(3,()),4)")));
    }

    @Provide
    Arbitrary<Layout> layouts() {
        return LayoutArbitraries.anyLayouts();
    }

    /** profileEncodesTheNesting: the tuple rebuilt from the profile and the leaves is the tuple, text and depth too. */
    @Property(tries = 2000)
    void profileEncodesTheNesting(@ForAll("tuples") IntTuple t) {
        int[] p = Profile.of(t);
        assertEquals(t, Profile.tuple(p, t.leaves()));
        byte[] b = new byte[Profile.length(p, t.leaves())];
        assertEquals(b.length, Profile.write(b, 0, p, t.leaves()));
        assertEquals(t.toString(), new String(b, java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(t.depth(), Profile.depth(p));
        assertEquals(t.rank(), Profile.rank(p));
        assertEquals(p.length, Profile.end(p, 0));
        assertEquals(t.leafCount(), Profile.leaves(p, 0, p.length));
    }

    /**
     * splicingModesIsConcatenatingTheirModes: {@code l.spliceModes(mask)} is the concatenation of l's
     * modes, each marked one replaced by its own modes, in every part (text, tuples, hash).
     */
    @Property(tries = 2000)
    void splicingModesIsConcatenatingTheirModes(@ForAll("layouts") Layout x, @ForAll int mask) {
        java.util.List<Layout> modes = new java.util.ArrayList<>();
        for (int i = 0; i < x.rank(); i++) {
            if (i < 32 && (mask >>> i & 1) != 0) modes.addAll(x.mode(i).modes());
            else modes.add(x.mode(i));
        }
        Layout want = Layout.concat(modes);
        Layout got = x.spliceModes(mask);
        assertEquals(want, got);
        assertEquals(want.toString(), got.toString());
        assertEquals(want.shape(), got.shape());
        assertEquals(want.stride(), got.stride());
        assertEquals(want.hashCode(), got.hashCode());
        assertEquals(want.rank(), got.rank());
        assertEquals(want.size(), got.size());
    }

    /** A layout built from flat arrays equals the one built from its tuples, in every part and in its modes. */
    @Property(tries = 2000)
    void flatAndTupleLayoutsAreTheSame(@ForAll("layouts") Layout x) {
        Layout y = Layout.of(x.shape(), x.flatStrides());
        Layout z = Layout.of(x.shape(), x.stride());
        assertEquals(z, y);
        assertEquals(z.hashCode(), y.hashCode());
        assertEquals(z.toString(), y.toString());
        assertEquals(z.stride(), y.stride());
        assertEquals(x.depth(), y.depth());
        assertEquals(x.rank(), y.rank());
        for (int i = 0; i < x.rank(); i++) {
            assertEquals(Layout.of(x.shape().mode(i), x.stride().mode(i)), y.mode(i));
            assertEquals(x.shape().mode(i), y.mode(i).shape());
        }
        assertEquals(Layout.of(x.shape().flatten(), x.stride().flatten()), y.flatten());
    }

    /** refiningShapeOf nests the given modes as a refinement of like's shape: count 1 keeps a leaf, more make a tuple. */
    @Property(tries = 1000)
    void refiningShapeOfSplitsEachLeaf(@ForAll("layouts") Layout like, @ForAll long seed) {
        Random r = new Random(seed);
        int leaves = like.flatRank();
        int[] counts = new int[leaves];
        IntTuple[] expected = new IntTuple[leaves];
        long[] s = new long[4 * leaves];
        long[] d = new long[4 * leaves];
        int n = 0;
        for (int k = 0; k < leaves; k++) {
            counts[k] = 1 + r.nextInt(3);
            long[] part = new long[counts[k]];
            for (int j = 0; j < counts[k]; j++) {
                part[j] = s[n] = 1 + r.nextInt(5);
                d[n++] = r.nextInt(100) - 50;
            }
            expected[k] = counts[k] == 1 ? IntTuple.of(part[0]) : IntTuple.flat(part);
        }
        Layout l = Layout.refiningShapeOf(like, counts, new Flat(s, d, n));
        IntTuple shape = like.shape().isLeaf() ? expected[0] : replaceLeaves(like.shape(), expected, new int[1]);
        assertEquals(Layout.of(shape, Arrays.copyOf(d, n)), l);
        assertEquals(shape, l.shape());
        assertArrayEquals(Arrays.copyOf(d, n), l.flatStrides());
    }

    private static IntTuple replaceLeaves(IntTuple t, IntTuple[] by, int[] at) {
        if (t.isLeaf()) return by[at[0]++];
        IntTuple[] m = new IntTuple[t.rank()];
        for (int i = 0; i < m.length; i++) m[i] = replaceLeaves(t.mode(i), by, at);
        return IntTuple.of(m);
    }

    @Example
    void compositionShapesAreRefinementsOfB() {
        Layout b = Layout.parse("(6,6):(1,6)");
        Layout r = Layout.refiningShapeOf(b, new int[] {1, 2}, new Flat(new long[] {6, 2, 3}, new long[] {1, 6, 72}, 3));
        assertEquals("(6,(2,3)):(1,(6,72))", r.toString());
        assertEquals(Layout.parse("(6,(2,3)):(1,(6,72))"), r);
        Layout same = Layout.refiningShapeOf(b, new int[] {1, 1}, new Flat(new long[] {6, 6}, new long[] {2, 12}, 2));
        assertEquals(b.shape(), same.shape());
        assertEquals("(6,6):(2,12)", same.toString());
        // the last refinement is kept: the same B refined otherwise, then as before, is still right
        Layout other = Layout.refiningShapeOf(b, new int[] {2, 1}, new Flat(new long[] {2, 3, 6}, new long[] {1, 2, 6}, 3));
        assertEquals("((2,3),6):((1,2),6)", other.toString());
        assertEquals(r, Layout.refiningShapeOf(b, new int[] {1, 2}, new Flat(new long[] {6, 2, 3}, new long[] {1, 6, 72}, 3)));
        assertEquals("((2,3),6):((1,2),6)",
                Layout.refiningShapeOf(Layout.parse("(6,6):(1,6)"), new int[] {2, 1}, new Flat(new long[] {2, 3, 6}, new long[] {1, 2, 6}, 3)).toString());
        assertThrows(IllegalArgumentException.class,
                () -> Layout.refiningShapeOf(b, new int[] {1, 0}, new Flat(new long[] {6}, new long[] {1}, 1)));
        assertThrows(IllegalArgumentException.class,
                () -> Layout.refiningShapeOf(b, new int[] {1, 1}, new Flat(new long[] {6, 6, 6}, new long[] {1, 6, 36}, 3)));
    }
}
