package org.layoutcat.core.modes;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;

/**
 * A sub-layout and the offset where it starts: CuTe's {@code slice_and_offset(c, L)}, and what
 * {@code local_tile} and {@code local_partition} give a tensor (its layout, and the pointer moved by the offset).
 * Postcondition of a slice at c: {@code L(c') = offset + layout(c'')} where c' is c with its {@code _} filled in by
 * the coordinate c'' of the sub-layout. The offset is an integer for a layout with integer strides or a swizzled one,
 * a coordinate for one with scaled-basis strides (CuTe keeps it as the iterator of a coordinate tensor,
 * {@code ArithTuple(4,16)}). A swizzled slice is a swizzled layout, or the plain layout its swizzle decays to where
 * the slice meets only one of the swizzle's fields. Immutable.
 *
 * @param <L>    the kind of the sub-layout
 * @param layout the modes of L under the wildcards
 * @param offset {@code L} at c with every {@code _} read as 0
 */
public record Sliced<L extends AnyLayout>(L layout, IntTuple offset) {
    public Sliced {
        if (layout == null || offset == null) throw new NullPointerException("layout and offset of a slice");
    }

    /** The slice of an integer offset. */
    public static <L extends AnyLayout> Sliced<L> of(L layout, long offset) {
        return new Sliced<>(layout, IntTuple.of(offset));
    }

    /** {@code (layout,offset)}. */
    @Override
    public String toString() {
        return "(" + layout + "," + offset + ")";
    }
}
