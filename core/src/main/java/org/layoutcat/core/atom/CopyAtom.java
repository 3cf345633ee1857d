package org.layoutcat.core.atom;

import java.util.Objects;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.recast.Recast;

/**
 * One copy instruction seen as thread–value layouts of bits (CuTe's {@code Copy_Traits}). Immutable.
 *
 * <p>{@code src} and {@code dst} map (logical thread, bit) to the index of that bit in the instruction's tile;
 * the instruction moves the bit held at {@code src⁻¹(i)} to {@code dst⁻¹(i)}. For {@code ldmatrix} the tile is
 * the matrices' rows of 128 bits one after another: thread t's source is the row whose address it supplies, its
 * destination the bits its registers receive. {@link #src(int)} and {@link #dst(int)} view the same layouts in
 * elements of a given width, as CuTe's {@code Copy_Atom<Traits, T>} does ({@code upcast<sizeof_bits<T>>}).
 *
 * @param name       CuTe's name of the operation, e.g. {@code SM75_U32x4_LDSM_N}
 * @param family     the instruction family ({@code ldmatrix .x4}, {@code stmatrix}, {@code cp.async}, a universal copy)
 * @param ptx        the PTX instruction, e.g. {@code ldmatrix.sync.aligned.m8n8.x4.shared.b16}
 * @param isaSection the PTX ISA section that defines it
 * @param arch       the first architecture that runs it
 * @param bits       the bits one thread moves, {@code size<1>(src)}
 * @param thrID      logical thread → lane
 * @param src        (thread, bit) → bit index in the tile, where the bits are before
 * @param dst        (thread, bit) → bit index in the tile, where the bits go
 */
