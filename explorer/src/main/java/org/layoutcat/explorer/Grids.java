package org.layoutcat.explorer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.LongUnaryOperator;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.core.internal.Wavefronts;
import org.layoutcat.core.swizzle.BankConflicts;

/**
 * The explorer's grids as data: the values of every cell, which the page draws, zooms and explains on hover. A grid
 * is a {@link Panel} of {@code rows × cols} cells, each cell the element {@code e = r + rows·c} (column-major, CuTe's
 * colexicographic order over (mode 0, the other modes)), or for a transposed panel {@code e = c + cols·r}. The page
 * names a cell's hierarchical coordinate from {@code e} and the panel's shape.
 */
final class Grids {
    private Grids() {}

    /** Most cells the explorer sends for one view: 2^16 per panel, as the pictures draw. */
    static final long MAX_CELLS = 1L << 16;

    /** Most (thread, value) pairs of one TV layout walked for a view (a wgmma operand has 131,072). */
    static final long MAX_PAIRS = 1L << 22;

    /** Refuses a TV layout of more pairs than a view walks, before one is walked. */
    static long checkPairs(String what, Layout tv) {
        if (tv.size() > MAX_PAIRS) {
            throw new IllegalArgumentException(what + ": " + tv + " has " + tv.size() + " (thread, value) pairs; the explorer walks at most "
                    + MAX_PAIRS + " (fewer atoms, threads or values)");
        }
        return tv.size();
    }

    /** Gives up where the explorer has given the request up (its time limit): long loops call this now and then. */
    static void checkInterrupted() {
        if (Thread.currentThread().isInterrupted()) throw new java.util.concurrent.CancellationException("the request was given up");
    }

    /**
     * One grid: where it sits and what colours it, and its layers of per-element values, each present or absent as a
     * whole (at most one of each kind).
     *
     * @param frame  its caption, shape and cells
     * @param x      its left column, in cells, in the view
     * @param y      its top row, in cells, in the view
     * @param colour what colours a cell: offset, thread, bank or none
     * @param layers its layers of values, at most one of each kind
     */
    record Panel(Frame frame, long x, long y, String colour, List<Layer> layers) {
        Panel {
            layers = List.copyOf(layers);
        }

        Panel(Frame frame, String colour, Layer... layers) {
            this(frame, 0, 0, colour, List.of(layers));
        }

        String name() {
            return frame.name();
        }

        IntTuple shape() {
            return frame.shape();
        }

        long rows() {
            return frame.rows();
        }

        long cols() {
            return frame.cols();
        }

        boolean transposed() {
            return frame.transposed();
        }

        /** Its layer of this kind, where it has one. */
        <L extends Layer> Optional<L> layer(Class<L> kind) {
            return layers.stream().filter(kind::isInstance).map(kind::cast).findFirst();
        }

        /** The panel with {@code layer} in place of its layer of that kind, or added. */
        Panel with(Layer layer) {
            List<Layer> out = new ArrayList<>(layers.size() + 1);
            for (Layer l : layers) if (l.getClass() != layer.getClass()) out.add(l);
            out.add(layer);
            return new Panel(frame, x, y, colour, out);
        }

        /**
         * The panel with panel {@code other}'s offsets, offsets before the swizzle and banks, which are its own (the same
         * tile): its own layers of them left out, said to be {@code other}'s.
         */
        Panel sharing(int other) {
            List<Layer> out = new ArrayList<>();
            for (Layer l : layers) if (!(l instanceof Offsets || l instanceof Swizzle || l instanceof Banks)) out.add(l);
            out.add(new Shared(other));
            return new Panel(frame, x, y, colour, out);
        }

        /** The panel under another caption. */
        Panel named(String name) {
            return new Panel(new Frame(name, frame.shape(), frame.rows(), frame.cols(), frame.transposed()), x, y, colour, layers);
        }

