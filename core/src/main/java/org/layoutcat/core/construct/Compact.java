package org.layoutcat.core.construct;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.modes.TupleArithmetic;

/**
 * CuTe's compact strides of a shape: the strides that make {@code shape:stride} a bijection from the coordinates
 * onto the multiples {@code current·[0, size)}, the leaves taken in a chosen order.
 *
 * <p>As in CuTe with static extents, a leaf of extent 1 gets stride 0 and does not advance the running product
 * (so {@code compact_col_major((2,1,3)) = (1,0,2)}); {@code TupleArithmetic.prefixProduct} keeps the running
 * product there instead. An extent 0 takes its stride and makes the running product 0, as CuTe C++ prints:
 * {@code compact_col_major(0) = 1}, {@code compact_col_major((4,0)) = (1,4)}, {@code compact_row_major((4,0)) = (0,1)}.
 */
public final class Compact {
    private Compact() {}

    /**
     * {@code compact_col_major(shape)}: CuTe's {@code LayoutLeft}, leaves left to right, starting at stride 1.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0
     * @throws ArithmeticException where a stride overflows a long
     */
    public static IntTuple colMajor(IntTuple shape) {
        return colMajor(shape, 1);
    }

    /**
     * {@code compact_col_major(shape, current)}: leaf k (left to right) gets stride {@code current·Π_(j<k) s_j},
     * or 0 where its extent is 1. Overflow of a stride is an ArithmeticException (the product of all the extents is
     * no stride and may exceed 2^63−1: {@code compact_col_major((2^32,2^32)) = (1,2^32)}).
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0
     * @throws ArithmeticException where a stride overflows a long
     */
    public static IntTuple colMajor(IntTuple shape, long current) {
        return strides(shape, current, false);
    }

    /**
     * {@code compact_row_major(shape)}: CuTe's {@code LayoutRight}, leaves right to left, starting at stride 1.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0
     * @throws ArithmeticException where a stride overflows a long
     */
    public static IntTuple rowMajor(IntTuple shape) {
        return rowMajor(shape, 1);
    }

    /**
     * {@code compact_row_major(shape, current)}: leaf k gets {@code current·Π_(j>k) s_j}, 0 where its extent is 1.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0
     * @throws ArithmeticException where a stride overflows a long
     */
    public static IntTuple rowMajor(IntTuple shape, long current) {
        return strides(shape, current, true);
    }

    /**
     * {@code make_layout(shape, LayoutLeft{})}: the layout {@code shape:compact_col_major(shape)}.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0
     * @throws ArithmeticException where the size or a stride overflows a long
     */
    public static Layout colMajorLayout(IntTuple shape) {
        return Layout.of(shape, colMajor(shape));
    }

    /**
     * {@code make_layout(shape, LayoutRight{})}: the layout {@code shape:compact_row_major(shape)}.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0
     * @throws ArithmeticException where the size or a stride overflows a long
     */
    public static Layout rowMajorLayout(IntTuple shape) {
        return Layout.of(shape, rowMajor(shape));
    }

    private static IntTuple strides(IntTuple shape, long current, boolean rightToLeft) {
        if (shape.leafCount() > 0 && java.util.Arrays.stream(shape.leaves()).anyMatch(e -> e < 0)) {
            throw new LayoutArgumentException("compact strides of shape " + shape + ": the shape has a negative entry;"
                    + " extents are 0 or more");
        }
        long[] s = shape.leaves();
        long[] d = new long[s.length];
        long p = current;
        long pending = 1; // the extent of the last leaf given a stride, multiplied in only when a later leaf needs it
        for (int j = 0; j < s.length; j++) {
            int k = rightToLeft ? s.length - 1 - j : j;
            if (s[k] == 1) continue; // stride 0, the running product unchanged
            if (pending != 1) p = Checked.mul(p, pending, "the compact strides", shape);
            d[k] = p;
            pending = s[k];
        }
        return shape.withLeaves(d); // the product past the last stride is no part of the answer: it is not formed
    }

    /**
     * CuTe's {@code make_ordered_layout(shape, order)}: the compact layout of {@code shape} whose modes are laid out
     * in increasing {@code order}. The order is weakly congruent to the shape (an integer of the order may stand for
     * a whole sub-shape, laid out column-major); the sub-shape with order o starts at stride
     * {@code Π {size(S_j) : o_j < o}}. Orders must be distinct (equal orders would overlap; CuTe would return a
     * non-injective layout). Example (CuTe's {@code layout.hpp}):
     * {@code make_ordered_layout((2,2,2,2), (0,2,3,1)) = (2,2,2,2):(1,4,8,2)}.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0, the order is not weakly congruent to the shape,
     *         or an order is given twice
     * @throws ArithmeticException where the size or a stride overflows a long
     */
    public static Layout orderedLayout(IntTuple shape, IntTuple order) {
        requirePositive(shape, "make_ordered_layout of");
        if (!TupleArithmetic.weaklyCongruent(order, shape)) {
            throw new LayoutArgumentException("make_ordered_layout of " + shape + " by order " + order
                    + ": the order is not weakly congruent to the shape (each integer of the order stands for a mode or"
                    + " sub-shape, with the same nesting above it)");
        }
        List<long[]> parts = new ArrayList<>(); // (order, size of its sub-shape)
        collect(order, shape, parts);
        for (int i = 0; i < parts.size(); i++) {
            for (int j = i + 1; j < parts.size(); j++) {
                if (parts.get(i)[0] == parts.get(j)[0]) {
                    throw new LayoutArgumentException("make_ordered_layout of " + shape + " by order " + order + ": order "
                            + parts.get(i)[0] + " is given twice, so two modes would start at the same stride and overlap");
                }
            }
        }
        int[] at = {0};
        return Layout.of(shape, build(order, shape, parts, at));
    }

    private static void collect(IntTuple order, IntTuple shape, List<long[]> parts) {
        if (order.isLeaf()) {
            parts.add(new long[] {order.value(), shape.product()});
            return;
        }
        for (int i = 0; i < order.rank(); i++) collect(order.mode(i), shape.mode(i), parts);
    }

    private static IntTuple build(IntTuple order, IntTuple shape, List<long[]> parts, int[] at) {
        if (order.isLeaf()) {
            long o = parts.get(at[0]++)[0];
            long start = 1;
            for (long[] p : parts) if (p[0] < o) start = Checked.mul(start, p[1], "the ordered strides", shape);
            return colMajor(shape, start);
        }
        IntTuple[] modes = new IntTuple[order.rank()];
        for (int i = 0; i < modes.length; i++) modes[i] = build(order.mode(i), shape.mode(i), parts, at);
        return IntTuple.of(modes);
    }

    static void requirePositive(IntTuple shape, String what) {
        if (!shape.allPositive()) {
            throw new LayoutArgumentException(what + " shape " + shape + ": the shape has a non-positive entry; shapes are positive");
        }
    }
}
