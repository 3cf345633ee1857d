package org.layoutcat.core.tmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.Element;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.modes.Sliced;

/** The TMEM planner, allocation and the refusals of CuTe's static_asserts and of the PTX ISA's rules, each by name. */
class TmemPlannerTest {

    /** The brief's figures, here read off the partitions: a warp reads its 32 lanes × 256 columns. */
    @Test
    void a128x256Fp32AccumulatorCosts256LoadsOf32dp32b1xAnd8Of32dp32b32x() {
        TmemPlanner.Plan p = TmemPlanner.plan(Element.F32, 1, 128, 256, 4);
        Map<String, TmemPlanner.Load> by = new HashMap<>();
        p.loads().forEach(l -> by.put(l.atom().name(), l));
        assertEquals(256, by.get("SM100_TMEM_LOAD_32dp32b1x").loadsPerWarp());
        assertEquals(8, by.get("SM100_TMEM_LOAD_32dp32b32x").loadsPerWarp());
        assertEquals(2, by.get("SM100_TMEM_LOAD_32dp32b128x").loadsPerWarp());
        assertEquals(128, by.get("SM100_TMEM_LOAD_32dp32b128x").registersPerLoad());
        // every thread ends with its lane's 256 values, whatever the atom
        p.loads().forEach(l -> assertEquals(256, l.registersPerThread(), l.atom().name()));
        // cheapest first
        for (int i = 1; i < p.loads().size(); i++) assertTrue(p.loads().get(i - 1).loadsPerWarp() <= p.loads().get(i).loadsPerWarp());
        assertFalse(by.containsKey("SM100_TMEM_LOAD_32dp32b1x_16b"), "32-bit values are not packed");
        assertEquals(256, p.allocation().allocated());
        assertEquals(2, p.allocation().fits(), "double-buffered: two 256-column accumulators fill the 512 columns");
    }

