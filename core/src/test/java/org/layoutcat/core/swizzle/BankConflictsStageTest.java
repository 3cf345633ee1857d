package org.layoutcat.core.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.LongUnaryOperator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.CopyStage;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;

/** A whole stage's bank conflicts: every warp's instructions, counted by the CUDA guide's rules (hand-derived cases). */
class BankConflictsStageTest {

    private static BankConflicts.Stage copy(String atom, int bits, String thr, String val, String smem, CopyAtom.Side side) {
        return CopyStage.bankConflicts(TiledCopy.of(Atoms.copy(atom), bits, Layout.parse(thr), Layout.parse(val)), AnyLayout.parse(smem), side);
    }

    /**
     * 128 threads read a 32×32 float tile one column per warp instruction ({@code UniversalCopy<uint32_t>}, threads down
     * the rows): in a row-major tile every row of a column is in one bank, 32 wavefronts each of the 4 warps' 8
     * instructions, against 1; padding the rows to 33 floats puts them in 32 banks.
     */
    @Test
    void aColumnOfARowMajorTileIsThirtyTwoWay() {
        BankConflicts.Stage s = copy("UniversalCopy_U32", 32, "(32,4):(1,32)", "(1,8)", "(32,32):(32,1)", CopyAtom.Side.SRC);
        assertEquals(32, s.instructions().size());
        assertEquals(1024, s.wavefronts());
        assertEquals(32, s.minimum());
        assertEquals(32, s.worst().conflicts().wavefronts());
        BankConflicts.Stage padded = copy("UniversalCopy_U32", 32, "(32,4):(1,32)", "(1,8)", "(32,32):(33,1)", CopyAtom.Side.SRC);
        assertEquals(32, padded.wavefronts());
    }

    /** cp.async of 16 bytes a thread, rows of 64 bytes: each quarter warp writes 128 contiguous bytes, one wavefront. */
    @Test
    void sixteenByteCopiesOfContiguousRowsMeetTheMinimum() {
        BankConflicts.Stage s = copy("SM80_CP_ASYNC_CACHEALWAYS_U128", 16, "(32,4):(4,1)", "(1,8)", "(32,32):(32,1)", null);
        assertEquals(4, s.instructions().size());
        assertEquals(16, s.wavefronts());
        assertEquals(16, s.minimum());
    }

