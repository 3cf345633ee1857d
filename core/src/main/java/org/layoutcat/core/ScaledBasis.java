package org.layoutcat.core;

import java.util.Arrays;
import org.layoutcat.core.internal.Checked;

/**
 * A stride that is an integer or an integer times a basis element: CuTe's {@code ScaledBasis<v, i...>}, the
 * vector {@code v·e_(i0,i1,...)} of the coordinate space, whose entry at position {@code (i0,i1,...)} (mode i0,
 * then sub-mode i1, ...) is v and every other entry 0. An empty path is a plain integer stride.
 *
 * <p>Printed as CuTe prints it: the value, then the path innermost first, {@code v@ik@...@i0}: {@code E<1>} scaled
 * by 2 is {@code 2@1}, {@code E<1,0>} is {@code 1@0@1}. Zero is canonical: {@code 0@i} is the integer 0.
 * Immutable; {@code parse(x.toString()).equals(x)}.
 */
public final class ScaledBasis {
    /** The stride 0. */
    public static final ScaledBasis ZERO = new ScaledBasis(0, new int[0]);

    private final long value;
    private final int[] path; // outermost first; never written, never exposed

    private ScaledBasis(long value, int[] path) {
        this.value = value;
        this.path = path;
    }

    /** The integer stride v. */
    public static ScaledBasis of(long v) {
        return v == 0 ? ZERO : new ScaledBasis(v, new int[0]);
    }

    /**
     * {@code v·e_path}, the path outermost first: {@code of(1, 1, 0)} is CuTe's {@code E<1,0>}, printed {@code 1@0@1}.
     *
     * @throws LayoutArgumentException for a negative index in the path
     */
    public static ScaledBasis of(long v, int... path) {
        for (int i : path) if (i < 0) throw new LayoutArgumentException("basis index " + i + " of " + v + "@" + Arrays.toString(path) + " is negative");
        return v == 0 ? ZERO : new ScaledBasis(v, path.clone());
    }

    /**
     * {@code v·e_path} as a value, kept scaled where v is 0: CuTe's sum of one basis term prints {@code 0@0} at
     * coordinate 0 (as a stride, {@link #of(long, int...)} reads {@code 0@i} as 0).
     *
     * @throws LayoutArgumentException for a negative index in the path
     */
    public static ScaledBasis valueOf(long v, int... path) {
        ScaledBasis b = of(v == 0 ? 1 : v, path);
        return v == 0 ? new ScaledBasis(0, b.path) : b;
    }

    /** The scale v. */
    public long value() {
        return value;
    }

    /** The basis path, outermost first (empty for an integer stride). */
    public int[] path() {
        return path.clone();
    }

    /** The path's length: 0 for an integer stride. */
    public int depth() {
        return path.length;
    }

    /**
     * Index k of the path (outermost first).
     *
     * @throws IndexOutOfBoundsException unless {@code 0 ≤ k < depth()}
     */
    public int index(int k) {
        return path[k];
    }

    /** True for a plain integer stride (0 included). */
    public boolean isInteger() {
        return path.length == 0;
    }

    /** True when both are multiples of the same basis element (or both integers); 0 matches everything. */
    public boolean sameBasis(ScaledBasis o) {
        return value == 0 || o.value == 0 || Arrays.equals(path, o.path);
    }

    /**
     * {@code n·this}; overflow is an ArithmeticException.
     *
     * @throws ArithmeticException where the scale overflows a long
     */
    public ScaledBasis times(long n) {
        return n == 0 || value == 0 ? ZERO : new ScaledBasis(Checked.mul(value, n, "a basis stride", this), path);
    }

    /** This basis element with the scale {@code v}. */
    public ScaledBasis withValue(long v) {
        return v == 0 ? ZERO : new ScaledBasis(v, path);
    }

    /** This stride with its path after {@code prefix} (outermost first). */
    ScaledBasis under(int[] prefix) {
        if (value == 0) return ZERO;
        int[] p = Arrays.copyOf(prefix, prefix.length + path.length);
        System.arraycopy(path, 0, p, prefix.length, path.length);
        return new ScaledBasis(value, p);
    }

    /**
     * Parses {@code 3}, {@code -2}, {@code _1@0}, {@code 1@0@1} with the one reader of CuTe notation; an error quotes
     * the text and gives the position.
     *
     * @throws LayoutArgumentException where the scale or an index is not an integer, or an index is negative or past
     *         {@code Integer.MAX_VALUE}
     */
    public static ScaledBasis parse(String text) {
        return CuTeNotation.parseScaledBasis(text);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScaledBasis b && value == b.value && Arrays.equals(path, b.path);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value) * 31 + Arrays.hashCode(path);
    }

    /** {@code v}, or {@code v@ik@...@i0} (CuTe's order, innermost first). */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder().append(value);
        for (int k = path.length - 1; k >= 0; k--) sb.append('@').append(path[k]);
        return sb.toString();
    }
}
