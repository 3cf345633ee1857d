package org.layoutcat.core;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.internal.Flat;
import org.layoutcat.core.internal.ModeOrder;

/**
 * A CuTe layout {@code shape:stride}: a positive shape and a congruent stride (strides may be zero or negative,
 * as in CuTe). Its layout function Φ maps an index {@code i} to {@code Σ c_k·d_k}, where {@code (c_k)} is the
 * colexicographic coordinate of {@code i} in the flattened shape; the last mode is unbounded, as in CuTe, so
 * Φ is defined on every {@code i ≥ 0}.
 *
 * <p>Immutable; validated on construction (congruence, positive shape, size without overflow, and every value Φ(i),
 * {@code 0 ≤ i < size}, in the 64-bit range: an ArithmeticException otherwise, so that no operation takes or answers a
 * layout whose values do not fit). Printed in
 * CuTe notation without spaces, {@code (4,(2,2)):(1,(4,8))}, and {@code Layout.parse(x.toString()).equals(x)}.
 */
public final class Layout implements AnyLayout {
    /** The trivial layout {@code 1:0}. */
    public static final Layout TRIVIAL = new Layout(IntTuple.ONE, IntTuple.ZERO);

    // A layout is a profile (the nesting, see Profile) with its flat shape and stride; the tuples are built from
    // them on first use where not given, so that the algebra builds results in one array per part.
    private final int[] profile; // never written after construction; shared between layouts
    private final long[] flatShape; // never written after construction, never exposed
    private final long[] flatStride;
    private final long size;
    private final long largest; // Φ's largest and least values on the domain (see extremes), computed once on construction
    private final long least;
    private IntTuple shape; // built on first use when not given (a benign race: every thread builds an equal tuple)
    private IntTuple stride; // the same
    private String text; // toString, computed once (the same benign race)
    private int hash;

    private Layout(IntTuple shape, IntTuple stride) {
        int n = shape.leafCount();
        long[] fs = new long[n];
        long[] fd = new long[n];
        if (stride.leafCount() != n || collect(shape, stride, fs, fd, 0) != n) {
            throw new LayoutArgumentException("shape " + shape + " and stride " + stride + " are not congruent");
        }
        this(Profile.of(shape), shape, fs, fd, sizeOf(fs, shape));
        this.stride = stride;
    }

    /**
     * A layout whose parts are already known to agree: fs = leaves(profile), |fd| = |fs|, size = Π fs. Its values are
     * checked here, once: {@link #extremes} of its modes.
     */
    private Layout(int[] profile, IntTuple shape, long[] fs, long[] fd, long size) {
        long[] e = new long[2]; // scalar-replaced: extremes is inlined here
        if (!extremes(fs, fd, e)) throw offsetsOverflow(Profile.tuple(profile, fs) + ":" + Profile.tuple(profile, fd), fs, fd);
        this(profile, shape, fs, fd, size, e[0], e[1]);
    }

    /** A layout whose extremes are known: its flat modes are another layout's, or their sums are known to fit. */
    private Layout(int[] profile, IntTuple shape, long[] fs, long[] fd, long size, long largest, long least) {
        this.profile = profile;
        this.shape = shape;
        this.flatShape = fs;
        this.flatStride = fd;
        this.size = size;
        this.largest = largest;
        this.least = least;
    }

    /**
     * The extremes of {@code Σ c_k·d_k} over the coordinates {@code 0 ≤ c_k < s_k}: the largest, {@code Σ (s−1)·d}
     * over the terms that are positive, into {@code out[0]}, and the least, {@code Σ (s−1)·d} over the negative terms,
     * into {@code out[1]}; false, with {@code out} unspecified, where either leaves the 64-bit range. For a layout these
     * are its largest and least values Φ(i), {@code 0 ≤ i < size}; every layout passes this on construction, so that
     * no operation takes or answers a layout whose values do not fit, and its cosize is {@code 1 + largest − least}.
     * The one exact definition of these sums: {@link CoordLayout} checks its values with it, position by position.
     * O(n), no allocation.
     */
    static boolean extremes(long[] fs, long[] fd, long[] out) {
        long hi = 0;
        long lo = 0;
        for (int k = 0; k < fs.length; k++) {
            long m = fs[k] - 1;
            long d = fd[k];
            if (m == 0 || d == 0) continue;
            long t = m * d;
            if (Math.multiplyHigh(m, d) != t >> 63) return false; // (s−1)·d alone leaves the range
            if (t > 0) {
                hi += t;
                if (hi < 0) return false; // two non-negative terms wrapped
            } else {
                lo += t;
                if (lo >= 0) return false; // two negative terms wrapped
            }
        }
        out[0] = hi;
        out[1] = lo;
        return true;
    }

    /** Its largest value on the domain, {@code Σ (s−1)·d} over the positive terms (see {@link #extremes}). */
    long largestOffset() {
        return largest;
    }