    /** M = 64 on one SM puts the tile in lanes 0–15 of each subpartition: 32-lane atoms would read lanes 16–31. */
    @Test
    void halfSubpartitionsTakeOnly16LaneAtoms() {
        TmemPlanner.Plan p = TmemPlanner.plan(Element.F32, 1, 64, 128, 4);
        assertFalse(p.loads().isEmpty());
        p.loads().forEach(l -> assertTrue(l.atom().name().contains("_16dp"), l.atom().name()));
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class,
                () -> TmemCopy.make(Atoms.copy("SM100_TMEM_LOAD_32dp32b1x"), 32, p.slice()));
        assertTrue(e.getMessage().contains("The memory pointed to by AtomTVLayout does not exist in the DataLayout"), e.getMessage());
        for (TmemPlanner.Refused r : p.refused()) {
            if (r.atom().name().contains("_32dp") && !r.atom().name().endsWith("_16b")) {
                assertTrue(r.reason().contains("The memory pointed to by AtomTVLayout does not exist in the DataLayout"), r.reason());
            }
        }
        assertEquals(74, p.loads().size() + p.refused().size(), "every TMEM load atom is planned or refused");
    }

    /** 16-bit accumulators sit in 32-bit columns: only the .pack::16b atoms read them (CuTe refuses the others). */
    @Test
    void sixteenBitAccumulatorsTakeThePackedAtoms() {
        TmemPlanner.Plan p = TmemPlanner.plan(Element.F16, 1, 128, 128, 4);
        assertFalse(p.loads().isEmpty());
        p.loads().forEach(l -> assertTrue(l.atom().name().endsWith("_16b"), l.atom().name()));
        assertThrows(LayoutArgumentException.class, () -> TmemCopy.make(Atoms.copy("SM100_TMEM_LOAD_32dp32b2x"), 16, p.slice()));
    }

    @Test
    void eightWarpsSplitTheColumns() {
        TmemPlanner.Plan four = TmemPlanner.plan(Element.F32, 2, 256, 256, 4);
        TmemPlanner.Plan eight = TmemPlanner.plan(Element.F32, 2, 256, 256, 8);
        assertEquals(Layout.parse("(128,128):(65536,1)"), eight.slice());
        assertEquals(four.loads().get(0).loadsPerWarp(), 2 * eight.loads().get(0).loadsPerWarp());
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> TmemPlanner.plan(Element.F32, 1, 128, 256, 6));
        assertTrue(e.getMessage().contains("warpgroups of 4 warps"), e.getMessage());
        // UMMA_2SM M = 128 puts N's halves in the two lane halves: a warpgroup's column slice is in 64 lanes only
        e = assertThrows(LayoutArgumentException.class, () -> TmemPlanner.plan(Element.F32, 2, 128, 16, 8));
        assertTrue(e.getMessage().contains("no TMEM load atom takes a warpgroup's slice"), e.getMessage());
    }

    @Test
    void tcgen05AllocTakesAPowerOfTwoFrom32To512() {
        for (long ok : new long[] {32, 64, 128, 256, 512}) TmemAllocation.requireLegal(ok);
        for (long bad : new long[] {0, 16, 48, 96, 1024}) {
            LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> TmemAllocation.requireLegal(bad));
            assertTrue(e.getMessage().contains("must be a power of 2 in [32, 512]"), e.getMessage());
        }
        assertEquals(32, TmemAllocation.of(8, 1, 1).allocated());
        assertEquals(256, TmemAllocation.of(96, 2, 2).allocated());
        assertEquals(64, TmemAllocation.of(96, 2, 2).unused());
        assertEquals(4, TmemAllocation.of(128, 1, 1).fits());
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> TmemAllocation.of(256, 3, 1));
        assertTrue(e.getMessage().contains("more than the 512 columns"), e.getMessage());
    }

    /** Each of CuTe's static_asserts in tmem_frg::make, broken and read by its name. */
    @Test
    void tmemFrgRefusesWhatCuTesStaticAssertsRefuse() {
        refused("UMMA_1SM M-mode size should be 64 or 128.", () -> TmemAccumulator.of(Element.F32, 1, TmemAccumulator.Mode.Interleaved, 32, 64, 1, 1));
        refused("UMMA_2SM M-mode size should be 32 or 64 or 128.", () -> TmemAccumulator.of(Element.F32, 2, TmemAccumulator.Mode.Interleaved, 256, 64, 1, 1));
        refused("UMMA_1SM only accepts Interleaved or NonInterleaved", () -> TmemAccumulator.of(Element.F32, 1, TmemAccumulator.Mode.Duplicated, 128, 64, 1, 1));
        refused("UMMA_2SM only accepts Interleaved or Duplicated", () -> TmemAccumulator.of(Element.F32, 2, TmemAccumulator.Mode.NonInterleaved, 128, 64, 1, 1));
        refused("Only TmemAllocMode::Interleaved is supported for UMMA_2SM M_MMA=32", () -> TmemAccumulator.of(Element.F32, 2, TmemAccumulator.Mode.Duplicated, 32, 64, 1, 1));
        refused("Requesting more TMEM than is available", () -> TmemAccumulator.of(Element.F32, 1, TmemAccumulator.Mode.Interleaved, 128, 512, 2, 1));
        refused("TMEM MMA allocations require StorageType big enough for ValueType", () -> TmemAccumulator.of(Element.F64, 1, TmemAccumulator.Mode.Interleaved, 128, 64, 1, 1));
        refused("UMMA expects N_SM == 1 or N_SM == 2", () -> TmemAccumulator.of(Element.F32, 4, TmemAccumulator.Mode.Interleaved, 128, 64, 1, 1));
    }

    /** A TMEM tensor whose rows are not lanes in warp order: warp 1's first row lies in lanes 0–31. */
    @Test
    void aPartitionOutsideItsWarpsLanesIsRefusedByTheRule() {
        Layout tmem = Layout.parse("((32,4),8):((65536,8),1)");
        // lanes 0-31 only; the 4 row blocks of 32 go to columns 8·k: warps 1-3 find their rows in lanes 0-31
        TiledCopy c = TmemCopy.make(Atoms.copy("SM100_TMEM_LOAD_32dp32b8x"), 32, tmem);
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> TmemCopy.requireWarpLanes(c, tmem));
        assertTrue(e.getMessage().contains("warp w reaches only lanes 32·(w mod 4) … 32·(w mod 4)+31"), e.getMessage());
        assertTrue(e.getMessage().contains("thread 32 (warp 1)"), e.getMessage());
    }

    private static void refused(String rule, Runnable r) {
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(rule), e.getMessage());
    }

    record Tile(Element type, int sms, long m, long n, int warps) {}

    @Provide
    Arbitrary<Tile> tiles() {
        return Combinators.combine(Arbitraries.of(Element.F32, Element.S32, Element.F16, Element.BF16), Arbitraries.of(1, 2),
                Arbitraries.of(64L, 128L), Arbitraries.of(16L, 32L, 64L, 128L), Arbitraries.of(4, 8))
                .as((t, sms, m, n, w) -> new Tile(t, sms, m * sms, n, sms == 2 && m == 64 ? 4 : w)); // the 2x2 atom: one warpgroup
    }

    /**
     * By construction, for every atom the planner lists: the threads of a warpgroup read every element of its slice
     * exactly once into registers (partition_D of the slice's (m, n) indices), and its four warps' instructions read every
     * TMEM address of the slice exactly once (partition_S, one partition per warp).
     */
    @Property(tries = 16)
    void aPlannedLoadReadsEveryAccumulatorElementExactlyOnce(@ForAll("tiles") Tile t) {
        TmemPlanner.Plan p = TmemPlanner.plan(t.type(), t.sms(), t.m(), t.n(), t.warps());
        assertFalse(p.loads().isEmpty(), t.toString());
        Layout slice = p.slice();
        long m = slice.mode(0).size(), n = slice.mode(1).size();
        Layout indices = Layout.colMajor(IntTuple.flat(m, n));
        java.util.Set<Long> addresses = new java.util.HashSet<>();
        for (long i = 0; i < slice.size(); i++) assertTrue(addresses.add(slice.apply(i)), "the slice is injective");
        for (TmemPlanner.Load l : p.loads()) {
            TiledCopy c = TmemCopy.make(l.atom(), t.type().bits(), slice);
            int[] seen = new int[(int) (m * n)];
            for (long th = 0; th < c.threads(); th++) {
                Sliced<Layout> d = c.partitionD(indices, th);
                for (long v = 0; v < d.layout().size(); v++) seen[(int) (d.offset().value() + d.layout().apply(v))]++;
            }
            for (int k = 0; k < seen.length; k++) assertEquals(1, seen[k], l.atom().name() + " " + t + ": element " + k);
            Map<Long, Integer> read = new HashMap<>();
            for (long th = 0; th < c.threads(); th += 32) {
                Sliced<Layout> s = TmemCopy.tmemPartition(c, slice, th);
                for (long v = 0; v < s.layout().size(); v++) read.merge(s.offset().value() + s.layout().apply(v), 1, Integer::sum);
            }
            assertEquals(addresses, read.keySet(), l.atom().name() + " " + t);
            read.forEach((a, k) -> assertEquals(1, k, l.atom().name() + " " + t + ": address " + a));
            assertEquals(m * n / c.threads(), l.registersPerThread() * (32 / t.type().bits()), l.atom().name() + ": a thread's values in registers");
        }
    }
}
