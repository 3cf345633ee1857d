package org.layoutcat.gpu.bench;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.CopyStage;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.swizzle.BankConflicts;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.SwizzleSearch;

/**
 * A kernel stage through a shared-memory tile: the copy that writes it and the copy that reads it, as
 * {@link SwizzleSearch} searches it, with CUTLASS's tile layout and the searched one. Each stage's warp instructions
 * are replayed on the GPU as shared-memory loads of their lanes' addresses (a store's banks are a load's), and the
 * measured cycles are summed over the stage.
 *
 * @param name  the configuration
 * @param tile  the tile (MN, K)
 * @param elementBytes its elements' bytes
 * @param major its contiguous mode
 * @param write the copy that fills it, and its side in shared memory
 * @param read  the copy that drains it, and its side
 */
public record StageCase(String name, IntTuple tile, int elementBytes, Major major, TiledCopy write, CopyAtom.Side writeSide, TiledCopy read,
                        CopyAtom.Side readSide) {

    /** The stage's accesses, in order: the write, then the read. */
    public List<SwizzleSearch.Access> accesses() {
        return List.of(new SwizzleSearch.Access("write", CopyStage.access(write, tile, writeSide), CopyStage.addressLanes(write.atom())),
                new SwizzleSearch.Access("read", CopyStage.access(read, tile, readSide), CopyStage.addressLanes(read.atom())));
    }

    /** The search's answer for this stage. */
    public SwizzleSearch.Result search() {
        return SwizzleSearch.search(tile, elementBytes, major, accesses());
    }

    /** Every warp instruction of the stage over {@code smem}: its lanes' byte addresses and its vector's bytes. */
    public record Instruction(List<Long> addresses, int vectorBytes) {}

    /** The stage's warp instructions over a tile layout, writes first. */
    public List<Instruction> instructions(AnyLayout smem) {
        List<Instruction> out = new ArrayList<>();
        for (SwizzleSearch.Access a : accesses()) {
            BankConflicts.Indexed ix = BankConflicts.indexed(a.access(), a.lanes());
            int vector = ix.values() * elementBytes;
            for (List<Long> addr : BankConflicts.stageAddresses(BankConflicts.offsets(smem), elementBytes, ix)) out.add(new Instruction(addr, vector));
        }
        return out;
    }

    private static TiledMma sm80(String atom) {
        return TiledMma.of(Atoms.mma(atom), IntTuple.parse("(2,2,1)"));
    }

    /**
     * The table of {@code layoutcat gpu banks --stages}: SM80 operand loads (16-byte cp.async writes, ldmatrix.x4 reads
     * of the A operand of 2×2 SM80_16x8x16 atoms) of 128×K half tiles, K = 32, 64, 128; epilogues (each thread's
     * accumulators written 4 or 8 bytes at a time through the MMA's C layout, then read back 16 bytes a thread, or
     * written by stmatrix); a transpose of a float tile (rows written 16 bytes a thread, columns read 4 bytes a thread).
     */
    public static List<StageCase> catalog() {
        List<StageCase> cs = new ArrayList<>();
        CopyAtom cp = Atoms.copy("SM80_CP_ASYNC_CACHEALWAYS_U128"), ldsm = Atoms.copy("SM75_U32x4_LDSM_N");
        TiledMma f16 = sm80("SM80_16x8x16_F16F16F16F16_TN");
        String[][] widths = {{"32", "(32,4):(4,1)"}, {"64", "(16,8):(8,1)"}, {"128", "(8,16):(16,1)"}};
        for (String[] w : widths) {
            cs.add(new StageCase("SM80 A operand 128x" + w[0] + " half: cp.async 16 B, ldmatrix.x4", IntTuple.parse("(128," + w[0] + ")"), 2,
                    Major.K, TiledCopy.of(cp, 16, Layout.parse(w[1]), Layout.parse("(1,8)")), CopyAtom.Side.DST, TiledCopy.forA(ldsm, 16, f16),
                    CopyAtom.Side.SRC));
        }
        TiledCopy read16 = TiledCopy.of(Atoms.copy("UniversalCopy_U128"), 16, Layout.parse("(16,8):(8,1)"), Layout.parse("(1,8)"));
        cs.add(new StageCase("SM80 epilogue 128x64 half: C written 4 B a thread, read 16 B", IntTuple.parse("(128,64)"), 2, Major.K,
                TiledCopy.forC(Atoms.copy("UniversalCopy_U32"), 16, f16), CopyAtom.Side.DST, read16, CopyAtom.Side.SRC));
        TiledMma f32 = sm80("SM80_16x8x16_F32F16F16F32_TN");
        TiledCopy read32 = TiledCopy.of(Atoms.copy("UniversalCopy_U128"), 32, Layout.parse("(8,16):(16,1)"), Layout.parse("(1,4)"));
        cs.add(new StageCase("SM80 epilogue 64x64 float: C written 8 B a thread, read 16 B", IntTuple.parse("(64,64)"), 4, Major.K,
                TiledCopy.forC(Atoms.copy("UniversalCopy_U64"), 32, f32), CopyAtom.Side.DST, read32, CopyAtom.Side.SRC));
        cs.add(new StageCase("SM90 epilogue 128x64 half: C written by stmatrix.x2, read 16 B", IntTuple.parse("(128,64)"), 2, Major.K,
                TiledCopy.forC(Atoms.copy("SM90_U32x2_STSM_N"), 16, f16), CopyAtom.Side.DST, read16, CopyAtom.Side.SRC));
        cs.add(new StageCase("transpose 64x64 float: rows written 16 B a thread, columns read 4 B", IntTuple.parse("(64,64)"), 4, Major.K,
                TiledCopy.of(cp, 32, Layout.parse("(16,8):(8,1)"), Layout.parse("(1,4)")), CopyAtom.Side.DST,
                TiledCopy.of(Atoms.copy("UniversalCopy_U32"), 32, Layout.parse("(32,4):(1,32)"), Layout.parse("(1,16)")), CopyAtom.Side.SRC));
        return List.copyOf(cs);
    }
}
