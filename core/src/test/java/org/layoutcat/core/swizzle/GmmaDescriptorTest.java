package org.layoutcat.core.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * wgmma descriptors against CuTe C++: each case is {@code make_gmma_desc<Major>} of a tensor over
 * {@code composition(tile_to_shape(GMMA::Layout_*_Atom<T>, TILE), (MN, K))}, compiled against the CUTLASS headers
 * (commit 7107b05) and printed on the host, where CuTe's start address is 0. The layout is as CuTe prints it.
 */
class GmmaDescriptorTest {

    private static GmmaDescriptor desc(Major major, String smem) {
        return GmmaDescriptor.of(major, AnyLayout.parse(smem), 0, 0);
    }

    @Test
    void descriptorsAreCuTesMakeGmmaDesc() {
        String[][] cases = { // major, layout as CuTe prints it, descriptor, LBO, SBO, type
            {"K", "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)", "0x4000004000010000", "1", "64", "B128"},
            {"K", "Sw<2,4,3> o smem_ptr[16b](unset) o (_64,_16):(_32,_1)", "0x8000002000010000", "1", "32", "B64"},
            {"K", "Sw<1,4,3> o smem_ptr[16b](unset) o (_64,_16):(_16,_1)", "0xc000001000010000", "1", "16", "B32"},
            {"K", "Sw<0,4,3> o smem_ptr[16b](unset) o (_64,(_8,_2)):(_8,(_1,_512))", "0x0000000800400000", "64", "8", "INTERLEAVE"},
            {"MN", "Sw<3,4,3> o smem_ptr[16b](unset) o ((_64,_2),(_8,_2)):((_1,_512),(_64,_1024))", "0x4000008000400000", "64", "128", "B128"},
            {"MN", "Sw<2,4,3> o smem_ptr[16b](unset) o ((_32,_2),(_8,_2)):((_1,_256),(_32,_512))", "0x8000004000200000", "32", "64", "B64"},
            {"MN", "Sw<1,4,3> o smem_ptr[16b](unset) o ((_16,_4),(_8,_2)):((_1,_128),(_16,_512))", "0xc000004000100000", "16", "64", "B32"},
            {"MN", "Sw<0,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_8,_2)):((_1,_64),(_8,_512))", "0x0000000800400000", "64", "8", "INTERLEAVE"},
            {"K", "Sw<3,4,3> o smem_ptr[32b](unset) o (_128,_8):(_32,_1)", "0x4000004000010000", "1", "64", "B128"},
            {"K", "Sw<3,4,3> o smem_ptr[8b](unset) o (_64,_32):(_128,_1)", "0x4000004000010000", "1", "64", "B128"},
            {"MN", "Sw<3,4,3> o smem_ptr[16b](unset) o ((_64,_4),(_8,_2)):((_1,_512),(_64,_2048))", "0x4000010000400000", "64", "256", "B128"},
            {"K", "Sw<3,4,3> o smem_ptr[16b](unset) o (_256,_16):(_64,_1)", "0x4000004000010000", "1", "64", "B128"},
            // MN-major one swizzle row wide: the rest of MN has size 1, its stride (the LBO) 0, as CuTe writes it
            {"MN", "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_16):(_1,_64)", "0x4000004000000000", "0", "64", "B128"},
            {"MN", "Sw<2,4,3> o smem_ptr[16b](unset) o (_32,_16):(_1,_32)", "0x8000002000000000", "0", "32", "B64"},
            {"MN", "Sw<3,4,3> o smem_ptr[32b](unset) o (_32,_8):(_1,_32)", "0x4000000000000000", "0", "0", "B128"},
        };
        for (String[] c : cases) {
            GmmaDescriptor d = desc(Major.valueOf(c[0]), c[1]);
            assertEquals(c[2], d.toString(), c[1]);
            assertEquals(Integer.parseInt(c[3]), d.leadingByteOffset(), c[1]);
            assertEquals(Integer.parseInt(c[4]), d.strideByteOffset(), c[1]);
            assertEquals(c[5], d.layoutType().name(), c[1]);
            assertEquals(0, d.baseOffset());
        }
    }