        Panel at(long nx, long ny) {
            return new Panel(frame, nx, ny, colour, layers);
        }

        Panel withPeer(long[] peers, int panel) {
            return with(new Peers(peers, panel));
        }

        Panel withBank(long[] banks) {
            return new Panel(frame, x, y, "bank", layers).with(new Banks(banks));
        }

        /** The panel coloured by what {@code colour} names instead (one the page knows: offset, row, column, bank, none, ...). */
        Panel colouredBy(String colour) {
            return new Panel(frame, x, y, colour, layers);
        }

        Panel withAddress(long[] offsets) {
            return with(new Addresses(offsets));
        }

        Panel withOwners(Owners o) {
            return with(new Threads(o.thread, o.value)).with(new Holders(o.holders));
        }
    }

    /**
     * A grid's caption and cells.
     *
     * @param name       its caption ("C", "source", the layout)
     * @param shape      the shape whose colexicographic coordinate of e the page shows
     * @param rows       rows drawn
     * @param cols       columns drawn
     * @param transposed cell (r, c) is element {@code c + cols·r} (B of an MMA, drawn K × N)
     */
    record Frame(String name, IntTuple shape, long rows, long cols, boolean transposed) {
    }

    /** A panel's values of one kind, one per element (in the element order of the panel's comment). */
    sealed interface Layer {
    }

    /** @param offset each element's offset (the layout's value) */
    record Offsets(long[] offset) implements Layer {
    }

    /** @param unswizzled each element's offset before the swizzle (a composed layout's {@code offset + L(i)}) */
    record Swizzle(long[] unswizzled) implements Layer {
    }

    /** @param bank each element's bank */
    record Banks(long[] bank) implements Layer {
    }

    /**
     * @param thread each element's first thread, −1 where none holds it
     * @param value  each element's value index under that thread
     */
    record Threads(long[] thread, long[] value) implements Layer {
    }

    /** @param holders how many (thread, value) pairs hold each element */
    record Holders(long[] holders) implements Layer {
    }

    /**
     * @param peer  each element's counterpart in the panel {@code panel}
     * @param panel the index of the panel {@code peer} points into
     */
    record Peers(long[] peer, int panel) implements Layer {
    }

    /** @param address each element's offset in the tensor a copy reads (its source panel) or writes (its destination) */
    record Addresses(long[] address) implements Layer {
    }

    /**
     * @param pairs   the TV layout's values, pair by pair ({@code t + threads·v}): the elements each thread holds, every
     *                one of them where several threads hold an element
     * @param threads the number of threads of {@code pairs}
     */
    record Pairs(long[] pairs, long threads) implements Layer {
    }

    /**
     * @param ways for a shared-memory tile under one instruction or a stage of them: how many distinct words the
     *             element's bank holds in its instruction's phase (more than 1: a bank conflict), 0 where no instruction
     *             reads it
     */
    record Conflicts(long[] ways) implements Layer {
    }

    /**
     * @param instruction for a stage: the index of the warp instruction that first reads each element (warp by warp, in
     *                    issue order), −1 where none does
     */
    record Stage(long[] instruction) implements Layer {
    }

    /**
     * @param panel the panel whose offsets, offsets before the swizzle and banks this one has too (one tile under two
     *              accesses), sent once, with that panel
     */
    record Shared(int panel) implements Layer {
    }

    /** @param text each element's value as text where it is not an integer (a coordinate of a scaled-basis layout) */
    record Text(String[] text) implements Layer {
    }

    /** @param copy each element's TMA copy: the index of the copy (in the descriptor's list) that moves it, −1 where none */
    record Copies(long[] copy) implements Layer {
    }

    /**
     * @param chunk each element's 16-byte chunk within its 128-byte line of shared memory before the swizzle (0 to 7):
     *              the unit TMA's swizzles permute, line by line, −1 where no element is
     */
    record Chunks(long[] chunk) implements Layer {
    }

