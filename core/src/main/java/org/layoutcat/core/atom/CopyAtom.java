package org.layoutcat.core.atom;

import java.util.Objects;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

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

    /** The source layout in elements of {@code valueBits} bits: (thread, value) → element index. */
    public Layout src(int valueBits) {
        return upcast(name + " source", src, valueBits);
    }

    /** The destination layout in elements of {@code valueBits} bits: (thread, value) → element index. */
    public Layout dst(int valueBits) {
        return upcast(name + " destination", dst, valueBits);
    }

    /**
     * CuTe's {@code upcast<n>}: a layout of bits read in units of {@code n} bits. A mode of stride 0 stays; a
     * stride divisible by n is divided by n; a stride d dividing n makes the mode {@code (s/(n/d)):1}, which
     * needs {@code n/d} to divide s.
     */
    static Layout upcast(String what, Layout l, long n) {
        if (n <= 0) throw new LayoutArgumentException(what + ": element width " + n + " bits is not positive");
        long[] s = l.shape().leaves();
        long[] d = l.stride().leaves();
        for (int i = 0; i < s.length; i++) {
            if (d[i] == 0) continue;
            if (d[i] % n == 0) {
                d[i] /= n;
            } else if (n % d[i] == 0 && s[i] % (n / d[i]) == 0) {
                s[i] /= n / d[i];
                d[i] = 1;
            } else {
                throw new LayoutArgumentException(what + " " + l + ": mode " + s[i] + ":" + d[i]
                        + " does not split into elements of " + n + " bits");
            }
        }
        return Layout.of(l.shape().withLeaves(s), l.stride().withLeaves(d));
    }

    /** The element index that (thread, value) of {@link #dst(int)} denotes. */
    public long dstIndex(int valueBits, long thread, long value) {
        return dst(valueBits).apply(IntTuple.flat(thread, value));
    }
}
