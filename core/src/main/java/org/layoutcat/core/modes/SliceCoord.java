package org.layoutcat.core.modes;

import java.util.Arrays;
import java.util.List;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Limits;

/**
 * A coordinate that may hold CuTe's wildcard {@code _} ({@code Underscore}) in place of any of its parts:
 * {@code (_,(1,_))}. Slicing a layout at it keeps the modes under a {@code _} and fixes the others
 * ({@link Slicing}).
 *
 * <p>Immutable. Printed in CuTe notation without spaces; {@link #parse} reads it back, spaces and CuTe's static
 * marks {@code _4} allowed ({@code _} alone is the wildcard), and {@code parse(x.toString()).equals(x)}. Text past
 * {@link Limits} (length, nesting) is refused.
 */
public final class SliceCoord {
    /** The wildcard {@code _}. */
    public static final SliceCoord WILDCARD = new SliceCoord(-1, null);

    /** How CuTe notation's reader builds a coordinate of this type. */
    private static final CuTeNotation.Coordinates<SliceCoord> BUILD = new CuTeNotation.Coordinates<>() {
        @Override
        public SliceCoord integer(long value) {
            return SliceCoord.of(value);
        }

        @Override
        public SliceCoord wildcard() {
            return WILDCARD;
        }

        @Override
        public SliceCoord tuple(List<SliceCoord> modes) {
            return SliceCoord.of(modes.toArray(new SliceCoord[0]));
        }
    };

    private final long value; // an integer ≥ 0; -1 for the wildcard
    private final SliceCoord[] modes; // null for an integer or the wildcard

    private SliceCoord(long value, SliceCoord[] modes) {
        this.value = value;
        this.modes = modes;
    }

    /**
     * The integer coordinate {@code c ≥ 0}.
     *
     * @throws LayoutArgumentException for a negative c
     */
    public static SliceCoord of(long c) {
        if (c < 0) throw new LayoutArgumentException("coordinate " + c + " is negative");
        return new SliceCoord(c, null);
    }

    /** CuTe's {@code repeat<rank>(_)}: {@code _} for rank 1 (a whole mode), else {@code (_,...,_)} of that rank. */
    public static SliceCoord wildcards(int rank) {
        if (rank == 1) return WILDCARD;
        SliceCoord[] m = new SliceCoord[rank];
        Arrays.fill(m, WILDCARD);
        return of(m);
    }

    /** CuTe's {@code append<r>(c, _)}: this coordinate with {@code _} appended up to rank r (itself at rank r). */
    public SliceCoord paddedTo(int r) {
        if (rank() == r) return this;
        java.util.List<SliceCoord> m = new java.util.ArrayList<>(modes());
        while (m.size() < r) m.add(WILDCARD);
        return of(m.toArray(new SliceCoord[0]));
    }

    /** The tuple of the given coordinates. */
    public static SliceCoord of(SliceCoord... modes) {
        for (SliceCoord m : modes) if (m == null) throw new NullPointerException("a mode of a coordinate is null");
        return new SliceCoord(0, modes.clone());
    }

    /**
     * The coordinate of an IntTuple (no wildcards).
     *
     * @throws LayoutArgumentException where t has a negative integer
     */
    public static SliceCoord of(IntTuple t) {
        if (t.isLeaf()) return of(t.value());
        SliceCoord[] m = new SliceCoord[t.rank()];
        for (int i = 0; i < m.length; i++) m[i] = of(t.mode(i));
        return new SliceCoord(0, m);
    }

    public boolean isWildcard() {
        return modes == null && value < 0;
    }

    public boolean isInteger() {
        return modes == null && value >= 0;
    }

    public boolean isTuple() {
        return modes != null;
    }

    /**
     * The integer of an integer coordinate.
     *
     * @throws IllegalStateException for a wildcard or a tuple
     */
    public long value() {
        if (!isInteger()) throw new IllegalStateException("value() of " + this);
        return value;
    }

    /** The number of modes of a tuple; 1 otherwise. */
    public int rank() {
        return modes == null ? 1 : modes.length;
    }

    /**
     * Mode i of a tuple.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ i < rank()}
     */
    public SliceCoord mode(int i) {
        if (modes == null) {
            if (i != 0) throw new IndexOutOfBoundsException("mode " + i + " of " + this + " (rank 1)");
            return this;
        }
        if (i < 0 || i >= modes.length) throw new IndexOutOfBoundsException("mode " + i + " of " + this + " (rank " + modes.length + ")");
        return modes[i];
    }

    /** The modes of a tuple (the coordinate itself otherwise). */
    public List<SliceCoord> modes() {
        return modes == null ? List.of(this) : List.of(modes);
    }

    /** True when a {@code _} occurs anywhere. */
    public boolean hasWildcard() {
        if (isWildcard()) return true;
        if (modes != null) for (SliceCoord m : modes) if (m.hasWildcard()) return true;
        return false;
    }

    /** This coordinate with every {@code _} read as 0 (CuTe's {@code crd2idx} of a sliced coordinate). */
    public IntTuple withWildcardsAsZero() {
        if (isWildcard()) return IntTuple.ZERO;
        if (isInteger()) return IntTuple.of(value);
        IntTuple[] m = new IntTuple[modes.length];
        for (int i = 0; i < m.length; i++) m[i] = modes[i].withWildcardsAsZero();
        return IntTuple.of(m);
    }

    /**
     * Parses {@code _}, {@code 3}, {@code _3}, {@code (_,(1,_))} with the one reader of CuTe notation
     * ({@link CuTeNotation#parseCoordinate}); an error quotes the text and the position.
     *
     * @throws LayoutArgumentException where the text is null, longer than {@link
     *         org.layoutcat.core.Limits#MAX_TEXT_LENGTH}, nested deeper than {@link
     *         org.layoutcat.core.Limits#MAX_DEPTH}, not a coordinate, or has an integer that does not fit in a long
     */
    public static SliceCoord parse(String text) {
        return CuTeNotation.parseCoordinate(text, BUILD);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SliceCoord c && value == c.value && Arrays.equals(modes, c.modes);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value) * 31 + Arrays.hashCode(modes);
    }

    /** CuTe notation without spaces: {@code (_,(1,_))}. */
    @Override
    public String toString() {
        if (isWildcard()) return "_";
        if (isInteger()) return Long.toString(value);
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < modes.length; i++) {
            if (i > 0) sb.append(',');
            sb.append(modes[i]);
        }
        return sb.append(')').toString();
    }
}
