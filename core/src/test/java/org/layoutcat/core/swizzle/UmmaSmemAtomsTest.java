package org.layoutcat.core.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.LayoutArgumentException;

/** UMMA's shared-memory atoms against CuTe C++'s printouts. */
class UmmaSmemAtomsTest {

    /**
     * CuTe C++ (CUTLASS 4.7.0), {@code print(UMMA::Layout_<major>_<swizzle>_Atom<T>{})} for float_e2m1_t, uint8_t, half_t,
     * float and double.
     */
    private static final String[][] CUTE = {
        {"K", "INTER", "4", "Sw<0,4,3> o smem_ptr[4b](unset) o (_8,_32):(_32,_1)"},
        {"K", "SW32", "4", "Sw<1,4,3> o smem_ptr[4b](unset) o (_8,_64):(_64,_1)"},
        {"K", "SW64", "4", "Sw<2,4,3> o smem_ptr[4b](unset) o (_8,_128):(_128,_1)"},
        {"K", "SW128", "4", "Sw<3,4,3> o smem_ptr[4b](unset) o (_8,_256):(_256,_1)"},
        {"MN", "INTER", "4", "Sw<0,4,3> o smem_ptr[4b](unset) o (_32,_8):(_1,_32)"},
        {"MN", "SW32", "4", "Sw<1,4,3> o smem_ptr[4b](unset) o (_64,_8):(_1,_64)"},
        {"MN", "SW64", "4", "Sw<2,4,3> o smem_ptr[4b](unset) o (_128,_8):(_1,_128)"},
        {"MN", "SW128", "4", "Sw<3,4,3> o smem_ptr[4b](unset) o (_256,_8):(_1,_256)"},
        {"MN", "SW128_32B", "4", "Sw<2,5,2> o smem_ptr[4b](unset) o (_256,_4):(_1,_256)"},
        {"K", "INTER", "8", "Sw<0,4,3> o smem_ptr[8b](unset) o (_8,_16):(_16,_1)"},
        {"K", "SW32", "8", "Sw<1,4,3> o smem_ptr[8b](unset) o (_8,_32):(_32,_1)"},
        {"K", "SW64", "8", "Sw<2,4,3> o smem_ptr[8b](unset) o (_8,_64):(_64,_1)"},
        {"K", "SW128", "8", "Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)"},
        {"MN", "INTER", "8", "Sw<0,4,3> o smem_ptr[8b](unset) o (_16,_8):(_1,_16)"},
        {"MN", "SW32", "8", "Sw<1,4,3> o smem_ptr[8b](unset) o (_32,_8):(_1,_32)"},
        {"MN", "SW64", "8", "Sw<2,4,3> o smem_ptr[8b](unset) o (_64,_8):(_1,_64)"},
        {"MN", "SW128", "8", "Sw<3,4,3> o smem_ptr[8b](unset) o (_128,_8):(_1,_128)"},
        {"MN", "SW128_32B", "8", "Sw<2,5,2> o smem_ptr[8b](unset) o (_128,_4):(_1,_128)"},
        {"K", "INTER", "16", "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_8,_1)"},
        {"K", "SW32", "16", "Sw<1,4,3> o smem_ptr[16b](unset) o (_8,_16):(_16,_1)"},
        {"K", "SW64", "16", "Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)"},
        {"K", "SW128", "16", "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"},
        {"MN", "INTER", "16", "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_1,_8)"},
        {"MN", "SW32", "16", "Sw<1,4,3> o smem_ptr[16b](unset) o (_16,_8):(_1,_16)"},
        {"MN", "SW64", "16", "Sw<2,4,3> o smem_ptr[16b](unset) o (_32,_8):(_1,_32)"},
        {"MN", "SW128", "16", "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)"},
        {"MN", "SW128_32B", "16", "Sw<2,5,2> o smem_ptr[16b](unset) o (_64,_4):(_1,_64)"},
        {"K", "INTER", "32", "Sw<0,4,3> o smem_ptr[32b](unset) o (_8,_4):(_4,_1)"},
        {"K", "SW32", "32", "Sw<1,4,3> o smem_ptr[32b](unset) o (_8,_8):(_8,_1)"},
        {"K", "SW64", "32", "Sw<2,4,3> o smem_ptr[32b](unset) o (_8,_16):(_16,_1)"},
        {"K", "SW128", "32", "Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)"},
        {"MN", "INTER", "32", "Sw<0,4,3> o smem_ptr[32b](unset) o (_4,_8):(_1,_4)"},
        {"MN", "SW32", "32", "Sw<1,4,3> o smem_ptr[32b](unset) o (_8,_8):(_1,_8)"},
        {"MN", "SW64", "32", "Sw<2,4,3> o smem_ptr[32b](unset) o (_16,_8):(_1,_16)"},
        {"MN", "SW128", "32", "Sw<3,4,3> o smem_ptr[32b](unset) o (_32,_8):(_1,_32)"},
        {"MN", "SW128_32B", "32", "Sw<2,5,2> o smem_ptr[32b](unset) o (_32,_4):(_1,_32)"},
        {"K", "INTER", "64", "Sw<0,4,3> o smem_ptr[64b](unset) o (_8,_2):(_2,_1)"},
        {"K", "SW32", "64", "Sw<1,4,3> o smem_ptr[64b](unset) o (_8,_4):(_4,_1)"},
        {"K", "SW64", "64", "Sw<2,4,3> o smem_ptr[64b](unset) o (_8,_8):(_8,_1)"},
        {"K", "SW128", "64", "Sw<3,4,3> o smem_ptr[64b](unset) o (_8,_16):(_16,_1)"},
        {"MN", "INTER", "64", "Sw<0,4,3> o smem_ptr[64b](unset) o (_2,_8):(_1,_2)"},
        {"MN", "SW32", "64", "Sw<1,4,3> o smem_ptr[64b](unset) o (_4,_8):(_1,_4)"},
        {"MN", "SW64", "64", "Sw<2,4,3> o smem_ptr[64b](unset) o (_8,_8):(_1,_8)"},
        {"MN", "SW128", "64", "Sw<3,4,3> o smem_ptr[64b](unset) o (_16,_8):(_1,_16)"},
        {"MN", "SW128_32B", "64", "Sw<2,5,2> o smem_ptr[64b](unset) o (_16,_4):(_1,_16)"},
    };

