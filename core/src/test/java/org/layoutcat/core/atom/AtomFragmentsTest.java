package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.*;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * Every catalog entry against the PTX ISA's fragment formulas, written out here from the ISA (chapter 9.7.14,
 * "Matrix Fragments for mma.m…", and 9.7.15 for wgmma's accumulator; 9.7.9 ldmatrix/stmatrix), not read from the
 * catalog: for every lane and register element the formula gives (row, col), and the catalog's layout at
 * (thrID⁻¹(lane), i) must name the same element. {@code g = laneid >> 2} is the groupID,
 * {@code t = laneid % 4} the threadID_in_group.
 */
class AtomFragmentsTest {

    /** PTX ISA (row, col) of A's element i held by lane (A is M×K: row = m, col = k). */
    static long[] ptxA(String shape, String ab, int lane, int i) {
        int g = lane >> 2, t = lane & 3;
        switch (shape) {
            case "m8n8k4.f16": // row-major A, quad pair: row = lane%4 (+4 for lanes 16..31), col = i
                return new long[] {(lane & 3) + (lane >= 16 ? 4 : 0), i};
            case "m8n8k4.f64": // row = g, col = t
                return new long[] {g, t};
            case "m16n8k4.tf32": // row = g + 8·i, col = t
                return new long[] {g + 8L * i, t};
            case "m16n8k8.tf32": // row = g (a0,a2), g+8 (a1,a3); col = t (a0,a1), t+4 (a2,a3)
                return new long[] {g + 8L * (i % 2), t + 4L * (i / 2)};
            case "m16n8k8.f16": // row = g + 8·⌊i/2⌋, col = 2t + i%2
                return new long[] {g + 8L * (i / 2), 2L * t + i % 2};
            case "m16n8k16.f16": // row = g for a0,a1,a4,a5 else g+8; col = 2t + i%2 (+8 for i ≥ 4)
                return new long[] {g + 8L * ((i / 2) % 2), 2L * t + i % 2 + (i >= 4 ? 8 : 0)};
            case "m16n8k32.s8": // row = g for a0..a3, a8..a11 else g+8; col = 4t + i%4 (+16 for i ≥ 8)
                return new long[] {g + 8L * ((i / 4) % 2), 4L * t + i % 4 + (i >= 8 ? 16 : 0)};
            default:
                throw new AssertionError(shape);
        }
    }

    /** PTX ISA (row, col) of B's element i held by lane (B is K×N: row = k, col = n). */
    static long[] ptxB(String shape, int lane, int i) {
        int g = lane >> 2, t = lane & 3;
        switch (shape) {
            case "m8n8k4.f16": // column-major B: row = i, col = lane%4 (+4 for lanes 16..31)
                return new long[] {i, (lane & 3) + (lane >= 16 ? 4 : 0)};
            case "m8n8k4.f64":
            case "m16n8k4.tf32": // row = t, col = g
                return new long[] {t, g};
            case "m16n8k8.tf32": // row = t (b0), t+4 (b1); col = g
                return new long[] {t + 4L * i, g};
            case "m16n8k8.f16": // row = 2t + i, col = g
                return new long[] {2L * t + i, g};
            case "m16n8k16.f16": // row = 2t + i%2 (+8 for i ≥ 2), col = g
                return new long[] {2L * t + i % 2 + (i >= 2 ? 8 : 0), g};
            case "m16n8k32.s8": // row = 4t + i%4 (+16 for i ≥ 4), col = g
                return new long[] {4L * t + i % 4 + (i >= 4 ? 16 : 0), g};
            default:
                throw new AssertionError(shape);
        }
    }

