package org.layoutcat.core.atom;

import java.util.Objects;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

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
 * @param name       CuTe's name of the operation, e.g. {@code SM80_16x8x16_F16F16F16F16_TN}
 * @param family     the instruction family: {@code mma.sync}, or {@code wgmma} with A in shared memory or registers
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
 */
public record MmaAtom(String name, Family family, String ptx, String isaSection, String arch, Element d, Element ab,
                      IntTuple shapeMNK, Layout thrID, Layout a, Layout b, Layout c, Element bType) {
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
        WGMMA_RS
    }

    /** An atom whose A and B are of one type, {@code ab}. */
    public MmaAtom(String name, Family family, String ptx, String isaSection, String arch, Element d, Element ab,
            IntTuple shapeMNK, Layout thrID, Layout a, Layout b, Layout c) {
        this(name, family, ptx, isaSection, arch, d, ab, shapeMNK, thrID, a, b, c, ab);
    }

    /**
     * The MMA atom of the given parts.
     *
     * @throws LayoutArgumentException where {@code shapeMNK} is not a positive (M,N,K), or a, b or c is not a rank-2
     *         (thread, value) layout over {@code size(thrID)} threads or reaches past its tile
     */
    public MmaAtom {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(ptx, "ptx");
        if (shapeMNK.rank() != 3 || !shapeMNK.allPositive()) {
            throw new LayoutArgumentException(name + ": Shape_MNK " + shapeMNK + " is not a positive (M,N,K)");
        }
        long t = thrID.size();
        check(name, "A", a, t, shapeMNK.mode(0).product() * shapeMNK.mode(2).product());
        check(name, "B", b, t, shapeMNK.mode(1).product() * shapeMNK.mode(2).product());
        check(name, "C", c, t, shapeMNK.mode(0).product() * shapeMNK.mode(1).product());
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

    /** Whether A is held in registers: {@code mma.sync}, and {@code wgmma}'s RS forms (A from registers, B a descriptor). */
    public boolean registersA() {
        return switch (family) {
            case MMA_SYNC, WGMMA_RS -> true;
            case WGMMA_SS -> false;
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
