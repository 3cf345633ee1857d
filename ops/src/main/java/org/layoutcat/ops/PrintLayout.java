package org.layoutcat.ops;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.LayoutArgumentException;

/**
 * CuTe's {@code print_layout(layout)} (cute/util/print_tensor.hpp): a rank-2 layout (m,n) → idx printed as a grid,
 * the layout's notation first, then column indices, then a row per m of cells {@code | L(m,n) |}, each
 * {@code num_digits(cosize(L)) + 2} wide. The first line is the layout in layoutcat's notation, which is CuTe's but for
 * its static marks ({@code _8}) and a swizzle's offset {@code _0}.
 */
final class PrintLayout {
    private PrintLayout() {}

    /** The most cells printed: past them the text would be megabytes. */
    static final long MAX_CELLS = 1 << 16;

    /**
     * The text CuTe prints for L, line by line.
     *
     * @throws LayoutArgumentException for a rank other than 2 (CuTe: {@code CUTE_STATIC_ASSERT_V(rank(layout) ==
     *         Int<2>{})}), a layout whose values are coordinates, or more than {@link #MAX_CELLS} cells
     */
    static String print(AnyLayout l) {
        if (l.rank() != 2) {
            throw new LayoutArgumentException("print_layout of " + LayoutArgumentException.quote(l.toString()) + ": the layout has rank "
                    + l.rank() + ", and print_layout prints a rank-2 layout (m,n) -> idx (CuTe asserts rank(layout) == 2)");
        }
        if (l instanceof CoordLayout) {
            throw new LayoutArgumentException("print_layout of " + LayoutArgumentException.quote(l.toString()) + ": its values are"
                    + " coordinates (scaled-basis strides), and print_layout prints an integer offset in each cell");
        }
        long rows = l.shape().mode(0).product(), cols = l.shape().mode(1).product();
        if (rows * cols > MAX_CELLS) {
            throw new LayoutArgumentException("print_layout of " + LayoutArgumentException.quote(l.toString()) + ": " + rows + "×" + cols
                    + " cells; it prints at most " + MAX_CELLS);
        }
        int width = digits(l.cosize()) + 2;
        StringBuilder sb = new StringBuilder();
        sb.append(l).append('\n');
        sb.append("    ");
        for (long n = 0; n < cols; n++) sb.append("  ").append(pad(Long.toString(n), width - 2)).append(' ');
        sb.append('\n');
        String rule = "    " + ("+" + "-".repeat(width)).repeat((int) cols) + "+\n";
        for (long m = 0; m < rows; m++) {
            sb.append(rule);
            sb.append(pad(Long.toString(m), 2)).append("  ");
            for (long n = 0; n < cols; n++) {
                long v = l.value(IntTuple.flat(m, n)).value();
                sb.append("| ").append(pad(Long.toString(v), width - 2)).append(' ');
            }
            sb.append("|\n");
        }
        sb.append(rule);
        return sb.toString();
    }

    /** CuTe's num_digits: 1 below 10, ..., 10 from 10^9 (1 for a negative). */
    private static int digits(long x) {
        int d = 1;
        for (long p = 10; d < 10 && x >= p; p *= 10) d++;
        return d;
    }

    /** printf's {@code %*d}: right-aligned in {@code width}, wider where the number is. */
    private static String pad(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
