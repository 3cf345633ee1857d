package org.layoutcat.core.atom;

import java.util.Objects;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * One matrix-multiply-accumulate instruction seen as thread–value layouts (CuTe's {@code MMA_Traits}): it computes
 * {@code D = A·B + C} for an {@code M×K} matrix A, a {@code K×N} matrix B (stored as {@code N×K}) and an
 * {@code M×N} accumulator. Immutable.
 *
 * <p>{@code a}, {@code b} and {@code c} map a pair (logical thread, value) to the column-major index of the
 * element that value is: {@code a(t, v) = m + M·k} in the {@code M×K} tile, {@code b(t, v) = n + N·k} in the
 * {@code N×K} tile, {@code c(t, v) = m + M·n} in the {@code M×N} tile. The value index {@code v} counts the
 * elements of the instruction's register operands in order, the low half of a packed register first.
 * {@code thrID} maps the logical thread to the lane (the thread of the warp, or of the warp group) that executes it.
 *
 * <p>A GMMA atom's type in CuTe is a template of its operands' majors (16-bit inputs), its inputs' scales (floating
 * point inputs) and, for a sparse one, its metadata selector ({@link Arguments}); {@link #type()} spells the type as
 * CuTe does. The majors change no layout of the traits (CuTe's {@code ALayout} and {@code BLayout} of a shared-memory
 * operand are {@code GMMA::ABLayout<MN,K>} for either major): they are the wgmma's {@code imm-trans-a/b} and the major
 * CuTe builds the operands' descriptors for ({@code FrgTypeA = GMMA::smem_desc<tnspA>}).
 *
 * @param name       CuTe's name of the operation (of its template, for a GMMA atom; the whole type, its template
 *                   arguments included, for a UMMA or SM120 atom, whose arguments are its types and shape), e.g.
 *                   {@code SM80_16x8x16_F16F16F16F16_TN}, {@code SM90_64x64x16_F32F16F16_SS},
 *                   {@code SM90::GMMA::SPARSE::GMMA_64x64x32_F32F16F16_SS},
 *                   {@code SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>},
 *                   {@code SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,float>}
 * @param family     the instruction family: {@code mma.sync}, {@code wgmma} with A in shared memory or registers, or
 *                   {@code tcgen05.mma} with A in shared memory or tensor memory
 * @param ptx        the PTX instruction, e.g. {@code mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16}
 * @param isaSection the PTX ISA section that defines the instruction's fragments
 * @param arch       the first architecture that runs it, e.g. {@code sm_80}
 * @param d          the element type of D and C (the accumulator)
 * @param ab         the element type of A (and of B, where {@code bType} is the same)
 * @param shapeMNK   {@code (M,N,K)}
 * @param thrID      logical thread → lane
 * @param a          (thread, value) → {@code m + M·k}
 * @param b          (thread, value) → {@code n + N·k}
 * @param c          (thread, value) → {@code m + M·n}
 * @param bType      the element type of B (an FP8 or integer wgmma may mix E4M3 with E5M2, S8 with U8)
 * @param args       the template arguments of the atom's type ({@link Arguments#DEFAULT}, K-major, for every atom
 *                   whose type takes none)
 * @param e          a sparse atom's metadata layout (CuTe's traits' {@code ELayout}): (thread, value) → {@code m + M·k}
 *                   of the logical M×K tile of A, one value per element of A that the metadata selects among; null
 *                   for a dense atom
 */