    /** The element form with the element's bits, and a plain layout (no swizzle), give the pointer form's descriptor. */
    @Test
    void theElementFormAndAPlainLayoutAreReadAsThePointerForm() {
        assertEquals("0x4000004000010000", GmmaDescriptor.of(Major.K, AnyLayout.parse("Sw<3,3,3> o 0 o (64,16):(64,1)"), 16, 0).toString());
        assertEquals("0x0000000800400000", GmmaDescriptor.of(Major.K, AnyLayout.parse("(64,(8,2)):(8,(1,512))"), 16, 0).toString());
        // the start address in 16-byte units: 1024 bytes in, at a repeat of SW128's pattern
        GmmaDescriptor at = GmmaDescriptor.of(Major.K, AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o (64,16):(64,1)"), 0, 1024);
        assertEquals(64, at.startAddress());
        assertEquals("0x4000004000010040", at.toString());
    }

    /**
     * Issue 34: the tensor's address is its pointer's where CuTe's printout gives one. A host program over CUTLASS
     * (make_gmma_desc<Major::K> of make_tensor(make_smem_ptr((half_t*)0x400), composition(tile_to_shape(
     * GMMA::Layout_K_SW128_Atom<half_t>, (64,64)), (64,16))), with cvta.to.shared standing as the identity, which on
     * the host CuTe's cast_smem_ptr_to_uint is not) prints the tensor as below and the descriptor 0x4000004000010040.
     */
    @Test
    void theStartAddressIsThePointersAndOneAddressOnly() {
        String printed = "Sw<3,4,3>_smem_ptr[16b](0x400) o (_64,_16):(_64,_1)";
        java.util.OptionalLong none = java.util.OptionalLong.empty();
        assertEquals(java.util.OptionalLong.of(0x400), AnyLayout.pointerAddress(printed));
        assertEquals(none, AnyLayout.pointerAddress("Sw<3,4,3> o smem_ptr[16b](unset) o (64,16):(64,1)"));
        assertEquals(none, AnyLayout.pointerAddress("Sw<3,3,3> o 0 o (64,16):(64,1)"));
        GmmaDescriptor d = GmmaDescriptor.of(Major.K, AnyLayout.parse(printed), 0, AnyLayout.pointerAddress(printed), none);
        assertEquals("0x4000004000010040", d.toString());
        assertEquals(64, d.startAddress());
        assertEquals(d, GmmaDescriptor.of(Major.K, AnyLayout.parse(printed), 0, AnyLayout.pointerAddress(printed),
                java.util.OptionalLong.of(1024)));
        LayoutArgumentException two = assertThrows(LayoutArgumentException.class, () -> GmmaDescriptor.of(Major.K,
                AnyLayout.parse(printed), 0, AnyLayout.pointerAddress(printed), java.util.OptionalLong.of(2048)));
        assertTrue(two.getMessage().contains("2048") && two.getMessage().contains("0x400"), two.getMessage());
    }

    /**
     * Where CuTe's static assertions fail, the refusal says which, in CuTe's words (compiled against CUTLASS: the first
     * three fail with "Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse", "Not a canonical
     * GMMA_MN Layout: Expected K-size 256/sizeof_bits<T> ..." and "... Expected stride failure"; the fourth with
     * "Unsupported layout swizzle"); where CuTe is silently wrong, why.
     */
    @Test
    void layoutsCuTeRefusesOrGetsWrongAreRefusedWithTheReason() {
        String[][] refused = {
            // K-major with 64 halves of K: 8 units of 16 bytes, where a dense operand has 2
            {"K", "Sw<3,4,3> o smem_ptr[16b](unset) o (64,64):(64,1)", "Not a canonical GMMA_K Layout: the K mode has 8 units"},
            // a K-major tile read as MN-major
            {"MN", "Sw<3,4,3> o smem_ptr[16b](unset) o (64,16):(64,1)", "Not a canonical GMMA_MN Layout"},
            // an MN-major tile read as K-major
            {"K", "Sw<3,4,3> o smem_ptr[16b](unset) o ((64,2),(8,2)):((1,512),(64,1024))", "Not a canonical GMMA_K Layout"},
            // SM80's Swizzle<3,3,3> over bytes is no wgmma swizzle
            {"K", "Sw<3,3,3> o smem_ptr[8b](unset) o (64,32):(32,1)", "Unsupported layout swizzle"},
            {"K", "Sw<3,4,3> o smem_ptr[16b](unset) o (64,16,2):(64,1,4096)", "rank-2"},
            {"K", "Sw<3,4,3> o smem_ptr[128b](unset) o (64,2):(2,1)", "8-, 16-, 32- or 64-bit elements"},
        };
        for (String[] c : refused) {
            LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> desc(Major.valueOf(c[0]), c[1]), c[1]);
            assertTrue(e.getMessage().contains(c[2]), e.getMessage());
        }
        // CuTe keeps address >> 4: wrong off 16 bytes
        String sw128 = "Sw<3,4,3> o smem_ptr[16b](unset) o (64,16):(64,1)";
        assertTrue(assertThrows(LayoutArgumentException.class, () -> GmmaDescriptor.of(Major.K, AnyLayout.parse(sw128), 0, 1032))
                .getMessage().contains("must be a multiple of 16"));
        // a stride byte offset past 14 bits: CuTe would keep its low bits
        assertTrue(assertThrows(LayoutArgumentException.class, () -> desc(Major.K, "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),16):((64,1048576),1)"))
                .getMessage().contains("stride byte offset is 131072 units of 16 bytes"));
    }

