package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Style;

/**
 * The picture of a thread–value layout TV: (thread, value) → offset over a tile (seed 003). Two panels: the tile,
 * each element labelled with the thread and value that own it (T, V) and coloured by thread, thread 0 blue; and
 * the TV layout itself, threads down and values across, each cell holding its offset, coloured by thread. An
 * element no pair reaches stays white; an element reached by several pairs shows the first (in index order) and
 * is outlined dashed.
 */
public final class TvPicture {
    private TvPicture() {}

    /** A strip longer than this is drawn folded into columns of {@link #FOLD} elements. */
    static final long FOLD = 32;

    /** The height past which the two panels go side by side where stacking would be a strip. */
    static final double TALL = 2000;

    /**
     * The picture of {@code tv} over {@code tile}.
     *
     * @param tv a rank-2 layout (thread mode, value mode) with offsets in [0, size(tile))
     * @param tile the tile's shape: an integer (a strip of that many elements), or a rank-2 shape (M, N) addressed
     *     column-major, nested modes allowed; null means a strip of cosize(tv) elements
     * @param title null for the default title
     * @throws IllegalArgumentException where tv does not have rank 2, the tile has an entry ≤ 0, a rank above 2 or more
     *         than 65,536 elements, or tv reaches an offset outside the tile
     */
    public static Diagram of(Layout tv, IntTuple tile, String title) {
        if (tv.rank() != 2) {
            throw new IllegalArgumentException("a thread–value layout has rank 2 (thread, value); " + tv + " has rank " + tv.rank());
        }
        long threads = tv.mode(0).size();
        long values = tv.mode(1).size();
        IntTuple given = tile != null ? tile : IntTuple.of(tv.cosize());
        if (!given.allPositive()) throw new IllegalArgumentException("tile " + given + " has a non-positive entry");
        if (!given.isLeaf() && given.rank() > 2) {
            throw new IllegalArgumentException("tile " + given + " has rank " + given.rank() + "; a tile is a strip or an M×N grid");
        }
        Picture.requireCells("tv", "the tile " + given, given.product(), "draw a smaller tile");
        // a strip past FOLD elements is folded column-major into columns of FOLD (offset r + FOLD·c), not drawn as one
        // column thousands of pixels tall; the cells past its end stay empty
        long strip = given.isLeaf() ? given.value() : 0;
        boolean folded = strip > FOLD;
        IntTuple shape = folded ? IntTuple.of(IntTuple.of(FOLD), IntTuple.of(Math.ceilDiv(strip, FOLD))) : given;
        String tileName = folded ? given + " (a strip, in columns of " + FOLD + ": offset r + " + FOLD + "·c)" : given.toString();
        long elems = shape.product();
        long inside = folded ? strip : elems;
        Picture.requireCells("tv", "the " + threads + "×" + values + " (thread, value) grid", Math.multiplyExact(threads, values),
                "draw fewer threads or values");
        // the holders of the tile's elements; a folded strip's cells past its end hold nothing
        TvLayout.Holders held = TvLayout.holders(tv, inside, (i, o) -> "TV layout " + tv + ": thread " + (i % threads) + ", value "
                + (i / threads) + " is at offset " + o + ", outside the tile " + given + " of " + inside + " elements");
        long[] owner = Arrays.copyOf(held.first(), (int) elems);
        int[] holders = Arrays.copyOf(held.count(), (int) elems);
        Arrays.fill(owner, (int) inside, (int) elems, -1);
        Grid.Axis[] tileAxes = LayoutPicture.foldedAxes(shape);
        long tileRows = tileAxes[0].count();
        Sketch k1 = new Sketch();
        Box b1 = Grid.draw(k1, "", Style.MARGIN, Style.MARGIN, tileAxes[0], tileAxes[1], new Grid.Cells() {
            @Override
            public List<String> lines(long r, long c) {
                long i = owner[(int) (r + tileRows * c)];
                return i < 0 ? List.of() : List.of("T" + (i % threads), "V" + (i / threads));
            }

            @Override
            public long colour(long r, long c) {
                long i = owner[(int) (r + tileRows * c)];
                return i < 0 ? -1 : i % threads;
            }

            @Override
            public boolean dashed(long r, long c) {
                return holders[(int) (r + tileRows * c)] > 1;
            }
        });
        Diagram tilePanel = k1.build("tile " + tileName, b1.right() + Style.MARGIN, b1.bottom() + Style.MARGIN);

        Sketch k2 = new Sketch();
        Box b2 = Grid.draw(k2, "", Style.MARGIN, Style.MARGIN, Grid.Axis.of(tv.shape().mode(0), "T"),
                Grid.Axis.of(tv.shape().mode(1), "V"), new Grid.Cells() {
                    @Override
                    public List<String> lines(long t, long v) {
                        return List.of(Long.toString(tv.apply(t + threads * v)));
                    }

                    @Override
                    public long colour(long t, long v) {
                        return t;
                    }
                });
        Diagram tvPanel = k2.build("TV " + tv, b2.right() + Style.MARGIN, b2.bottom() + Style.MARGIN);

        List<String> sub = new ArrayList<>();
        sub.add(threads + " threads × " + values + " values; thread layout " + tv.mode(0) + ", value layout " + tv.mode(1));
        Panels.Panel tileP = new Panels.Panel("tile " + tileName + ": the thread and value at each offset", tilePanel);
        Panels.Panel tvP = new Panels.Panel("(thread, value) → offset", tvPanel);
        // stacked, as seed 003 draws it, unless stacking makes a tall strip (past TALL px and 1.5 times its width)
        double stacked = tilePanel.height() + tvPanel.height();
        boolean stack = stacked <= TALL || stacked <= Math.max(tilePanel.width(), tvPanel.width()) * 1.5;
        return Panels.arrange(title != null ? title : "TV layout " + tv, sub,
                stack ? List.of(List.of(tileP), List.of(tvP)) : List.of(List.of(tileP, tvP)));
    }
}
