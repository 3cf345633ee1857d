package org.layoutcat.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.layoutcat.core.internal.Checked;

/**
 * A layout whose strides are {@link ScaledBasis} elements: {@code shape:stride} with strides such as {@code 1@0},
 * {@code 2@1}, {@code 1@0@1} or plain integers. Its value at a coordinate c is the vector {@code Σ c_k·d_k} of the
 * coordinate space: a coordinate (an {@link IntTuple}) where the strides are basis elements, an offset where they
 * are integers. CuTe's identity layout {@code make_identity_layout((4,8)) = (4,8):(1@0,1@1)} maps each index to its
 * own coordinate, which is how kernels build coordinate tensors for predication.
 *
 * <p>Immutable; validated on construction (positive shape, one stride per leaf). Printed in CuTe notation,
 * {@code (4,(2,3)):(1@0,(1@0@1,1@1@1))}, and {@code parse(x.toString()).equals(x)}. An integer-valued CoordLayout
 * prints exactly as its {@link Layout} does.
 */
public final class CoordLayout implements AnyLayout {
    private final IntTuple shape;
    private final ScaledBasis[] strides; // leaf order; never written, never exposed
    private final long size;

    private CoordLayout(IntTuple shape, ScaledBasis[] strides) {
        if (!shape.allPositive()) throw new LayoutArgumentException("shape " + shape + " has a non-positive entry; shapes are positive");
        if (strides.length != shape.leafCount()) {
            throw new LayoutArgumentException("shape " + shape + " has " + shape.leafCount() + " leaves but " + strides.length + " strides were given");
        }
        for (ScaledBasis d : strides) if (d == null) throw new NullPointerException("a stride of " + shape + " is null");
        this.shape = shape;
        this.strides = strides;
        this.size = shape.product();
        requireValuesFit(shape.leaves(), strides);
    }

    /**
     * Every coordinate of every value on the domain lies in the 64-bit range, as {@link Layout}'s construction checks
     * its offsets: for the integer part and for each basis position, the sum of {@code (s−1)·v} over the strides
     * {@code v@position} with {@code v > 0} is at most 2^63−1, and over those with {@code v < 0} at least −2^63
     * ({@link Layout#extremes} of the strides at that position). O(flat rank) where the sums over all the strides,
     * whatever their positions, fit, which decides it at once (each position's sum is part of them); else position by
     * position.
     */
    private void requireValuesFit(long[] s, ScaledBasis[] d) {
        long[] v = new long[s.length];
        for (int k = 0; k < s.length; k++) v[k] = d[k].value();
        long[] e = new long[2];
        if (Layout.extremes(s, v, e)) return;
        java.util.Map<java.util.List<Integer>, long[]> byPosition = new java.util.LinkedHashMap<>(); // position -> its strides' values
        for (int k = 0; k < s.length; k++) {
            java.util.List<Integer> at = java.util.Arrays.stream(d[k].path()).boxed().toList();
            byPosition.computeIfAbsent(at, x -> new long[s.length])[k] = v[k];
        }
        for (var p : byPosition.entrySet()) {
            if (Layout.extremes(s, p.getValue(), e)) continue;
            java.math.BigInteger[] exact = Layout.exactExtremes(s, p.getValue());
            String where = p.getKey().isEmpty() ? "the integer part" : "the coordinate at position " + p.getKey();
            if (exact[0].bitLength() > 63) {
                throw new ArithmeticException("the values of " + this + " overflow the 64-bit range: the largest of " + where
                        + ", Σ (s−1)·v over its positive strides, is " + exact[0] + ", past 2^63−1");
            }
            throw new ArithmeticException("the values of " + this + " overflow the 64-bit range: the least of " + where
                    + ", Σ (s−1)·v over its negative strides, is " + exact[1] + ", below −2^63");
        }
    }

    /**
     * The layout of {@code shape} with the given strides, leaf by leaf left to right.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0 or the number of strides is not its number of
     *         leaves
     * @throws ArithmeticException where the size overflows a long
     */
    public static CoordLayout of(IntTuple shape, List<ScaledBasis> flatStrides) {
        return new CoordLayout(shape, flatStrides.toArray(new ScaledBasis[0]));
    }

