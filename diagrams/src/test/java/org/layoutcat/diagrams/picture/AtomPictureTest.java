package org.layoutcat.diagrams.picture;

import static org.junit.jupiter.api.Assertions.*;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Drawings;
import org.layoutcat.diagrams.svg.SvgWriter;

/**
 * The print_latex pictures of tiled MMAs and copies: every cell of A, B and C labelled with the (thread, value)
 * the PTX ISA's fragment formulas give (re-derived here), and the three operands aligned as CuTe draws them.
 */
class AtomPictureTest {

    static Map<String, DiagramNode> cells(Diagram d) {
        Map<String, DiagramNode> m = new HashMap<>();
        for (DiagramNode n : d.graph().vertexSet()) if (n.kind() == DiagramNode.Kind.CELL) m.put(n.id(), n);
        return m;
    }

    /**
     * A 128×256 tiled MMA (m16n8k16, 4×2×1 atoms over <128,256,16>: 256 threads, 38,912 cells) is drawn compact:
     * small cells that show the thread alone, at a width of about 23 pixels a column instead of 36, in under 2 MB of
     * SVG; each cell still the thread the PTX ISA's fragment gives (the first atom's warp at the top left).
     */
    @Test
    void aLargeTiledMmaIsDrawnCompactWithTheThreadOfEachCell() {
        TiledMma mma = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), TiledMma.parseAtomLayout("4x2x1"),
                org.layoutcat.core.Tiler.parse("<128,256,16>"));
        Diagram d = Drawings.mma(mma);
        Map<String, DiagramNode> cells = cells(d);
        assertEquals(128 * 256 + 16 * (128 + 256), cells.size());
        assertTrue(d.width() < 6400, d.width() + " px wide: 272 columns at print_latex's 36 px would be 9,800");
        DiagramNode c00 = cells.get("C.cell.0.0"), c01 = cells.get("C.cell.0.1");
        assertEquals(16, c00.box().h(), 1e-9);
        assertTrue(c01.box().x() - c00.box().x() <= 24);
        for (int m = 0; m < 16; m++) {
            for (int n = 0; n < 8; n++) {
                int lane = 4 * (m % 8) + n / 2; // row = g + 8⌊i/2⌋, col = 2t + i%2
                assertEquals("T" + lane + " V" + (n % 2 + 2 * (m / 8)), cells.get("C.cell." + m + "." + n).label(), "C(" + m + "," + n + ")");
            }
        }
        String svg = SvgWriter.write(d);
        assertTrue(svg.length() < 2_000_000, svg.length() + " bytes");
        assertTrue(svg.contains("each cell: the thread that holds it (38912 cells"), "the caption says what a compact cell shows");
        assertFalse(svg.contains(">V0<"), "a compact cell shows no value");
    }

    /** m16n8k16 tiled 2×2×1 (128 threads, tile 32×16×16): C(m, n) is held by the warp of atom (m/16, n/8). */
    @Test
    void mmaPictureLabelsEveryCellByThePtxFragment() {
        Diagram d = Drawings.mma(TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), IntTuple.flat(2, 2, 1)));
        Map<String, DiagramNode> cells = cells(d);
        assertEquals(32 * 16 + 32 * 16 + 16 * 16, cells.size());
        for (int m = 0; m < 32; m++) {
            for (int n = 0; n < 16; n++) {
                int warp = m / 16 + 2 * (n / 8), r = m % 16, c = n % 8;
                int lane = 4 * (r % 8) + (c % 8) / 2; // row = g + 8⌊i/2⌋, col = 2t + i%2
                int i = c % 2 + 2 * (r / 8);
                assertEquals("T" + (32 * warp + lane) + " V" + i, cells.get("C.cell." + m + "." + n).label(), "C(" + m + "," + n + ")");
            }
        }
        // A(m, k): first holder is the atom at n = 0; a_i with row = g + 8·((i/2)%2), col = 2t + i%2 + 8·(i/4)
        assertEquals("T0 V0", cells.get("A.cell.0.0").label());
        assertEquals("T0 V2", cells.get("A.cell.8.0").label());
        assertEquals("T0 V4", cells.get("A.cell.0.8").label());
        assertEquals("T32 V0", cells.get("A.cell.16.0").label());
        // B drawn K×N: b_i with k = 2t + i%2 + 8·(i/2), n = g
        assertEquals("T4 V1", cells.get("B.cell.1.1").label());
        assertEquals("T64 V0", cells.get("B.cell.0.8").label());
        // C's columns sit under B's and its rows beside A's
        DiagramNode c00 = cells.get("C.cell.0.0"), b00 = cells.get("B.cell.0.0"), a00 = cells.get("A.cell.0.0");
        assertEquals(b00.box().x(), c00.box().x(), 1e-9);
        assertEquals(a00.box().y(), c00.box().y(), 1e-9);
        assertTrue(a00.box().x() < c00.box().x() && b00.box().y() < c00.box().y());
        String svg = SvgWriter.write(d);
        assertTrue(svg.contains(">T127<") && svg.contains("<svg"));
    }

    @Test
    void copyPictureShowsSourceAndDestination() {
        Diagram d = Drawings.copy(TiledCopy.of(Atoms.copy("SM75_U32x4_LDSM_N"), 16, Layout.parse("(32,1)"), Layout.parse("(1,8)")));
        Map<String, DiagramNode> cells = cells(d);
        assertEquals(2 * 32 * 8, cells.size());
        // ldmatrix.x4 tiled by (32,1)×(1,8): tile element (r, c) is what lane r receives as value c, i.e. element
        // e = 2r + c%2 + 64⌊c/2⌋ of the four stacked 8×8 matrices (row ⌊r/4⌋ of matrix ⌊c/2⌋); lane ⌊e/8⌋ supplied
        // that row's address, as its value e mod 8.
        for (int r = 0; r < 32; r++) {
            for (int c = 0; c < 8; c++) {
                int e = 2 * r + c % 2 + 64 * (c / 2);
                assertEquals("T" + r + " V" + c, cells.get("D.cell." + r + "." + c).label());
                assertEquals("T" + e / 8 + " V" + e % 8, cells.get("S.cell." + r + "." + c).label(), "S(" + r + "," + c + ")");
            }
        }
    }

    /**
     * The accumulators alone, for wgmma m64n64k16 (a warpgroup of 128 threads): 64×64 cells of C and none of A or B;
     * C(m, n) is held by warp ⌊m/16⌋, lane 4·(r%8) + ⌊(n%8)/2⌋ as value n%2 + 2·⌊r/8⌋ + 4·⌊n/8⌋, r = m%16 (the PTX
     * ISA's wgmma D fragment, row = 16w + ⌊l/4⌋ + 8·⌊i/2⌋%2, col = 2·(l%4) + i%2 + 8·⌊i/4⌋).
     */
    @Test
    void accumulatorPictureLabelsEveryCellOfCByTheWgmmaFragment() {
        Diagram d = Drawings.mmaAccumulators(TiledMma.of(Atoms.mma("SM90_64x64x16_F32F16F16_SS"), IntTuple.flat(1, 1, 1)), null);
        Map<String, DiagramNode> cells = cells(d);
        assertEquals(64 * 64, cells.size());
        for (int m = 0; m < 64; m++) {
            for (int n = 0; n < 64; n++) {
                int w = m / 16, r = m % 16;
                int lane = 4 * (r % 8) + (n % 8) / 2;
                int i = n % 2 + 2 * (r / 8) + 4 * (n / 8);
                assertEquals("T" + (32 * w + lane) + " V" + i, cells.get("C.cell." + m + "." + n).label(), "C(" + m + "," + n + ")");
            }
        }
        assertTrue(d.title().contains("C alone"), d.title());
    }

    /** A tile over the picture's limit is refused with its size, not drawn as a page no one can read. */
    @Test
    void aTileTooLargeToDrawIsRefused() {
        TiledMma huge = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), IntTuple.flat(32, 32, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Drawings.mma(huge));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    /**
     * ldmatrix.x4 of halves, threads (32,1), values (1,8), read from CuTe's Copy_Traits of SM75_U32x4_LDSM_N by hand:
     * SrcLayout (32,128):(128,1) in bits, so source thread t, value v is the atom's half i = 8t + v (thread t addresses
     * row t); DstLayout (32,(32,4)):(32,(1,1024)), in halves (32,(2,4)):(2,(1,64)), the reference the TV layout is given
     * against: i is register thread (i mod 64)/2, value i mod 2 + 2⌊i/64⌋, which the TV layout (32,8):(1,32) puts at
     * cell ((i mod 64)/2, i mod 2 + 2⌊i/64⌋) of the 32×8 tile. Over a row-major (32,8):(8,1) source tensor each source
     * cell shows its offset; the destination (registers) shows T and V alone.
     */
    @Test
    void ldmatrixSourceCellsShowTheThreadAndOffsetCuTesTraitsGive() {
        TiledCopy copy = TiledCopy.of(Atoms.copy("SM75_U32x4_LDSM_N"), 16, Layout.parse("(32,1)"), Layout.parse("(1,8)"));
        Diagram d = Drawings.copy(copy, Layout.parse("(32,8):(8,1)"), null, null);
        Map<String, DiagramNode> cells = cells(d);
        assertEquals(2 * 32 * 8, cells.size(), "a source and a destination panel: the TV layouts differ");
        for (int t = 0; t < 32; t++) {
            for (int v = 0; v < 8; v++) {
                int i = 8 * t + v, row = (i % 64) / 2, col = i % 2 + 2 * (i / 64);
                assertEquals("T" + t + " V" + v + " s " + (8 * row + col), cells.get("S.cell." + row + "." + col).label(),
                        "source thread " + t + ", value " + v);
                assertEquals("T" + row + " V" + col, cells.get("D.cell." + row + "." + col).label(), "destination (" + row + "," + col + ")");
            }
        }
    }

    /**
     * cp.async of 128 bits over 16-bit values, threads (16,8):(8,1), values (1,8) (CUTLASS's SM80 gmem-to-smem copy of a
     * 16×64 half tile): source and destination TV layouts agree, so one tile, each cell with its global offset (row-major
     * (16,64):(64,1)) and its swizzled shared offset, Sw&lt;3,3,3&gt;(64m + n) = x ^ ((x &amp; 0x1c0) &gt;&gt; 3).
     */
    @Test
    void cpAsyncIsOneTileWithSourceAndDestinationOffsets() {
        TiledCopy copy = TiledCopy.of(Atoms.copy("SM80_CP_ASYNC_CACHEALWAYS_U128"), 16, Layout.parse("(16,8):(8,1)"), Layout.parse("(1,8)"));
        Diagram d = Drawings.copy(copy, org.layoutcat.core.AnyLayout.parse("(16,64):(64,1)"),
                org.layoutcat.core.AnyLayout.parse("Sw<3,3,3> o 0 o (16,64):(64,1)"), null);
        Map<String, DiagramNode> cells = cells(d);
        assertEquals(16 * 64, cells.size(), "one tile, not two identical panels");
        for (int m = 0; m < 16; m++) {
            for (int n = 0; n < 64; n++) {
                int thread = 8 * m + n / 8, value = n % 8; // thread layout (16,8):(8,1): thread 8m + n/8 holds 8 halves of row m
                long x = 64L * m + n;
                long swizzled = x ^ ((x & 0x1c0) >> 3);
                assertEquals("T" + thread + " V" + value + " s " + x + " d " + swizzled, cells.get("SD.cell." + m + "." + n).label(),
                        "(" + m + "," + n + ")");
            }
        }
        assertEquals("T8 V0 s 64 d 72", cells.get("SD.cell.1.0").label());
    }

    /** A tensor that is not of the tile's size is refused, naming it and both sizes. */
    @Test
    void aCopyTensorOfAnotherSizeIsRefused() {
        TiledCopy copy = TiledCopy.of(Atoms.copy("SM80_CP_ASYNC_CACHEALWAYS_U128"), 16, Layout.parse("(16,8):(8,1)"), Layout.parse("(1,8)"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Drawings.copy(copy, Layout.parse("(16,32):(32,1)"), null, null));
        assertEquals("copy: the source tensor (16,32):(32,1) has 512 elements where the tile has 1024; give a tensor of the tile's shape",
                e.getMessage());
    }

    /**
     * The cells are counted from the tile before any layout is built: A, B and C of a 256×256×16 tile are 65,536 +
     * 16·512 = 73,728 cells, past 65,536; C alone fits exactly. A 65536×65536×16 tile's 2^32 + 2·2^20 cells are
     * refused by the same count: a picture that walked them first would need gigabytes and never reach the refusal.
     */
    @Test
    void anMmaPastTheCellLimitIsRefusedBeforeItIsBuilt() {
        TiledMma mma = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), TiledMma.parseAtomLayout("4x2x1"),
                org.layoutcat.core.Tiler.parse("<256,256,16>"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Drawings.mma(mma, null));
        TiledMma huge = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), TiledMma.parseAtomLayout("4x2x1"),
                org.layoutcat.core.Tiler.parse("<65536,65536,16>"));
        IllegalArgumentException past = assertThrows(IllegalArgumentException.class, () -> Drawings.mma(huge, null));
        assertTrue(past.getMessage().startsWith("mma: the 65536×65536×16 tile's A, B and C has 4,297,064,448 cells, past the 65,536"),
                past.getMessage());
        assertEquals("mma: the 256×256×16 tile's A, B and C has 73,728 cells, past the 65,536 cells a picture draws: draw the"
                + " accumulators alone (--only C), or fewer atoms or a smaller permutation", e.getMessage());
        assertEquals(256 * 256, cells(Drawings.mmaAccumulators(mma, null)).size());
    }

    /**
     * A 128-thread TV layout over a 32×64 tile: stacked, its panels made a 2729×4379 strip; past 2000 px and 1.5 times
     * its width, they go side by side, and the picture is no longer a strip.
     */
    @Test
    void aTallThreadValuePictureIsNotAStrip() {
        Diagram d = Drawings.tv(Layout.parse("((4,8,4),(2,2,2)):((256,1,8),(128,32,1024))"), IntTuple.parse("(32,64)"), null);
        assertTrue(d.height() <= 1.5 * d.width(), d.width() + "x" + d.height());
        assertEquals(32 * 64 + 128 * 8, cells(d).size());
    }
}
