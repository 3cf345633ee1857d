package org.layoutcat.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.gpu.LayoutChain;
import org.layoutcat.gpu.RandomLayouts;

/** The compiled division chains compute the layout function: checked at every point of random layouts. */
class OffsetProgramProperties {

    @Property(tries = 300)
    void compiledProgramEqualsLayoutFunction(@ForAll long seed) {
        Random rnd = new Random(seed);
        Layout l = switch (rnd.nextInt(3)) {
            case 0 -> RandomLayouts.injective(rnd, 5000);
            case 1 -> RandomLayouts.arbitrary(rnd, 5000, false);
            default -> RandomLayouts.arbitrary(rnd, 5000, true);
        };
        NormalizedLayout n = NormalizedLayout.of(l);
        List<NormalizedLayout> f = List.of(n);
        Width w = OffsetProgram.widthFor(f, l.size() - 1);
        OffsetProgram p = OffsetProgram.of(f, l.size() - 1, w);
        for (long x = 0; x < l.size(); x++) assertEquals(l.apply(x), p.evaluate(x), l + " at " + x); // 32 bits only when offsets lie in [0, 2^32)
    }

    @Property(tries = 200)
    void compiledCompositeEqualsCompositeOfLayoutFunctions(@ForAll long seed) {
        Random rnd = new Random(seed);
        Layout a = RandomLayouts.arbitrary(rnd, 3000, false);
        Layout b = RandomLayouts.arbitrary(rnd, 3000, false);
        LayoutChain chain = LayoutChain.composite(a, b);
        long n = b.size() * (1 + rnd.nextInt(3)); // past size(B): B's last mode unbounded
        List<NormalizedLayout> f = chain.normalized(n);
        OffsetProgram p = OffsetProgram.of(f, n - 1, OffsetProgram.widthFor(f, n - 1));
        for (long x = 0; x < n; x++) assertEquals(a.apply(b.apply(x)), p.evaluate(x), chain + " at " + x);
    }

    @Property(tries = 100)
    void sixtyFourBitProgramsHandleOffsetsPast32Bits(@ForAll long seed) {
        Random rnd = new Random(seed);
        Layout l = RandomLayouts.injective(rnd, 4000);
        long[] d = l.flatStrides();
        for (int k = 0; k < d.length; k++) d[k] *= 3L << 31;
        Layout big = Layout.flat(l.flatShapes(), d);
        List<NormalizedLayout> f = List.of(NormalizedLayout.of(big));
        Width w = OffsetProgram.widthFor(f, big.size() - 1);
        OffsetProgram p = OffsetProgram.of(f, big.size() - 1, w);
        for (long x = 0; x < big.size(); x++) assertEquals(big.apply(x), p.evaluate(x), big + " at " + x);
    }

    @Test
    void transposeOfTwoTo28FitsThirtyTwoBits() {
        List<NormalizedLayout> f = List.of(NormalizedLayout.of(Layout.parse("(16384,16384):(16384,1)")));
        assertEquals(Width.W32, OffsetProgram.widthFor(f, (1L << 28) - 1));
    }

    @Test
    void compositeOverTwoTo32PointsFitsThirtyTwoBits() {
        // 2^32 indices 0..2^32-1 and offsets below 2^32: the whole comparison runs in 32-bit registers
        Layout a = Layout.parse("(65536,65536):(65536,1)");
        Layout b = Layout.parse("((256,256),(256,256)):((256,16777216),(1,65536))");
        List<NormalizedLayout> f = LayoutChain.composite(a, b).normalized(b.size());
        assertEquals(Width.W32, OffsetProgram.widthFor(f, b.size() - 1));
        List<NormalizedLayout> g = LayoutChain.of(Composition.compose(a, b)).normalized(b.size());
        assertEquals(Width.W32, OffsetProgram.widthFor(g, b.size() - 1));
    }

    @Test
    void divisionsPastTheDomainAreDropped() {
        // on [0, 3] only the first mode moves: no division at all
        MixedRadix m = MixedRadix.of(new long[] {4, 8, 16}, 3, Width.W32);
        assertEquals(1, m.quotientCount());
    }

    @Test
    void negativeOffsetsCannotFeedAnotherLayout() {
        Layout a = Layout.parse("8:1");
        Layout b = Layout.parse("(2,4):(-1,2)");
        assertThrows(IllegalArgumentException.class, () -> LayoutChain.composite(a, b).normalized(8));
    }
}