    /**
     * @param quarter for tensor memory: each cell's quarter of lanes (lane / 32, which warps w with w mod 4 = quarter
     *                reach), −1 where the cell holds no element
     */
    record Quarters(long[] quarter) implements Layer {
    }

    /** @param coord per TMA dimension d, each element's coordinate along d in the tensor map ({@code coord[d][e]}) */
    record TmaCoords(long[][] coord) implements Layer {
    }

    /** Rows and columns of a shape: rank ≤ 1 a column ({@code (N,1)}, as CuTe pads a vector); else mode 0 against the rest. */
    static long[] rowsCols(IntTuple shape) {
        if (shape.isLeaf() || shape.rank() == 1) return new long[] {shape.product(), 1};
        long rows = shape.mode(0).product();
        return new long[] {rows, shape.product() / rows};
    }

    /** Refuses a grid past {@link #MAX_CELLS} before a cell is computed. */
    static long checkCells(String what, long cells) {
        if (cells > MAX_CELLS) {
            throw new IllegalArgumentException(what + " has " + cells + " cells; the explorer draws at most " + MAX_CELLS
                    + " a grid (tile it, or slice it with an operation, and look at a part)");
        }
        return cells;
    }

    /**
     * The grid of a layout's values: e ↦ L(e) for every index; for a swizzled layout also {@code offset + L(e)}, the
     * offset the swizzle permutes; each element's bank for {@code elementBytes > 0}.
     */
    static Panel layout(AnyLayout l, int elementBytes) {
        IntTuple shape = l.shape();
        long n = checkCells("the layout " + l, l.size());
        long[] rc = rowsCols(shape);
        if (l instanceof CoordLayout c) { // values are coordinates: shown as CuTe prints them, coloured by index
            String[] text = new String[(int) n];
            for (int e = 0; e < n; e++) text[e] = c.apply(e).toString();
            return new Panel(new Frame(l.toString(), shape, rc[0], rc[1], false), "none", new Text(text));
        }
        LongUnaryOperator phi = AnyLayout.offsets(l, "layout", "its values are coordinates");
        long[] offset = new long[(int) n];
        for (int e = 0; e < n; e++) offset[e] = phi.applyAsLong(e);
        Panel p = new Panel(new Frame(l.toString(), shape, rc[0], rc[1], false), "offset", new Offsets(offset));
        if (l instanceof ComposedLayout c) {
            long[] unswizzled = new long[(int) n];
            for (int e = 0; e < n; e++) unswizzled[e] = Math.addExact(c.offset(), c.inner().apply(e));
            p = p.with(new Swizzle(unswizzled));
        }
        return elementBytes > 0 ? p.withBank(banks(offset, elementBytes)) : p;
    }

    private static long[] banks(long[] offsets, int elementBytes) {
        long[] b = new long[offsets.length];
        for (int i = 0; i < b.length; i++) b[i] = BankConflicts.bank(offsets[i], elementBytes);
        return b;
    }

    /** Who holds each element of a tile: the first (thread, value) pair in index order, and how many pairs do. */
    record Owners(long[] thread, long[] value, long[] holders) {}

    /**
     * The owners of the {@code cells} elements of a tile under a thread–value layout (thread mode 0, value mode 1; a
     * layout of rank 1 gives each thread one value).
     *
     * @throws IllegalArgumentException where a pair lands outside the tile
     */
    static Owners owners(String what, Layout tv, long cells) {
        checkCells(what, cells);
        checkPairs(what, tv);
        if (tv.rank() > 2) {
            throw new IllegalArgumentException("a thread–value layout has rank 2 (thread, value), or 1 (a value a thread); " + tv
                    + " has rank " + tv.rank());
        }
        long threads = tv.rank() == 2 ? tv.mode(0).size() : tv.size();
        TvLayout.Holders held = TvLayout.holders(tv, cells, (i, o) -> what + ": " + tv + " takes thread " + i % threads + ", value "
                + i / threads + " to " + o + ", outside its " + cells + " elements");
        long[] thread = new long[(int) cells], value = new long[(int) cells], holders = new long[(int) cells];
        for (int e = 0; e < cells; e++) {
            long i = held.first()[e];
            thread[e] = i < 0 ? -1 : i % threads;
            value[e] = i < 0 ? -1 : i / threads;
            holders[e] = held.count()[e];
        }
        return new Owners(thread, value, holders);
    }