public record MmaAtom(String name, Family family, String ptx, String isaSection, String arch, Element d, Element ab,
                      IntTuple shapeMNK, Layout thrID, Layout a, Layout b, Layout c, Element bType, Arguments args, Layout e) {
    /**
     * The instruction families of MMA atoms, as the catalog declares them: which operands are registers and which
     * shared-memory descriptors.
     */
    public enum Family {
        /** {@code mma.sync}: A, B and C in registers of a warp. */
        MMA_SYNC,
        /** {@code wgmma.mma_async} of a warp group, A and B shared-memory descriptors (CuTe's {@code _SS}). */
        WGMMA_SS,
        /** {@code wgmma.mma_async} of a warp group, A in registers and B a shared-memory descriptor (CuTe's {@code _RS}). */
        WGMMA_RS,
        /**
         * {@code wgmma.mma_async.sp} of a warp group: A a 2:4 (tf32: 1:2) structured-sparse matrix of which the
         * instruction reads the kept half with its metadata E, A and B shared-memory descriptors (CuTe's
         * {@code SM90::GMMA::SPARSE::GMMA_..._SS}).
         */
        WGMMA_SP_SS,
        /** {@code wgmma.mma_async.sp} with the kept half of A in registers ({@code SM90::GMMA::SPARSE::GMMA_..._RS}). */
        WGMMA_SP_RS,
        /**
         * {@code tcgen05.mma} (SM100 UMMA) of one or two CTAs, A and B shared-memory descriptors, the accumulator in
         * tensor memory (CuTe's {@code SM100_MMA_..._SS}, its {@code _2x1SM_}, block-scaled and {@code _SPARSE} forms).
         */
        UMMA_SS,
        /**
         * {@code tcgen05.mma} with A in tensor memory (K-major) and B a shared-memory descriptor, the accumulator in
         * tensor memory (CuTe's {@code SM100_MMA_..._TS}).
         */
        UMMA_TS;

        /**
         * Whether the instruction is the sparse {@code wgmma.mma_async.sp}, whose atoms carry a metadata layout (a sparse
         * UMMA atom's metadata lives in tensor memory, and its traits give it no layout: such an atom is of UMMA_SS).
         */
        public boolean sparse() {
            return switch (this) {
                case MMA_SYNC, WGMMA_SS, WGMMA_RS, UMMA_SS, UMMA_TS -> false;
                case WGMMA_SP_SS, WGMMA_SP_RS -> true;
            };
        }
    }

    /** CuTe's {@code GMMA::ScaleIn}: an input taken as it is or negated ({@code imm-scale-a/b} 1 or -1). */
    public enum ScaleIn { One, Neg }

    /** CuTe's {@code GMMA::SparseSel}: which threads of a quad give a sparse wgmma its metadata (the PTX sparsity selector). */
    public enum SparseSel { Zero, One }

    /**
     * The template arguments of a GMMA atom's type, as CuTe declares them: {@code tnspA, tnspB} (16-bit inputs only),
     * {@code scaleA, scaleB} (floating-point inputs; default One), {@code spsel} (sparse atoms; default Zero).
     * Immutable.
     *
     * @param a         the major of A
     * @param b         the major of B
     * @param scaleA    the scale of A
     * @param scaleB    the scale of B
     * @param sparseSel the sparsity selector
     */
    public record Arguments(Major a, Major b, ScaleIn scaleA, ScaleIn scaleB, SparseSel sparseSel) {
        /** K-major A and B, scales One, selector Zero: CuTe's defaults, and the catalog's reading of a bare 16-bit GMMA name. */
        public static final Arguments DEFAULT = new Arguments(Major.K, Major.K, ScaleIn.One, ScaleIn.One, SparseSel.Zero);

        /** The arguments; none null. (A UMMA atom's scales are its {@code a_neg, b_neg}.) */
        public Arguments {
            Objects.requireNonNull(a, "a");
            Objects.requireNonNull(b, "b");
            Objects.requireNonNull(scaleA, "scaleA");
            Objects.requireNonNull(scaleB, "scaleB");
            Objects.requireNonNull(sparseSel, "sparseSel");
        }

        /** These arguments with the majors {@code a} and {@code b}. */
        public Arguments withMajors(Major a, Major b) {
            return new Arguments(a, b, scaleA, scaleB, sparseSel);
        }
    }

    /** A dense atom whose A and B are of one type, {@code ab}, and whose type takes no template arguments. */
    public MmaAtom(String name, Family family, String ptx, String isaSection, String arch, Element d, Element ab,
            IntTuple shapeMNK, Layout thrID, Layout a, Layout b, Layout c) {
        this(name, family, ptx, isaSection, arch, d, ab, shapeMNK, thrID, a, b, c, ab, Arguments.DEFAULT, null);
    }

    /**
     * The MMA atom of the given parts.
     *
     * @throws LayoutArgumentException where {@code shapeMNK} is not a positive (M,N,K), or a, b or c is not a rank-2
     *         (thread, value) layout over {@code size(thrID)} threads or reaches past its tile; where an operand is
     *         MN-major that cannot be (A of an RS atom, whose registers are K-major: CuTe static_asserts; an operand of
     *         an atom whose type takes no majors); where {@code e} is given for a dense atom or missing for a sparse one
     */
    public MmaAtom {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(ptx, "ptx");
        Objects.requireNonNull(args, "args");
        if ((args.a() == Major.MN || args.b() == Major.MN) && !takesMajors(family, ab, bType)) {
            throw new LayoutArgumentException(name + ": an MN-major operand, and the type takes no majors: wgmma transposes"
                    + " 16-bit operands only (PTX ISA imm-trans-a/b: .f16 and .bf16), so CuTe's atoms of " + ab.ptx() + "/"
                    + bType.ptx() + " inputs read K-major A and B");
        }
        if (args.a() == Major.MN && family == Family.UMMA_TS) {
            throw new LayoutArgumentException(name + ": A comes from tensor memory, which holds it K-major; A cannot be MN-major"
                    + " (CuTe static_asserts \"A from TMEM can't be transposed\")");
        }
        if (args.a() == Major.MN && (family == Family.WGMMA_RS || family == Family.WGMMA_SP_RS)) {
            throw new LayoutArgumentException(name + ": A comes from registers, which are K-major; A cannot be MN-major"
                    + " (CuTe static_asserts \"Register source operand A must have K major layout.\")");
        }
        if ((e != null) != family.sparse()) {
            throw new LayoutArgumentException(name + ": " + (e == null ? "a sparse atom needs its metadata layout E"
                    : "a dense atom has no metadata layout E"));
        }
        if (shapeMNK.rank() != 3 || !shapeMNK.allPositive()) {
            throw new LayoutArgumentException(name + ": Shape_MNK " + shapeMNK + " is not a positive (M,N,K)");
        }
        long t = thrID.size();
        check(name, "A", a, t, shapeMNK.mode(0).product() * shapeMNK.mode(2).product());
        check(name, "B", b, t, shapeMNK.mode(1).product() * shapeMNK.mode(2).product());
        check(name, "C", c, t, shapeMNK.mode(0).product() * shapeMNK.mode(1).product());
        if (e != null) check(name, "E", e, t, shapeMNK.mode(0).product() * shapeMNK.mode(2).product());
    }

    /**
     * Whether an atom's type takes the majors of A and B: a wgmma of 16-bit A and B (the PTX ISA's imm-trans), and
     * every UMMA atom (its instruction descriptor's a_major, b_major).
     */
    static boolean takesMajors(Family family, Element a, Element b) {
        return switch (family) {
            case MMA_SYNC -> false;
            case UMMA_SS, UMMA_TS -> true;
            case WGMMA_SS, WGMMA_RS, WGMMA_SP_SS, WGMMA_SP_RS -> a.bits() == 16 && b.bits() == 16;
        };
    }

    /** Whether this is an SM100 UMMA atom ({@code tcgen05.mma}), whose type carries its element types, M, N and majors. */
    public boolean umma() {
        return family == Family.UMMA_SS || family == Family.UMMA_TS;
    }

    /** Whether A is read from tensor memory: a UMMA {@code _TS} atom. */
    public boolean tensorMemoryA() {
        return family == Family.UMMA_TS;
    }

    /** Whether this atom's type takes the majors of A and B as template arguments ({@link #takesMajors(Family, Element, Element)}). */
    public boolean takesMajors() {
        return takesMajors(family, ab, bType);
    }

    /** The major of A: K, or MN where the type's {@code tnspA} says so. */
    public Major majorA() {
        return args.a();
    }

    /** The major of B. */
    public Major majorB() {
        return args.b();
    }

    /**
     * This atom with the majors {@code a} and {@code b}: CuTe's type of the same template with {@code tnspA = a,
     * tnspB = b}; its layouts are this atom's.
     *
     * @throws LayoutArgumentException where the type takes no majors and one is MN, or A comes from registers and is MN
     */
    public MmaAtom withMajors(Major a, Major b) {
        if (a == majorA() && b == majorB()) return this;
        if (umma()) return UmmaAtoms.withMajors(this, a, b);
        return new MmaAtom(name, family, ptx, isaSection, arch, d, this.ab, shapeMNK, thrID, this.a, this.b, c, bType,
                args.withMajors(a, b), e);
    }

    /**
     * The atom's type as CuTe C++ spells it: its name, with the template arguments its type takes
     * ({@code SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>}, {@code SM90_64x64x8_F32TF32TF32_SS_TN<>});
     * {@link Atoms#mma(String)} reads it back to this atom.
     */
    public String type() {
        return AtomName.spell(this);
    }

    /** A sparse atom's metadata layout E (CuTe's traits' {@code ELayout}); empty for a dense atom. */
    public java.util.Optional<Layout> metadata() {
        return java.util.Optional.ofNullable(e);
    }

    private static void check(String name, String which, Layout l, long threads, long tile) {
        if (l.rank() != 2 || l.mode(0).size() != threads) {
            throw new LayoutArgumentException(name + ": the " + which + " layout " + l
                    + " is not a (thread, value) layout over the atom's " + threads + " threads");
        }
        if (l.cosize() > tile) {
            throw new LayoutArgumentException(name + ": the " + which + " layout " + l + " reaches index "
                    + (l.cosize() - 1) + ", outside its tile of " + tile + " elements");
        }
    }

    /**
     * M, the rows of A and C.
     *
     * @throws IllegalStateException where M is a tuple
     */
    public long m() {
        return shapeMNK.mode(0).value();
    }

    /**
     * N, the columns of B and C.
     *
     * @throws IllegalStateException where N is a tuple
     */
    public long n() {
        return shapeMNK.mode(1).value();
    }

    /**
     * K, the reduction extent.
     *
     * @throws IllegalStateException where K is a tuple
     */
    public long k() {
        return shapeMNK.mode(2).value();
    }

    /** The number of logical threads, {@code size(thrID)}. */
    public long threads() {
        return thrID.size();
    }

    /** The values of A each thread holds, {@code size<1>(a)}. */
    public long valuesA() {
        return a.mode(1).size();
    }

    public long valuesB() {
        return b.mode(1).size();
    }

    public long valuesC() {
        return c.mode(1).size();
    }

    /**
     * Whether A and B are held in registers ({@code mma.sync}); false for {@code wgmma}, whose A and B are
     * shared-memory descriptors (every thread "holds" the whole tile: stride 0 on the thread mode).
     */
    public boolean registersAB() {
        return family == Family.MMA_SYNC;
    }

    /**
     * Whether A is held in registers: {@code mma.sync}, and {@code wgmma}'s RS forms (A from registers, B a
     * descriptor); not a UMMA atom's, whose A is a shared-memory descriptor (SS) or in tensor memory (TS).
     */
    public boolean registersA() {
        return switch (family) {
            case MMA_SYNC, WGMMA_RS, WGMMA_SP_RS -> true;
            case WGMMA_SS, WGMMA_SP_SS, UMMA_SS, UMMA_TS -> false;
        };
    }

    /**
     * The A layout as (thread, value) → (m, k): the element {@code a(t, v)} read in the {@code M×K} tile.
     *
     * @throws LayoutArgumentException where the thread or value lies outside its mode
     */
    public long[] coordA(long thread, long value) {
        long i = a.apply(IntTuple.flat(thread, value));
        return new long[] {i % m(), i / m()};
    }

    /**
     * (thread, value) → (n, k) of B.
     *
     * @throws LayoutArgumentException where the thread or value lies outside its mode
     */
    public long[] coordB(long thread, long value) {
        long i = b.apply(IntTuple.flat(thread, value));
        return new long[] {i % n(), i / n()};
    }

    /**
     * (thread, value) → (m, n) of C.
     *
     * @throws LayoutArgumentException where the thread or value lies outside its mode
     */
    public long[] coordC(long thread, long value) {
        long i = c.apply(IntTuple.flat(thread, value));
        return new long[] {i % m(), i / m()};
    }
}