    /**
     * The exact sums of {@link #extremes}, {@code {largest, least}}, for the message of a refusal: where they do not
     * fit a long.
     */
    static java.math.BigInteger[] exactExtremes(long[] fs, long[] fd) {
        java.math.BigInteger hi = java.math.BigInteger.ZERO;
        java.math.BigInteger lo = java.math.BigInteger.ZERO;
        for (int k = 0; k < fs.length; k++) {
            java.math.BigInteger t = java.math.BigInteger.valueOf(fs[k] - 1).multiply(java.math.BigInteger.valueOf(fd[k]));
            if (t.signum() > 0) hi = hi.add(t);
            else lo = lo.add(t);
        }
        return new java.math.BigInteger[] {hi, lo};
    }

    /** The refusal of a layout whose values leave the 64-bit range, with the exact value that does. */
    private static ArithmeticException offsetsOverflow(String layout, long[] fs, long[] fd) {
        java.math.BigInteger[] e = exactExtremes(fs, fd);
        java.math.BigInteger hi = e[0];
        java.math.BigInteger lo = e[1];
        if (hi.bitLength() > 63) {
            return new ArithmeticException("the offsets of " + layout + " overflow the 64-bit range: the largest, Σ (s−1)·d over the"
                    + " positive strides, is " + hi + ", past 2^63−1");
        }
        return new ArithmeticException("the offsets of " + layout + " overflow the 64-bit range: the least, Σ (s−1)·d over the negative"
                + " strides, is " + lo + ", below −2^63");
    }

    /** Π fs, each entry positive; a non-positive entry is an error, and so is overflow. */
    private static long sizeOf(long[] fs, Object shape) {
        long p = 1;
        for (long s : fs) {
            if (s <= 0) throw new LayoutArgumentException("shape " + shape + " has a non-positive entry; shapes are positive");
            p = Checked.mul(p, s, "the size", shape);
        }
        return p;
    }

    /** Fills the flat shape and stride in one walk; returns the next free position, or -1 where not congruent. */
    private static int collect(IntTuple s, IntTuple d, long[] fs, long[] fd, int at) {
        if (s.isLeaf()) {
            if (!d.isLeaf()) return -1;
            fs[at] = s.value();
            fd[at] = d.value();
            return at + 1;
        }
        if (d.isLeaf() || s.rank() != d.rank()) return -1;
        for (int i = 0; i < s.rank(); i++) {
            at = collect(s.mode(i), d.mode(i), fs, fd, at);
            if (at < 0) return -1;
        }
        return at;
    }

    /**
     * The layout {@code shape:stride}.
     *
     * @throws LayoutArgumentException where shape and stride are not congruent or the shape has an entry ≤ 0
     * @throws ArithmeticException where the size overflows a long or a value Φ(i), i < size, leaves the 64-bit range
     */
    public static Layout of(IntTuple shape, IntTuple stride) {
        return new Layout(shape, stride);
    }

    /**
     * The layout of {@code shape} whose strides, read leaf by leaf left to right, are {@code flatStrides}: CuTe's
     * {@code make_layout(shape, stride)} with the stride given flat. The array is copied.
     *
     * @throws LayoutArgumentException where the number of strides is not the number of leaves of the shape, or the
     *         shape has an entry ≤ 0
     * @throws ArithmeticException where the size overflows a long or a value Φ(i), i < size, leaves the 64-bit range
     */
    public static Layout of(IntTuple shape, long[] flatStrides) {
        if (flatStrides.length != shape.leafCount()) {
            throw new LayoutArgumentException("shape " + shape + " has " + shape.leafCount() + " leaves but " + flatStrides.length
                    + " strides were given");
        }
        return ofOwned(shape, flatStrides.clone());
    }

    /** {@link #of(IntTuple, long[])} for an array of the right length that the caller gives up (the parser's). */
    static Layout ofOwned(IntTuple shape, long[] flatStrides) {
        long[] fs = shape.leaves();
        return new Layout(Profile.of(shape), shape, fs, flatStrides, sizeOf(fs, shape));
    }

    /**
     * The layout of a profile and its flat shape and stride, arrays the caller gives up; a non-positive shape or a
     * size past the 64-bit range is worded by the shape, as {@link #of(IntTuple, IntTuple)} words it.
     */
    static Layout ofParts(int[] profile, long[] fs, long[] fd) {
        long size = 1;
        for (long e : fs) {
            if (e <= 0 || !Checked.fits(size, e)) return ofOwned(Profile.tuple(profile, fs), fd); // words the error
            size *= e;
        }
        return new Layout(profile, null, fs, fd, size);
    }

    /**
     * A layout read from text whose shape may have extents 0 (CuTe's {@code (4,0):(1,4)}, of size 0; no extent is
     * negative): {@link #ofParts} where every extent is positive. A layout of size 0 has no index: its size is 0, its
     * cosize 0 where CuTe's {@code 1 + Σ (s−1)·|d|} is 0 (see {@link #cosize()}), and evaluating it is refused.
     *
     * @throws LayoutArgumentException where an extent is negative
     */
    static Layout parsedParts(int[] profile, long[] fs, long[] fd) {
        boolean zero = false;
        boolean past = false; // the size leaves the 64-bit range
        long size = 1;
        for (long e : fs) { // one walk: the sign of each extent and the size, as ofParts would take it
            if (e < 0) throw new LayoutArgumentException("shape " + Profile.tuple(profile, fs) + " has a negative entry; extents are 0 or more");
            if (e == 0) zero = true;
            else if (!Checked.fits(size, e)) past = true;
            else size *= e;
        }
        if (zero) return new Layout(profile, null, fs, fd, 0);
        if (past) return ofOwned(Profile.tuple(profile, fs), fd); // words the error
        return new Layout(profile, null, fs, fd, size);
    }

