package org.layoutcat.core.modes;

import org.layoutcat.core.Layout;

/**
 * A sub-layout and the offset where it starts: CuTe's {@code slice_and_offset(c, L)}, and what
 * {@code local_tile} and {@code local_partition} give a tensor (its layout, and the pointer moved by the offset).
 * Postcondition of a slice at c: {@code L(c') = offset + layout(c'')} where c' is c with its {@code _} filled in by
 * the coordinate c'' of the sub-layout. Immutable.
 *
 * @param layout the modes of L under the wildcards
 * @param offset {@code L} at c with every {@code _} read as 0
 */
public record Sliced(Layout layout, long offset) {
    public Sliced {
        if (layout == null) throw new NullPointerException("layout of a slice");
    }

    /** {@code (layout,offset)}. */
    @Override
    public String toString() {
        return "(" + layout + "," + offset + ")";
    }
}
