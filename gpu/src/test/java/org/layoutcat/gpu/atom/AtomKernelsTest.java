package org.layoutcat.gpu.atom;

import static org.junit.jupiter.api.Assertions.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.Element;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.gpu.ptx.AtomKernels;
import org.layoutcat.gpu.ptx.Kernel;

/** The atom kernels' structure and the verification's tables (the device run itself is gpu/device-check.sh's). */
class AtomKernelsTest {

    /** The register operands {D}, {A}, {B}, {C} of the one instruction in the kernel text. */
    static int[] operandCounts(String ptx, String instruction) {
        Matcher m = Pattern.compile(Pattern.quote(instruction) + " \\{([^}]*)\\}, \\{([^}]*)\\}, \\{([^}]*)\\}, \\{([^}]*)\\};").matcher(ptx);
        assertTrue(m.find(), "the kernel runs " + instruction);
        int[] n = new int[4];
        for (int i = 0; i < 4; i++) n[i] = m.group(i + 1).split(",").length;
        assertFalse(m.find(), "the kernel runs " + instruction + " once");
        return n;
    }

    @Test
    void everyMmaSyncKernelRunsItsInstructionOnceWithThePtxIsaRegisterCounts() {
        int kernels = 0;
        for (MmaAtom atom : Atoms.mmaAtoms()) {
            if (!atom.registersAB()) {
                assertThrows(IllegalArgumentException.class, () -> AtomKernels.mma(atom));
                continue;
            }
            Kernel k = AtomKernels.mma(atom);
            int[] n = operandCounts(k.ptx(), atom.ptx());
            long abBits = atom.ab().bits(), dBits = atom.d().bits();
            long regBits = abBits == 64 ? 64 : 32;
            assertEquals(atom.valuesC() * dBits / (dBits == 64 ? 64 : 32), n[0], atom.name() + " D registers");
            assertEquals(atom.valuesA() * abBits / regBits, n[1], atom.name() + " A registers");
            assertEquals(atom.valuesB() * abBits / regBits, n[2], atom.name() + " B registers");
            assertEquals(n[0], n[3], atom.name() + " C registers");
            // one table load per value of A, B and C, one f64 load per value of A and B, one f64 store per value of C
            assertEquals(atom.valuesA() + atom.valuesB() + atom.valuesC(), count(k.ptx(), "ld.global.u32"), atom.name());
            assertEquals(atom.valuesA() + atom.valuesB(), count(k.ptx(), "ld.global.f64"), atom.name());
            assertEquals(atom.valuesC(), count(k.ptx(), "st.global.f64"), atom.name());
            assertTrue(k.ptx().contains(".version " + AtomKernels.PTX_VERSION + "\n"), atom.name());
            assertEquals(32, k.blockX());
            kernels++;
        }
        assertEquals(14, kernels);
    }

