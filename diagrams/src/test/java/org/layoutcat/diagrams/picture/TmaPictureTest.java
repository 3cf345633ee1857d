package org.layoutcat.diagrams.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.tma.TmaDataType;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Drawings;

/** The TMA picture: copies over the tile, one box, and its landing under the swizzle modes' documented patterns. */
class TmaPictureTest {

    /** CuTe's MN-major SW128 tile of halves (wgmma_tma_sm90's gemm_nt): 16 copies of a 64×8 box. */
    private static Diagram mnSw128() {
        return Drawings.tma(Layout.parse("(512,1024):(1,512)"),
                AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o ((64,2),(8,8)):((1,512),(64,1024))"), TmaDataType.FLOAT16, null, null);
    }

    @Test
    void theLandingPermutesEachLinesChunksAsSwizzle128BDoes() {
        Diagram d = mnSw128();
        // SWIZZLE_128B: 16-byte chunk c of 128-byte line r lands in slot c XOR (r mod 8) (the CUDA C++ Programming
        // Guide's TMA swizzle pattern); the box's rows are 128 bytes here, so line r holds row r
        for (int line = 0; line < 8; line++) {
            for (int slot = 0; slot < 8; slot++) {
                assertEquals("r" + line + " c" + (slot ^ line), d.node("p0.2.cell." + line + "." + slot).label(), line + "," + slot);
            }
        }
    }

    @Test
    void theTileIsNumberedByCopy() {
        Diagram d = mnSw128();
        // copies go down K in pairs along M: (0,0) (64,0) (0,8) (64,8) ...: chunk 8 (element 64) of row 0 is copy 1
        assertEquals("#0", d.node("p0.0.cell.0.0").label());
        assertEquals("#1", d.node("p0.0.cell.0.8").label());
        assertEquals("#2", d.node("p0.0.cell.8.0").label());
        assertTrue(d.title().contains("SWIZZLE_128B"), d.title());
    }

    @Test
    void withoutSwizzleTheBoxLandsInOrder() {
        Diagram d = Drawings.tma(Layout.parse("(1024,256):(256,1)"), AnyLayout.parse("(64,32):(32,1)"), TmaDataType.FLOAT32, null, null);
        // a 32-float row is 128 bytes: line r is row r, chunks in order
        for (int slot = 0; slot < 8; slot++) assertEquals("r3 c" + slot, d.node("p0.2.cell.3." + slot).label());
    }

    /**
     * The u8 box of 256^5 elements (2^36 chunks of 16 bytes): the landing draws its first 32 lines, chunk k at
     * line ⌊k/8⌋, slot k mod 8 (no swizzle), row ⌊k/16⌋ of 16 chunks (a 256-byte row), without visiting the rest.
     */
    @Test
    void aBoxOfBillionsOfChunksLandsLineByLineWithoutVisitingThemAll() {
        Layout l = Layout.parse("(256,256,256,256,256):(1,256,65536,16777216,4294967296)");
        Diagram d = Drawings.tma(l, l, TmaDataType.UINT8, null, null);
        for (int line = 0; line < 32; line += 7) {
            for (int slot = 0; slot < 8; slot++) {
                long k = 8L * line + slot;
                assertEquals("r" + k / 16 + " c" + k % 16, d.node("p0.2.cell." + line + "." + slot).label(), line + "," + slot);
            }
        }
        assertEquals("#0", d.node("p0.0.cell.0.0").label());
    }
}
