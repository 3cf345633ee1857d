package org.layoutcat.gpu.atom;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling;
import org.layoutcat.gpu.ptx.AtomKernels;
import org.layoutcat.gpu.ptx.Kernel;

/**
 * One run of a GMMA atom on the GPU: the atom, the majors of A and B, and the swizzling of the GMMA shared-memory
 * atom both operands are placed through ({@link GmmaPlacement}). An RS atom takes A from registers, which the PTX ISA
 * and CuTe hold K-major; an operand of other than 16-bit elements is K-major only (wgmma's imm-trans is for .f16 and
 * .bf16; CuTe's atoms of the other types are {@code _TN}). The atom is CuTe's type of those majors
 * ({@code SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>}, {@link MmaAtom#withMajors}). Immutable.
 *
 * <p>The sparse atoms ({@code wgmma.mma_async.sp}, {@link Atoms#sparseGmmaAtoms()}) have no case: their A is the kept
 * half of a structured-sparse matrix with a metadata register E that selects its columns, and {@link AtomKernels#wgmma}
 * places dense operands only; the catalog's sparse layouts are checked against CuTe's printouts, not on the GPU.
 *
 * @param atom      a dense {@code wgmma.mma_async} atom of the GMMA catalog
 * @param a         A's major (K for an RS atom)
 * @param b         B's major
 * @param swizzling the swizzling of the shared-memory atom of A and B
 */
public record WgmmaCase(MmaAtom atom, Major a, Major b, Swizzling swizzling) {
    /**
     * The case; see the components.
     *
     * @throws IllegalArgumentException for an atom other than a dense wgmma one, an MN-major A of an RS atom, or an
     *         MN-major operand of other than 16-bit elements
     */
    public WgmmaCase {
        Objects.requireNonNull(swizzling, "swizzling");
        switch (atom.family()) {
            case MMA_SYNC, UMMA_SS, UMMA_TS -> throw new IllegalArgumentException(atom.name() + " is not a wgmma atom");
            case WGMMA_SP_SS, WGMMA_SP_RS -> throw new IllegalArgumentException(atom.name() + " is a sparse wgmma"
                    + " (wgmma.mma_async.sp): its A and metadata E are not placed by this verification, which places dense operands");
            case WGMMA_SS, WGMMA_RS -> { }
        }
        if (atom.registersA() && a != Major.K) {
            throw new IllegalArgumentException(atom.name() + " takes A from registers, which are K-major; A cannot be " + a + "-major");
        }
        if ((a == Major.MN && atom.ab().bits() != 16) || (b == Major.MN && atom.bType().bits() != 16)) {
            throw new IllegalArgumentException(atom.name() + ": an MN-major operand of " + atom.ab().ptx() + "/" + atom.bType().ptx()
                    + "; wgmma transposes 16-bit operands only (PTX ISA imm-trans-a/b: .f16 and .bf16)");
        }
        if (atom.takesMajors()) atom = atom.withMajors(a, b);
    }

    /** A's placement in shared memory, or null where A comes from registers (RS). */
    public GmmaPlacement placementA() {
        return atom.registersA() ? null : GmmaPlacement.of(a, swizzling, atom.ab().bits(), atom.m(), atom.k());
    }

    /** B's placement in shared memory. */
    public GmmaPlacement placementB() {
        return GmmaPlacement.of(b, swizzling, atom.bType().bits(), atom.n(), atom.k());
    }

    /** The kernel: {@link AtomKernels#wgmma} with the placements' descriptors. */
    public Kernel kernel() {
        GmmaPlacement pa = placementA();
        return AtomKernels.wgmma(atom, pa == null ? null : pa.smemOperand(), placementB().smemOperand());
    }

    /** {@code A K SW128 · B MN SW128}, or {@code A regs · B K SW32} for an RS atom. */
    public String label() {
        return "A " + (atom.registersA() ? "regs" : a + " " + swizzling) + " · B " + b + " " + swizzling;
    }

    /**
     * Every atom of the GMMA catalog once, in the catalog's order, placed by {@link #of}: so each family meets every
     * swizzling and, with 16-bit inputs, every pair of majors with every swizzling.
     */
    public static List<WgmmaCase> catalog() {
        List<WgmmaCase> out = new ArrayList<>();
        for (MmaAtom atom : Atoms.gmmaAtoms()) out.add(of(atom));
        return out;
    }

    /**
     * The catalog's case of a GMMA atom of N columns: the swizzling is {@code INTER, SW32, SW64, SW128} by
     * {@code ⌊(N − 8)/32⌋ mod 4} (N = 8 … 32 INTER, 40 … 64 SW32, and so on); with 16-bit inputs A is MN-major where
     * N > 128 (SS only: an A in registers is K-major), and B is MN-major where N is a multiple of 16 and the MN-major
     * atom tiles N (SW128 holds 64 halves of N a row); other inputs are K-major.
     *
     * @throws IllegalArgumentException where the atom is not a wgmma one
     */
    public static WgmmaCase of(MmaAtom atom) {
        long n = atom.n();
        Swizzling s = Swizzling.values()[(int) (((n - 8) / 32) % 4)];
        Major a = Major.K, b = Major.K;
        if (atom.ab().bits() == 16 && atom.bType().bits() == 16) {
            if (n > 128 && !atom.registersA()) a = Major.MN;
            if (n % 16 == 0 && GmmaPlacement.fits(Major.MN, s, 16, n)) b = Major.MN;
        }
        return new WgmmaCase(atom, a, b, s);
    }

    /**
     * The matrix: SM90_64x64x16_F32F16F16 and SM90_64x128x16_F32BF16BF16 over both majors of A and B and the four
     * swizzlings, SS and RS (48 cases), and the K-major-only SM90_64x64x8_F32TF32TF32, SM90_64x64x32_F32E4M3E5M2 and
     * SM90_64x64x32_S32S8U8 over the four swizzlings, SS and RS (24 cases).
     */
    public static List<WgmmaCase> matrix() {
        List<WgmmaCase> out = new ArrayList<>();
        for (String family : new String[] {"SM90_64x64x16_F32F16F16", "SM90_64x128x16_F32BF16BF16"}) {
            for (Swizzling s : Swizzling.values()) {
                for (Major a : Major.values()) {
                    for (Major b : Major.values()) out.add(new WgmmaCase(Atoms.mma(family + "_SS"), a, b, s));
                }
                for (Major b : Major.values()) out.add(new WgmmaCase(Atoms.mma(family + "_RS"), Major.K, b, s));
            }
        }
        for (String family : new String[] {"SM90_64x64x8_F32TF32TF32", "SM90_64x64x32_F32E4M3E5M2", "SM90_64x64x32_S32S8U8"}) {
            for (Swizzling s : Swizzling.values()) {
                for (String form : new String[] {"_SS_TN", "_RS_TN"}) out.add(new WgmmaCase(Atoms.mma(family + form), Major.K, Major.K, s));
            }
        }
        return out;
    }
}
