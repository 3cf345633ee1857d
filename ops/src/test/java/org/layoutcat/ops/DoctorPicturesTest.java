package org.layoutcat.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.Swizzle;
import org.layoutcat.diagrams.Diagram;

/**
 * The doctors' pictures (issue 35, section 3): gmma_doctor's draws the operand the descriptor implies as its swizzled
 * tile, tma_doctor's the TMA picture of the box the arguments imply. Values read back from the pictures against CuTe's
 * printouts (doctor/hopper-tutorial-cute.jsonl, doctor/examples/wgmma_tma_sm90-cute.jsonl) and the CUDA guide's
 * SWIZZLE_128B pattern.
 */
class DoctorPicturesTest {

    /**
     * The tutorial's k-block 1 of A, descriptor 0x4000004000010042: CuTe says it is Sw<3,4,3>_smem_ptr[16b](0x420) o
     * (_64,_16):(_64,_1), so element (m,k) lies at byte Sw<3,4,3>(0x420 + 2(64m + k)); the picture's cell (m,k), an
     * offset in halves from the swizzle pattern's start 0x400, is that address's.
     */
    @Test
    void theGmmaPictureIsTheSwizzledTileCuTeSays() {
        Diagram d = Pictures.draw("gmma-doctor", List.of("0x4000004000010042", "K", "", "16"), Map.of());
        Swizzle bytes = new Swizzle(3, 4, 3);
        for (int m = 0; m < 64; m++) {
            for (int k = 0; k < 16; k++) {
                long address = bytes.apply(0x420 + 2L * (64 * m + k));
                assertEquals(Long.toString((address - 0x400) / 2), label(d, m, k), "(m,k) = (" + m + "," + k + ")");
                // and its bank: 4-byte words, 32 banks
                assertEquals("b" + (address / 4) % 32, d.node("cell." + m + "." + k).label().split(" ")[1], "(m,k) = (" + m + "," + k + ")");
            }
        }
        // the same through the operation's name, and the layout meant given instead of the bits
        Diagram meant = Pictures.draw("gmma_doctor", List.of("0x4000004000010042", "K", "Sw<3,4,3>_smem_ptr[16b](0x420) o (_64,_16):(_64,_1)"),
                Map.of());
        assertEquals(d.node("cell.63.15").label(), meant.node("cell.63.15").label());
        assertTrue(d.title().endsWith("drawn as 16-bit element offsets from 0x400: Sw<3,3,3> o 16 o ((8,8),(8,2)):((64,512),(1,8))"), d.title());
    }

    /** gemm_nt's MN-major A (wgmma_sm90's Layout_MN_SW128_Atom<half_t>): 0x4000008000000040, (64,16) of 8 columns of 64 halves. */
    @Test
    void anMnMajorOperandIsDrawnAsCuTePrintsIt() {
        // CuTe: Sw<3,4,3>_smem_ptr[16b](0x400) o (_64,(_8,_2)):(_1,(_64,_1024))
        Diagram d = Pictures.draw("gmma-doctor", List.of("0x4000008000000040", "MN", "", "16"), Map.of());
        Swizzle bytes = new Swizzle(3, 4, 3);
        for (int m = 0; m < 64; m++) {
            for (int k = 0; k < 16; k++) {
                long address = bytes.apply(0x400 + 2L * (m + 64 * (k % 8) + 1024 * (k / 8)));
                assertEquals(Long.toString((address - 0x400) / 2), label(d, m, k), "(m,k) = (" + m + "," + k + ")");
                // and its bank: 4-byte words, 32 banks
                assertEquals("b" + (address / 4) % 32, d.node("cell." + m + "." + k).label().split(" ")[1], "(m,k) = (" + m + "," + k + ")");
            }
        }
    }

    /** A cell's offset (its label's first word; the bank follows). */
    private static String label(Diagram d, int m, int k) {
        return d.node("cell." + m + "." + k).label().split(" ")[0];
    }

    @Test
    void aDescriptorWithoutItsMajorIsNotDrawn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Pictures.draw("gmma-doctor", List.of("0x4000004000010042", "K"), Map.of()));
        assertTrue(e.getMessage().startsWith("gmma-doctor: the descriptor implies no layout"), e.getMessage());
    }

    /**
     * wgmma_tma_sm90's gemm_nt A as make_tma_atom passes it (FLOAT16, (512,1024), strides (1024) bytes, box (64,8),
     * SWIZZLE_128B): the TMA picture of the implied tensor and box derives the same call back (its title), one copy of
     * 512 halves, and the box lands as the CUDA guide's SWIZZLE_128B pattern says: chunk c of 128-byte line r in slot
     * c XOR (r mod 8).
     */
    @Test
    void theTmaPictureIsTheBoxTheArgumentsSay() {
        Diagram d = Pictures.draw("tma-doctor", List.of("6", "2", "0x10000", "[512,1024]", "[1024]", "[64,8]", "[1,1]", "0", "3", "2", "0"), Map.of());
        // the tensor CuTe printed for mA, (512,1024):(_1,512)
        assertTrue(d.title().startsWith("the box of global_tensor (512,1024):(1,512) and smem_box "), d.title());
        assertTrue(d.title().contains("globalDim (512,1024), globalStrides (1024), boxDim (64,8), elementStrides (1,1), INTERLEAVE_NONE,"
                + " SWIZZLE_128B"), d.title());
        for (int line = 0; line < 8; line++) {
            for (int slot = 0; slot < 8; slot++) {
                assertEquals("r" + line + " c" + (slot ^ line), d.node("p0.2.cell." + line + "." + slot).label(), line + "," + slot);
            }
        }
        assertEquals("#0", d.node("p0.0.cell.0.0").label());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pictures.draw("tma-doctor",
                List.of("6", "2", "0x10000", "[512,1024]", "[1024]", "[64,8]", "[1,1]", "1", "0"), Map.of()));
        assertTrue(e.getMessage().startsWith("tma-doctor: the arguments read as no box"), e.getMessage());
    }
}
