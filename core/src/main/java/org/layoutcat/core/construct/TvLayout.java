package org.layoutcat.core.construct;

import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.algebra.Product;

/**
 * A thread–value layout and its tiler: CuTe DSL's {@code make_layout_tv(thr_layout, val_layout)}, which returns
 * {@code (tiler_mn, layout_tv)}, as CuTe C++'s {@code make_tiled_copy} builds them.
 *
 * <p>Given {@code thr_layout: (m,n) → thread index} and {@code val_layout: (m,n) → value index},
 * <ul>
 * <li>{@code layout_mn = raked_product(thr_layout, val_layout)} maps a coordinate of the tile to
 *     {@code thread + T·value} ({@code T = size(thr_layout)}, {@code V = size(val_layout)});</li>
 * <li>{@code layout_tv = right_inverse(layout_mn) ∘ make_layout((T,V))} (CuTe's {@code with_shape}; {@code (T,V):(1,T)},
 *     stride 0 where an extent is 1) maps {@code (thread, value)} to the
 *     column-major index of its element in the tile;</li>
 * <li>{@code tiler_mn = product_each(shape(layout_mn))}, the tile's extent in each mode.</li>
 * </ul>
 * Postcondition: {@code layout_mn(layout_tv(t, v)) = t + T·v} for every {@code t < T, v < V}: every element of the
 * tile goes to exactly one (thread, value). Where {@code layout_mn} is not a bijection onto {@code [0, T·V)} (a
 * thread or value layout that is not compact, such as a thread layout that maps threads to memory offsets) there
 * is no such layout and the factory refuses, where CuTe would return a layout of the wrong size.
 *
 * <p>Immutable. Cost: a raked product, a right inverse and a composition.
 *
 * @param tiler  {@code tiler_mn}, the tile's shape
 * @param layout {@code layout_tv}, {@code (thread, value) → index in the tile}
 */
public record TvLayout(IntTuple tiler, Layout layout) {
    public TvLayout {
        if (tiler == null || layout == null) throw new NullPointerException("tiler and layout of a TvLayout");
    }

    /**
     * Who holds each element of a tile under a thread–value layout: the first (thread, value) index {@code i = t + T·v},
     * in index order, that reaches the element (−1 where none does), and how many indices reach it.
     *
     * @param first each element's first holder, or −1
     * @param count each element's number of holders
     */
    public record Holders(long[] first, int[] count) {}

    /**
     * The holders of the {@code cells} elements of a tile under {@code tv} ((thread, value) → element): one walk over
     * its indices. Where an index reaches outside {@code [0, cells)}, {@code outside} words the refusal, given the index
     * and the element it reaches.
     *
     * @throws IllegalArgumentException where an index reaches outside the tile, or the tile has more than 2^31 − 1 cells
     */
    public static Holders holders(Layout tv, long cells, java.util.function.BiFunction<Long, Long, String> outside) {
        if (cells > Integer.MAX_VALUE) throw new IllegalArgumentException("a tile of " + cells + " cells is past an array's size");
        long[] first = new long[(int) cells];
        int[] count = new int[(int) cells];
        java.util.Arrays.fill(first, -1);
        for (long i = 0, n = tv.size(); i < n; i++) {
            if ((i & 0xFFFF) == 0 && Thread.currentThread().isInterrupted()) {
                throw new java.util.concurrent.CancellationException("the walk of " + tv + " was given up");
            }
            long o = tv.apply(i);
            if (o < 0 || o >= cells) throw new IllegalArgumentException(outside.apply(i, o));
            if (count[(int) o]++ == 0) first[(int) o] = i;
        }
        return new Holders(first, count);
    }

    /**
     * {@code make_layout_tv(thr_layout, val_layout)}; see the class comment.
     *
     * @throws LayoutArgumentException where the raked product of the thread and value layouts is refused, or is not a
     *         bijection onto {@code [0, T·V)} (a thread or value layout that is not compact)
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static TvLayout make(Layout thr, Layout val) {
        Layout mn;
        try {
            mn = Product.rakedProduct(thr, val);
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(() -> "make_layout_tv of threads " + thr + " and values " + val
                    + ": raked_product(thr_layout, val_layout) is refused: " + e.getMessage(), e);
        }
        long t = thr.size();
        long v = val.size();
        Layout inverse = Inverse.rightInverse(mn);
        if (inverse.size() != mn.size() || mn.cosize() != mn.size()) {
            throw new LayoutArgumentException("make_layout_tv of threads " + thr + " and values " + val + ": raked_product = "
                    + mn + " is not a bijection onto [0, " + mn.size() + "), so the threads and values do not cover the"
                    + " tile once each (thr_layout must map the tile's coordinates to thread indices and val_layout to"
                    + " value indices, both compact)");
        }
        Layout tv = Composition.compose(inverse, Compact.colMajorLayout(IntTuple.flat(t, v))); // make_layout((T,V)): stride 0 at extent 1
        return new TvLayout(productEach(mn.shape()), tv);
    }

    /** CuTe's {@code product_each(shape)}: the size of each mode; an integer n is wrapped first, giving {@code (n)}. */
    public static IntTuple productEach(IntTuple shape) {
        if (shape.isLeaf()) return IntTuple.flat(shape.value());
        long[] p = new long[shape.rank()];
        for (int i = 0; i < p.length; i++) p[i] = shape.mode(i).product();
        return IntTuple.flat(p);
    }

    /** {@code (tiler, layout)} in CuTe notation: {@code ((4,6),((2,2),(2,3)):((2,12),(1,4)))}. */
    @Override
    public String toString() {
        return "(" + tiler + "," + layout + ")";
    }
}
