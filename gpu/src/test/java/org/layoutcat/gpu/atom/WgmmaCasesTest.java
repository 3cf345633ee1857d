package org.layoutcat.gpu.atom;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.Element;
import org.layoutcat.core.swizzle.GmmaDescriptor;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling;
import org.layoutcat.gpu.ptx.Kernel;

/**
 * The wgmma cases of {@code gpu atoms --verify} without a GPU: the case table covers the catalog, the placements are
 * the layouts' values and agree with the byte swizzle written out from the PTX ISA, the kernels carry
 * {@code GmmaDescriptor}'s descriptors, and every case passes (and its counter-checks are caught) on a warp group
 * emulated from the PTX ISA ({@link WgmmaEmulator}).
 */
class WgmmaCasesTest {

    static final EmulatedAtomsTest.PtxIsaWarp ISA = new EmulatedAtomsTest.PtxIsaWarp();

    @Test
    void theCatalogRunsEveryGmmaAtomOnceAndMeetsEverySwizzlingAndMajor() {
        List<WgmmaCase> cases = WgmmaCase.catalog();
        assertEquals(1056, cases.size());
        Set<String> names = new HashSet<>();
        Set<String> placements = new HashSet<>();
        for (WgmmaCase c : cases) {
            names.add(c.atom().name());
            placements.add((c.atom().ab().bits() == 16) + " " + c.atom().registersA() + " " + c.a() + " " + c.b() + " " + c.swizzling());
        }
        assertEquals(1056, names.size());
        for (Swizzling s : Swizzling.values()) {
            for (Major a : Major.values()) {
                for (Major b : Major.values()) assertTrue(placements.contains("true false " + a + " " + b + " " + s), a + " " + b + " " + s);
                assertTrue(placements.contains("true true K " + a + " " + s), "RS B " + a + " " + s);
            }
            assertTrue(placements.contains("false false K K " + s) && placements.contains("false true K K " + s), s.toString());
        }
        List<WgmmaCase> matrix = WgmmaCase.matrix();
        assertEquals(72, matrix.size());
        assertEquals(72, new HashSet<>(matrix).size());
    }

    /** Byte swizzle Sw<B,4,3> written out (PTX ISA: the 16-byte chunk index XOR the row index mod 2^B, 8 rows a repeat). */
    static long swizzleBytes(long address, int b) {
        return address ^ (((address >> 7) & ((1L << b) - 1)) << 4);
    }

    @Test
    void placementTablesAreTheLayoutsValuesAndTheByteSwizzle() {
        for (Swizzling s : Swizzling.values()) {
            int b = s.ordinal(); // INTER, SW32, SW64, SW128: Sw<0..3,4,3>
            for (int bits : new int[] {8, 16, 32}) {
                for (Major major : bits == 16 ? Major.values() : new Major[] {Major.K}) {
                    long k = 256 / bits, mn = 128;
                    GmmaPlacement p = GmmaPlacement.of(major, s, bits, mn, k);
                    int[] t = p.byteOffsets(), u = p.unswizzledByteOffsets();
                    Set<Integer> distinct = new HashSet<>();
                    for (long c = 0; c < k; c++) {
                        for (long r = 0; r < mn; r++) {
                            int e = (int) (r + mn * c);
                            long inner = p.operand().inner().apply(IntTuple.flat(r, c));
                            assertEquals(bits / 8 * p.operand().apply(IntTuple.flat(r, c)), t[e], p + " at " + r + "," + c);
                            assertEquals(bits / 8 * inner, u[e]);
                            assertEquals(swizzleBytes(bits / 8 * inner, b), t[e], p.atomName() + " at " + r + "," + c);
                            assertTrue(t[e] + bits / 8 <= p.tileBytes());
                            distinct.add(t[e]);
                        }
                    }
                    assertEquals(mn * k, distinct.size(), p.atomName() + ": one byte offset an element");
                    assertEquals(GmmaDescriptor.of(major, p.operand(), bits, 0), p.descriptor());
                }
            }
        }
    }