    /** The prefix products of the leaves {@code s} of {@code shape}: its column-major strides. */
    private static long[] colMajorStrides(IntTuple shape, long[] s) {
        long[] d = new long[s.length];
        long p = 1;
        for (int i = 0; i < s.length; i++) {
            d[i] = p;
            p = Checked.mul(p, s[i], "the column-major strides", shape);
        }
        return d;
    }

    /** {@link #colMajor} of a shape read from text, whose extents may be 0 ({@code make_layout((4,0)) = (4,0):(1,4)}). */
    static Layout parsedColMajor(IntTuple shape) {
        long[] s = shape.leaves();
        long[] d = colMajorStrides(shape, s);
        return parsedParts(Profile.of(shape), s, d);
    }

    /**
     * The layout of the n flat modes {@code modes} nested as a refinement of {@code like}'s shape: like's flat mode k
     * becomes the next {@code counts[k]} modes, itself where the count is 1 and a tuple of them otherwise (so
     * {@code like = (6,6)} with counts {@code (1,2)} nests 3 modes as {@code (a,(b,c))}). This is the shape of a
     * composition {@code A∘like}. The arrays are copied; Σ counts must be n, each count positive. For layoutcat's
     * array kernels ({@link Flat} is theirs).
     */
    public static Layout refiningShapeOf(Layout like, int[] counts, Flat modes) {
        long[] shape = modes.shape();
        long[] stride = modes.stride();
        int n = modes.n();
        int leaves = like.flatShape.length;
        if (counts.length < leaves) throw new LayoutArgumentException(counts.length + " counts for the " + leaves + " flat modes of " + like);
        int total = 0;
        for (int k = 0; k < leaves; k++) {
            if (counts[k] <= 0) throw new LayoutArgumentException("flat mode " + k + " of " + like + " refined into " + counts[k] + " modes");
            total += counts[k];
        }
        if (total != n) throw new LayoutArgumentException(like + " refined into " + total + " modes, but " + n + " were given");
        int[] p = Profile.refine(like.profile, counts);
        if (p == like.profile && java.util.Arrays.equals(like.flatShape, 0, n, shape, 0, n)) {
            return new Layout(p, like.shape, like.flatShape, java.util.Arrays.copyOf(stride, n), like.size); // B's shape
        }
        return ofParts(p, java.util.Arrays.copyOf(shape, n), java.util.Arrays.copyOf(stride, n));
    }

    /**
     * This layout's shape with the flat strides {@code flatStrides} (leaf order); the array is copied.
     *
     * @throws LayoutArgumentException where the number of strides is not {@link #flatRank()}
     * @throws ArithmeticException where a value Φ(i), i < size, leaves the 64-bit range
     */
    public Layout withFlatStrides(long[] flatStrides) {
        if (flatStrides.length != flatShape.length) {
            throw new LayoutArgumentException(this + " has " + flatShape.length + " flat modes but " + flatStrides.length
                    + " strides were given");
        }
        return new Layout(profile, shape, flatShape, flatStrides.clone(), size);
    }

    /**
     * The rank-1 layout {@code s:d}.
     *
     * @throws LayoutArgumentException where {@code s ≤ 0}
     * @throws ArithmeticException where {@code (s−1)·d} leaves the 64-bit range
     */
    public static Layout of(long s, long d) {
        if (s <= 0) return new Layout(IntTuple.of(s), IntTuple.of(d)); // the constructor words the error
        return new Layout(Profile.integer(), null, new long[] {s}, new long[] {d}, s);
    }

    /**
     * The flat layout {@code (s0,s1,...):(d0,d1,...)}; the arrays are copied.
     *
     * @throws LayoutArgumentException where the arrays differ in length or a shape entry is ≤ 0
     * @throws ArithmeticException where the size overflows a long or a value Φ(i), i < size, leaves the 64-bit range
     */
    public static Layout flat(long[] shape, long[] stride) {
        if (shape.length != stride.length) {
            throw new LayoutArgumentException(shape.length + " shapes but " + stride.length + " strides");
        }
        return flat(shape, stride, shape.length);
    }

    /**
     * The layout of the flat modes {@code modes}, copied: {@code 1:0} for none, {@code s:d} for one, the flat tuple
     * of them otherwise. For layoutcat's array kernels ({@link Flat} is theirs).
     */
    public static Layout of(Flat modes) {
        if (modes.n() == 0) return TRIVIAL;
        return flat(modes.shape(), modes.stride(), modes.n());
    }

    /**
     * This layout's flat modes, its own arrays, which the reader never writes. For layoutcat's array kernels
     * ({@link Flat} is theirs).
     */
    public Flat flatModes() {
        return new Flat(flatShape, flatStride, flatShape.length);
    }