    static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) n++;
        return n;
    }

    /** Golden: the instruction line of the m16n8k16 F16 kernel (4 A, 2 B, 2 C/D registers: PTX ISA, mma.m16n8k16 .f16). */
    @Test
    void theM16n8k16KernelIsTheGoldenOne() {
        String ptx = AtomKernels.mma(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN")).ptx();
        assertTrue(ptx.contains("\tmma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%r21, %r23}, {%r4, %r7, %r10, %r13}, {%r16, %r19}, {%r20, %r22};\n"), ptx);
        assertTrue(ptx.contains(".target sm_80\n"));
        assertTrue(ptx.contains("cvt.rn.f16.f64 %h1, %fd1;"));
    }

    @Test
    void ldmatrixAndStmatrixKernelsMoveOneRegisterPerMatrix() {
        int kernels = 0;
        for (CopyAtom c : Atoms.copyAtoms()) {
            int mats = c.ptx().contains(".x4") ? 4 : c.ptx().contains(".x2") ? 2 : 1;
            if (c.ptx().startsWith("ldmatrix")) {
                String ptx = AtomKernels.ldmatrix(c).ptx();
                assertTrue(ptx.contains(".shared .align 16 .b16 tile[" + 64 * mats + "]"), c.name());
                assertEquals(mats, count(ptx, "st.global.u32"), c.name());
                assertEquals(1, count(ptx, c.ptx() + " {"), c.name());
                kernels++;
            } else if (c.ptx().startsWith("stmatrix")) {
                String ptx = AtomKernels.stmatrix(c).ptx();
                assertTrue(ptx.contains(".target sm_90\n"), c.name());
                assertEquals(1, count(ptx, c.ptx() + " ["), c.name());
                assertEquals(2 * mats, count(ptx, "ld.shared.u16"), c.name());
                kernels++;
            } else {
                assertThrows(IllegalArgumentException.class, () -> AtomKernels.ldmatrix(c));
            }
        }
        assertEquals(12, kernels);
    }

    /** SM70's atom is quad pair 0 (lanes 0–3 and 16–19): the other lanes read the zero past the end and write past it. */
    @Test
    void tablesFollowTheCatalogAndPadTheLanesOffTheAtom() {
        MmaAtom sm70 = Atoms.mma("SM70_8x8x4_F16F16F16F16_TN");
        int[] a = AtomVerification.table(sm70.a(), sm70.thrID(), 32);
        assertEquals(32 * 4, a.length);
        for (int lane = 0; lane < 32; lane++) {
            boolean in = lane < 4 || (lane >= 16 && lane < 20);
            for (int v = 0; v < 4; v++) {
                int want = in ? (lane % 4 + (lane >= 16 ? 4 : 0)) + 8 * v : 32; // row-major A: row of the lane, k = v
                assertEquals(want, a[lane * 4 + v], "lane " + lane + " value " + v);
            }
        }
        int[] swapped = AtomVerification.swapLanes01(a);
        assertEquals(a[4], swapped[0]);
        assertEquals(a[0], swapped[4]);
        assertArrayEquals(java.util.Arrays.copyOfRange(a, 8, a.length), java.util.Arrays.copyOfRange(swapped, 8, a.length));
    }

    @Test
    void theCpuProductIsTheMatrixProduct() {
        MmaAtom f64 = Atoms.mma("SM80_8x8x4_F64F64F64F64_TN");
        double[] a = new double[33], b = new double[33];
        for (int i = 0; i < 32; i++) {
            a[i] = i % 8 == i / 8 ? 1 : 0; // A[m,k] = [m == k]
            b[i] = i; // B[n,k] = n + 8k
        }
        double[] c = AtomVerification.product(f64, a, b);
        for (int m = 0; m < 8; m++) for (int n = 0; n < 8; n++) assertEquals(m < 4 ? n + 8 * m : 0, c[m + 8 * n]);
        assertEquals(Layout.parse("(32,2):(2,1)"), Atoms.copy("SM75_U32x1_LDSM_N").dst(16));
    }

    /**
     * wgmma: one warp group, the operand list of the PTX ISA for each input kind (imm-trans for 16-bit inputs alone,
     * no imm-scale for integers, A as 4 registers for RS), every accumulator stored, PTX 8.0 (8.4 for mixed s8/u8).
     */
    @Test
    void wgmmaKernelsFollowThePtxIsaOperandListsAndStoreEveryAccumulator() {
        assertThrows(IllegalArgumentException.class, () -> WgmmaCase.of(Atoms.mma("SM80_16x8x16_F32F16F16F32_TN")));
        String[][] golden = {
            {"SM90_64x8x16_F16F16F16_SS", "\\}, %rd\\d+, %rd\\d+, %p\\d+, 1, 1, 0, 0;"},
            {"SM90_64x16x16_F32BF16BF16_SS", "\\}, %rd\\d+, %rd\\d+, %p\\d+, 1, 1, 0, 1;"}, // the catalog's B MN-major
            {"SM90_64x192x16_F32F16F16_SS", "\\}, %rd\\d+, %rd\\d+, %p\\d+, 1, 1, 1, 1;"}, // and A MN-major past N = 128
            {"SM90_64x8x16_F16F16F16_RS", "\\}, \\{%r\\d+, %r\\d+, %r\\d+, %r\\d+\\}, %rd\\d+, %p\\d+, 1, 1, 0;"},
            {"SM90_64x8x8_F32TF32TF32_SS_TN", "\\}, %rd\\d+, %rd\\d+, %p\\d+, 1, 1;"},
            {"SM90_64x8x32_F16E4M3E5M2_RS_TN", "\\}, \\{%r\\d+, %r\\d+, %r\\d+, %r\\d+\\}, %rd\\d+, %p\\d+, 1, 1;"},
            {"SM90_64x8x32_S32U8S8_SS_TN_SATURATE", "\\}, %rd\\d+, %rd\\d+, %p\\d+;"},
        };
        for (String[] g : golden) {
            MmaAtom atom = Atoms.mma(g[0]);
            Kernel k = WgmmaCase.of(atom).kernel();
            assertEquals(128, k.blockX());
            String line = k.ptx().lines().filter(l -> l.startsWith("\t" + atom.ptx() + " {")).findFirst().orElseThrow();
            assertTrue(Pattern.compile(g[1] + "$").matcher(line).find(), line + " does not end in " + g[1]);
            long dRegs = atom.d() == Element.F16 ? atom.valuesC() / 2 : atom.valuesC();
            assertEquals(dRegs, line.substring(0, line.indexOf('}')).split(",").length, line);
            assertEquals(atom.valuesC(), count(k.ptx(), "st.global.f64"), atom.name());
            assertTrue(k.ptx().contains(".target sm_90a\n"), atom.name());
            assertTrue(k.ptx().contains(atom.name().contains("U8S8") ? ".version 8.4\n" : ".version 8.0\n"), atom.name());
        }
    }
}