    /**
     * Issue 35: the K-loop. CuTe's DescriptorIterator adds a k-block's offset to the start address and leaves the base
     * offset alone; the case, make_gmma_desc of the k-block 32 bytes into a SW128 tile, is
     * {@code 0x4000004000010002} in CuTe C++ (start 2, LBO 1, SBO 64, base offset 0, B128).
     */
    @Test
    void aKBlockInsideASwizzledTileStartsWhereCuTesIteratorPutsIt() {
        GmmaDescriptor d = GmmaDescriptor.of(Major.K, AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o (_16,_16):(_64,_1)"), 0, 32);
        assertEquals("0x4000004000010002", d.toString());
        assertEquals(0, d.baseOffset());
        assertEquals(d, d.cuteValue());
        // the pointer form swizzles addresses: anywhere at 16 bytes, its pattern is at the boundaries, base offset 0
        for (long at : new long[] {64, 96, 128, 512, 896, 0x2420}) {
            GmmaDescriptor p = GmmaDescriptor.of(Major.K, AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o (64,16):(64,1)"), 0, at);
            assertEquals(at >> 4, p.startAddress());
            assertEquals(0, p.baseOffset());
        }
        // the offset form's k-block: the operand OFF elements into the tile, the tile at the address given
        assertEquals("0x4000004000010006", GmmaDescriptor.of(Major.K, AnyLayout.parse("Sw<3,3,3> o 48 o (64,16):(64,1)"), 16, 0).toString());
        assertTrue(assertThrows(LayoutArgumentException.class, () -> GmmaDescriptor.of(Major.K,
                AnyLayout.parse("Sw<3,3,3> o 4 o (64,16):(64,1)"), 16, 0)).getMessage().contains("not at a 16-byte boundary"));
    }

    /**
     * The PTX ISA's base offset (wgmma "Matrix Descriptor Format"): 0 where the swizzle's repeating pattern starts at
     * a 1024-, 512- or 256-byte boundary; {@code (pattern start addr >> 7) & 7} otherwise. The offset form's pattern
     * starts at its tile: a SW128 tile at 512 bytes needs base offset 4, where CuTe writes 0. (An H100 read such tiles
     * right with the ISA's value and wrong with 0: gpu/experiments/wgmma-base-offset.)
     */
    @Test
    void aPatternStartingOffABoundaryGetsTheIsasBaseOffsetAndCuTesZeroIsSaid() {
        GmmaDescriptor d = GmmaDescriptor.of(Major.K, AnyLayout.parse("Sw<3,3,3> o 0 o (64,16):(64,1)"), 16, 512);
        assertEquals(4, d.baseOffset());
        assertEquals("0x4008004000010020", d.toString());
        assertEquals("0x4000004000010020", d.cuteValue().toString());
        long[][] cases = { // swizzle bits, tile address, base offset (ISA)
            {3, 0, 0}, {3, 128, 1}, {3, 384, 3}, {3, 896, 7}, {3, 1024, 0}, {3, 1152, 1},
            {2, 128, 1}, {2, 256, 2}, {2, 512, 0}, {2, 640, 5},
            {1, 128, 1}, {1, 256, 0},
        };
        for (long[] c : cases) {
            int b = (int) c[0];
            String tile = "Sw<" + b + ",3,3> o 0 o (64,16):(" + (8 << b) + ",1)"; // K-major: a row of the swizzle's width
            GmmaDescriptor g = GmmaDescriptor.of(Major.K, AnyLayout.parse(tile), 16, c[1]);
            assertEquals(c[2], g.baseOffset(), tile + " at " + c[1]);
        }
        // no swizzle: the ISA's base offset is for swizzled modes only
        assertEquals(0, GmmaDescriptor.of(Major.K, AnyLayout.parse("(64,(8,2)):(8,(1,512))"), 16, 128).baseOffset());
    }
}