    /** A tile held by a thread–value layout: each element's owner, coloured by thread. */
    static Panel tile(String name, IntTuple shape, Layout tv, boolean transposed) {
        long[] rc = rowsCols(shape);
        long rows = transposed ? rc[1] : rc[0], cols = transposed ? rc[0] : rc[1];
        Owners o = owners(name, tv, shape.product());
        long threads = tv.rank() == 2 ? tv.mode(0).size() : tv.size();
        Panel p = new Panel(new Frame(name, shape, rows, cols, transposed), "thread").withOwners(o);
        if (tv.size() <= 4 * MAX_CELLS) { // each thread's elements, for selecting a thread; past that, its first ones
            long[] pairs = new long[(int) tv.size()];
            for (int i = 0; i < pairs.length; i++) pairs[i] = tv.apply(i);
            p = p.with(new Pairs(pairs, threads));
        }
        return p;
    }

    /** The TV layout itself: threads down, values across, each cell its offset in the tile, coloured by thread. */
    static Panel tvTable(Layout tv) {
        long n = checkCells("the TV layout " + tv, tv.size());
        long threads = tv.rank() == 2 ? tv.mode(0).size() : tv.size(), values = tv.rank() == 2 ? tv.mode(1).size() : 1;
        long[] offset = new long[(int) n], thread = new long[(int) n], value = new long[(int) n];
        for (int i = 0; i < n; i++) {
            offset[i] = tv.apply(i);
            thread[i] = i % threads;
            value[i] = i / threads;
        }
        return new Panel(new Frame("TV " + tv, IntTuple.of(IntTuple.of(threads), IntTuple.of(values)), threads, values, false), "thread",
                new Offsets(offset), new Threads(thread, value));
    }

    /** The tile of a TV layout and the TV table beside it, as {@code draw tv} shows them. */
    static List<Panel> tv(Layout tv, IntTuple tile) {
        IntTuple shape = tile != null ? tile : IntTuple.of(tv.cosize());
        if (!shape.allPositive()) throw new IllegalArgumentException("tile " + shape + " has a non-positive entry");
        Panel table = tvTable(tv); // refused first where it is too large, before the tile is walked
        Panel t = tile("tile " + shape, shape, tv, false);
        table = table.at(t.cols() + 2, 0);
        return List.of(t, table);
    }

    /**
     * A tiled MMA as print_latex lays it out: B (K × N) on top, A (M × K) left, C (M × N) under B; {@code operands}
     * says which (C alone for wgmma, whose A and B every thread holds whole).
     */
    static List<Panel> mma(TiledMma mma, String operands) {
        long m = mma.tileSize(0), n = mma.tileSize(1), k = mma.tileSize(2);
        boolean a = operands.contains("A"), b = operands.contains("B"), c = operands.contains("C");
        long left = a ? k + 1 : 0, top = b ? k + 1 : 0;
        List<Panel> out = new ArrayList<>();
        if (c) out.add(tile("C", IntTuple.of(IntTuple.of(m), IntTuple.of(n)), mma.layoutC(), false).at(left, top));
        if (a) out.add(tile("A", IntTuple.of(IntTuple.of(m), IntTuple.of(k)), mma.layoutA(), false).at(0, top));
        if (b) out.add(tile("B", IntTuple.of(IntTuple.of(n), IntTuple.of(k)), mma.layoutB(), true).at(left, 0));
        return out;
    }

