package org.layoutcat.core.swizzle;

import java.util.Optional;
import org.layoutcat.core.Layout;

/**
 * A slice of a composed layout and its offset, as CuTe's {@code slice_and_offset} of a swizzled layout returns them:
 * the function {@code c ↦ offset + layout(c)}. Where the slice meets only one of the swizzle's two bit fields the
 * swizzle decays to a plain layout (strides of either sign) and {@link #layout()} gives it; otherwise the slice stays
 * a composed layout. Immutable.
 *
 * @param composed the sliced function: a composed layout, or a plain one as {@code Sw<0,4,3> o 0 o L}
 * @param offset   the offset added after it
 */
public record SwizzleSlice(ComposedLayout composed, long offset) {
    /** The slice as a plain layout, where the swizzle decayed (identity swizzle and offset 0 inside). */
    public Optional<Layout> layout() {
        return composed.outer().isIdentity() && composed.offset() == 0 ? Optional.of(composed.inner()) : Optional.empty();
    }

    /**
     * {@code offset + composed(i)}.
     *
     * @throws org.layoutcat.core.LayoutArgumentException for a negative index, or where the composed layout's offset
     *         before the swizzle is negative
     * @throws ArithmeticException where the offset overflows a long
     */
    public long apply(long index) {
        long v = composed.outer().isIdentity() ? Math.addExact(composed.offset(), composed.inner().apply(index)) : composed.apply(index);
        return Math.addExact(offset, v);
    }

    /** The sliced function as CuTe prints it: a plain layout where it decayed, else the composed layout. */
    public String functionText() {
        return layout().map(Layout::toString).orElseGet(composed::toString);
    }

    /** {@code (function, offset)}, as CuTe prints the pair. */
    @Override
    public String toString() {
        return "(" + functionText() + "," + offset + ")";
    }
}
