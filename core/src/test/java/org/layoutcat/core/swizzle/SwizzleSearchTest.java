package org.layoutcat.core.swizzle;

import org.layoutcat.core.LayoutArgumentException;

import static org.junit.jupiter.api.Assertions.assertThrows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.CopyStage;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/** The swizzle search on SM80 operand stages: hand-derived bounds, and CUTLASS's SM90 selector. */
class SwizzleSearchTest {

    private static SwizzleSearch.Access cpAsync(IntTuple tile, String thr) {
        TiledCopy c = TiledCopy.of(Atoms.copy("SM80_CP_ASYNC_CACHEALWAYS_U128"), 16, Layout.parse(thr), Layout.parse("(1,8)"));
        return new SwizzleSearch.Access("cp.async", CopyStage.access(c, tile, CopyAtom.Side.DST), 32);
    }

    private static SwizzleSearch.Access ldmatrixA(IntTuple tile) {
        TiledCopy c = TiledCopy.forA(Atoms.copy("SM75_U32x4_LDSM_N"), 16,
                TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), IntTuple.parse("(2,2,1)")));
        return new SwizzleSearch.Access("ldmatrix", CopyStage.access(c, tile, CopyAtom.Side.SRC), 32);
    }

    /**
     * A 128×64 half tile, K-major: 128 threads write it with 16-byte cp.async (16 KiB, one wavefront per 128 bytes: 128)
     * and 4 warps read it with ldmatrix.x4 as the A operand of 2×2 SM80 atoms, each warp pair reading A once (32 KiB:
     * 256): the bound is 384. Sw&lt;3,3,3&gt; meets it, as CUTLASS's SW128 atom does; the plain tile does not (ldmatrix
     * reads 8 rows of 128 bytes from the same 4 banks).
     */
    @Test
    void theBoundOfAnOperandStageIsMetBySw333AndCutlassPicksSw128() {
        IntTuple tile = IntTuple.parse("(128,64)");
        SwizzleSearch.Result r = SwizzleSearch.search(tile, 2, Major.K, List.of(cpAsync(tile, "(16,8):(8,1)"), ldmatrixA(tile)));
        assertEquals(384, r.lowerBound());
        assertTrue(r.meetsBound());
        assertEquals(384, r.best().wavefronts());
        assertTrue(r.ranked().stream().anyMatch(c -> c.wavefronts() == 384 && c.name().startsWith("Sw<3,3,3> o 0 o (128,64):(64,1)")));
        assertEquals(GmmaSmemAtoms.Swizzling.SW128, SwizzleSearch.cutlassChoice(Major.K, tile, 2));
        assertEquals(384, r.cutlass().wavefronts());
        SwizzleSearch.Candidate plain = r.ranked().stream().filter(c -> c.name().startsWith("no swizzle")).findFirst().orElseThrow();
        assertEquals(List.of(128L, 2048L), plain.perAccess()); // the cp.async rows are whole 128-byte lines; ldmatrix is 8-way
    }

    /** K = 32 halves (64-byte rows): CUTLASS's selector takes the SW64 atom; Sw<2,3,3> meets the bound. */
    @Test
    void aTileWhoseSwizzlesAreTooManyIsRefusedAsATileNotAsABug() {
        // the fuzz run of issue 34: (2147483648,16) reached an internal guard, "808 candidates"; the candidates are
        // 1 + the Sw<B,M,S> with B + M + S ≤ 35 index bits + the GMMA atoms that tile it
        IntTuple tile = IntTuple.parse("(2147483648,16)");
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class,
                () -> SwizzleSearch.search(tile, 2, Major.K, List.of(new SwizzleSearch.Access("column", Layout.parse("32:1"), 32))));
        assertTrue(e.getMessage().startsWith("tile (2147483648,16): its 34359738368 elements make 808 candidate layouts"), e.getMessage());
        assertTrue(e.getMessage().contains("at most 2^25 elements"), e.getMessage());
    }

    @Test
    void narrowTilesTakeNarrowerSwizzles() {
        IntTuple tile = IntTuple.parse("(128,32)");
        SwizzleSearch.Result r = SwizzleSearch.search(tile, 2, Major.K, List.of(cpAsync(tile, "(32,4):(4,1)"), ldmatrixA(tile)));
        assertTrue(r.meetsBound(), r.table(5));
        assertEquals(GmmaSmemAtoms.Swizzling.SW64, SwizzleSearch.cutlassChoice(Major.K, tile, 2));
        assertEquals(r.lowerBound(), r.cutlass().wavefronts());
    }

    /**
     * Columns of a 64×64 float tile read one per warp instruction (32 rows, 4 bytes each: minimum 1), written with
     * 16-byte cp.async: no swizzle keeps the 4-float vectors whole and spreads a column over 32 banks (a column's
     * bank is 4·(chunk mod 8) + its place in the chunk, 8 banks at most), so the bound is not met, and the search says so.
     */
    @Test
    void aBoundNoSwizzleMeetsIsSaid() {
        IntTuple tile = IntTuple.parse("(64,64)");
        TiledCopy w = TiledCopy.of(Atoms.copy("SM80_CP_ASYNC_CACHEALWAYS_U128"), 32, Layout.parse("(16,8):(8,1)"), Layout.parse("(1,4)"));
        TiledCopy rd = TiledCopy.of(Atoms.copy("UniversalCopy_U32"), 32, Layout.parse("(32,4):(1,32)"), Layout.parse("(1,16)"));
        SwizzleSearch.Result r = SwizzleSearch.search(tile, 4, Major.K, List.of(
                new SwizzleSearch.Access("cp.async", CopyStage.access(w, tile, CopyAtom.Side.DST), 32),
                new SwizzleSearch.Access("ld.shared", CopyStage.access(rd, tile, CopyAtom.Side.SRC), 32)));
        assertEquals(256, r.lowerBound());
        assertFalse(r.meetsBound());
        assertTrue(r.table(3).contains("not met by any candidate"), r.table(3));
    }

    /**
     * 32 threads read column 0 of a 64×32 float tile at rows 0–15 and 32–47: the rows' bits are offset bits 5–8 and 10.
     * A swizzle takes consecutive bits, so none maps those five into the five bank bits (Sw&lt;5,0,5&gt; reads the
     * constant bit 9, Sw&lt;5,0,6&gt; misses bit 5: 2 wavefronts against 1); the XOR map of bits 0–3 with 5–8 and bit 4
     * with bit 10 meets the bound, and the search finds it.
     */
    @Test
    void anXorMapMeetsABoundNoSwizzleMeets() {
        IntTuple tile = IntTuple.parse("(64,32)");
        SwizzleSearch.Result r = SwizzleSearch.search(tile, 4, Major.K, List.of(new SwizzleSearch.Access("column", Layout.parse("((16,2)):((1,32))"), 32)));
        assertEquals(1, r.lowerBound());
        assertFalse(r.meetsBound());
        assertEquals(2, r.best().wavefronts());
        assertEquals(1, r.xor().wavefronts(), r.table(3));
        for (int t = 0; t < 32; t++) { // the map sends the 32 rows to 32 banks
            long row = (t & 15) + 32L * (t >> 4);
            long bank = r.xor().apply(row * 32) % 32;
            for (int u = 0; u < t; u++) assertTrue(bank != r.xor().apply(((u & 15) + 32L * (u >> 4)) * 32) % 32, t + " and " + u);
        }
        assertTrue(r.table(3).contains("meets the bound"), r.table(3));
        // its F2 view maps each index bit of the tile as the map does: the column's index bits (row bits) to the bank bits
        org.layoutcat.core.f2.F2Map f2 = r.xor().f2(Layout.parse("(64,32):(32,1)"));
        for (long i = 0; i < 64 * 32; i++) assertEquals(r.xor().apply(Layout.parse("(64,32):(32,1)").apply(i)), f2.apply(i));
    }
}