    /**
     * A tiled copy: the source tile and the destination tile side by side, each element's owner, and for each its
     * peer: where the same (thread, value) lands on the other side.
     */
    /**
     * A tiled copy whose source and destination tensors over the tile are given (either may be null): each cell also
     * the offset of its element in the tensor its side reads or writes.
     */
    static List<Panel> copy(TiledCopy copy, AnyLayout src, AnyLayout dst) {
        IntTuple tiler = copy.tiler();
        long rows = tiler.mode(0).product(), cols = tiler.rank() > 1 ? tiler.product() / rows : 1;
        IntTuple shape = IntTuple.of(IntTuple.of(rows), IntTuple.of(cols));
        Layout s = copy.layoutS(), d = copy.layoutD();
        Panel source = tile("source", shape, s, false);
        Panel target = tile("destination", shape, d, false).at(cols + 2, 0);
        Panel from = source.withPeer(peers(s, d, rows * cols), 1), to = target.withPeer(peers(d, s, rows * cols), 0);
        if (src != null) from = from.withAddress(addresses("source", src, rows * cols));
        if (dst != null) to = to.withAddress(addresses("destination", dst, rows * cols));
        return List.of(from, to);
    }

    /** The offsets of a tensor over a tile of {@code n} elements, at each column-major tile index. */
    private static long[] addresses(String side, AnyLayout tensor, long n) {
        if (tensor.size() != n) {
            throw new IllegalArgumentException("copy: the " + side + " tensor " + tensor + " has " + tensor.size() + " elements where the tile has "
                    + n + "; give a tensor of the tile's shape");
        }
        LongUnaryOperator at = AnyLayout.offsets(tensor, "copy", "the " + side + " tensor's offsets are shown in the cells");
        long[] out = new long[(int) n];
        for (int e = 0; e < n; e++) out[e] = at.applyAsLong(e);
        return out;
    }

    /** For each element {@code from} reaches first, where {@code to} takes the same (thread, value) index. */
    private static long[] peers(Layout from, Layout to, long cells) {
        long[] peer = new long[(int) cells];
        Arrays.fill(peer, -1);
        for (long i = 0, n = from.size(); i < n; i++) {
            int e = (int) from.apply(i);
            if (peer[e] < 0) peer[e] = to.apply(i);
        }
        return peer;
    }

    /**
     * A shared-memory tile under one instruction: the tile's offsets and banks, and for each element the thread and
     * value of {@code access} ((thread, value) ↦ index of the tile) that reads it.
     */
    static Panel banks(AnyLayout smem, Layout access, int elementBytes) {
        return banks(smem, access, elementBytes, 32);
    }

    /**
     * The same, each warp instruction giving the addresses of its first {@code lanes} lanes (8 and 16 for
     * {@code ldmatrix}/{@code stmatrix .x1/.x2}).
     */
    static Panel banks(AnyLayout smem, Layout access, int elementBytes, int lanes) {
        return banks(layout(smem, elementBytes), smem, access, elementBytes, lanes);
    }