    /** The flat layout of the first n entries, copied; {@code s:d} for n = 1. */
    private static Layout flat(long[] shape, long[] stride, int n) {
        if (n == 1) return of(shape[0], stride[0]);
        return ofParts(Profile.flat(n), java.util.Arrays.copyOf(shape, n), java.util.Arrays.copyOf(stride, n));
    }

    /**
     * The column-major (compact, left-to-right) layout of {@code shape}: strides are the prefix products.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0
     * @throws ArithmeticException where the size overflows a long
     */
    public static Layout colMajor(IntTuple shape) {
        long[] s = shape.leaves();
        long[] d = colMajorStrides(shape, s);
        long size = sizeOf(s, shape);
        return new Layout(Profile.of(shape), shape, s, d, size, size - 1, 0); // Σ (s_k−1)·Π_{j<k} s_j = size − 1
    }

    /**
     * The row-major (compact, right-to-left) layout of {@code shape}.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0
     * @throws ArithmeticException where the size overflows a long
     */
    public static Layout rowMajor(IntTuple shape) {
        long[] s = shape.leaves();
        long[] d = new long[s.length];
        long p = 1;
        for (int i = s.length - 1; i >= 0; i--) {
            d[i] = p;
            p = Checked.mul(p, s[i], "the row-major strides", shape);
        }
        long size = sizeOf(s, shape);
        return new Layout(Profile.of(shape), shape, s, d, size, size - 1, 0); // as colMajor's, summed from the right
    }

    /**
     * Parses CuTe notation {@code shape:stride}; a plain shape means its column-major layout.
     *
     * @throws LayoutArgumentException where the text is null or not CuTe notation, is longer than {@link
     *         Limits#MAX_TEXT_LENGTH}, nests deeper than {@link Limits#MAX_DEPTH} or has more than {@link
     *         Limits#MAX_FLAT_MODES} integers in a tuple, where shape and stride are not congruent, a shape entry is ≤
     *         0, or an integer or the size does not fit in a long; the message gives the position
     * @throws ArithmeticException where a value of the layout leaves the 64-bit range
     */
    public static Layout parse(String text) {
        return CuTeNotation.parseLayout(text);
    }

    /**
     * The layout whose modes are the given layouts: {@code make_layout(L0, L1, ...)}.
     *
     * @throws ArithmeticException where the size of the concatenation overflows a long or a value leaves the 64-bit range
     */
    public static Layout concat(List<Layout> modes) {
        int rank = modes.size();
        int n = 0;
        int nodes = 1;
        for (int i = 0; i < rank; i++) {
            Layout l = modes.get(i);
            n += l.flatShape.length;
            nodes += l.profile.length;
        }
        int[] p = new int[nodes];
        p[0] = rank;
        long[] fs = new long[n];
        long[] fd = new long[n];
        long size = 1;
        long hi = 0; // the extremes of the concatenation: the sums of its modes'
        long lo = 0;
        boolean fits = true;
        int at = 0;
        int node = 1;
        for (int i = 0; i < rank; i++) {
            Layout l = modes.get(i);
            System.arraycopy(l.profile, 0, p, node, l.profile.length);
            node += l.profile.length;
            System.arraycopy(l.flatShape, 0, fs, at, l.flatShape.length);
            System.arraycopy(l.flatStride, 0, fd, at, l.flatStride.length);
            at += l.flatShape.length;
            size = Checked.mul(size, l.size, "the size of the concatenation", modes);
            fits &= hi + l.largest >= hi && lo + l.least <= lo; // terms of one sign: a sum that moves back has wrapped
            hi += l.largest;
            lo += l.least;
        }
        if (!fits) return new Layout(p, null, fs, fd, size); // the construction words the overflow
        return new Layout(p, null, fs, fd, size, hi, lo);
    }

    /**
     * The layout whose modes are the given layouts.
     *
     * @throws ArithmeticException where the size of the concatenation overflows a long or a value leaves the 64-bit range
     */
    public static Layout concat(Layout... modes) {
        return concat(List.of(modes));
    }

    @Override
    public IntTuple shape() {
        IntTuple s = shape;
        if (s == null) shape = s = Profile.tuple(profile, flatShape); // a benign race, as for toString
        return s;
    }

    public IntTuple stride() {
        IntTuple d = stride;
        if (d == null) stride = d = Profile.tuple(profile, flatStride);
        return d;
    }

    /** True for an integral layout {@code s:d} (its shape is an integer, not a tuple). */
    public boolean isIntegral() {
        return profile[0] == Profile.LEAF;
    }

    /** Number of points of the domain: the product of the shape. */
    @Override
    public long size() {
        return size;
    }