    /** An integer layout as a CoordLayout (every stride an integer). */
    public static CoordLayout of(Layout l) {
        ScaledBasis[] d = new ScaledBasis[l.flatRank()];
        for (int k = 0; k < d.length; k++) d[k] = ScaledBasis.of(l.flatStride(k));
        return new CoordLayout(l.shape(), d);
    }

    /**
     * CuTe's {@code make_identity_layout(shape) = make_layout(shape, make_basis_like(shape))}: the leaf at position
     * {@code (i0,i1,...)} of the shape gets stride {@code 1@...@i1@i0}; an integer shape n gets {@code n:1}. Its value
     * at every index i is {@code idx2crd(i, shape)}.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0
     * @throws ArithmeticException where the size overflows a long
     */
    public static CoordLayout identity(IntTuple shape) {
        List<ScaledBasis> d = new ArrayList<>();
        if (shape.isLeaf()) d.add(ScaledBasis.of(1));
        else basis(shape, new int[0], d);
        return of(shape, d);
    }

    private static void basis(IntTuple s, int[] path, List<ScaledBasis> out) {
        if (s.isLeaf()) {
            out.add(ScaledBasis.of(1, path));
            return;
        }
        for (int i = 0; i < s.rank(); i++) {
            int[] p = Arrays.copyOf(path, path.length + 1);
            p[path.length] = i;
            basis(s.mode(i), p, out);
        }
    }

    /**
     * Parses a layout as {@link AnyLayout#parse} reads it and gives it as a CoordLayout: a layout with scaled-basis
     * strides as it is, one with integer strides with its strides read as integers ({@link #of(Layout)}).
     *
     * @throws LayoutArgumentException where the text is not a layout, as {@link AnyLayout#parse} words it, or is a
     *         swizzled layout (whose values are no sums of strides)
     * @throws ArithmeticException where the size overflows a long
     */
    public static CoordLayout parse(String text) {
        AnyLayout other = AnyLayout.parse(text);
        return switch (other) {
            case CoordLayout c -> c;
            case Layout l -> of(l);
            case ComposedLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw new LayoutArgumentException(() -> "\"" + LayoutArgumentException.quote(text)
                    + "\" is " + other.kindInWords() + ", not a layout of integer or scaled-basis strides");
        };
    }