    /**
     * The same over {@code p}, the grid of smem's offsets and banks ({@link #layout}), which several accesses of one
     * tile share: smem's offsets are read from it, not evaluated again.
     */
    static Panel banks(Panel p, AnyLayout smem, Layout access, int elementBytes, int lanes) {
        long cells = smem.size();
        // one instruction, or a stage of them (threads past a warp, instructions as modes 2, 3, ...), as the hardware
        // issues them: each warp's instructions in order, each split into its phases
        BankConflicts.Indexed a = BankConflicts.indexed(access, lanes);
        long[] offset = p.layer(Offsets.class).map(Offsets::offset).orElse(null); // a layout of offsets: the others are refused above
        LongUnaryOperator phi = BankConflicts.offsets(smem);
        boolean exact = true; // every byte address of the grid within range: the table answers for smem (else smem words the refusal)
        for (long o : offset) exact &= org.layoutcat.core.internal.Checked.fits(o, elementBytes);
        LongUnaryOperator table = !exact ? phi : i -> i >= 0 && i < offset.length ? offset[(int) i] : phi.applyAsLong(i);
        List<List<Long>> instructions = BankConflicts.stageAddresses(table, elementBytes, a);
        int vector = a.values() * elementBytes;
        long[] thread = new long[(int) cells], value = new long[(int) cells], holders = new long[(int) cells];
        long[] ways = new long[(int) cells], instruction = new long[(int) cells];
        java.util.Arrays.fill(thread, -1);
        java.util.Arrays.fill(value, -1);
        java.util.Arrays.fill(instruction, -1);
        int warps = (a.threads() + 31) / 32;
        for (int w = 0, k = 0; w < warps; w++) {
            for (int i = 0; i < a.perThread(); i++, k++) {
                checkInterrupted();
                int[][] phases = phaseBanks(instructions.get(k), vector);
                for (int lane = 0; lane < lanes && 32 * w + lane < a.threads(); lane++) {
                    int t = 32 * w + lane;
                    int[] phase = phases[lane / Wavefronts.perPhase(vector)];
                    for (int v = 0; v < a.values(); v++) {
                        long e = a.index()[(int) (((long) i * a.values() + v) * a.threads() + t)];
                        if (e < 0 || e >= cells) {
                            throw new IllegalArgumentException("the access " + access + " takes thread " + t + ", value " + v + " of instruction " + i
                                    + " to index " + e + ", outside the " + cells + " elements of " + smem);
                        }
                        if (holders[(int) e]++ == 0) {
                            thread[(int) e] = t;
                            value[(int) e] = v;
                            instruction[(int) e] = k;
                        }
                        long word = Math.floorDiv(Math.multiplyExact(offset[(int) e], (long) elementBytes), (long) BankConflicts.WORD);
                        ways[(int) e] = Math.max(ways[(int) e], phase[(int) Math.floorMod(word, (long) BankConflicts.BANKS)]);
                    }
                }
            }
        }
        boolean stage = warps * (long) a.perThread() > 1;
        Panel out = p.withOwners(new Owners(thread, value, holders)).with(new Conflicts(ways));
        return stage ? out.with(new Stage(instruction)) : out;
    }