    /**
     * CuTe's cosize, {@code size(coshape(L)) = 1 + Σ (s−1)·|d|} over the flat modes ({@code layout.hpp}: the coshape
     * sums the extents less one times the absolute strides): one past the largest offset where the strides are
     * non-negative, the span of the offsets plus one where some are negative. {@code cosize((4,3):(-1,-4)) = 12},
     * {@code cosize(4:-1) = 4}, {@code cosize(():()) = 1}, as CuTe C++ prints them.
     *
     * @throws ArithmeticException where the cosize overflows a long
     */
    @Override
    public long cosize() {
        if (size == 0) return cosizeOfNone();
        if (largest - least < 0 || largest - least == Long.MAX_VALUE) { // Σ (s−1)·|d| = largest − least, plus 1
            throw new ArithmeticException("overflow computing the cosize of " + this + ": 1 + Σ (s−1)·|d| = "
                    + java.math.BigInteger.valueOf(largest).subtract(java.math.BigInteger.valueOf(least)).add(java.math.BigInteger.ONE)
                    + " exceeds 2^63−1");
        }
        return 1 + largest - least;
    }

    /**
     * The cosize of a layout of size 0: 0 (it reaches no offset) where CuTe's {@code 1 + Σ (s−1)·|d|} is 0 too, as for
     * the compact {@code (4,0):(1,4)}; refused where CuTe's formula gives another number ({@code cosize(0:5) = -4}).
     * The sum is {@link #extremes} of the strides' absolute values: the terms of the extents past 1 are its largest,
     * those of the extents 0 its least.
     */
    private long cosizeOfNone() {
        long[] abs = new long[flatStride.length];
        boolean fits = true;
        for (int k = 0; k < abs.length; k++) {
            fits &= flatStride[k] != Long.MIN_VALUE; // |d| = 2^63
            abs[k] = Math.abs(flatStride[k]);
        }
        long[] e = new long[2];
        fits = fits && extremes(flatShape, abs, e) && e[0] + e[1] != Long.MAX_VALUE; // e[0] ≥ 0 ≥ e[1]: the sum fits
        if (fits && 1 + e[0] + e[1] == 0) return 0;
        String formula = fits ? String.valueOf(1 + e[0] + e[1]) : "a number past 64 bits";
        throw new LayoutArgumentException("cosize of " + this + ": the layout has size 0 and reaches no offset, but CuTe's"
                + " 1 + Σ (s−1)·|d| gives " + formula + "; only a compact layout of size 0 (cosize 0) has a cosize");
    }

    @Override
    public int rank() {
        return Profile.rank(profile);
    }

    /**
     * CuTe's {@code append<R>(L)}: L with {@code 1:0} modes appended up to rank r; an integral {@code s:d} becomes the
     * tuple {@code (s):(d)} first. L itself where it is a tuple of rank r already, or integral and r is 1 (CuTe's
     * {@code append<1>} of a non-tuple is the non-tuple).
     */
    public Layout appendTo(int r) {
        if (rank() == r && (r == 1 || !isIntegral())) return this;
        List<Layout> modes = new ArrayList<>(modes());
        while (modes.size() < r) modes.add(TRIVIAL);
        return concat(modes);
    }

    @Override
    public int depth() {
        return Profile.depth(profile);
    }

    /**
     * Mode {@code i} as a layout.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ i < rank()}
     */
    public Layout mode(int i) {
        if (profile[0] == Profile.LEAF || i < 0 || i >= profile[0]) {
            shape().mode(i); // words the error for an index out of range
            return this;
        }
        int at = 1;
        for (int j = 0; j < i; j++) at = Profile.end(profile, at);
        int end = Profile.end(profile, at);
        int from = Profile.leaves(profile, 1, at);
        int to = from + Profile.leaves(profile, at, end);
        long p = 1;
        for (int k = from; k < to; k++) p *= flatShape[k]; // divides size, cannot overflow
        int[] mp = profile[at] == Profile.LEAF ? Profile.integer() : java.util.Arrays.copyOfRange(profile, at, end);
        IntTuple s = shape; // each lazy field read once (another thread may be filling it in)
        IntTuple d = stride;
        Layout m = new Layout(mp, s == null ? null : s.mode(i), java.util.Arrays.copyOfRange(flatShape, from, to),
                java.util.Arrays.copyOfRange(flatStride, from, to), p);
        if (d != null) m.stride = d.mode(i);
        return m;
    }

    /**
     * The layout whose modes are this layout's modes in order, each mode i with bit i of {@code mask} set (i < 32)
     * replaced by its own modes (an integral mode is its own single mode): {@code ((a,b),(c,d))} with mask 2 gives
     * {@code ((a,b),c,d)}, with mask 3 {@code (a,b,c,d)}, as CuTe's {@code result(_, repeat<R1>(_))} and
     * {@code result(repeat<R0>(_), repeat<R1>(_))} regroup. The leaves keep their order, so only the nesting is new:
     * no mode is copied. It always is a tuple (of rank 1 where only one mode is left), as {@link #concat(List)} of
     * those modes is.
     */
    public Layout spliceModes(int mask) {
        int[] p = profile;
        if (p[0] == Profile.LEAF) return new Layout(Profile.flat(1), null, flatShape, flatStride, size, largest, least); // (s):(d)
        int rank = p[0];
        int nodes = 1;
        int count = 0;
        for (int i = 0, at = 1; i < rank; i++) {
            int end = Profile.end(p, at);
            boolean open = opens(p, at, i, mask);
            count += open ? p[at] : 1;
            nodes += open ? end - at - 1 : end - at;
            at = end;
        }
        int[] q = new int[nodes];
        q[0] = count;
        for (int i = 0, at = 1, to = 1; i < rank; i++) {
            int end = Profile.end(p, at);
            int from = opens(p, at, i, mask) ? at + 1 : at; // its modes without their bracket, or the mode whole
            System.arraycopy(p, from, q, to, end - from);
            to += end - from;
            at = end;
        }
        return new Layout(q, null, flatShape, flatStride, size, largest, least);
    }

