package org.layoutcat.core.umma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * Each rule by which CuTe C++ refuses a UMMA descriptor (a static_assert or assert of make_umma_desc, layout_type,
 * to_UMMAFormat, to_CFormat, to_ScaleFormat, make_runtime_instr_desc), broken once: the refusal names it in CuTe's
 * words. And the rules layoutcat adds where CuTe would write a wrong value without a word (fields past their bits, a
 * swizzle pattern off its repeat), named likewise. CuTe's "Expected B = 0,1,2, or 3 when M == 4" cannot be broken
 * once S = 3 is met: a swizzle's B is at most |S|.
 */
class UmmaRefusalsTest {

    private static String refusal(Major major, String smem, int bits, long address) {
        return assertThrows(LayoutArgumentException.class, () -> UmmaDescriptor.of(major, CuTeNotation.parseTensor(smem), bits,
                address < 0 ? OptionalLong.empty() : OptionalLong.of(address))).getMessage();
    }

    private static void refused(String rule, Major major, String smem) {
        refused(rule, major, smem, 0, -1);
    }

    private static void refused(String rule, Major major, String smem, int bits, long address) {
        String why = refusal(major, smem, bits, address);
        assertTrue(why.contains(rule), "expected \"" + rule + "\" in: " + why);
    }

    @Test
    void everyMakeUmmaDescRuleIsNamedWhereBroken() {
        refused("SWIZZLE_128B_BASE32B is invalid for Major-K", Major.K, "Sw<2,5,2> o smem_ptr[16b](unset) o (64,4):(1,64)");
        refused("Expected S = 3 when M == 4. Unsupported layout swizzle.", Major.K, "Sw<2,4,2> o smem_ptr[8b](unset) o (8,64):(64,1)");
        refused("Expected B = 2 when M == 5. Unsupported layout swizzle.", Major.MN, "Sw<3,5,3> o smem_ptr[8b](unset) o (128,4):(1,128)");
        refused("Expected S = 2 when M == 5. Unsupported layout swizzle.", Major.MN, "Sw<2,5,3> o smem_ptr[8b](unset) o (128,4):(1,128)");
        refused("Only 16B and 32B Atoms are supported for UMMA. Unsupported layout swizzle.", Major.K,
                "Sw<3,3,3> o smem_ptr[8b](unset) o (8,128):(128,1)");
        refused("UMMA Descriptors can only be constructed on rank-2 tensors", Major.K,
                "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64,2):(64,1,512)");
        refused("Not a canonical UMMA_K Layout", Major.K, "Sw<3,4,3> o smem_ptr[16b](unset) o (4,16):(64,1)");
        refused("Expected MN-size multiple of 8", Major.K, "Sw<3,4,3> o smem_ptr[16b](unset) o (4,16):(64,1)");
        refused("Not a canonical UMMA_K Layout: in units of 16 bytes, divided by the canonical tile <8:1,2:1>", Major.K,
                "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,2),(64,2)):((64,512),(1,1024))");
        refused("Expected profile failure", Major.K, "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,2),(64,2)):((64,512),(1,1024))");
        refused("Expected stride failure", Major.K, "Sw<3,4,3> o smem_ptr[16b](unset) o (8,16):(32,1)");
        refused("Not a canonical UMMA_MN Layout", Major.MN, "Sw<3,4,3> o smem_ptr[16b](unset) o (64,8):(1,128)");
        refused("Expected stride failure", Major.MN, "Sw<3,4,3> o smem_ptr[16b](unset) o (64,8):(1,128)");
        refused("Expected profile failure", Major.MN, "Sw<3,4,3> o smem_ptr[16b](unset) o ((32,4),8):((1,512),64)");
        // recast<uint128_t> of 6-bit elements: 128 bits hold no whole number of them
        refused("Divisibility condition", Major.MN, "(64,8):(1,64)", 6, -1);
    }

    @Test
    void whereCuTeWouldWriteAWrongDescriptorTheRuleIsNamed() {
        // the offset form's pattern starts at the tile; CuTe's base offset 0 holds only at the swizzle's repeat
        refused("rule base-offset", Major.MN, "Sw<3,3,3> o 0 o (64,8):(1,64)", 16, 0x100);
        // at the repeat (1024 bytes) the offset form is the pointer form's function, and its descriptor
        assertEquals(UmmaDescriptor.of(Major.MN, CuTeNotation.parseTensor("Sw<3,4,3> o smem_ptr[16b](0x800) o (64,8):(1,64)"), 0,
                OptionalLong.empty()), UmmaDescriptor.of(Major.MN, CuTeNotation.parseTensor("Sw<3,3,3> o 0 o (64,8):(1,64)"), 16,
                OptionalLong.of(0x800)));
        refused("start address", Major.MN, "(64,8):(1,64)", 16, 8);
        refused("leading byte offset is 25000 units", Major.MN, "Sw<3,4,3> o smem_ptr[16b](unset) o ((64,2),8):((1,200000),64)");
        refused("stride byte offset is 25000 units", Major.MN, "Sw<3,4,3> o smem_ptr[16b](unset) o (64,(8,2)):(1,(64,200000))");
        refused("one tensor has one address", Major.MN, "Sw<3,4,3> o smem_ptr[16b](0x400) o (64,8):(1,64)", 0, 0x800);
    }

    @Test
    void everyInstructionDescriptorRuleIsNamedWhereBroken() {
        assertTrue(assertThrows(LayoutArgumentException.class, () -> UmmaFormat.of("float")).getMessage()
                .contains("Unknown type for UMMAFormat"));
        assertTrue(assertThrows(LayoutArgumentException.class, () -> UmmaInstrDescriptor.CFormat.of("double")).getMessage()
                .contains("Unknown type for CFormat"));
        assertTrue(assertThrows(LayoutArgumentException.class, () -> UmmaInstrDescriptorBlockScaled.ScaleFormat.of("float_e4m3_t"))
                .getMessage().contains("Unknown type for ScaleFormat"));
        assertTrue(assertThrows(LayoutArgumentException.class, () -> plain(128, 256, false, 2)).getMessage()
                .contains("assert(sparse_id2 == 0u)"));
        assertTrue(assertThrows(LayoutArgumentException.class, () -> plain(520, 256, false, 0)).getMessage().contains("m_dim"));
        assertTrue(assertThrows(LayoutArgumentException.class, () -> plain(128, 260, false, 0)).getMessage().contains("n_dim"));
        assertTrue(assertThrows(LayoutArgumentException.class, () -> plain(128, 512, false, 0)).getMessage().contains("6 bits"));
        // CuTe C++: make_instr_desc<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::MN>().desc_
        assertEquals("0x08410010", plain(128, 256, false, 0).toString());
    }

    private static UmmaInstrDescriptor plain(int m, int n, boolean sparse, int id2) {
        return new UmmaInstrDescriptor(UmmaFormat.F16, UmmaFormat.F16, UmmaInstrDescriptor.CFormat.F32, m, n, Major.K, Major.MN, false,
                false, false, sparse, id2, UmmaInstrDescriptor.MaxShift.NOSHIFT);
    }
}