    /**
     * A TMA copy of a CTA's tile (make_tma_copy), element by element, in two panels that point at each other:
     * <ol>
     * <li>the tile in global memory, over the CTA tile's shape: each element v its offset {@code (G ∘ tiler)(v)} in the
     *     global tensor, its coordinate in the tensor map ({@code get_tma_tensor}'s, composed with the tiler), and the
     *     copy that moves it;</li>
     * <li>shared memory in 128-byte lines, by address: at each element offset a, the tile element v with {@code S(v) = a}
     *     (S swizzled; the page names v by its coordinate in the tile), the offset before the swizzle, its bank, and the
     *     same copy.</li>
     * </ol>
     * The copy of v is the one whose box holds v's shared-memory bytes before the swizzle: TMA writes a box densely, from
     * the copy's {@code smemOffset}, {@code bytesPerCopy} bytes (the derivation's box is the tile's leading unit steps in
     * shared memory), and swizzles by address as it writes.
     *
     * @throws IllegalArgumentException for elements of no whole byte (the packed types), whose lines are 16-byte chunks of
     *         16 values and whose figure says so
     */
    static List<Panel> tma(org.layoutcat.core.tma.TmaDescriptor d, Layout gmem, AnyLayout smem, IntTuple tile) {
        if (d.dataType().isPacked()) {
            throw new IllegalArgumentException("tma: " + d.dataType() + " packs values of " + d.dataType().bits() + " bits, which the"
                    + " element grids do not place; the figure draws its 16-byte chunks");
        }
        int bytes = d.dataType().bytes();
        long n = checkCells("the tile " + tile, tile.product());
        org.layoutcat.core.Tiler tiler = org.layoutcat.core.Tiler.ofShape(tile);
        // G ∘ V, the tile's global offsets, and per TMA dimension d the tensor map's coordinate along d of G's modes (its
        // flat strides' scales on basis d) composed with the tiler: integer layouts, each applied once an element
        Layout globalOffset = org.layoutcat.core.algebra.Composition.compose(gmem, tiler);
        List<org.layoutcat.core.ScaledBasis> strides = d.tmaTensor().flatStrides();
        Layout[] along = new Layout[d.rank()];
        for (int j = 0; j < along.length; j++) {
            List<org.layoutcat.core.ScaledBasis> onJ = new ArrayList<>();
            for (org.layoutcat.core.ScaledBasis b : strides) {
                onJ.add(org.layoutcat.core.ScaledBasis.of(!b.isInteger() && b.index(0) == j ? b.value() : 0));
            }
            along[j] = org.layoutcat.core.algebra.Composition.compose(CoordLayout.of(gmem.shape(), onJ).toLayout(), tiler);
        }
        LongUnaryOperator swizzled = AnyLayout.offsets(smem, "tma", "a TMA tile in shared memory is a layout of element offsets");
        Layout unswizzledLayout = smem instanceof ComposedLayout c ? c.inner() : (Layout) smem;
        long unswizzledBase = smem instanceof ComposedLayout c && c.pointerBits() == 0 ? c.offset() : 0;
        // the copies by where their boxes start in shared memory, before the swizzle
        List<org.layoutcat.core.tma.TmaDescriptor.Copy> copies = d.copies();
        Integer[] order = new Integer[copies.size()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Long.compare(copies.get(a).smemOffset(), copies.get(b).smemOffset()));
        long[] starts = new long[order.length];
        for (int i = 0; i < order.length; i++) starts[i] = copies.get(order[i]).smemOffset();
        long boxBytes = d.bytesPerCopy();

        long[] global = new long[(int) n], copy = new long[(int) n], at = new long[(int) n], before = new long[(int) n], chunk = new long[(int) n];
        long[][] tmaCoord = new long[along.length][(int) n];
        long cosize = 0;
        for (int e = 0; e < n; e++) {
            if ((e & 4095) == 0) checkInterrupted();
            global[e] = globalOffset.apply(e);
            for (int j = 0; j < along.length; j++) tmaCoord[j][e] = along[j].apply(e);
            at[e] = swizzled.applyAsLong(e);
            before[e] = Math.addExact(unswizzledBase, unswizzledLayout.apply(e));
            long b = Math.multiplyExact(before[e], bytes);
            chunk[e] = Math.floorMod(b / 16, 8);
            int k = Arrays.binarySearch(starts, b);
            int i = k >= 0 ? k : -k - 2;
            copy[e] = i >= 0 && b < starts[i] + boxBytes ? order[i] : -1;
            cosize = Math.max(cosize, at[e] + 1);
        }
        long perLine = Math.max(1, 128 / bytes), lines = Math.ceilDiv(cosize, perLine);
        long cells = checkCells("the tile's shared memory (" + cosize + " elements)", lines * perLine);
        long[] peer = new long[(int) n];
        long[] byAddress = new long[(int) cells], addrCopy = new long[(int) cells], addrBefore = new long[(int) cells], holder = new long[(int) cells];
        Arrays.fill(holder, -1);
        Arrays.fill(addrCopy, -1);
        Arrays.fill(addrBefore, -1);
        for (int a = 0; a < cells; a++) byAddress[a] = a;
        for (int e = 0; e < n; e++) {
            int a = (int) at[e];
            peer[e] = a;
            holder[a] = e;
            addrCopy[a] = copy[e];
            addrBefore[a] = before[e];
        }
        long[] rc = rowsCols(tile);
        long[] addrChunk = new long[(int) cells];
        for (int a = 0; a < cells; a++) addrChunk[a] = holder[a] < 0 ? -1 : chunk[(int) holder[a]];
        Panel inGlobal = new Panel(new Frame("global: the tile " + tile, tile, rc[0], rc[1], false),
                "chunk", new Offsets(global), new Copies(copy), new Chunks(chunk), new TmaCoords(tmaCoord)).withPeer(peer, 1);
        Panel inShared = new Panel(new Frame("shared: by address, " + perLine + " a line",
                IntTuple.of(IntTuple.of(perLine), IntTuple.of(lines)), lines, perLine, true), "chunk",
                new Offsets(byAddress), new Swizzle(addrBefore), new Copies(addrCopy), new Chunks(addrChunk))
                .withPeer(holder, 0).at(rc[1] + 2, 0);
        return List.of(inGlobal, inShared.with(new Banks(banks(byAddress, bytes))));
    }

