package org.layoutcat.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.diagrams.picture.MorphismData;

/** The morphism data the pictures draw: agreement with the category module, validation, encoded layout (paper §2). */
class MorphismDataTest {

    /** A random nested tuple over the given leaves. */
    static IntTuple nest(Random r, long[] leaves, int from, int to) {
        if (to - from == 1 && r.nextInt(3) > 0) return IntTuple.of(leaves[from]);
        List<IntTuple> modes = new ArrayList<>();
        int at = from;
        while (at < to) {
            int len = 1 + r.nextInt(Math.min(3, to - at));
            modes.add(len == 1 ? IntTuple.of(leaves[at]) : nest(r, leaves, at, at + len));
            at += len;
        }
        return IntTuple.of(modes);
    }

    /** A random morphism with m domain entries and up to {@code extra} unhit codomain entries, some * . */
    static MorphismData randomMorphism(Random r, int m, int extra) {
        long[] s = new long[m];
        for (int i = 0; i < m; i++) s[i] = 1 + r.nextInt(9);
        List<Integer> hit = new ArrayList<>();
        for (int i = 0; i < m; i++) if (r.nextInt(5) > 0) hit.add(i);
        int n = hit.size() + extra;
        List<Integer> slots = new ArrayList<>();
        for (int j = 0; j < n; j++) slots.add(j);
        Collections.shuffle(slots, r);
        long[] t = new long[n];
        int[] alpha = new int[m];
        for (int j = 0; j < n; j++) t[j] = 1 + r.nextInt(9);
        for (int k = 0; k < hit.size(); k++) {
            int i = hit.get(k);
            int j = slots.get(k);
            t[j] = s[i];
            alpha[i] = j + 1;
        }
        IntTuple dom = m == 0 ? IntTuple.EMPTY : nest(r, s, 0, m);
        IntTuple cod = n == 0 ? IntTuple.EMPTY : nest(r, t, 0, n);
        return MorphismData.of(dom, cod, alpha);
    }

    /** A random layout of rank 1 to 3 with nested modes and at most 256 elements. */
    static Layout randomLayout(Random r) {
        int leaves = 1 + r.nextInt(5);
        long[] s = new long[leaves];
        long[] d = new long[leaves];
        long size = 1;
        for (int i = 0; i < leaves; i++) {
            s[i] = 1 + r.nextInt(Math.max(1, (int) Math.min(4, 256 / size)));
            size *= s[i];
            d[i] = r.nextInt(40);
        }
        IntTuple shape = nest(r, s, 0, leaves);
        return Layout.of(shape, shape.withLeaves(d));
    }

    /** The drawing's data and the category's morphism are one notation: of(NestMorphism.parse(f.toString())) = f. */
    @Property(tries = 200)
    void notationRoundTripsThroughTheCategoryModule(@ForAll @IntRange(min = 0, max = 10) int m,
                                                    @ForAll @IntRange(min = 0, max = 4) int extra, @ForAll long seed) {
        MorphismData f = randomMorphism(new Random(seed), m, extra);
        NestMorphism n = NestMorphism.parse(f.toString());
        assertEquals(f.toString(), n.toString());
        assertEquals(f, MorphismData.of(n));
    }

    /** L_f of the drawing's data is the category's encoded layout of the same morphism. */
    @Property(tries = 200)
    void encodedLayoutAgreesWithTheCategoryModule(@ForAll @IntRange(min = 0, max = 8) int m,
                                                  @ForAll @IntRange(min = 0, max = 3) int extra, @ForAll long seed) {
        MorphismData f = randomMorphism(new Random(seed), m, extra);
        assertEquals(NestMorphism.parse(f.toString()).encodedLayout(), f.encodedLayout());
    }

    /**
     * |f| = Φ_{L_f} (paper §2): the realization colex_T ∘ F(f) ∘ colex_S⁻¹ agrees with the encoded layout at every
     * point.
     */
    @Property(tries = 200)
    void encodedLayoutIsTheRealization(@ForAll @IntRange(min = 1, max = 6) int m, @ForAll @IntRange(min = 0, max = 3) int extra,
                                       @ForAll long seed) {
        MorphismData f = randomMorphism(new Random(seed), m, extra);
        long[] s = f.domain().leaves();
        long[] t = f.codomain().leaves();
        Layout l = f.encodedLayout();
        long size = f.domain().product();
        for (long x = 0; x < size; x++) {
            long rest = x;
            long[] y = new long[t.length];
            for (int i = 0; i < s.length; i++) {
                long xi = rest % s[i];
                rest /= s[i];
                if (f.alpha(i + 1) != MorphismData.BASEPOINT) y[f.alpha(i + 1) - 1] = xi;
            }
            long idx = 0;
            long p = 1;
            for (int j = 0; j < t.length; j++) {
                idx += y[j] * p;
                p *= t[j];
            }
            assertEquals(idx, l.apply(x), f + " at " + x);
        }
    }

    @Test
    void encodedLayoutsOfThePapersExamples() {
        // PAPER-NOTES examples 2, 3, 4, 6, 7
        assertEquals(Layout.parse("((5,5),8):((1,40),5)"), Samples.morphism("((5,5),8) --(1,3,2)--> (5,8,5)").encodedLayout());
        assertEquals(Layout.parse("(2,2):(3,30)"), Samples.morphism("(2,2) --(2,4)--> (3,2,5,2)").encodedLayout());
        assertEquals(Layout.parse("(2,2,2,2):(24,0,3,480)"),
                Samples.morphism("(2,2,2,2) --(4,*,2,6)--> (3,2,4,2,10,2)").encodedLayout());
        assertEquals(Layout.parse("(32,(2,2)):(192,(24,3))"),
                Samples.morphism("(32,(2,2)) --(6,4,2)--> (3,2,4,2,4,32)").encodedLayout());
        assertEquals(Layout.parse("(128,(4,4,2)):(16,(1,4,0))"),
                Samples.morphism("(128,(4,4,2)) --(3,1,2,*)--> ((4,4),128)").encodedLayout());
    }

    @Test
    void invalidMorphismsAreRefusedWithTheReason() {
        IntTuple two = IntTuple.parse("(2,2)");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MorphismData.of(two, two, 1, 1));
        assertTrue(e.getMessage().contains("not injective"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MorphismData.of(IntTuple.parse("(2,3)"), two, 1, 2));
        assertTrue(e.getMessage().contains("s2 = 3 but t2 = 2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MorphismData.of(two, two, 1, 3));
        assertTrue(e.getMessage().contains("outside"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MorphismData.of(two, two, 1));
        assertTrue(e.getMessage().contains("α has 1 values but the domain has 2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MorphismData.of(IntTuple.parse("(2,0)"), two, 1, 2));
        assertTrue(e.getMessage().contains("positive"), e.getMessage());
    }
}
