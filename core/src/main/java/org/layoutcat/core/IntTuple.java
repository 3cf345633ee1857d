package org.layoutcat.core;

import org.layoutcat.core.internal.Checked;
import java.util.Arrays;
import java.util.List;

/**
 * A nested tuple of integers, CuTe's {@code IntTuple}: either an integer ({@link #isLeaf()}) or a tuple of
 * IntTuples, possibly empty. Shapes, strides and hierarchical coordinates are IntTuples.
 *
 * <p>Immutable. {@code 8} and {@code (8)} are different values: the second is a tuple of rank 1. Printed in CuTe
 * notation without spaces, and {@code IntTuple.parse(x.toString()).equals(x)} for every x.
 */
public final class IntTuple {
    private static final IntTuple[] NO_MODES = new IntTuple[0];
    /** The empty tuple {@code ()}. */
    public static final IntTuple EMPTY = new IntTuple(0, NO_MODES);
    /** The integer 1, the trivial shape. */
    public static final IntTuple ONE = new IntTuple(1, null);
    /** The integer 0, the trivial stride. */
    public static final IntTuple ZERO = new IntTuple(0, null);

    private final long value;
    private final IntTuple[] modes; // null for a leaf; never exposed, never written after construction
    private final int leafCount;
    private int hash;

    private IntTuple(long value, IntTuple[] modes) {
        this.value = value;
        this.modes = modes;
        int n = 1;
        if (modes != null) {
            n = 0;
            for (IntTuple m : modes) n += m.leafCount;
        }
        this.leafCount = n;
    }

    /** Shared leaves for the small integers that most shapes and strides are made of. */
    private static final IntTuple[] SMALL = new IntTuple[1024 + 128];

    static {
        for (int v = -128; v < 1024; v++) SMALL[v + 128] = v == 0 ? ZERO : v == 1 ? ONE : new IntTuple(v, null);
    }

    /** The integer {@code v} as a leaf. */
    public static IntTuple of(long v) {
        if (v >= -128 && v < 1024) return SMALL[(int) v + 128];
        return new IntTuple(v, null);
    }

    /** The tuple of the given modes. */
    public static IntTuple of(IntTuple... modes) {
        if (modes.length == 0) return EMPTY;
        IntTuple[] copy = modes.clone();
        for (IntTuple m : copy) if (m == null) throw new NullPointerException("a mode of a tuple is null");
        return new IntTuple(0, copy);
    }

    /** The tuple of the first {@code n} entries of an array the caller gives up (the parser's buffer). */
    static IntTuple ofOwned(IntTuple[] modes, int n) {
        return new IntTuple(0, n == modes.length ? modes : Arrays.copyOf(modes, n));
    }

    /** The tuple of the given modes. */
    public static IntTuple of(List<IntTuple> modes) {
        return modes.isEmpty() ? EMPTY : of(modes.toArray(NO_MODES));
    }

    /** The flat tuple {@code (v0,v1,...)} (a tuple even for one value). */
    public static IntTuple flat(long... values) {
        if (values.length == 0) return EMPTY;
        IntTuple[] m = new IntTuple[values.length];
        for (int i = 0; i < m.length; i++) m[i] = of(values[i]);
        return new IntTuple(0, m);
    }

    /**
     * Parses CuTe notation: {@code 4}, {@code (2,(3,4))}, spaces and {@code _4} static marks allowed.
     *
     * @throws LayoutArgumentException where the text is null or not CuTe notation, is longer than {@link
     *         Limits#MAX_TEXT_LENGTH}, nests deeper than {@link Limits#MAX_DEPTH}, has more than {@link
     *         Limits#MAX_FLAT_MODES} integers in a tuple or an integer that does not fit in a long; the message gives
     *         the position
     */
    public static IntTuple parse(String text) {
        return CuTeNotation.parseIntTuple(text);
    }

    public boolean isLeaf() {
        return modes == null;
    }

    public boolean isTuple() {
        return modes != null;
    }

    /**
     * The integer of a leaf.
     *
     * @throws IllegalStateException for a tuple
     */
    public long value() {
        if (modes != null) throw new IllegalStateException("value() of the tuple " + this);
        return value;
    }