    /**
     * ldmatrix .x4 of an SM80 A operand (make_tiled_copy_A over SM80_16x8x16 atoms 2×2×1) from a 128×64 half tile: K-major
     * rows of 128 bytes put the 8 rows of each 8×8 matrix in the same 4 banks, 8 wavefronts a phase; CuTe's
     * Swizzle&lt;3,3,3&gt; tile (GMMA/SM80's 128-byte swizzle) spreads them over all 32 banks.
     */
    @Test
    void ldmatrixOfAnUnswizzledKMajorTileIsEightWayAndTheSwizzleRemovesIt() {
        TiledCopy a = TiledCopy.forA(Atoms.copy("SM75_U32x4_LDSM_N"), 16, TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"),
                IntTuple.parse("(2,2,1)")));
        BankConflicts.Stage plain = CopyStage.bankConflicts(a, AnyLayout.parse("(128,64):(64,1)"), null);
        assertEquals(256, plain.minimum());
        assertEquals(2048, plain.wavefronts());
        BankConflicts.Stage swizzled = CopyStage.bankConflicts(a, AnyLayout.parse("Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))"), null);
        assertEquals(256, swizzled.wavefronts());
    }

    /** ldmatrix .x1 reads the addresses of lanes 0–7 only: one 128-byte phase. */
    @Test
    void ldmatrixX1ReadsEightLanes() {
        assertEquals(8, CopyStage.addressLanes(Atoms.copy("SM75_U32x1_LDSM_N")));
        assertEquals(16, CopyStage.addressLanes(Atoms.copy("SM75_U32x2_LDSM_N")));
        assertEquals(32, CopyStage.addressLanes(Atoms.copy("SM80_CP_ASYNC_CACHEALWAYS_U128")));
    }

    /**
     * The stage's totals are the sums of its warps' instructions, each counted alone by {@link BankConflicts#of}: a
     * (threads, values, instructions) access of 128 threads, strides drawn at random over a swizzled tile.
     */
    @Property(tries = 200)
    void stageTotalsAreTheSumsOfItsWarpsInstructions(@ForAll @IntRange(min = 1, max = 64) int s0, @ForAll @IntRange(min = 0, max = 3) int logValues,
                                                      @ForAll @IntRange(min = 1, max = 4096) int s2, @ForAll @IntRange(min = 0, max = 3) int sw) {
        int values = 1 << logValues;
        Layout access = Layout.of(IntTuple.flat(128, values, 4), IntTuple.flat(s0 * values, 1, s2 * values));
        AnyLayout smem = AnyLayout.parse("Sw<" + sw + ",3,3> o 0 o 1048576:1");
        LongUnaryOperator f = BankConflicts.offsets(smem);
        BankConflicts.Stage st = BankConflicts.stage(f, 2, access, 32);
        long sum = 0, min = 0;
        for (int w = 0; w < 4; w++) {
            for (int i = 0; i < 4; i++) {
                long base = (long) w * 32 * s0 * values + (long) i * s2 * values;
                Layout one = Layout.of(IntTuple.flat(32, values), IntTuple.flat(s0 * values, 1));
                BankConflicts c = BankConflicts.of(k -> f.applyAsLong(k + base), 2, one);
                sum += c.wavefronts();
                min += c.minimum();
                assertEquals(c.wavefronts(), st.instructions().get(4 * w + i).conflicts().wavefronts());
            }
        }
        assertEquals(sum, st.wavefronts());
        assertEquals(min, st.minimum());
    }

    @Test
    void oneInstructionStaysRefusedPastThirtyTwoThreadsAndAStageSaysWhy() {
        String m = assertThrows(LayoutArgumentException.class, () -> BankConflicts.of(i -> i, 4, Layout.parse("64:1"))).getMessage();
        assertTrue(m.contains("at most 32") && m.contains("(threads, values, instructions)"), m);
        m = assertThrows(LayoutArgumentException.class, () -> copy("UniversalCopy_U32", 32, "(32,4):(1,32)", "(1,8)", "(32,32):(32,1)", null)).getMessage();
        assertTrue(m.contains("say which side is shared memory"), m);
    }

    @Test
    void aCopysByteAddressPastTheLongRangeIsRefusedNotWrapped() {
        // issue 34: copy_bank_conflicts wrapped byte addresses as bank_conflicts did. Row m of (32,64):(2^58,1) starts
        // at element m·2^58 (every value fits: 31·2^58 + 63 < 2^63), whose 2-byte address m·2^59 passes 2^63−1 from
        // row 16 on; cp.async's 128 threads of 8 halves reach row 16 in their second instruction
        ArithmeticException e = assertThrows(ArithmeticException.class, () -> copy("SM80_CP_ASYNC_CACHEALWAYS_U128", 16, "(16,8):(8,1)",
                "(1,8)", "(32,64):(288230376151711744,1)", null));
        for (String p : new String[] {"(32,64):(288230376151711744,1)", "2-byte elements", "9223372036854775808", "instruction 1"}) {
            assertTrue(e.getMessage().contains(p), p + " in: " + e.getMessage());
        }
    }

    @Test
    void aNegativeRowStrideCountsAsItsMirror() {
        // row m of (32,64):(-64,1) starts at byte -128m, whose word -32m is in bank 0 as the word 32m of row m of
        // (32,64):(64,1): every instruction meets the same banks, so the stage counts the same wavefronts
        BankConflicts.Stage neg = copy("SM80_CP_ASYNC_CACHEALWAYS_U128", 16, "(16,8):(8,1)", "(1,8)", "(32,64):(-64,1)", null);
        BankConflicts.Stage pos = copy("SM80_CP_ASYNC_CACHEALWAYS_U128", 16, "(16,8):(8,1)", "(1,8)", "(32,64):(64,1)", null);
        assertEquals(pos.wavefronts(), neg.wavefronts());
        assertEquals(32, neg.wavefronts()); // 8 instructions of 4 quarter warps moving 128 bytes each: the minimum
        assertEquals(neg.minimum(), neg.wavefronts());
    }
}
