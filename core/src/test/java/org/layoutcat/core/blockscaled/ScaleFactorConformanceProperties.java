package org.layoutcat.core.blockscaled;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.blockscaled.ScaleFactorLayouts.Arch;
import org.layoutcat.core.blockscaled.ScaleFactorLayouts.Operand;

/**
 * The conformance check answers what it is built to: a producer that writes CUTLASS's layout but for one deliberately
 * displaced scale factor is found at that scale factor, with both byte offsets, and nowhere else.
 */
class ScaleFactorConformanceProperties {

    /** A problem, an operand's layout on it, one of its scale factors and a byte it is displaced to. */
    record Displacement(Arch arch, Operand operand, int sfVec, IntTuple problem, long mn, long kBlock, long l, long to) {}

    @Provide
    Arbitrary<Displacement> displacements() {
        return Combinators.combine(Arbitraries.of(Arch.values()), Arbitraries.of(Operand.values()), Arbitraries.of(16, 32),
                Arbitraries.integers().between(1, 300), Arbitraries.integers().between(1, 300), Arbitraries.integers().between(1, 600),
                Arbitraries.integers().between(1, 3), Arbitraries.longs().between(0, Long.MAX_VALUE)).as((arch, op, v, m, n, k, l, seed) -> {
                    IntTuple problem = IntTuple.flat(m, n, k, l);
                    long mn = op == Operand.SFA ? m : n;
                    long kb = (k + v - 1) / v;
                    java.util.Random r = new java.util.Random(seed);
                    long at = Math.floorMod(r.nextLong(), mn), b = Math.floorMod(r.nextLong(), kb), batch = Math.floorMod(r.nextLong(), l);
                    return new Displacement(arch, op, v, problem, at, b, batch, Math.floorMod(r.nextLong(), 1L << 20));
                });
    }

    @Property(tries = 200)
    void aDisplacedScaleFactorIsFoundWhereItWasDisplaced(@ForAll("displacements") Displacement d) {
        Layout cutlass = ScaleFactorLayouts.of(d.arch(), d.operand(), d.sfVec(), d.problem());
        long want = cutlass.apply(IntTuple.flat(d.mn(), d.kBlock() * d.sfVec(), d.l()));
        long to = d.to() == want ? want + 1 : d.to();
        ScaleFactorConformance c = ScaleFactorConformance.check(d.arch(), d.operand(), d.sfVec(), d.problem(), (m, b, l) -> {
            long own = cutlass.apply(IntTuple.flat(m, b * d.sfVec(), l));
            return m == d.mn() && b == d.kBlock() && l == d.l() ? to : own;
        });
        assertEquals(1, c.differing());
        ScaleFactorConformance.Difference first = c.first().orElseThrow();
        assertEquals(d.mn(), first.mn());
        assertEquals(d.kBlock(), first.kBlock());
        assertEquals(d.l(), first.l());
        assertEquals(to, first.producerByte());
        assertEquals(want, first.cutlassByte());
    }

    @Property(tries = 100)
    void cutlasssLayoutAgreesWithItselfInElementsAndInBlocks(@ForAll("displacements") Displacement d) {
        Layout cutlass = ScaleFactorLayouts.of(d.arch(), d.operand(), d.sfVec(), d.problem());
        assertTrue(ScaleFactorConformance.check(d.arch(), d.operand(), d.sfVec(), d.problem(), cutlass).agrees());
    }

    @Property(tries = 100)
    void theDynamicLayoutIsTileToShapesFunction(@ForAll("displacements") Displacement d) {
        Layout dynamic = ScaleFactorLayouts.of(d.arch(), d.operand(), d.sfVec(), d.problem());
        Layout stat = ScaleFactorLayouts.ofStatic(d.arch(), d.operand(), d.sfVec(), d.problem());
        assertEquals(stat.shape(), dynamic.shape());
        for (long i = 0; i < dynamic.size(); i += 7) assertEquals(stat.apply(i), dynamic.apply(i), "index " + i);
    }

    /**
     * A row-major producer of SM100 SFA scale factors, (M, K/32):(K/32, 1), puts mn 1's first scale factor at byte 4 where
     * CUTLASS's atom ((32,4),(32,4)):((16,4),(0,1)) reads byte 16; its first row agrees (bytes 0 to 3).
     */
    @Test
    void aRowMajorProducerDiffersFromRowOne() {
        ScaleFactorConformance c = ScaleFactorConformance.check(Arch.SM100, Operand.SFA, 32, IntTuple.flat(256, 256, 128),
                Layout.parse("(256,4):(4,1)"));
        ScaleFactorConformance.Difference d = c.first().orElseThrow();
        assertEquals(1, d.mn());
        assertEquals(0, d.kBlock());
        assertEquals(4, d.producerByte());
        assertEquals(16, d.cutlassByte());
        assertEquals(1024, c.blocks());
        assertEquals("mn 1, k 0..31 (block 0), l 0: the producer writes byte 4, CUTLASS's kernel reads byte 16", d.toString());
    }
}