    /** Whether top-level mode i, whose subtree starts at {@code at}, is replaced by its modes (a leaf is its own). */
    private static boolean opens(int[] p, int at, int i, int mask) {
        return i < 32 && (mask >>> i & 1) != 0 && p[at] != Profile.LEAF;
    }

    /** The modes as layouts (a rank-1 integral layout is its own single mode). */
    public List<Layout> modes() {
        List<Layout> out = new ArrayList<>(rank());
        for (int i = 0; i < rank(); i++) out.add(mode(i));
        return out;
    }

    /** The number of flat modes (leaves of the shape). */
    public int flatRank() {
        return flatShape.length;
    }

    /**
     * Flat mode {@code i}'s extent.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ i < flatRank()}
     */
    public long flatShape(int i) {
        return flatShape[i];
    }

    /**
     * Flat mode {@code i}'s stride.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ i < flatRank()}
     */
    public long flatStride(int i) {
        return flatStride[i];
    }

    /** A copy of the flat shape. */
    public long[] flatShapes() {
        return flatShape.clone();
    }

    /** A copy of the flat strides. */
    public long[] flatStrides() {
        return flatStride.clone();
    }

    /** The flat layout of the leaves; an integral layout stays as it is. */
    public Layout flatten() {
        if (profile[0] == Profile.LEAF) return this;
        return new Layout(Profile.flat(flatShape.length), null, flatShape, flatStride, size, largest, least);
    }

    /**
     * The layout function Φ(i) = Σ c_k·d_k for the colexicographic coordinate c of {@code i} (the last mode
     * unbounded; the layout with no modes, {@code ():()}, has only index 0). Allocation-free. Overflow of the offset
     * (past the domain) is an ArithmeticException.
     *
     * @throws LayoutArgumentException for a negative index, or an index other than 0 of {@code ():()}
     * @throws ArithmeticException where the offset overflows a long
     */
    public long apply(long index) {
        if (index < 0) throw new LayoutArgumentException("index " + index + " of " + this + " is negative");
        if (size == 0) throw new LayoutArgumentException("index " + index + " of " + this + ": the layout has size 0, so no index");
        int last = flatShape.length - 1;
        if (last < 0) return applyEmpty(index);
        long r = 0;
        long i = index;
        try {
            for (int k = 0; k < last; k++) {
                long s = flatShape[k];
                long q = i / s; // one division per mode: the remainder from the quotient
                long c = i - q * s;
                i = q;
                if (c != 0) r = Math.addExact(r, Math.multiplyExact(c, flatStride[k]));
            }
            if (i != 0) r = Math.addExact(r, Math.multiplyExact(i, flatStride[last]));
        } catch (ArithmeticException e) {
            // a partial sum left the long range: the exact offset decides (with negative strides it may fit)
            return exact(exactOffset(index), "the offset of index " + index);
        }
        return r;
    }

    /**
     * The layout with no modes, {@code ():()}: its size is 1 (the empty product, as CuTe's {@code size} of an empty
     * tuple is {@code _1}) and it maps 0 to 0; with no last mode to extend, it has no value past its domain.
     */
    private long applyEmpty(long index) {
        if (index != 0) {
            throw new LayoutArgumentException("index " + index + " is outside [0,1) of " + this + ": a layout with no modes has"
                    + " size 1 and no last mode to extend past it");
        }
        return 0;
    }

    /** Φ(index) in exact arithmetic. */
    private java.math.BigInteger exactOffset(long index) {
        java.math.BigInteger r = java.math.BigInteger.ZERO;
        long i = index;
        int last = flatShape.length - 1;
        for (int k = 0; k < last; k++) {
            r = r.add(java.math.BigInteger.valueOf(i % flatShape[k]).multiply(java.math.BigInteger.valueOf(flatStride[k])));
            i /= flatShape[k];
        }
        return r.add(java.math.BigInteger.valueOf(i).multiply(java.math.BigInteger.valueOf(flatStride[last])));
    }

    /** The value as a long, or an ArithmeticException naming what overflowed. */
    private long exact(java.math.BigInteger v, String what) {
        if (v.bitLength() > 63) {
            throw new ArithmeticException("overflow computing " + what + " in " + this + ": " + v + " exceeds the 64-bit range");
        }
        return v.longValue();
    }

