package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.tma.TmaDescriptor;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Style;

/**
 * A TMA copy of a tile, in three panels, in 16-byte chunks (the unit TMA's swizzles permute):
 * <ol>
 * <li>the CTA's tile in global memory, over TMA dimensions 0 (across, in chunks) and 1 (down), each chunk coloured
 *     and numbered by the copy that loads it;</li>
 * <li>one copy's box: its chunks along dimension 0 across and its rows (dimensions 1 … rank−1) down, coloured by the
 *     chunk's place in its row;</li>
 * <li>the box's landing in shared memory, in 128-byte lines: the box is written densely, row after row, and the
 *     swizzle mode permutes each line's chunks ({@code Sw<B,4,3>} of the byte address), so the colours of panel 2
 *     come out permuted line by line.</li>
 * </ol>
 * Long panels are cut at {@value #MAX_ROWS} rows, which the panel's label says.
 */
public final class TmaPicture {
    /** The most rows a panel draws. */
    static final int MAX_ROWS = 32;
    /** The most chunks across the tile's panel. */
    static final int MAX_COLUMNS = 32;

    private TmaPicture() {}

    /** The picture of a descriptor (its copies of the tile at the origin), under a title (null: the call). */
    public static Diagram of(TmaDescriptor d, String title) {
        // a cell is 16 bytes of shared memory: 16 values of the ALIGN16B packed types (12 or 8 bytes of them in global)
        int bits = d.dataType().bits();
        long chunkElems = d.dataType().isAlign16B() ? 16 : Math.max(1, 128 / bits);
        long innerChunks = d.dataType().isAlign16B() ? d.boxDim().getFirst() / 16 : d.boxDim().getFirst() * bits / 128;
        List<String> subtitles = new ArrayList<>();
        subtitles.add(d.copies().size() + " cop" + (d.copies().size() == 1 ? "y" : "ies") + " of " + d.valuesPerCopy() / d.multicast()
                + " elements (" + d.bytesPerCopy() + " bytes)" + (d.multicast() > 1 ? ", each CTA of " + d.multicast() + " loading its share" : "")
                + "; box " + tuple(d.boxDim()) + " over TMA dimensions of extents " + tuple(d.globalDim()) + "; the tile at a multiple of "
                + d.smemAlignment() + " bytes in shared memory");
        subtitles.add("box basis " + d.basis() + ", TMA tensor " + d.tmaTensor() + "; a cell is 16 bytes" + (d.dataType().isAlign16B() ? " of shared memory" : "")
                + " (" + chunkElems + " element" + (chunkElems == 1 ? "" : "s") + ")");
        List<Panels.Panel> row = new ArrayList<>();
        Cut tile = tile(d, chunkElems);
        long boxRows = boxRows(d), lines = Math.ceilDiv(boxRows * innerChunks * 16, 128);
        row.add(new Panels.Panel("1 · the tile in global memory, by copy" + (d.rank() > 2 ? " (TMA dimensions 0 and 1)" : "") + tile.note, tile.picture));
        row.add(new Panels.Panel("2 · one copy's box: chunk c of row r" + cut(boxRows, "rows"), box(d, innerChunks)));
        row.add(new Panels.Panel("3 · the box in shared memory, " + d.swizzle() + " (128-byte lines)" + cut(lines, "lines"), landing(d, innerChunks)));
        return Panels.arrange(title != null ? title : d.toString(), subtitles, List.of(row));
    }

