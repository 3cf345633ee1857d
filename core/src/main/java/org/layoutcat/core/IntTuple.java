package org.layoutcat.core;

import java.util.ArrayList;
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
    /** The empty tuple {@code ()}. */
    public static final IntTuple EMPTY = new IntTuple(0, List.of());
    /** The integer 1, the trivial shape. */
    public static final IntTuple ONE = new IntTuple(1, null);
    /** The integer 0, the trivial stride. */
    public static final IntTuple ZERO = new IntTuple(0, null);

    private final long value;
    private final List<IntTuple> modes; // null for a leaf
    private int hash;

    private IntTuple(long value, List<IntTuple> modes) {
        this.value = value;
        this.modes = modes;
    }

    /** The integer {@code v} as a leaf. */
    public static IntTuple of(long v) {
        if (v == 1) return ONE;
        if (v == 0) return ZERO;
        return new IntTuple(v, null);
    }

    /** The tuple of the given modes. */
    public static IntTuple of(IntTuple... modes) {
        return modes.length == 0 ? EMPTY : new IntTuple(0, List.of(modes));
    }

    /** The tuple of the given modes. */
    public static IntTuple of(List<IntTuple> modes) {
        return modes.isEmpty() ? EMPTY : new IntTuple(0, List.copyOf(modes));
    }

    /** The flat tuple {@code (v0,v1,...)} (a tuple even for one value). */
    public static IntTuple flat(long... values) {
        List<IntTuple> m = new ArrayList<>(values.length);
        for (long v : values) m.add(of(v));
        return of(m);
    }

    /** Parses CuTe notation: {@code 4}, {@code (2,(3,4))}, spaces and {@code _4} static marks allowed. */
    public static IntTuple parse(String text) {
        return CuTeNotation.parseIntTuple(text);
    }

    public boolean isLeaf() {
        return modes == null;
    }

    public boolean isTuple() {
        return modes != null;
    }

    /** The integer of a leaf. */
    public long value() {
        if (modes != null) throw new IllegalStateException("value() of the tuple " + this);
        return value;
    }

    /** Rank: 1 for a leaf, the number of modes for a tuple. */
    public int rank() {
        return modes == null ? 1 : modes.size();
    }

    /** Depth: 0 for a leaf, 1 + the largest depth of the modes for a tuple. */
    public int depth() {
        if (modes == null) return 0;
        int d = 0;
        for (IntTuple m : modes) d = Math.max(d, m.depth());
        return d + 1;
    }

    /** Mode {@code i}; for a leaf, mode 0 is the leaf itself (as in CuTe's {@code get<0>}). */
    public IntTuple mode(int i) {
        if (modes == null) {
            if (i != 0) throw new IndexOutOfBoundsException("mode " + i + " of the integer " + this + " (rank 1)");
            return this;
        }
        if (i < 0 || i >= modes.size()) {
            throw new IndexOutOfBoundsException("mode " + i + " of " + this + " (rank " + modes.size() + ")");
        }
        return modes.get(i);
    }

    /** The modes of a tuple, or the single leaf. */
    public List<IntTuple> modes() {
        return modes == null ? List.of(this) : modes;
    }

    /** Product of all leaves; 1 for the empty tuple. Overflow is an ArithmeticException. */
    public long product() {
        if (modes == null) return value;
        long p = 1;
        for (IntTuple m : modes) {
            long q = m.product();
            try {
                p = Math.multiplyExact(p, q);
            } catch (ArithmeticException e) {
                // the message is built only on overflow: product() runs on every layout construction
                throw new ArithmeticException("overflow computing the size of " + this + ": " + p + " * " + q
                        + " exceeds the 64-bit range");
            }
        }
        return p;
    }

    /** Sum of all leaves. */
    public long sum() {
        if (modes == null) return value;
        long s = 0;
        for (IntTuple m : modes) s = Checked.add(s, m.sum(), "the sum of " + this);
        return s;
    }

    /** The leaves, left to right. */
    public long[] leaves() {
        int n = leafCount();
        long[] out = new long[n];
        fill(out, 0);
        return out;
    }

    /** Number of leaves. */
    public int leafCount() {
        if (modes == null) return 1;
        int n = 0;
        for (IntTuple m : modes) n += m.leafCount();
        return n;
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
        if (modes.size() != other.modes.size()) return false;
        for (int i = 0; i < modes.size(); i++) {
            if (!modes.get(i).congruent(other.modes.get(i))) return false;
        }
        return true;
    }

    /** Every leaf is positive (the condition on a shape). */
    public boolean allPositive() {
        if (modes == null) return value > 0;
        for (IntTuple m : modes) if (!m.allPositive()) return false;
        return true;
    }

    /** A tuple congruent to this one with its leaves replaced, in order, by {@code values}. */
    public IntTuple withLeaves(long[] values) {
        int[] at = {0};
        IntTuple r = rebuild(values, at);
        if (at[0] != values.length) throw new IllegalArgumentException(values.length + " leaves for " + this);
        return r;
    }

    private IntTuple rebuild(long[] values, int[] at) {
        if (modes == null) return of(values[at[0]++]);
        List<IntTuple> m = new ArrayList<>(modes.size());
        for (IntTuple x : modes) m.add(x.rebuild(values, at));
        return of(m);
    }

    /** A tuple of this one's structure with every leaf set to {@code v}. */
    public IntTuple fillWith(long v) {
        long[] vs = new long[leafCount()];
        Arrays.fill(vs, v);
        return withLeaves(vs);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof IntTuple t)) return false;
        if (modes == null) return t.modes == null && value == t.value;
        return t.modes != null && modes.equals(t.modes);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = modes == null ? Long.hashCode(value) * 31 + 7 : modes.hashCode();
            hash = h == 0 ? 1 : h;
        }
        return h;
    }

    /** CuTe notation without spaces: {@code (2,(3,4))}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        appendTo(sb);
        return sb.toString();
    }

    void appendTo(StringBuilder sb) {
        if (modes == null) {
            sb.append(value);
            return;
        }
        sb.append('(');
        for (int i = 0; i < modes.size(); i++) {
            if (i > 0) sb.append(',');
            modes.get(i).appendTo(sb);
        }
        sb.append(')');
    }
}
