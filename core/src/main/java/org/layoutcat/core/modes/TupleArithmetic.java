package org.layoutcat.core.modes;

import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.LayoutArgumentException;

/**
 * CuTe's arithmetic and predicates on integer tuples ({@code int_tuple.hpp}): shape division, ceiling division,
 * the exclusive prefix product, weak congruence and even division by a tiler. Each follows CuTe's case split
 * (tuple/tuple mode by mode, tuple/integer folded left to right, integer/tuple through the product) with static
 * integers: where CuTe's static assertion would stop the compile, an IllegalArgumentException names the operands.
 */
public final class TupleArithmetic {
    private TupleArithmetic() {}

    /**
     * {@code shape_div(a, b)}: tuple/tuple mode by mode (equal ranks); tuple/integer folds b across a's modes,
     * {@code shape_div((4,5,6), 40) = (1,1,3)}; integer/tuple divides by the product; integer/integer needs
     * {@code a | b} or {@code b | a} (CuTe's "Divisibility Condition") and is {@code ⌈a/b⌉}.
     *
     * @throws LayoutArgumentException where two tuples met mode by mode differ in rank, an entry is ≤ 0, or two
     *         integers do not divide one another (CuTe's divisibility condition)
     */
    public static IntTuple shapeDiv(IntTuple a, IntTuple b) {
        return div(a, b, true, a, b);
    }

    /**
     * {@code ceil_div(a, b)}: as {@link #shapeDiv} without the divisibility condition; a tuple b may be shorter
     * (missing modes are 1).
     *
     * @throws LayoutArgumentException where a tuple b has more modes than the tuple it meets, or an entry is ≤ 0
     */
    public static IntTuple ceilDiv(IntTuple a, IntTuple b) {
        return div(a, b, false, a, b);
    }

    private static IntTuple div(IntTuple a, IntTuple b, boolean shape, IntTuple wa, IntTuple wb) {
        String op = shape ? "shape_div" : "ceil_div";
        if (a.isTuple()) {
            if (b.isTuple()) {
                if (shape ? a.rank() != b.rank() : a.rank() < b.rank()) {
                    throw new LayoutArgumentException(op + "(" + wa + ", " + wb + "): " + a + " and " + b + " have ranks " + a.rank()
                            + " and " + b.rank() + " (mismatched ranks)");
                }
                IntTuple[] m = new IntTuple[a.rank()];
                for (int i = 0; i < m.length; i++) m[i] = div(a.mode(i), i < b.rank() ? b.mode(i) : IntTuple.ONE, shape, wa, wb);
                return IntTuple.of(m);
            }
            IntTuple rest = b;
            IntTuple[] m = new IntTuple[a.rank()];
            for (int i = 0; i < m.length; i++) {
                m[i] = div(a.mode(i), rest, shape, wa, wb);
                rest = div(rest, a.mode(i), shape, wa, wb);
            }
            return IntTuple.of(m);
        }
        long x = a.value();
        long y = b.isTuple() ? b.product() : b.value();
        if (x <= 0 || y <= 0) throw new LayoutArgumentException(op + "(" + wa + ", " + wb + "): " + x + " / " + y + ": entries must be positive");
        if (shape && x % y != 0 && y % x != 0) {
            throw new LayoutArgumentException("shape_div(" + wa + ", " + wb + "): " + x + " and " + y
                    + " do not divide one another (divisibility condition)");
        }
        return IntTuple.of(Checked.ceilDiv(x, y));
    }

    /**
     * The exclusive prefix product, hierarchically and colexicographically (pycute's and CuTe DSL's
     * {@code prefix_product(a, init)}): each leaf gets {@code init} times the product of the leaves before it, so
     * {@code prefix_product((2,(3,4))) = (1,(2,6))}. Unlike {@code compact_col_major} a leaf of extent 1 keeps the
     * running product. Overflow of a product of the answer is an ArithmeticException (the product of every leaf is
     * none of them: {@code prefix_product((2^32+1), 2^31) = (2^31)}).
     *
     * @throws ArithmeticException where a product of the answer overflows a long
     */
    public static IntTuple prefixProduct(IntTuple a, long init) {
        long[] s = a.leaves();
        long[] d = new long[s.length];
        long p = init;
        for (int k = 0; k < s.length; k++) {
            if (k > 0) p = Checked.mul(p, s[k - 1], "the prefix product", a);
            d[k] = p;
        }
        return a.withLeaves(d); // the product of every leaf is no part of the exclusive prefix products: it is not formed
    }

    /**
     * {@code prefix_product(a) = prefix_product(a, 1)}.
     *
     * @throws ArithmeticException where a product overflows a long
     */
    public static IntTuple prefixProduct(IntTuple a) {
        return prefixProduct(a, 1);
    }

    /**
     * CuTe's {@code weakly_congruent(a, b)}, a partial order {@code a ≤ b}: an integer of a matches any sub-tuple of
     * b; tuples match when their ranks agree and their modes match.
     */
    public static boolean weaklyCongruent(IntTuple a, IntTuple b) {
        if (a.isLeaf()) return true;
        if (b.isLeaf() || a.rank() != b.rank()) return false;
        for (int i = 0; i < a.rank(); i++) if (!weaklyCongruent(a.mode(i), b.mode(i))) return false;
        return true;
    }
}
