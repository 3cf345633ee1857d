package org.layoutcat.gpu.atom;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.gpu.ptx.Kernel;

/**
 * The verification's host side against a device emulated from the PTX ISA's fragment formulas (written out here,
 * independently of the catalog): the catalog passes, and the swapped-lanes counter-check is caught. The real
 * device run is {@code layoutcat gpu atoms --verify} (gpu/device-check.sh).
 */
class EmulatedAtomsTest {

    /** mma.m16n8k16 (f16, f32 accumulators), wgmma, ldmatrix/stmatrix .x4 with and without .trans, by the PTX ISA. */
    static class PtxIsaWarp implements AtomDevice {
        @Override
        public double[] mma(Kernel k, double[] a, double[] b, int[] ia, int[] ib, int[] ic, int cLength) {
            assertTrue(k.ptx().contains("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"), k.entry());
            double[][] am = new double[16][16], bm = new double[16][8];
            for (int lane = 0; lane < 32; lane++) {
                int g = lane >> 2, t = lane & 3;
                for (int i = 0; i < 8; i++) am[g + 8 * ((i / 2) % 2)][2 * t + i % 2 + 8 * (i / 4)] = a[ia[lane * 8 + i]];
                for (int i = 0; i < 4; i++) bm[2 * t + i % 2 + 8 * (i / 2)][g] = b[ib[lane * 4 + i]];
            }
            double[] c = new double[cLength];
            for (int lane = 0; lane < 32; lane++) {
                int g = lane >> 2, t = lane & 3;
                for (int i = 0; i < 4; i++) {
                    int row = g + 8 * (i / 2), col = 2 * t + i % 2;
                    double s = 0;
                    for (int kk = 0; kk < 16; kk++) s += am[row][kk] * bm[kk][col];
                    c[ic[lane * 4 + i]] = s;
                }
            }
            return c;
        }

        /** wgmma by the PTX ISA ({@link WgmmaEmulator}). */
        @Override
        public double[] wgmma(Kernel k, int[] a, int[] b, int[] ia, int[] ib, int[] ic, int cLength) {
            return WgmmaEmulator.run(k, a, b, ia, ib, ic, cLength);
        }

        /** Element (r, c) of matrix j: its row's address comes from lane 8j + r. */
        private static int at(int[] rows, int j, int r, int c) {
            return rows[8 * j + r] / 2 + c;
        }

        @Override
        public int[] ldmatrix(Kernel k, int[] rows, int outLength) {
            boolean trans = k.ptx().contains(".trans");
            int[] out = new int[outLength];
            for (int lane = 0; lane < 32; lane++) {
                for (int j = 0; j < 4; j++) {
                    int w = 0;
                    for (int h = 0; h < 2; h++) {
                        int e = trans ? at(rows, j, 2 * (lane % 4) + h, lane / 4) : at(rows, j, lane / 4, 2 * (lane % 4) + h);
                        w |= e << (16 * h); // shared element e holds id e
                    }
                    out[lane * 4 + j] = w;
                }
            }
            return out;
        }

        @Override
        public int[] stmatrix(Kernel k, int[] rows, int[] regs, int outLength) {
            boolean trans = k.ptx().contains(".trans");
            int[] shared = new int[outLength];
            for (int lane = 0; lane < 32; lane++) {
                for (int j = 0; j < 4; j++) {
                    for (int h = 0; h < 2; h++) {
                        int e = trans ? at(rows, j, 2 * (lane % 4) + h, lane / 4) : at(rows, j, lane / 4, 2 * (lane % 4) + h);
                        shared[e] = (regs[lane * 4 + j] >>> (16 * h)) & 0xFFFF;
                    }
                }
            }
            return shared;
        }

        @Override
        public String description() {
            return "the PTX ISA's fragment formulas";
        }
    }

    @Test
    void theCatalogPassesAndTheSwappedLanesAreCaught() {
        PtxIsaWarp warp = new PtxIsaWarp();
        AtomVerification.Outcome m = AtomVerification.verifyMma(warp, Atoms.mma("SM80_16x8x16_F32F16F16F32_TN"), 1);
        assertTrue(m.passed(), m.line());
        assertTrue(!m.wgmma(), m.line()); // mma.sync: its family, MMA_SYNC
        assertTrue(m.line().startsWith("PASS") && m.line().contains("128/128") && m.line().contains("(caught)"), m.line());
        for (int n : new int[] {8, 96, 256}) {
            AtomVerification.Outcome w = AtomVerification.verifyWgmma(warp, WgmmaCase.of(Atoms.mma("SM90_64x" + n + "x16_F32F16F16_SS")), 1);
            assertTrue(w.passed(), w.line());
            assertTrue(w.wgmma(), w.line()); // wgmma.mma_async, family WGMMA_SS: counted among the wgmma cases
        }
        for (String name : new String[] {"SM75_U32x4_LDSM_N", "SM75_U16x8_LDSM_T"}) {
            AtomVerification.Outcome o = AtomVerification.verifyLdmatrix(warp, Atoms.copy(name));
            assertTrue(o.passed(), o.line());
            assertTrue(!o.wgmma(), o.line());
        }
        for (String name : new String[] {"SM90_U32x4_STSM_N", "SM90_U16x8_STSM_T"}) {
            AtomVerification.Outcome o = AtomVerification.verifyStmatrix(warp, Atoms.copy(name));
            assertTrue(o.passed(), o.line());
        }
    }

    /** A non-transposing ldmatrix checked against the .trans atom's layout must fail: the check tells them apart. */
    @Test
    void aWrongLayoutFails() {
        PtxIsaWarp warp = new PtxIsaWarp() {
            @Override
            public int[] ldmatrix(Kernel k, int[] rows, int outLength) {
                return super.ldmatrix(new Kernel(k.entry(), k.ptx().replace(".trans", ""), k.geometry(), k.items(), k.blockX(), k.blockY(), k.summary()),
                        rows, outLength);
            }
        };
        AtomVerification.Outcome o = AtomVerification.verifyLdmatrix(warp, Atoms.copy("SM75_U16x8_LDSM_T"));
        assertFalse(o.passed(), o.line());
        assertTrue(o.line().startsWith("FAIL"), o.line());
    }
}
