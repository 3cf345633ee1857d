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
 * @param ptx        the PTX instruction, e.g. {@code ldmatrix.sync.aligned.m8n8.x4.shared.b16}
 * @param isaSection the PTX ISA section that defines it
 * @param arch       the first architecture that runs it
 * @param bits       the bits one thread moves, {@code size<1>(src)}
 * @param thrID      logical thread → lane
 * @param src        (thread, bit) → bit index in the tile, where the bits are before
 * @param dst        (thread, bit) → bit index in the tile, where the bits go
 */
public record CopyAtom(String name, String ptx, String isaSection, String arch, long bits, Layout thrID, Layout src, Layout dst) {
    /**
     * The copy atom of the given parts.
     *
     * @throws LayoutArgumentException unless {@code src} and {@code dst} are rank-2 (thread, bit) layouts whose thread
     *         mode has {@code size(thrID)} points
     */
    public CopyAtom {
        Objects.requireNonNull(name, "name");
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
     *         Recast#upcast})
     */
    public Layout src(int valueBits) {
        return Recast.upcast(src, valueBits);
    }

    /**
     * The destination layout in elements of {@code valueBits} bits: (thread, value) → element index.
     *
     * @throws LayoutArgumentException where {@code upcast<valueBits>} of the layout is refused (see {@link
     *         Recast#upcast})
     */
    public Layout dst(int valueBits) {
        return Recast.upcast(dst, valueBits);
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
