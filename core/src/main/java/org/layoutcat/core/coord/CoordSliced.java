package org.layoutcat.core.coord;

/**
 * A sub-layout of a {@link CoordLayout} and the value where it starts: the slice, tile or partition of a
 * coordinate layout and its base, which CuTe keeps as the iterator of a coordinate tensor ({@code ArithTuple(4,16)}).
 * Immutable.
 *
 * @param layout the modes under the wildcards
 * @param offset the value at the sliced coordinate with each {@code _} read as 0: a coordinate tuple, or an integer
 */
public record CoordSliced(CoordLayout layout, org.layoutcat.core.IntTuple offset) {
    public CoordSliced {
        if (layout == null || offset == null) throw new NullPointerException("layout and offset of a slice");
    }
}