public record CopyAtom(String name, Family family, String ptx, String isaSection, String arch, long bits, Layout thrID, Layout src,
        Layout dst) {
    /** A side of a copy: where its bits are before ({@code SRC}) or where they go ({@code DST}). */
    public enum Side { SRC, DST }

    /** The instruction families of copy atoms, as the catalog declares them. */
    public sealed interface Family permits Ldmatrix, Stmatrix, CpAsync, Universal, TmemLoad, TmemStore {}

    /** {@code ldmatrix}: a warp loads {@code matrices} 8×8 matrices of 16-bit elements (.x1, .x2, .x4) from shared memory. */
    public record Ldmatrix(int matrices) implements Family {}

    /** {@code stmatrix}: a warp stores {@code matrices} 8×8 matrices of 16-bit elements (.x1, .x2, .x4) to shared memory. */
    public record Stmatrix(int matrices) implements Family {}

    /** {@code cp.async}: one thread copies from global to shared memory without registers. */
    public record CpAsync() implements Family {}

    /** CuTe's {@code UniversalCopy}: one thread's load or store of a unit, either side in any memory. */
    public record Universal() implements Family {}

    /**
     * {@code tcgen05.ld} (SM100): a warp loads {@code lanes} lanes of tensor memory ({@code .16x256b}, {@code .16x128b},
     * {@code .16x64b}, {@code .16x32bx2}, {@code .32x32b}: the shape's {@code bits} per lane) {@code repeat} times
     * ({@code .x1} … {@code .x128}) into registers; {@code pack16} packs two 16-bit columns into one register
     * ({@code .pack::16b}). See {@link org.layoutcat.core.tmem.TmemCopyAtoms}.
     */
    public record TmemLoad(int lanes, int bits, int repeat, boolean pack16) implements Family {}

    /**
     * {@code tcgen05.st} (SM100): a warp stores registers to {@code lanes} lanes of tensor memory, the shapes of
     * {@link TmemLoad}; {@code unpack16} writes each register's two halves to two 16-bit columns ({@code .unpack::16b}).
     */
    public record TmemStore(int lanes, int bits, int repeat, boolean unpack16) implements Family {}

    /**
     * The copy atom of the given parts.
     *
     * @throws LayoutArgumentException unless {@code src} and {@code dst} are rank-2 (thread, bit) layouts whose thread
     *         mode has {@code size(thrID)} points
     */
    public CopyAtom {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(family, "family");
        for (Layout l : new Layout[] {src, dst}) {
            if (l.rank() != 2 || l.mode(0).size() != thrID.size()) {
                throw new LayoutArgumentException(name + ": " + l + " is not a (thread, bit) layout over the atom's "
                        + thrID.size() + " threads");
            }
        }
    }

    /** The number of logical threads. */
    public long threads() {
        return thrID.size();
    }

    /**
     * The source layout in elements of {@code valueBits} bits: (thread, value) → element index.
     *
     * @throws LayoutArgumentException where {@code upcast<valueBits>} of the layout is refused (see {@link
     *         Recast#upcast}), or where a value of that width does not fit one thread's bits (CuTe's static_assert
     *         "CopyOperation is not valid for Src of ValType")
     */
    public Layout src(int valueBits) {
        return inValues("Src", src, valueBits);
    }

    /**
     * The destination layout in elements of {@code valueBits} bits: (thread, value) → element index.
     *
     * @throws LayoutArgumentException where {@code upcast<valueBits>} of the layout is refused (see {@link
     *         Recast#upcast}), or where a value of that width does not fit one thread's bits ("CopyOperation is not
     *         valid for Dst of ValType")
     */
    public Layout dst(int valueBits) {
        return inValues("Dst", dst, valueBits);
    }

    /**
     * Which side a tiled copy's thread–value layout is read against (CuTe's {@code RefLayout}), as the family gives it:
     * the registers, which {@code ldmatrix} writes (its destination) and {@code stmatrix}, {@code cp.async} and a
     * one-thread copy read (their source); for {@code tcgen05.ld} and {@code .st} the tensor memory (the source of a
     * load, the destination of a store: CuTe's {@code RefLayout} of {@code copy_traits_sm100.hpp}).
     */
    public Side reference() {
        return switch (family) {
            case Ldmatrix _, TmemStore _ -> Side.DST;
            case Stmatrix _, CpAsync _, Universal _, TmemLoad _ -> Side.SRC;
        };
    }

    /**
     * The reference layout in elements of {@code valueBits} bits: the side a tiled copy's TV layout is given in.
     *
     * @throws LayoutArgumentException as {@link #src(int)} and {@link #dst(int)}
     */
    public Layout ref(int valueBits) {
        return reference() == Side.SRC ? src(valueBits) : dst(valueBits);
    }

    /**
     * CuTe's {@code recast_layout<uint1_t, ValType>} of a (thread, bit) layout, which must keep its threads:
     * {@code Copy_Atom<Op, ValType>} asserts {@code size<0>(ValLayout) == size(ThrID)}, so a value wider than what one
     * thread moves is refused, as CuTe refuses it at compile time.
     */
    private Layout inValues(String side, Layout bitLayout, int valueBits) {
        Layout values = Recast.upcast(bitLayout, valueBits);
        if (values.mode(0).size() != thrID.size()) {
            throw new LayoutArgumentException(name + " with " + valueBits + "-bit values: CopyOperation is not valid for " + side
                    + " of ValType (CuTe's static_assert): the " + side.toLowerCase(java.util.Locale.ROOT) + " layout " + bitLayout
                    + " read in " + valueBits + "-bit values is " + values + ", whose values span " + values.mode(0).size()
                    + " threads where the atom has " + thrID.size() + " (a thread's bits do not hold whole " + valueBits + "-bit values)");
        }
        return values;
    }

    /**
     * The element index that (thread, value) of {@link #dst(int)} denotes.
     *
     * @throws LayoutArgumentException where {@code upcast<valueBits>} of the layout is refused, or the thread or value
     *         lies outside its mode
     */
    public long dstIndex(int valueBits, long thread, long value) {
        return dst(valueBits).apply(IntTuple.flat(thread, value));
    }
}