    /** Golden placements: CuTe's tile_to_shape of GMMA::Layout_K_SW128_Atom<half_t> and its make_gmma_desc. */
    @Test
    void goldenPlacements() {
        GmmaPlacement k128 = GmmaPlacement.of(Major.K, Swizzling.SW128, 16, 64, 16);
        assertEquals("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),(64,1)):((64,512),(1,0))", k128.tile().toString());
        assertEquals("0x4000004000010000", k128.descriptor().toString()); // SW128, SBO 1024 B, LBO 16 B
        assertEquals(8192, k128.tileBytes());
        GmmaPlacement inter = GmmaPlacement.of(Major.K, Swizzling.INTER, 16, 64, 16);
        assertEquals(GmmaDescriptor.LayoutType.INTERLEAVE, inter.descriptor().layoutType());
        assertEquals(8, inter.descriptor().strideByteOffset()); // 8 rows of 16 bytes
        assertEquals(64, inter.descriptor().leadingByteOffset()); // the second 8 columns after 64 rows of 16 bytes
        assertThrows(IllegalArgumentException.class, () -> GmmaPlacement.of(Major.MN, Swizzling.SW128, 16, 32, 16));
    }

    @Test
    void kernelsCarryTheDescriptorsOfGmmaDescriptor() {
        for (WgmmaCase c : WgmmaCase.matrix()) {
            Kernel k = c.kernel();
            GmmaPlacement pa = c.placementA(), pb = c.placementB();
            assertTrue(k.ptx().contains("or.b64 %rd") && k.ptx().contains(", " + pb.descriptor() + ";"), c.label());
            assertEquals(pb.descriptor(), GmmaDescriptor.of(c.b(), pb.operand(), c.atom().bType().bits(), 0));
            if (pa != null) {
                assertTrue(k.ptx().contains(", " + pa.descriptor() + ";"), c.label());
                assertTrue(k.ptx().contains(".b8 tileA[" + pa.tileBytes() + "]"));
            } else {
                assertFalse(k.ptx().contains("tileA"));
            }
            assertEquals(1, count(k.ptx(), c.atom().ptx() + " {"), c.label());
            assertEquals(c.atom().valuesC(), count(k.ptx(), "st.global.f64"), c.label());
            assertTrue(k.ptx().chars().allMatch(ch -> ch < 128), "PTX is ASCII");
        }
        assertThrows(IllegalArgumentException.class, () -> new WgmmaCase(Atoms.mma("SM90_64x64x32_F32E4M3E4M3_SS_TN"), Major.MN, Major.K, Swizzling.SW32));
        assertThrows(IllegalArgumentException.class, () -> new WgmmaCase(Atoms.mma("SM90_64x64x16_F32F16F16_RS"), Major.MN, Major.K, Swizzling.SW32));
    }

    /**
     * A case's atom is CuTe's type of the case's majors, and its kernel's imm-trans-a/b are those majors; a kernel whose
     * placed operands' majors are not the atom's is refused. The sparse atoms have no case (their A and metadata E
     * are not placed).
     */
    @Test
    void aCasesAtomIsTheTypeOfItsMajorsAndSparseAtomsHaveNoCase() {
        WgmmaCase c = new WgmmaCase(Atoms.mma("SM90_64x64x16_F32F16F16_SS"), Major.MN, Major.K, Swizzling.SW64);
        assertEquals(Atoms.mma("SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>"), c.atom());
        assertTrue(c.kernel().ptx().contains("SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>"), c.label());
        assertTrue(c.kernel().ptx().contains(", 1, 1, 1, 0;"), "scale-a 1, scale-b 1, imm-trans-a 1 (MN), imm-trans-b 0 (K)");
        GmmaPlacement k = GmmaPlacement.of(Major.K, Swizzling.SW64, 16, 64, 16);
        assertThrows(IllegalArgumentException.class, () -> org.layoutcat.gpu.ptx.AtomKernels.wgmma(c.atom(), k.smemOperand(),
                c.placementB().smemOperand()));
        for (String sparse : List.of("SM90::GMMA::SPARSE::GMMA_64x64x32_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>",
                "SM90::GMMA::SPARSE::GMMA_64x64x64_S32S8S8_RS_TN<>")) {
            assertThrows(IllegalArgumentException.class, () -> new WgmmaCase(Atoms.mma(sparse), Major.K, Major.K, Swizzling.SW32), sparse);
        }
        assertTrue(WgmmaCase.catalog().stream().noneMatch(w -> w.atom().family().sparse()));
    }