    /** PTX ISA (row, col) of the accumulator's element i held by lane. */
    static long[] ptxC(String shape, String acc, int lane, int i) {
        int g = lane >> 2, t = lane & 3;
        if (shape.equals("m8n8k4.f16")) {
            if (acc.equals("f16")) return new long[] {(lane & 3) + (lane >= 16 ? 4 : 0), i}; // row = lane%4 (+4), col = i
            // .f32: row = X (+4 for lanes 16..31), X = (lane & 1) + (i & 2); col = (i & 4) + (lane & 2) + (i & 1)
            return new long[] {(lane & 1) + (i & 2) + (lane >= 16 ? 4 : 0), (i & 4) + (lane & 2) + (i & 1)};
        }
        if (shape.equals("m8n8k4.f64")) return new long[] {g, 2L * t + i}; // row = g, col = 2t + i
        return new long[] {g + 8L * (i / 2), 2L * t + i % 2}; // m16n8kK: row = g + 8⌊i/2⌋, col = 2t + i%2
    }

    static String shapeOf(MmaAtom a) {
        String s = "m" + a.m() + "n" + a.n() + "k" + a.k();
        return s + "." + (a.ab() == Element.BF16 ? "f16" : a.ab().ptx());
    }

    /** logical thread of a lane: thrID⁻¹, or -1 where the lane is not one of the atom's threads. */
    static long logicalThread(MmaAtom a, int lane) {
        for (long t = 0; t < a.threads(); t++) if (a.thrID().apply(t) == lane) return t;
        return -1;
    }

    @Test
    void mmaSyncFragmentsAgreeWithThePtxIsaFormulas() {
        int checked = 0;
        for (MmaAtom atom : Atoms.mmaAtoms()) {
            if (!atom.registersAB()) continue;
            String shape = shapeOf(atom);
            int lanesUsed = 0;
            for (int lane = 0; lane < 32; lane++) {
                long t = logicalThread(atom, lane);
                if (t < 0) continue;
                lanesUsed++;
                for (int i = 0; i < atom.valuesA(); i++) {
                    long[] rc = ptxA(shape, atom.ab().ptx(), lane, i);
                    assertArrayEquals(rc, atom.coordA(t, i), atom.name() + " A lane " + lane + " a" + i);
                }
                for (int i = 0; i < atom.valuesB(); i++) {
                    long[] rc = ptxB(shape, lane, i); // (k, n)
                    assertArrayEquals(new long[] {rc[1], rc[0]}, atom.coordB(t, i), atom.name() + " B lane " + lane + " b" + i);
                }
                for (int i = 0; i < atom.valuesC(); i++) {
                    assertArrayEquals(ptxC(shape, atom.d().ptx(), lane, i), atom.coordC(t, i), atom.name() + " C lane " + lane + " c" + i);
                }
                checked++;
            }
            assertEquals(atom.name().startsWith("SM70") ? 8 : 32, lanesUsed, atom.name());
        }
        assertEquals(14 * 32 - 2 * 24, checked);
    }

    @Test
    void wgmmaAccumulatorsAgreeWithThePtxIsaFormula() {
        int atoms = 0;
        for (int n = 8; n <= 256; n += 8) {
            MmaAtom atom = Atoms.mma("SM90_64x" + n + "x16_F32F16F16_SS");
            assertEquals(n / 2, atom.valuesC());
            for (int tid = 0; tid < 128; tid++) {
                int warp = tid / 32, lane = tid % 32, g = lane >> 2, t = lane & 3;
                for (int i = 0; i < n / 2; i++) {
                    // PTX ISA wgmma D fragment: row = 16·warp + g + 8·(⌊i/2⌋ mod 2), col = 8·⌊i/4⌋ + 2t + i%2
                    long[] rc = {16L * warp + g + 8L * ((i / 2) % 2), 8L * (i / 4) + 2L * t + i % 2};
                    assertArrayEquals(rc, atom.coordC(tid, i), atom.name() + " thread " + tid + " d" + i);
                }
            }
            atoms++;
        }
        assertEquals(32, atoms);
    }

    @Test
    void everyMmaTvLayoutIsABijectionOntoItsTile() {
        for (MmaAtom atom : Atoms.mmaAtoms()) {
            assertBijection(atom.name() + " C", atom.c(), atom.m() * atom.n());
            if (atom.registersAB()) {
                assertBijection(atom.name() + " A", atom.a(), atom.m() * atom.k());
                assertBijection(atom.name() + " B", atom.b(), atom.n() * atom.k());
            }
        }
    }