    @Test
    void everyAtomPrintsAsCuTesAndReadsBack() {
        for (String[] c : CUTE) {
            GmmaSmemAtoms.Major major = GmmaSmemAtoms.Major.valueOf(c[0]);
            UmmaSmemAtoms.Swizzling sw = UmmaSmemAtoms.Swizzling.valueOf(c[1]);
            int bits = Integer.parseInt(c[2]);

            String got = UmmaSmemAtoms.cuteForm(major, sw, bits);
            assertEquals(c[3].replaceAll("(?<=[(,])_", ""), got, String.join(" ", c));
            assertEquals(ComposedLayout.parse(got), UmmaSmemAtoms.atom(major, sw, bits));

        }
        assertEquals(45, CUTE.length);
    }

    @Test
    void aKMajorThirtyTwoByteAtomIsRefusedAsCuTeHasNone() {
        assertTrue(assertThrows(LayoutArgumentException.class, () -> UmmaSmemAtoms.cuteForm(GmmaSmemAtoms.Major.K,
                UmmaSmemAtoms.Swizzling.SW128_32B, 16)).getMessage().contains("SWIZZLE_128B_BASE32B is invalid for Major-K"));
        assertTrue(assertThrows(LayoutArgumentException.class, () -> UmmaSmemAtoms.cuteForm(GmmaSmemAtoms.Major.MN,
                UmmaSmemAtoms.Swizzling.SW128, 6)).getMessage().contains("Divisibility condition"));
    }
}