    /**
     * The layout function at a (possibly hierarchical) coordinate: an integer is a linear index; a tuple must be
     * congruent to the shape down to where it holds integers, and each integer {@code c} at a sub-shape {@code S}
     * addresses {@code S} colexicographically; every coordinate must lie inside its extent.
     *
     * @throws LayoutArgumentException where an integer coordinate lies outside its (sub-)shape, {@code [0, size)} for a
     *         linear index, or a tuple coordinate is not congruent to the shape where it holds tuples
     * @throws ArithmeticException where the offset overflows a long
     */
    public long apply(IntTuple coord) {
        if (coord.isLeaf()) {
            long c = coord.value();
            if (c < 0 || c >= size) {
                throw new LayoutArgumentException("coordinate " + coord + " is outside [0," + size + ") of " + this);
            }
            return apply(c);
        }
        return crd2offset(coord, shape(), stride(), this);
    }

    private static long crd2offset(IntTuple coord, IntTuple shape, IntTuple stride, Layout whole) {
        if (coord.isLeaf()) {
            long c = coord.value();
            long n = shape.product();
            if (c < 0 || c >= n) {
                throw new LayoutArgumentException("coordinate " + c + " is outside [0," + n + ") of mode " + shape + " in " + whole);
            }
            return Layout.of(shape, stride).apply(c);
        }
        if (shape.isLeaf() || shape.rank() != coord.rank()) {
            throw new LayoutArgumentException("coordinate " + coord + " is not congruent to shape " + shape + " of " + whole);
        }
        long r = 0;
        for (int i = 0; i < coord.rank(); i++) {
            long term = crd2offset(coord.mode(i), shape.mode(i), stride.mode(i), whole);
            try {
                r = Math.addExact(r, term);
            } catch (ArithmeticException e) {
                throw new ArithmeticException("overflow computing the offset of " + coord + " in " + whole + ": " + r + " + "
                        + term + " exceeds the 64-bit range");
            }
        }
        return r;
    }

    /**
     * The hierarchical coordinate of index {@code i ∈ [0, size)}, congruent to the shape: CuTe's
     * {@code idx2crd(i, shape)}, colexicographic in the leaves. For the coordinate of an offset (CuTe's
     * {@code get_hier_coord}, which uses the strides) see {@link #hierCoord(long)}.
     *
     * @throws LayoutArgumentException unless {@code 0 ≤ index < size()}
     */
    @Override
    public IntTuple idx2crd(long index) {
        if (index < 0 || index >= size) {
            throw new LayoutArgumentException("index " + index + " is outside [0," + size + ") of " + this);
        }
        long[] c = new long[flatShape.length];
        for (int k = 0; k < flatShape.length; k++) {
            c[k] = index % flatShape[k];
            index /= flatShape[k];
        }
        return Profile.tuple(profile, c);
    }

    /** {@link AnyLayout#idx2crd(IntTuple)}: {@code at} split against {@code shape}, mode by mode (whole: for messages). */
    static IntTuple idx2crd(IntTuple at, IntTuple shape, IntTuple whole, IntTuple wholeShape, AnyLayout layout) {
        if (at.isLeaf()) {
            long i = at.value();
            long n = shape.product();
            if (i < 0 || i >= n) {
                throw new LayoutArgumentException(() -> "idx2crd of " + whole + " in the shape " + wholeShape + " of " + layout
                        + ": " + i + " is outside [0," + n + ") of the mode " + shape + " it meets");
            }
            return shape.isLeaf() ? at : colMajor(shape).idx2crd(i);
        }
        if (shape.isLeaf() || at.rank() != shape.rank()) {
            throw new LayoutArgumentException(() -> "idx2crd of " + whole + " in the shape " + wholeShape + " of " + layout
                    + ": the coordinate " + at + " has rank " + at.rank() + " where the shape's mode " + shape + " has "
                    + (shape.isLeaf() ? "none (an integer)" : "rank " + shape.rank()) + "; a coordinate must be congruent"
                    + " to the shape, or an integer where the shape has a tuple");
        }
        List<IntTuple> modes = new ArrayList<>(at.rank());
        for (int k = 0; k < at.rank(); k++) modes.add(idx2crd(at.mode(k), shape.mode(k), whole, wholeShape, layout));
        return IntTuple.of(modes);
    }

    /**
     * CuTe's {@code get_hier_coord(x)}, that is {@code idx2crd(x, shape, stride)}: the coordinate congruent to the
     * shape whose leaf at mode {@code s:d} is {@code (x / d) mod s} (0 where {@code s = 1}). It reads x as an
     * offset, so for a layout that is a bijection onto [0, size) (compact) it inverts Φ:
     * {@code apply(hierCoord(x)) = x}. {@link #idx2crd(long)} is the same against the column-major strides.
     * A mode of extent > 1 with stride ≤ 0 determines no coordinate: an IllegalArgumentException. As in CuTe, an
     * offset L does not take gives a coordinate where L takes another ({@link #coordinateOf} checks).
     *
     * @throws LayoutArgumentException for a negative offset, or where a mode of extent > 1 has a stride ≤ 0
     */
    public IntTuple hierCoord(long offset) {
        if (offset < 0) throw new LayoutArgumentException("offset " + offset + " of " + this + " is negative");
        long[] c = new long[flatShape.length];
        for (int k = 0; k < flatShape.length; k++) {
            if (flatShape[k] == 1) continue;
            if (flatStride[k] <= 0) {
                throw new LayoutArgumentException("hierarchical coordinate of offset " + offset + " in " + this + ": mode "
                        + flatShape[k] + ":" + flatStride[k] + " has a stride ≤ 0, so (x / d) mod s is undefined");
            }
            c[k] = (offset / flatStride[k]) % flatShape[k];
        }
        return Profile.tuple(profile, c);
    }