    /** Rank: 1 for a leaf, the number of modes for a tuple. */
    public int rank() {
        return modes == null ? 1 : modes.length;
    }

    /** Depth: 0 for a leaf, 1 + the largest depth of the modes for a tuple. */
    public int depth() {
        if (modes == null) return 0;
        int d = 0;
        for (IntTuple m : modes) d = Math.max(d, m.depth());
        return d + 1;
    }

    /**
     * Mode {@code i}; for a leaf, mode 0 is the leaf itself (as in CuTe's {@code get<0>}).
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ i < rank()}
     */
    public IntTuple mode(int i) {
        if (modes == null) {
            if (i != 0) throw new IndexOutOfBoundsException("mode " + i + " of the integer " + this + " (rank 1)");
            return this;
        }
        if (i < 0 || i >= modes.length) {
            throw new IndexOutOfBoundsException("mode " + i + " of " + this + " (rank " + modes.length + ")");
        }
        return modes[i];
    }

    /** The modes of a tuple, or the single leaf. */
    public List<IntTuple> modes() {
        return modes == null ? List.of(this) : List.of(modes);
    }

    /**
     * Product of all leaves; 1 for the empty tuple. Overflow is an ArithmeticException.
     *
     * @throws ArithmeticException where the product overflows a long
     */
    public long product() {
        if (modes == null) return value;
        long p = 1;
        for (IntTuple m : modes) p = Checked.mul(p, m.product(), "the size", this);
        return p;
    }

    /** The leaves, left to right. */
    public long[] leaves() {
        long[] out = new long[leafCount];
        fill(out, 0);
        return out;
    }

    /** Number of leaves. */
    public int leafCount() {
        return leafCount;
    }

    private int fill(long[] out, int at) {
        if (modes == null) {
            out[at] = value;
            return at + 1;
        }
        for (IntTuple m : modes) at = m.fill(out, at);
        return at;
    }

    /** The flat tuple of the leaves; a leaf stays a leaf. */
    public IntTuple flatten() {
        if (modes == null) return this;
        return flat(leaves());
    }

    /** True when {@code this} and {@code other} have the same tree structure. */
    public boolean congruent(IntTuple other) {
        if (isLeaf() || other.isLeaf()) return isLeaf() && other.isLeaf();
        if (modes.length != other.modes.length) return false;
        for (int i = 0; i < modes.length; i++) {
            if (!modes[i].congruent(other.modes[i])) return false;
        }
        return true;
    }

    /** Every leaf is positive (the condition on a shape). */
    public boolean allPositive() {
        if (modes == null) return value > 0;
        for (IntTuple m : modes) if (!m.allPositive()) return false;
        return true;
    }

    /**
     * A tuple congruent to this one with its leaves replaced, in order, by {@code values}.
     *
     * @throws LayoutArgumentException where the number of values is not {@link #leafCount()}
     */
    public IntTuple withLeaves(long[] values) {
        if (values.length != leafCount) throw new LayoutArgumentException(values.length + " leaves for " + this);
        int[] at = {0};
        return rebuild(values, at);
    }

    private IntTuple rebuild(long[] values, int[] at) {
        if (modes == null) return of(values[at[0]++]);
        if (modes.length == 0) return EMPTY;
        IntTuple[] m = new IntTuple[modes.length];
        for (int i = 0; i < m.length; i++) m[i] = modes[i].rebuild(values, at);
        return new IntTuple(0, m);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof IntTuple t)) return false;
        if (modes == null) return t.modes == null && value == t.value;
        return t.modes != null && Arrays.equals(modes, t.modes);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = modes == null ? Long.hashCode(value) * 31 + 7 : Arrays.hashCode(modes);
            if (h == 0) h = 1; // 0 means "not computed yet"
            hash = h;
        }
        return h;
    }

    /** CuTe notation without spaces: {@code (2,(3,4))}, written by the printer of layouts ({@link Profile#write}). */
    @Override
    public String toString() {
        if (modes == null) return Long.toString(value);
        int[] p = Profile.of(this);
        long[] v = leaves();
        byte[] b = new byte[Profile.length(p, v)];
        Profile.write(b, 0, p, v);
        return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
