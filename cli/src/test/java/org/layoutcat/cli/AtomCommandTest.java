package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code layoutcat atom}, {@code draw mma|copy} and {@code gpu atoms} without a GPU. */
class AtomCommandTest {

    /** Issue 12's done-when: the picture CUTLASS users know, in SVG, PNG and TikZ. */
    @Test
    void drawMmaWritesThePrintLatexPicture(@TempDir Path dir) throws Exception {
        for (String ext : new String[] {"svg", "png", "tex"}) {
            Path out = dir.resolve("mma." + ext);
            CliRun r = CliRun.of("draw", "mma", "SM80_16x8x16_F16F16F16F16_TN", "--atoms", "2x2x1", "-o", out.toString());
            assertEquals(0, r.code(), r.err());
            assertTrue(Files.size(out) > 1000, ext);
        }
        String svg = Files.readString(dir.resolve("mma.svg"));
        assertTrue(svg.contains(">T127<") && svg.contains(">V7<"), "all 128 threads and A's 8 values are labelled");
        Path permuted = dir.resolve("p.svg");
        assertEquals(0, CliRun.of("draw", "mma", "SM80_16x8x16_F16F16F16F16_TN", "--atoms", "2x2x1", "--permute", "<32,32,16>",
                "-o", permuted.toString()).code());
        Path copy = dir.resolve("c.svg");
        CliRun c = CliRun.of("draw", "copy", "SM75_U32x4_LDSM_N", "16", "(32,1)", "(1,8)", "-o", copy.toString());
        assertEquals(0, c.code(), c.err());
    }

    @Test
    void atomPrintsTheTvLayouts() {
        CliRun r = CliRun.of("atom", "SM80_16x8x16_F16F16F16F16_TN", "--atoms", "2x2x1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("tile_mnk: (32,16,16)"), r.out());
        assertTrue(r.out().contains("layout_c_tv: ((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))"), r.out());
        CliRun bad = CliRun.of("atom", "SM80_NOPE");
        assertEquals(1, bad.code());
        assertTrue(bad.err().contains("no MMA atom \"SM80_NOPE\""), bad.err());
    }

    @Test
    void gpuAtomsPrintsAKernelsPtxWithoutAGpu() {
        CliRun r = CliRun.of("gpu", "atoms", "--ptx", "SM80_16x8x16_F16F16F16F16_TN");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {"), r.out());
        assertTrue(CliRun.of("gpu", "atoms", "--ptx", "SM90_U32x4_STSM_N").out().contains("stmatrix.sync.aligned.m8n8.x4.shared.b16 ["));
        // a GMMA atom as its catalog case places it: N = 64 is SW32, its B K-major (8-bit), A from registers
        String w = CliRun.of("gpu", "atoms", "--ptx", "SM90_64x64x32_S32S8U8_RS_TN_SATURATE").out();
        assertTrue(w.contains("wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.u8.satfinite {"), w);
        assertTrue(w.contains("// B: K-major, GMMA::Layout_K_SW32_Atom<8b> tiled to (64,32)"), w);
        assertTrue(w.contains(".version 8.4\n"), w);
    }
}
