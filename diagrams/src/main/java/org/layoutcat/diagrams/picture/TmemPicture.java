package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.tmem.TmemAccumulator;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Style;

/**
 * Tensor memory as an accumulator fills it: 128 lanes down (grouped in the four quarters of 32 that warps w, w + 4, …
 * reach, w mod 4 the quarter) and the allocation's columns across; each cell shows the accumulator's element(s) (m,n)
 * it holds (two where 16-bit values pack a 32-bit column) and is coloured by its lanes' quarter; a cell no element
 * reaches stays white.
 */
public final class TmemPicture {
    private TmemPicture() {}

    /** The lanes of tensor memory (one SM's). */
    static final int LANES = 128;

    /**
     * The picture of an accumulator in tensor memory.
     *
     * @param acc   the accumulator ({@code tmem_frg}), its layout ((M,N),…) → tmem_ptr offsets
     * @param title null for the default title
     * @throws IllegalArgumentException where the lanes × columns grid has more cells than a picture draws
     */
    public static Diagram of(TmemAccumulator acc, String title) {
        Layout tile = acc.layout().mode(0);
        long m = tile.mode(0).size(), n = tile.mode(1).size();
        long columns = acc.columns();
        Picture.requireCells("tmem", "the " + LANES + "×" + columns + " lanes × columns", Math.multiplyExact(LANES, columns), "draw a smaller tile");
        List<List<String>> held = new ArrayList<>();
        for (long i = 0; i < LANES * columns; i++) held.add(new ArrayList<>());
        for (long j = 0; j < n; j++) {
            for (long i = 0; i < m; i++) {
                held.get((int) acc.cell(i, j)).add("(" + i + "," + j + ")");
            }
        }
        String name = title != null ? title : acc + " in tensor memory: lanes × columns, each cell the accumulator's (m,n) it holds,"
                + " coloured by the quarter of lanes warp w mod 4 reaches";
        List<Sketch.TitleLine> titles = Sketch.wrap(List.of(name), 1200);
        Sketch k = new Sketch();
        double top = k.titles(titles, Style.MARGIN) + 4;
        Grid.Axis rows = new Grid.Axis(List.of(IntTuple.of(32), IntTuple.of(4)), List.of("lane in the quarter", "quarter: warp w mod 4"));
        Box b = Grid.draw(k, "", Style.MARGIN, top, rows, Grid.Axis.of(IntTuple.of(columns), "column"), new Grid.Cells() {
            @Override
            public List<String> lines(long r, long c) {
                return held.get((int) (r + LANES * c));
            }

            @Override
            public long colour(long r, long c) {
                return held.get((int) (r + LANES * c)).isEmpty() ? -1 : r / 32;
            }
        });
        return k.build(name, Math.max(b.right() + Style.MARGIN, Sketch.titlesWidth(titles)), b.bottom() + Style.MARGIN);
    }
}