    /**
     * The coordinate where L takes {@code offset}: {@link #hierCoord}, held to CuTe's post-condition
     * {@code crd2idx(coord, shape, stride) == offset}, which CuTe does not check. Without it the coordinate is one where
     * L takes another offset: {@code hierCoord(3)} of {@code 8:2} is 1, where L takes 2.
     *
     * @throws LayoutArgumentException as {@link #hierCoord}, and where L does not take the offset at that coordinate
     */
    public IntTuple coordinateOf(long offset) {
        IntTuple coord = hierCoord(offset);
        long reached = apply(coord);
        if (reached != offset) {
            throw new LayoutArgumentException(() -> "hierarchical coordinate of offset " + offset + " in " + this + ": CuTe's coordinate"
                    + " (x / d) mod s is " + coord + ", where L takes " + reached + ", not " + offset + " (get_hier_coord inverts"
                    + " L only where its modes' digits do not overlap, as in a compact layout)");
        }
        return coord;
    }

    /**
     * The index of a hierarchical coordinate (CuTe's crd2idx against the compact column-major strides).
     *
     * @throws LayoutArgumentException where the coordinate does not fit the shape, as for {@link #apply(IntTuple)}
     */
    @Override
    public long crd2idx(IntTuple coord) {
        return (size == 0 ? parsedColMajor(shape()) : colMajor(shape())).apply(coord);
    }

    /**
     * True when Φ is injective on [0, size): no two coordinates share an offset.
     *
     * @throws LayoutArgumentException where the answer needs a search over more than 2^24 points
     * @throws ArithmeticException where the span {@code |d|·s} of a mode overflows a long
     */
    public boolean isInjective() {
        long[] s = flatShape;
        long[] d = flatStride;
        // sort non-trivial modes by |stride|; injective iff each fits below the next (sufficient), else brute force.
        long[] a = new long[d.length];
        int[] order = new int[s.length];
        int m = 0;
        for (int k = 0; k < s.length; k++) {
            a[k] = Math.abs(d[k]);
            if (s[k] != 1) order[m++] = k;
        }
        ModeOrder.sort(order, m, ModeOrder.byStrideThenShape(s, a));
        long reach = 1;
        boolean fits = true;
        for (int i = 0; i < m; i++) {
            int k = order[i];
            if (a[k] == 0 || a[k] < reach) {
                fits = false;
                break;
            }
            reach = Checked.mul(a[k], s[k], "the span", this);
        }
        if (fits) return true;
        for (int i = 0; i < m; i++) if (a[order[i]] == 0) return false;
        if (size > (1L << 24)) {
            throw new LayoutArgumentException("injectivity of " + this + " needs a search over " + size + " points (limit 2^24)");
        }
        java.util.HashSet<Long> seen = new java.util.HashSet<>();
        for (long i = 0; i < size; i++) if (!seen.add(apply(i))) return false;
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Layout l && java.util.Arrays.equals(flatStride, l.flatStride)
                && java.util.Arrays.equals(flatShape, l.flatShape) && java.util.Arrays.equals(profile, l.profile);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = (java.util.Arrays.hashCode(profile) * 31 + java.util.Arrays.hashCode(flatShape)) * 31
                    + java.util.Arrays.hashCode(flatStride);
            if (h == 0) h = 1; // 0 means "not computed yet"
            hash = h;
        }
        return h;
    }

    /**
     * This layout, whose notation is {@code text} where the caller knows it to be the one {@link #toString()}
     * prints (the parser, for a text without spaces, static marks or redundant digits): the text is kept rather
     * than printed again when the layout is named in an answer or a message.
     */
    Layout printedAs(String text) {
        if (this.text == null) this.text = text;
        return this;
    }

    /** CuTe notation {@code shape:stride} without spaces. */
    @Override
    public String toString() {
        String t = text;
        if (t == null) {
            byte[] b = new byte[notationLength()];
            writeNotation(b, 0);
            text = t = new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        return t;
    }

    /** The length of {@link #toString()}, without making the string. */
    public int notationLength() {
        String t = text;
        return t != null ? t.length() : Profile.length(profile, flatShape) + 1 + Profile.length(profile, flatStride);
    }

    /**
     * Writes {@link #toString()} as ASCII at {@code dst[at]}, which has {@link #notationLength()} bytes of room,
     * without making the string (as {@link String#getChars(int, int, char[], int)} copies; the batch mode writes its
     * replies so); returns the position after it.
     */
    public int writeNotation(byte[] dst, int at) {
        String t = text;
        if (t != null) {
            for (int i = 0; i < t.length(); i++) dst[at++] = (byte) t.charAt(i);
            return at;
        }
        at = Profile.write(dst, at, profile, flatShape);
        dst[at++] = ':';
        return Profile.write(dst, at, profile, flatStride);
    }
}
