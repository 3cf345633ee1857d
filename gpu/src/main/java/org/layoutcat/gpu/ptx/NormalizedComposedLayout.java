package org.layoutcat.gpu.ptx;

import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.internal.Checked;

/**
 * What a kernel evaluates for a composed layout {@code Sw<B,M,S> o offset o L}: the swizzle, the offset and L's
 * normal form ({@link NormalizedLayout}), with the same function on {@code [0, size(L))},
 * {@code i ↦ sw(offset + L(i))} (CuTe's {@code ComposedLayout}, see {@link ComposedLayout#apply(long)}). The swizzle
 * acts on offsets ≥ 0, so {@code offset + L(i) ≥ 0} for every index is checked on construction. Immutable.
 *
 * @param swizzle the swizzle applied last
 * @param offset  the offset added to L's offsets, ≥ 0
 * @param inner   L's normal form
 */
public record NormalizedComposedLayout(Swizzle swizzle, long offset, NormalizedLayout inner) {

    /**
     * The normal form {@code swizzle o offset o inner}.
     *
     * @throws IllegalArgumentException for a null swizzle or layout, a negative offset, or where {@code offset + L(i)}
     *         is negative somewhere
     * @throws ArithmeticException where {@code offset + L(i)} overflows a long
     */
    public NormalizedComposedLayout {
        if (swizzle == null || inner == null) throw new IllegalArgumentException("a composed layout needs a swizzle and a layout");
        long[] r = inner.offsetRange(inner.size() - 1);
        long lo = Checked.add(offset, r[0], "the lowest offset", inner);
        Checked.add(offset, r[1], "the highest offset", inner);
        if (offset < 0 || lo < 0) {
            throw new IllegalArgumentException(swizzle + " o " + offset + " o " + inner + ": offset + L(i) reaches " + lo
                    + " < 0, and a swizzle acts on offsets ≥ 0");
        }
    }

    /**
     * The normal form of {@code c}: its inner layout coalesced, the swizzle and offset kept.
     *
     * @throws IllegalArgumentException where {@code offset + L(i)} is negative somewhere
     * @throws ArithmeticException where {@code offset + L(i)} overflows a long
     */
    public static NormalizedComposedLayout of(ComposedLayout c) {
        return new NormalizedComposedLayout(c.outer(), c.offset(), NormalizedLayout.of(c.inner()));
    }

    /** {@code size(L)}. */
    public long size() {
        return inner.size();
    }

    /**
     * {@code sw(offset + L(i))} for {@code 0 ≤ i}; L's last mode is unbounded past its size, as in CuTe.
     *
     * @throws IllegalArgumentException for a negative i (or, as a LayoutArgumentException, a negative {@code offset +
     *         L(i)} past the size)
     */
    public long apply(long i) {
        return swizzle.apply(offset + inner.apply(i));
    }

    /** The bounds {@code [lo, hi]} of {@code offset + L(i)} over {@code [0, size)}, before the swizzle. */
    public long[] unswizzledRange() {
        long[] r = inner.offsetRange(inner.size() - 1);
        return new long[] {offset + r[0], offset + r[1]};
    }

    /**
     * An upper bound on {@code sw(offset + L(i))} over {@code [0, size)}: the unswizzled bound {@code hi} when the
     * swizzle reads no bit of an offset up to hi, else the largest number of as many bits as {@code hi} or the
     * swizzle's written field has (a XOR into those bits stays below that power of two); hi itself when
     * {@code hi + 1} is a power of two above both fields.
     */
    public long maxOffsetBound() {
        long hi = unswizzledRange()[1];
        if (swizzle.isIdentity() || Long.numberOfTrailingZeros(swizzle.yyyMask()) >= 64 - Long.numberOfLeadingZeros(hi)) return hi;
        return (Long.highestOneBit(hi | swizzle.zzzMask()) << 1) - 1; // the masks lie below bit 62
    }

    /** CuTe's notation of the normal form, e.g. {@code Sw<3,3,3> o 0 o (8,64):(64,1)}. */
    @Override
    public String toString() {
        return swizzle + " o " + offset + " o " + inner;
    }
}
