package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.LayoutArgumentException;

/**
 * The SM90 GMMA catalog against the PTX ISA's register fragments of wgmma ("Asynchronous Warpgroup Level Matrix
 * Multiply-Accumulate", Register Fragments: the accumulator D of .m64nNk*, and A from registers for .m64nNk8,
 * .m64nNk16 and .m64nNk32), and against CuTe's catalog: its names (the families and N of
 * {@code mma_traits_sm90_gmma.hpp} and {@code _ext.hpp}) and the layouts CuTe prints for a sample of its traits.
 */
class GmmaAtomsTest {

    @Test
    void theCatalogHasCuTesNames() {
        List<MmaAtom> all = Atoms.gmmaAtoms();
        // 3 families of 16-bit inputs and TF32: 4 × 2 forms × 32 N; FP8: 8 × 2 × 32; integer: 4 × 2 × 2 (saturate) × 18 N
        assertEquals(4 * 2 * 32 + 8 * 2 * 32 + 4 * 2 * 2 * 18, all.size());
        Set<String> names = new HashSet<>();
        for (MmaAtom a : all) {
            assertTrue(names.add(a.name()), a.name());
            assertSame(a, Atoms.mma(a.name()), a.name());
        }
        for (String name : List.of("SM90_64x8x16_F16F16F16_SS", "SM90_64x256x16_F32BF16BF16_RS", "SM90_64x248x8_F32TF32TF32_SS_TN",
                "SM90_64x24x32_F16E5M2E4M3_RS_TN", "SM90_64x240x32_S32U8S8_SS_TN_SATURATE", "SM90_64x24x32_S32S8S8_RS_TN")) {
            assertTrue(names.contains(name), name);
        }
        // names CuTe does not define: N = 40 for integers, _TN on 16-bit inputs, K of another width, N past 256
        for (String name : List.of("SM90_64x40x32_S32S8S8_SS_TN", "SM90_64x8x16_F16F16F16_SS_TN", "SM90_64x8x16_F32TF32TF32_SS_TN",
                "SM90_64x264x16_F32F16F16_SS", "SM90_64x8x16_F32F16F16_SS_SATURATE", "SM90_64x08x16_F32F16F16_SS")) {
            assertThrows(LayoutArgumentException.class, () -> Atoms.mma(name), name);
        }
        assertEquals("wgmma.mma_async.sync.aligned.m64n24k32.s32.s8.u8.satfinite", Atoms.mma("SM90_64x24x32_S32S8U8_RS_TN_SATURATE").ptx());
        MmaAtom mixed = Atoms.mma("SM90_64x16x32_F32E4M3E5M2_SS_TN");
        assertEquals(Element.E4M3, mixed.ab());
        assertEquals(Element.E5M2, mixed.bType());
    }

    /** PTX ISA wgmma D: row = 16·warp + g + 8·(⌊i/2⌋ mod 2), col = 8·⌊i/4⌋ + 2t + i mod 2, for every family and N. */
    @Test
    void everyAccumulatorAgreesWithThePtxIsaFormula() {
        for (MmaAtom atom : Atoms.gmmaAtoms()) {
            long n = atom.n();
            assertEquals(n / 2, atom.valuesC(), atom.name());
            for (int tid = 0; tid < 128; tid += 5) {
                int warp = tid / 32, lane = tid % 32, g = lane >> 2, t = lane & 3;
                for (int i = 0; i < n / 2; i++) {
                    long[] rc = {16L * warp + g + 8L * ((i / 2) % 2), 8L * (i / 4) + 2L * t + i % 2};
                    assertArrayEquals(rc, atom.coordC(tid, i), atom.name() + " thread " + tid + " d" + i);
                }
            }
        }
    }

    /**
     * PTX ISA wgmma A in registers, (row m, column k) of a_i held by thread tid (warp, g = lane/4, t = lane%4):
     * .m64nNk16 (16-bit): m = 16·warp + g + 8·(⌊i/2⌋ mod 2), k = 8·⌊i/4⌋ + 2t + i mod 2;
     * .m64nNk8 (tf32): m = 16·warp + g + 8·(i mod 2), k = t + 4·⌊i/2⌋;
     * .m64nNk32 (8-bit): m = 16·warp + g + 8·(⌊i/4⌋ mod 2), k = 16·⌊i/8⌋ + 4t + i mod 4.
     * A shared-memory operand (SS, and every B) names the whole tile from every thread, as CuTe's ABLayout.
     */
    @Test
    void registerOperandsAgreeWithThePtxIsaFormulas() {
        int rs = 0;
        for (MmaAtom atom : Atoms.gmmaAtoms()) {
            assertEquals(atom.m() * atom.k(), atom.a().mode(1).size() * (atom.registersA() ? 128 : 1), atom.name());
            assertEquals(0, atom.b().stride().mode(0).value(), atom.name() + ": B is a descriptor");
            if (!atom.registersA()) {
                assertEquals(0, atom.a().stride().mode(0).value(), atom.name());
                continue;
            }
            rs++;
            for (int tid = 0; tid < 128; tid++) {
                int warp = tid / 32, lane = tid % 32, g = lane >> 2, t = lane & 3;
                for (int i = 0; i < atom.valuesA(); i++) {
                    long[] mk = switch ((int) atom.k()) {
                        case 16 -> new long[] {16L * warp + g + 8L * ((i / 2) % 2), 8L * (i / 4) + 2L * t + i % 2};
                        case 8 -> new long[] {16L * warp + g + 8L * (i % 2), t + 4L * (i / 2)};
                        default -> new long[] {16L * warp + g + 8L * ((i / 4) % 2), 16L * (i / 8) + 4L * t + i % 4};
                    };
                    assertArrayEquals(mk, atom.coordA(tid, i), atom.name() + " thread " + tid + " a" + i);
                }
            }
        }
        assertEquals(528, rs);
    }

    /**
     * The layouts CuTe C++ prints for a sample of the traits (host program against CUTLASS 7107b05 with
     * CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED): ALayout, BLayout, CLayout.
     */
    @Test
    void aSampleOfTraitsPrintsAsCuTeDoes() {
        String[][] cute = {
            {"SM90_64x24x32_S32S8U8_RS_TN", "((_4,_8,_4),(_4,_2,_2)):((_256,_1,_16),(_64,_8,_1024))", "(_128,(_24,_32)):(_0,(_1,_24))",
                "((_4,_8,_4),(_2,_2,_3)):((_128,_1,_16),(_64,_8,_512))"},
            {"SM90_64x8x8_F32TF32TF32_RS_TN", "((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))", "(_128,(_8,_8)):(_0,(_1,_8))",
                "((_4,_8,_4),(_2,_2,_1)):((_128,_1,_16),(_64,_8,_512))"},
            {"SM90_64x16x32_F16E4M3E5M2_SS_TN", "(_128,(_64,_32)):(_0,(_1,_64))", "(_128,(_16,_32)):(_0,(_1,_16))",
                "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))"},
            {"SM90_64x256x16_F16F16F16_RS", "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))", "(_128,(_256,_16)):(_0,(_1,_256))",
                "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))"},
        };
        for (String[] c : cute) {
            MmaAtom a = Atoms.mma(c[0]);
            assertEquals(c[1].replace("_", ""), a.a().toString(), c[0] + " A");
            assertEquals(c[2].replace("_", ""), a.b().toString(), c[0] + " B");
            assertEquals(c[3].replace("_", ""), a.c().toString(), c[0] + " C");
        }
    }
}