    static void assertBijection(String what, Layout l, long tile) {
        assertEquals(tile, l.size(), what + " " + l + " size");
        Set<Long> seen = new HashSet<>();
        for (long i = 0; i < l.size(); i++) {
            long v = l.apply(i);
            assertTrue(v >= 0 && v < tile && seen.add(v), what + " " + l + " repeats or leaves its tile at " + i);
        }
    }

    /**
     * ldmatrix/stmatrix: matrix j's rows are at the addresses of threads 8j..8j+7 (x1 and x2 use the first 8·j
     * threads), row r of 8×8 16-bit elements. Without .trans lane l's register j holds matrix j's row ⌊l/4⌋,
     * columns 2(l%4) and 2(l%4)+1; with .trans it holds the transposed matrix's: rows 2(l%4), 2(l%4)+1 of column
     * ⌊l/4⌋. The catalog's register side, read in 16-bit elements, must name those elements, where the tile's
     * element (matrix j, row r, col c) has index 64j + 8r + c (the rows of the address side one after another).
     */
    @Test
    void ldmatrixAndStmatrixAgreeWithThePtxIsaFragments() {
        int checked = 0;
        for (CopyAtom atom : Atoms.copyAtoms()) {
            boolean ld = atom.name().contains("LDSM"), st = atom.name().contains("STSM");
            if (!ld && !st) continue;
            boolean trans = atom.ptx().contains(".trans");
            int matrices = atom.ptx().contains(".x4") ? 4 : atom.ptx().contains(".x2") ? 2 : 1;
            Layout regs = ld ? atom.dst(16) : atom.src(16);
            Layout rows = ld ? atom.src(16) : atom.dst(16);
            assertEquals(2L * matrices, regs.mode(1).size(), atom.name());
            for (int lane = 0; lane < 32; lane++) {
                // address side: lane l supplies row l % (8·matrices) (lanes past the last row repeat; PTX ignores them)
                int row = lane % (8 * matrices);
                assertEquals(8L * row, rows.apply(IntTuple.flat(lane, 0)), atom.name() + " row address of lane " + lane);
                for (int j = 0; j < matrices; j++) {
                    for (int h = 0; h < 2; h++) {
                        long r = trans ? 2L * (lane % 4) + h : lane / 4;
                        long c = trans ? lane / 4 : 2L * (lane % 4) + h;
                        assertEquals(64L * j + 8 * r + c, regs.apply(IntTuple.flat(lane, 2L * j + h)),
                                atom.name() + " lane " + lane + " register " + j + " half " + h);
                    }
                }
            }
            assertBijection(atom.name() + " registers", regs, 64L * matrices);
            checked++;
        }
        assertEquals(12, checked);
    }

    @Test
    void copyAtomsMoveEveryBitOnce() {
        for (CopyAtom atom : Atoms.copyAtoms()) {
            Layout regs = atom.name().contains("LDSM") || atom.family() instanceof CopyAtom.TmemLoad ? atom.dst() : atom.src();
            assertBijection(atom.name(), regs, regs.size());
            assertEquals(atom.src().cosize(), atom.dst().cosize(), atom.name() + ": source and destination cover one tile");
        }
        assertEquals(32, Atoms.copy("SM80_CP_ASYNC_CACHEALWAYS_U32").bits());
        assertEquals(128, Atoms.copy("UniversalCopy_U128").bits());
        assertEquals(Layout.parse("((8,4),8):((8,0),1)"), Atoms.copy("SM75_U32x1_LDSM_N").src(16));
        assertEquals(Layout.parse("(32,2):(2,1)"), Atoms.copy("SM75_U32x1_LDSM_N").dst(16));
    }

    @Test
    void anUnknownAtomIsRefusedByName() {
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> Atoms.mma("SM80_16x8x16_NOPE"));
        assertTrue(e.getMessage().contains("SM80_16x8x16_NOPE") && e.getMessage().contains("SM80_16x8x16_F16F16F16F16_TN"), e.getMessage());
        assertThrows(LayoutArgumentException.class, () -> Atoms.copy("LDSM"));
    }
}