    private static String tuple(List<Long> xs) {
        return xs.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(",", "(", ")"));
    }

    private static long boxRows(TmaDescriptor d) {
        long n = 1;
        for (long b : d.boxDim().subList(1, d.rank())) n *= b;
        return n;
    }

    /** ", the first 32 of 64 rows" where a panel is cut. */
    private static String cut(long n, String what) {
        return n > MAX_ROWS ? ", the first " + MAX_ROWS + " of " + n + " " + what : "";
    }

    private record Cut(Diagram picture, String note) {}

    /** Panel 1: the chunks the copies cover, over dimensions 0 and 1, numbered by copy. */
    private static Cut tile(TmaDescriptor d, long chunkElems) {
        long box0 = d.boxDim().getFirst(), box1 = d.rank() > 1 ? d.boxDim().get(1) : 1;
        long min0 = Long.MAX_VALUE, min1 = Long.MAX_VALUE, max0 = Long.MIN_VALUE, max1 = Long.MIN_VALUE;
        TmaDescriptor.Copy first = d.copies().getFirst();
        for (TmaDescriptor.Copy c : d.copies()) {
            if (!onPlane(d, c, first)) continue;
            min0 = Math.min(min0, c.coord().get(0));
            max0 = Math.max(max0, c.coord().get(0) + box0);
            long c1 = d.rank() > 1 ? c.coord().get(1) : 0;
            min1 = Math.min(min1, c1);
            max1 = Math.max(max1, c1 + box1);
        }
        long allCols = Math.ceilDiv(max0 - min0, chunkElems), allRows = max1 - min1;
        long cols = Math.min(MAX_COLUMNS, allCols), rows = Math.min(MAX_ROWS, allRows);
        String note = (allRows > rows ? ", the first " + rows + " of " + allRows + " rows" : "")
                + (allCols > cols ? ", the first " + cols + " of " + allCols + " chunks" : "");
        long[][] owner = new long[(int) rows][(int) cols];
        for (long[] r : owner) java.util.Arrays.fill(r, -1);
        for (int k = 0; k < d.copies().size(); k++) {
            TmaDescriptor.Copy c = d.copies().get(k);
            if (!onPlane(d, c, first)) continue;
            long c1 = d.rank() > 1 ? c.coord().get(1) : 0;
            for (long y = c1 - min1; y < c1 - min1 + box1 && y < rows; y++) {
                for (long x = (c.coord().get(0) - min0) / chunkElems; x < Math.ceilDiv(c.coord().get(0) - min0 + box0, chunkElems) && x < cols; x++) {
                    owner[(int) y][(int) x] = k;
                }
            }
        }
        Sketch g = new Sketch();
        Box b = Grid.draw(g, "", Style.MARGIN, Style.MARGIN, Grid.Axis.of(IntTuple.of(rows), "dim 1 from " + min1),
                Grid.Axis.of(IntTuple.of(cols), "chunk of dim 0 from " + min0), new Grid.Cells() {
                    @Override
                    public List<String> lines(long r, long c) {
                        long k = owner[(int) r][(int) c];
                        return k < 0 ? List.of() : List.of("#" + k);
                    }

                    @Override
                    public long colour(long r, long c) {
                        return owner[(int) r][(int) c];
                    }
                });
        return new Cut(g.build("tile", b.right() + Style.MARGIN, b.bottom() + Style.MARGIN), note);
    }

    /** Whether copy c lies in the plane of dimensions 0 and 1 that panel 1 draws, the first copy's. */
    private static boolean onPlane(TmaDescriptor d, TmaDescriptor.Copy c, TmaDescriptor.Copy first) {
        for (int i = 2; i < d.rank(); i++) if (!c.coord().get(i).equals(first.coord().get(i))) return false;
        return true;
    }

    /** Panel 2: the box's chunks, row r (dimensions 1 … rank−1 flattened) and chunk c along dimension 0. */
    private static Diagram box(TmaDescriptor d, long innerChunks) {
        long rows = Math.min(MAX_ROWS, boxRows(d));
        Sketch g = new Sketch();
        Box b = Grid.draw(g, "", Style.MARGIN, Style.MARGIN, Grid.Axis.of(IntTuple.of(rows), "row r"),
                Grid.Axis.of(IntTuple.of(innerChunks), "chunk c"), new Grid.Cells() {
                    @Override
                    public List<String> lines(long r, long c) {
                        return List.of("r" + r + " c" + c);
                    }

                    @Override
                    public long colour(long r, long c) {
                        return c;
                    }
                });
        return g.build("box", b.right() + Style.MARGIN, b.bottom() + Style.MARGIN);
    }

    /**
     * Panel 3: 128-byte lines of shared memory, each slot the box chunk the swizzle puts there. A TMA swizzle writes
     * only bits of the byte address below 128 ({@code Sw<B,4,3>}, B ≤ 3), so chunk k stays on line ⌊16k / 128⌋ and
     * only the chunks of the lines drawn are visited; a swizzle that moved chunks between lines would need every chunk,
     * and a box of more than {@link Picture#MAX_CELLS} chunks is then refused.
     */
    private static Diagram landing(TmaDescriptor d, long innerChunks) {
        long chunks = Math.multiplyExact(boxRows(d), innerChunks);
        long lines = Math.min(MAX_ROWS, Math.ceilDiv(Math.multiplyExact(chunks, 16), 128));
        long[][] at = new long[(int) lines][8];
        for (long[] r : at) java.util.Arrays.fill(r, -1);
        org.layoutcat.core.Swizzle sw = d.swizzle().byteSwizzle();
        long visited = chunks;
        if (sw.zzzMask() >>> 7 == 0) visited = Math.min(chunks, lines * 8); // the chunks of the lines drawn
        else Picture.requireCells("tma", "the box's " + chunks + " chunks, which its swizzle moves between lines,", chunks, "draw a smaller box");
        for (long k = 0; k < visited; k++) {
            long addr = sw.isIdentity() ? k * 16 : sw.apply(k * 16);
            long line = addr / 128, slot = addr % 128 / 16;
            if (line < lines) at[(int) line][(int) slot] = k;
        }
        Sketch g = new Sketch();
        Box b = Grid.draw(g, "", Style.MARGIN, Style.MARGIN, Grid.Axis.of(IntTuple.of(lines), "128-byte line"),
                Grid.Axis.of(IntTuple.of(8), "16-byte slot"), new Grid.Cells() {
                    @Override
                    public List<String> lines(long r, long c) {
                        long k = at[(int) r][(int) c];
                        return k < 0 ? List.of() : List.of("r" + k / innerChunks + " c" + k % innerChunks);
                    }

                    @Override
                    public long colour(long r, long c) {
                        long k = at[(int) r][(int) c];
                        return k < 0 ? -1 : k % innerChunks;
                    }
                });
        return g.build("landing", b.right() + Style.MARGIN, b.bottom() + Style.MARGIN);
    }
}