    @Test
    void smallIntegersAreExactInEveryInputFormat() {
        // independent values: IEEE binary16, bfloat16, OCP FP8 E4M3 (bias 7) and E5M2 (bias 15)
        assertEquals(0x3C00, ElementBits.of(Element.F16, 1));
        assertEquals(0xC000, ElementBits.of(Element.F16, -2));
        assertEquals(0x3F80, ElementBits.of(Element.BF16, 1));
        assertEquals(0xC000, ElementBits.of(Element.BF16, -2));
        assertEquals(0x40400000, ElementBits.of(Element.TF32, 3));
        assertEquals(0x38, ElementBits.of(Element.E4M3, 1));
        assertEquals(0xC0, ElementBits.of(Element.E4M3, -2));
        assertEquals(0x44, ElementBits.of(Element.E4M3, 3));
        assertEquals(0x3C, ElementBits.of(Element.E5M2, 1));
        assertEquals(0x42, ElementBits.of(Element.E5M2, 3));
        assertEquals(0xBC, ElementBits.of(Element.E5M2, -1));
        assertEquals(0xFE, ElementBits.of(Element.S8, -2));
        assertEquals(0x03, ElementBits.of(Element.U8, 3));
        assertEquals(0, ElementBits.of(Element.E4M3, 0));
        assertThrows(IllegalArgumentException.class, () -> ElementBits.of(Element.E5M2, 9)); // 1.001b·2^3: 3 mantissa bits
        assertEquals(0x51, ElementBits.of(Element.E4M3, 9)); // 0 1010 001
        assertThrows(IllegalArgumentException.class, () -> ElementBits.of(Element.U8, -1));
        for (Element e : EnumSet.of(Element.F16, Element.BF16, Element.TF32, Element.E4M3, Element.E5M2, Element.S8, Element.U8)) {
            for (int x = e == Element.U8 ? 0 : -2; x <= 3; x++) {
                assertEquals(x, WgmmaEmulator.value(e.ptx(), ElementBits.of(e, x)), e + " " + x);
            }
        }
    }

    /** The matrix and a sample of the catalog (every 5th atom, so each family and N range) on the emulated warp group. */
    @Test
    void everyCaseAgreesWithThePtxIsaAndItsCounterChecksAreCaught() {
        List<WgmmaCase> cases = new ArrayList<>(WgmmaCase.matrix());
        List<WgmmaCase> catalog = WgmmaCase.catalog();
        for (int i = 0; i < catalog.size(); i += 5) cases.add(catalog.get(i));
        for (WgmmaCase c : cases) {
            AtomVerification.Outcome o = AtomVerification.verifyWgmma(ISA, c, 7);
            assertTrue(o.passed(), o.line());
            assertTrue(o.line().contains("(caught)") && !o.line().contains("NOT caught"), o.line());
        }
    }

    /** The check tells placements apart: B read MN-major where it was placed K-major fails. */
    @Test
    void aWrongMajorFails() {
        WgmmaCase c = new WgmmaCase(Atoms.mma("SM90_64x64x16_F32F16F16_SS"), Major.K, Major.K, Swizzling.SW64);
        AtomDevice flipped = new EmulatedAtomsTest.PtxIsaWarp() {
            @Override
            public double[] wgmma(Kernel k, int[] a, int[] b, int[] ia, int[] ib, int[] ic, int cLength) {
                String ptx = k.ptx().replaceFirst("(wgmma\\.mma_async[^;]*), 0;", "$1, 1;");
                return super.wgmma(new Kernel(k.entry(), ptx, k.geometry(), k.items(), k.blockX(), k.blockY(), k.summary()), a, b, ia, ib, ic, cLength);
            }
        };
        AtomVerification.Outcome o = AtomVerification.verifyWgmma(flipped, c, 7);
        assertFalse(o.passed(), o.line());
        assertTrue(o.line().startsWith("FAIL"), o.line());
    }

    static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }
}
