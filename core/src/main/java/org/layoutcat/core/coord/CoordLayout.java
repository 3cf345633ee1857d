package org.layoutcat.core.coord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

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
public final class CoordLayout {
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
     * Parses {@code shape:stride} with strides in {@link ScaledBasis} notation; a plain shape is its column-major
     * layout.
     *
     * @throws LayoutArgumentException where the text is null, past the limits of {@link IntTuple#parse}, or not {@code
     *         shape:stride} with a shape in CuTe notation (entries > 0) and a congruent stride of {@link ScaledBasis}
     *         notation; the message gives the position
     * @throws ArithmeticException where the size overflows a long
     */
    public static CoordLayout parse(String text) {
        if (text == null) throw new LayoutArgumentException("no layout to parse (null)");
        if (text.length() > org.layoutcat.core.Limits.MAX_TEXT_LENGTH) IntTuple.parse(text); // words the limit
        int colon = text.indexOf(':');
        if (colon < 0) return of(Layout.parse(text));
        IntTuple shape = IntTuple.parse(text.substring(0, colon));
        List<ScaledBasis> d = new ArrayList<>();
        int[] pos = {colon + 1};
        strideLike(text, pos, shape, d);
        skip(text, pos);
        if (pos[0] != text.length()) throw error(text, pos[0], "unexpected text after the end");
        return of(shape, d);
    }

    private static void strideLike(String text, int[] pos, IntTuple shape, List<ScaledBasis> out) {
        skip(text, pos);
        if (shape.isLeaf()) {
            int start = pos[0];
            while (pos[0] < text.length() && ",()".indexOf(text.charAt(pos[0])) < 0) pos[0]++;
            if (pos[0] == start) throw error(text, start, "expected a stride congruent to the shape " + shape);
            try {
                out.add(ScaledBasis.parse(text.substring(start, pos[0])));
            } catch (LayoutArgumentException e) {
                throw error(text, start, e.getMessage());
            }
            return;
        }
        if (pos[0] >= text.length() || text.charAt(pos[0]) != '(') throw error(text, pos[0], "expected '(': the stride is not congruent to the shape " + shape);
        pos[0]++;
        for (int i = 0; i < shape.rank(); i++) {
            strideLike(text, pos, shape.mode(i), out);
            skip(text, pos);
            char want = i < shape.rank() - 1 ? ',' : ')';
            if (pos[0] >= text.length() || text.charAt(pos[0]) != want) {
                throw error(text, pos[0], "expected '" + want + "': the stride is not congruent to the shape " + shape);
            }
            pos[0]++;
        }
        if (shape.rank() == 0) {
            skip(text, pos);
            if (pos[0] >= text.length() || text.charAt(pos[0]) != ')') throw error(text, pos[0], "expected ')'");
            pos[0]++;
        }
    }

    private static void skip(String text, int[] pos) {
        while (pos[0] < text.length() && Character.isWhitespace(text.charAt(pos[0]))) pos[0]++;
    }

    private static LayoutArgumentException error(String text, int pos, String what) {
        String found = pos < text.length() ? "'" + text.charAt(pos) + "'" : "end of text";
        return new LayoutArgumentException("cannot parse \"" + text + "\" at position " + pos + " (" + found + "): " + what);
    }

    public IntTuple shape() {
        return shape;
    }

    public long size() {
        return size;
    }

    public int rank() {
        return shape.rank();
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
    CoordLayout at(int[] path) {
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
        long i = index;
        for (int k = 0; k < s.length; k++) {
            long c = k == s.length - 1 ? i : i % s[k];
            i /= s[k];
            p.add(strides[k], c);
        }
        return p.toTuple();
    }

    /**
     * The value at a hierarchical coordinate (each integer inside its mode), as {@link #apply(long)} words it.
     *
     * @throws LayoutArgumentException where the coordinate does not fit the shape (an integer outside its mode, a tuple
     *         of another rank than the mode it meets), or where the value adds a non-zero integer to basis elements or
     *         has a basis element at a position that holds a tuple of others
     * @throws ArithmeticException where a coordinate of the value overflows a long
     */
    public IntTuple apply(IntTuple coord) {
        if (coord.isLeaf()) {
            if (coord.value() < 0 || coord.value() >= size) throw new LayoutArgumentException("coordinate " + coord + " is outside [0," + size + ") of " + this);
            return apply(coord.value());
        }
        return CoordAlgebra.sliceAndOffset(org.layoutcat.core.modes.SliceCoord.of(coord), this).offset();
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