    @Override
    public IntTuple shape() {
        return shape;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int rank() {
        return shape.rank();
    }

    @Override
    public int depth() {
        return shape.depth();
    }

    /** True for an integral layout {@code s:d} (its shape is an integer). */
    public boolean isIntegral() {
        return shape.isLeaf();
    }

    public int flatRank() {
        return strides.length;
    }

    /**
     * Flat mode {@code k}'s extent.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ k < flatRank()}
     */
    public long flatShape(int k) {
        return shape.leaves()[k];
    }

    /**
     * Flat mode {@code k}'s stride.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ k < flatRank()}
     */
    public ScaledBasis flatStride(int k) {
        return strides[k];
    }

    /** The flat strides, leaf order. */
    public List<ScaledBasis> flatStrides() {
        return List.of(strides);
    }

    /** True when every stride is an integer: the layout is a {@link Layout}. */
    public boolean isIntegerValued() {
        for (ScaledBasis d : strides) if (!d.isInteger()) return false;
        return true;
    }

    /**
     * The {@link Layout} of an integer-valued CoordLayout; an IllegalArgumentException otherwise.
     *
     * @throws LayoutArgumentException where a stride is a basis element
     */
    public Layout toLayout() {
        if (!isIntegerValued()) throw new LayoutArgumentException(this + " has basis strides; it is not an integer layout");
        long[] d = new long[strides.length];
        for (int k = 0; k < d.length; k++) d[k] = strides[k].value();
        return Layout.of(shape, d);
    }

    /**
     * Mode i as a CoordLayout (an integral layout is its own mode 0).
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ i < rank()}
     */
    public CoordLayout mode(int i) {
        if (shape.isLeaf()) {
            shape.mode(i); // words the error
            return this;
        }
        IntTuple m = shape.mode(i);
        int from = 0;
        for (int j = 0; j < i; j++) from += shape.mode(j).leafCount();
        return new CoordLayout(m, Arrays.copyOfRange(strides, from, from + m.leafCount()));
    }

    /** The modes (an integral layout is its single mode). */
    public List<CoordLayout> modes() {
        List<CoordLayout> out = new ArrayList<>();
        for (int i = 0; i < shape.rank(); i++) out.add(mode(i));
        return out;
    }

    /** The layout at a path of modes ({@code at(1,0) = mode(1).mode(0)}); an integral layout is its own mode 0. */
    public CoordLayout at(int... path) {
        CoordLayout l = this;
        for (int i : path) {
            if (i >= l.rank()) {
                throw new LayoutArgumentException("basis element @" + Arrays.toString(path) + " names mode " + i + " of " + l + ", which has rank " + l.rank());
            }
            l = l.mode(i);
        }
        return l;
    }

    /**
     * The layout whose modes are the given layouts.
     *
     * @throws ArithmeticException where the size overflows a long
     */
    public static CoordLayout concat(List<CoordLayout> modes) {
        IntTuple[] s = new IntTuple[modes.size()];
        List<ScaledBasis> d = new ArrayList<>();
        for (int i = 0; i < s.length; i++) {
            s[i] = modes.get(i).shape;
            d.addAll(List.of(modes.get(i).strides));
        }
        return of(IntTuple.of(s), d);
    }

    /**
     * The value at index i ≥ 0: {@code Σ c_k·d_k} for the colexicographic coordinate c of i, the last mode unbounded
     * (as {@link Layout#apply(long)}). Returned as the coordinate it is: an integer where the strides are integers,
     * else the tuple with {@code Σ c_k·v_k} at the position of each basis element {@code v_k@path_k} (0 where none
     * contributes, the positions named by the layout's strides). Strides that CuTe cannot add (a non-zero integer
     * with basis elements, or a basis element inside another's position) are refused.
     *
     * @throws LayoutArgumentException for a negative index, or where the value adds a non-zero integer to basis
     *         elements or has a basis element at a position that holds a tuple of others
     * @throws ArithmeticException where a coordinate of the value overflows a long
     */
    public IntTuple apply(long index) {
        if (index < 0) throw new LayoutArgumentException("index " + index + " of " + this + " is negative");
        Point p = Point.of(this);
        long[] s = shape.leaves();
        if (s.length == 0 && index != 0) {
            throw new LayoutArgumentException("index " + index + " is outside [0,1) of " + this + ": a layout with no modes has"
                    + " size 1 and no last mode to extend past it");
        }
        long i = index;
        for (int k = 0; k < s.length; k++) {
            long c = k == s.length - 1 ? i : i % s[k];
            i /= s[k];
            p.add(strides[k], c);
        }
        return p.toTuple();
    }

    /**
     * The value at a hierarchical coordinate: a tuple congruent to the shape down to where it holds integers, each
     * integer {@code c} at a sub-shape {@code S} addressing S colexicographically, as {@link Layout#apply(IntTuple)}
     * reads it; an integer is an index of {@code [0, size)}.
     *
     * @throws LayoutArgumentException where the coordinate does not fit the shape, or the value adds a non-zero
     *         integer to basis elements (see {@link #apply(long)})
     * @throws ArithmeticException where a coordinate of the value overflows a long
     */
    public IntTuple apply(IntTuple coord) {
        if (coord.isLeaf()) {
            long c = coord.value();
            if (c < 0 || c >= size) throw new LayoutArgumentException("coordinate " + coord + " is outside [0," + size + ") of " + this);
            return apply(c);
        }
        return apply(index(coord, shape, 1));
    }

    /** The index of coord in shape, each place worth {@code unit} (the size of the modes before it). */
    private long index(IntTuple coord, IntTuple shape, long unit) {
        if (coord.isLeaf()) {
            long c = coord.value();
            long n = shape.product();
            if (c < 0 || c >= n) {
                throw new LayoutArgumentException("coordinate " + c + " is outside [0," + n + ") of mode " + shape + " in " + this);
            }
            return c * unit; // < size, which fits in a long
        }
        if (shape.isLeaf() || shape.rank() != coord.rank()) {
            throw new LayoutArgumentException("coordinate " + coord + " is not congruent to shape " + shape + " of " + this);
        }
        long r = 0;
        for (int i = 0; i < coord.rank(); i++) {
            r += index(coord.mode(i), shape.mode(i), unit);
            unit *= shape.mode(i).product();
        }
        return r;
    }

    /**
     * The value at {@code at} where CuTe C++ holds it as one scaled basis element {@code v@i}: where exactly one
     * stride is a basis element (the others integer 0), CuTe's sum {@code Σ c_k·d_k} is that element scaled, and CuTe
     * prints {@code 3@0} (for {@code (4):(1@0)} at 3) where {@link #value} gives the tuple {@code (3)}; with two basis
     * strides or more, of one position or several, the sum is an ArithmeticTuple ({@code (4,3):(1@0,4@0)} at 5 is
     * {@code (5)}), and this is empty.
     *
     * @throws LayoutArgumentException as {@link #apply(IntTuple)}
     */
    public java.util.Optional<ScaledBasis> scaledBasisValue(IntTuple at) {
        ScaledBasis only = null;
        for (ScaledBasis d : strides) {
            if (d.isInteger()) continue;
            if (only != null) return java.util.Optional.empty();
            only = d;
        }
        if (only == null) return java.util.Optional.empty();
        IntTuple v = value(at);
        for (int k = 0; k < only.depth(); k++) v = v.mode(only.index(k));
        return java.util.Optional.of(ScaledBasis.valueOf(v.value(), only.path()));
    }

    /**
     * A value of a layout derived from this one (a tile, a slice) as a value of this one: with a position for each
     * basis stride of this layout, 0 where the value has none, as CuTe's tensor over this layout carries its
     * coordinate ({@code local_tile} of {@code (24,1):(1@0,1@1)} starts at {@code (0,0)}, though the tile's strides
     * name position 0 alone).
     *
     * @throws LayoutArgumentException where the value has a position that holds a tuple here, or the reverse
     */
    public IntTuple widen(IntTuple value) {
        Point p = Point.of(this);
        addLeaves(p, value, new int[0]);
        return p.toTuple();
    }

    private static void addLeaves(Point p, IntTuple v, int[] path) {
        if (v.isLeaf()) {
            p.add(path.length == 0 ? ScaledBasis.of(v.value()) : ScaledBasis.of(v.value(), path), 1);
            return;
        }
        for (int i = 0; i < v.rank(); i++) {
            int[] q = Arrays.copyOf(path, path.length + 1);
            q[path.length] = i;
            addLeaves(p, v.mode(i), q);
        }
    }

    /** Its values are coordinates, whose extent no integer cosize gives: refused. */
    @Override
    public long cosize() {
        throw AnyLayout.refuse("cosize", this, "its values are coordinates, which no integer cosize bounds; cosize takes a"
                + " layout of offsets");
    }

    @Override
    public IntTuple idx2crd(long index) {
        if (index < 0 || index >= size) throw new LayoutArgumentException("index " + index + " is outside [0," + size + ") of " + this);
        return Layout.colMajor(shape).idx2crd(index);
    }

    @Override
    public long crd2idx(IntTuple coord) {
        return Layout.colMajor(shape).apply(coord);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CoordLayout l && shape.equals(l.shape) && Arrays.equals(strides, l.strides);
    }

    @Override
    public int hashCode() {
        return shape.hashCode() * 31 + Arrays.hashCode(strides);
    }

    /** CuTe notation {@code shape:stride}: {@code (4,8):(1@0,1@1)}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(shape.toString()).append(':');
        appendStrides(sb, shape, new int[] {0});
        return sb.toString();
    }

    private void appendStrides(StringBuilder sb, IntTuple s, int[] at) {
        if (s.isLeaf()) {
            sb.append(strides[at[0]++]);
            return;
        }
        sb.append('(');
        for (int i = 0; i < s.rank(); i++) {
            if (i > 0) sb.append(',');
            appendStrides(sb, s.mode(i), at);
        }
        sb.append(')');
    }

    /**
     * A vector of the coordinate space being summed: the value at each basis position met so far (0 included, so
     * that the result has the positions of every stride, as CuTe's ArithmeticTuple keeps them) and the integer part.
     */
    static final class Point {
        private final java.util.TreeMap<String, long[]> entries = new java.util.TreeMap<>(); // path "i0,i1" -> {value}
        private final java.util.Map<String, int[]> paths = new java.util.HashMap<>();
        private long integer;
        private boolean integerSeen;
        private final Object of;

        private Point(Object of) {
            this.of = of;
        }

        /** A zero vector with the positions of every basis stride of {@code l}. */
        static Point of(CoordLayout l) {
            Point p = new Point(l);
            for (ScaledBasis d : l.strides) p.add(d, 0);
            return p;
        }

        void add(ScaledBasis d, long c) {
            if (d.isInteger()) {
                if (d.value() == 0) return;
                integerSeen = true;
                integer = Checked.add(integer, Checked.mul(c, d.value(), "a value", of), "a value", of);
                return;
            }
            int[] path = d.path();
            String key = Arrays.toString(path);
            paths.putIfAbsent(key, path);
            long[] v = entries.computeIfAbsent(key, x -> new long[1]);
            v[0] = Checked.add(v[0], Checked.mul(c, d.value(), "a coordinate", of), "a coordinate", of);
        }

        void addAll(Point o) {
            if (o.integerSeen) {
                integerSeen = true;
                integer = Checked.add(integer, o.integer, "a value", of);
            }
            for (var e : o.entries.entrySet()) {
                paths.putIfAbsent(e.getKey(), o.paths.get(e.getKey()));
                long[] v = entries.computeIfAbsent(e.getKey(), x -> new long[1]);
                v[0] = Checked.add(v[0], e.getValue()[0], "a coordinate", of);
            }
        }

        IntTuple toTuple() {
            if (entries.isEmpty()) return IntTuple.of(integer);
            if (integerSeen && integer != 0) {
                throw new LayoutArgumentException("the value of " + of + " adds an integer to basis elements, which CuTe cannot add"
                        + " (a layout mixes integer and basis strides)");
            }
            List<int[]> ps = new ArrayList<>();
            List<Long> vs = new ArrayList<>();
            for (var e : entries.entrySet()) {
                ps.add(paths.get(e.getKey()));
                vs.add(e.getValue()[0]);
            }
            return build(ps, vs, 0);
        }

        private IntTuple build(List<int[]> ps, List<Long> vs, int depth) {
            int rank = 0;
            for (int[] p : ps) rank = Math.max(rank, p[depth] + 1);
            IntTuple[] m = new IntTuple[rank];
            for (int i = 0; i < rank; i++) {
                List<int[]> sub = new ArrayList<>();
                List<Long> subv = new ArrayList<>();
                long leaf = 0;
                boolean leafSeen = false;
                for (int j = 0; j < ps.size(); j++) {
                    int[] p = ps.get(j);
                    if (p[depth] != i) continue;
                    if (p.length == depth + 1) {
                        leafSeen = true;
                        leaf += vs.get(j);
                    } else {
                        sub.add(p);
                        subv.add(vs.get(j));
                    }
                }
                if (leafSeen && !sub.isEmpty()) {
                    throw new LayoutArgumentException("the value of " + of + " has a basis element at a position that holds a tuple of"
                            + " others (mode " + i + " at depth " + depth + ")");
                }
                m[i] = sub.isEmpty() ? IntTuple.of(leaf) : build(sub, subv, depth + 1);
            }
            return IntTuple.of(m);
        }
    }
}