    /**
     * Tensor memory as an accumulator fills it ({@code tmem_frg}): 128 lanes down, the columns it spans across, each
     * cell {@code lane + 128·column} the accumulator's elements (m,n) whose TMEM address (lane in bits 16–22, column in
     * bits 0–8) it is, two where 16-bit values pack a 32-bit column; each held cell in its quarter of lanes.
     */
    static Panel tmem(org.layoutcat.core.tmem.TmemAccumulator acc) {
        int lanes = org.layoutcat.core.tmem.TmemAccumulator.LANES;
        long columns = acc.columns();
        long n = checkCells("tensor memory's " + lanes + " lanes × " + columns + " columns", Math.multiplyExact(lanes, columns));
        Layout tile = acc.layout().mode(0);
        long m = tile.mode(0).size(), cols = tile.mode(1).size();
        StringBuilder[] held = new StringBuilder[(int) n];
        for (long j = 0; j < cols; j++) {
            for (long i = 0; i < m; i++) {
                int e = (int) acc.cell(i, j);
                held[e] = (held[e] == null ? new StringBuilder() : held[e].append(' ')).append('(').append(i).append(',').append(j).append(')');
            }
        }
        String[] text = new String[(int) n];
        long[] quarter = new long[(int) n];
        for (int e = 0; e < n; e++) {
            text[e] = held[e] == null ? "" : held[e].toString();
            quarter[e] = held[e] == null ? -1 : (e % lanes) / 32;
        }
        return new Panel(new Frame("tensor memory: lanes × columns", IntTuple.flat(lanes, columns), lanes, columns, false), "quarter",
                new Text(text), new Quarters(quarter));
    }

    /**
     * For each phase of one instruction whose lanes access {@code vector} bytes at these byte addresses (checked by
     * {@link BankConflicts#stageAddresses}), the distinct words each of the 32 banks holds in it: {@code [phase][bank]},
     * as {@link BankConflicts.Phase#banks} holds them ({@link Wavefronts}' rule of phases and words), from the phase's words
     * sorted, without a map of them.
     */
    private static int[][] phaseBanks(List<Long> address, int vector) {
        int perPhase = Wavefronts.perPhase(vector), n = address.size();
        int[][] out = new int[(n + perPhase - 1) / perPhase][BankConflicts.BANKS];
        long[] words = Wavefronts.words(vector);
        for (int start = 0, ph = 0; start < n; start += perPhase, ph++) {
            int m = 0;
            for (int t = start; t < Math.min(n, start + perPhase); t++) {
                long first = address.get(t);
                for (long wd = Math.floorDiv(first, (long) BankConflicts.WORD); wd <= Wavefronts.lastWord(first, vector); wd++) words[m++] = wd;
            }
            Arrays.sort(words, 0, m);
            for (int i = 0; i < m; i++) if (i == 0 || words[i] != words[i - 1]) out[ph][(int) Math.floorMod(words[i], (long) BankConflicts.BANKS)]++;
        }
        return out;
    }
}
