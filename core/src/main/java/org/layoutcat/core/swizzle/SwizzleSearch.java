package org.layoutcat.core.swizzle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.f2.F2Map;
import org.layoutcat.core.f2.F2View;
import org.layoutcat.core.internal.TranslateClasses;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling;

/**
 * The choice of a shared-memory tile's swizzle against a whole stage's accesses: every candidate layout of the tile
 * is counted with {@link BankConflicts#stage} over every access (the writes that fill the tile and the reads that
 * drain it), and the candidates are ranked by their total wavefronts.
 *
 * <p>The candidates: the tile's compact layout in its major ({@code (M,K):(K,1)} K-major, {@code (M,K):(1,M)} MN-major)
 * under every swizzle {@code Sw<B,M,S>} of element offsets whose bits fit the tile (B = 1 … 5, the bits of a bank; M from the element's
 * 4-byte word to its 128-byte line, S from B up to the tile's bits), and CuTe's GMMA shared-memory atoms of the
 * element tiled to the tile in both orders {@code tile_to_shape} takes (column-major, and row-major {@code (1,0)}).
 *
 * <p>Where no candidate meets the bound, a local search over general XOR maps of the compact tile's offsets (linear
 * maps over F2 that XOR higher bits into each bit below a 128-byte line; {@code Sw<B,M,S>} is one) looks for one
 * that does, and the result says what it found: a map that meets the bound, or the best it reached (a local search
 * proves no map impossible).
 *
 * <p>The lower bound is the same for every candidate: each instruction needs at least one wavefront per 128 bytes
 * in each of its phases ({@link BankConflicts#minimum}), so the stage needs at least the sum of its instructions'
 * minimums; a candidate that reaches it has no bank conflict at all. CUTLASS's choice is SM90's
 * {@code ss_smem_selector} ({@code cutlass/gemm/collective/builders/sm90_common.inl}): the widest GMMA atom whose
 * width divides the tile's contiguous extent, tiled as the SM90 builders tile it (MN-major {@code Step<_2,_1>}).
 */
public final class SwizzleSearch {
    private SwizzleSearch() {}

    /**
     * One access of the stage: (thread, value, instruction...) → index of the tile, column-major over the tile's
     * shape, and the lanes of each warp that give addresses (see {@link BankConflicts#stage}).
     *
     * @param name   what a person calls it ({@code cp.async 16 B}, {@code ldmatrix.x4})
     * @param access the access layout
     * @param lanes  8, 16 or 32
     */
    public record Access(String name, Layout access, int lanes) {}

    /** A candidate layout of the tile and its count: total wavefronts, and per access. */
    public record Candidate(String name, AnyLayout smem, long wavefronts, List<Long> perAccess) {
        public Candidate {
            perAccess = List.copyOf(perAccess);
        }
    }

    /**
     * The ranked candidates, the lower bound every candidate is measured against, and CUTLASS's choice (null where
     * its selector has no atom for the tile).
     */
    public record Result(List<Candidate> ranked, long lowerBound, Candidate cutlass, int candidates, XorMap xor) {
        public Result {
            ranked = List.copyOf(ranked);
        }

        /** The best candidate: the fewest wavefronts, the plainest of equals. */
        public Candidate best() {
            return ranked.getFirst();
        }

        /**
         * The candidate of this rank: 1 the best, as {@link #table} numbers them.
         *
         * @throws LayoutArgumentException for a rank past the ranking (both named)
         */
        public Candidate ranked(int rank) {
            if (rank < 1 || rank > ranked.size()) {
                throw new LayoutArgumentException("candidate " + rank + ": the search ranks " + ranked.size() + " candidate"
                        + (ranked.size() == 1 ? "" : "s") + ", 1 the best");
            }
            return ranked.get(rank - 1);
        }

        /** Whether a candidate is CUTLASS's choice: the layout its selector tiles (any candidate of that same layout). */
        public boolean isCutlass(Candidate c) {
            return cutlass != null && cutlass.smem().equals(c.smem());
        }

        /** Whether the best candidate meets the lower bound: no instruction of the stage has a bank conflict. */
        public boolean meetsBound() {
            return best().wavefronts() == lowerBound;
        }

        /** A table a person reads: the bound, the best candidates, and CUTLASS's choice against the best. */
        public String table(int rows) {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format("%d candidates; lower bound %d wavefronts (one per 128 bytes a phase): %s%n", candidates, lowerBound,
                    meetsBound() ? "met" : "not met by any candidate (best " + best().wavefronts() + ")"));
            for (int i = 0; i < Math.min(rows, ranked.size()); i++) {
                Candidate c = ranked.get(i);
                sb.append(String.format("  %3d. %6d wavefronts %s  %s%n", i + 1, c.wavefronts(), c.perAccess(), c.name()));
            }
            if (xor != null) {
                sb.append(String.format("outside Sw<B,M,S>: %s over the compact tile: %d wavefronts, %s%n", xor, xor.wavefronts(),
                        xor.wavefronts() == lowerBound ? "meets the bound" : "the best XOR map the local search found; it does not meet the bound"));
            }
            if (cutlass != null) {
                long save = cutlass.wavefronts() - best().wavefronts();
                sb.append(String.format("CUTLASS (SM90 ss_smem_selector): %d wavefronts %s  %s; the best saves %d (%.1f%%)%n", cutlass.wavefronts(),
                        cutlass.perAccess(), cutlass.name(), save, 100.0 * save / cutlass.wavefronts()));
            }
            return sb.toString();
        }
    }

    /** The swizzles {@code Sw<B,M,S>} the search tries over {@code bits} index bits of {@code 2^log2e}-byte elements. */
    private static int swizzles(int bits, int log2e) {
        int n = 0;
        for (int b = 1; b <= 5; b++) {
            for (int m = Math.max(0, 2 - log2e); m <= 7 - log2e && m < bits; m++) n += Math.max(0, bits - b - m - b + 1);
        }
        return n;
    }

    /** The most candidates counted: past it the tile is refused rather than searched. */
    static final int MAX_CANDIDATES = 512;

    /**
     * The search (see the class comment) for a rank-2 tile {@code (MN, K)} of {@code elementBytes}-byte elements stored
     * {@code major}, against the stage's accesses.
     *
     * <p>Cost: O(bits) to class the instructions of an access linear over F2 (O(entries of the stage) to evaluate and
     * class another's), then O(entries per count) for each candidate and each XOR map counted (see {@link #MAX_COUNTED}):
     * a swizzle of the compact tile one XOR and shift an entry, another layout O(bits) an entry.
     *
     * @throws LayoutArgumentException where the tile is not rank 2 with power-of-two extents, an element is not 1, 2,
     *         4 or 8 bytes, there is no access, an access is refused for every candidate (its values are no vector), an
     *         access makes more than {@link BankConflicts#MAX_STAGE_INSTRUCTIONS} warp instructions, or the counts
     *         would read more than {@link #MAX_COUNTED} entries (each with a tile that fits)
     */
    public static Result search(IntTuple tile, int elementBytes, Major major, List<Access> accesses) {
        if (tile.isLeaf() || tile.rank() != 2 || !tile.mode(0).isLeaf() || !tile.mode(1).isLeaf()) {
            throw new LayoutArgumentException("tile " + tile + ": the search takes a rank-2 tile (MN, K)");
        }
        long mn = tile.mode(0).value(), k = tile.mode(1).value();
        if (Long.bitCount(mn) != 1 || Long.bitCount(k) != 1) {
            throw new LayoutArgumentException("tile " + tile + ": swizzles permute bits, so the search takes extents that are powers of two");
        }
        if (elementBytes != 1 && elementBytes != 2 && elementBytes != 4 && elementBytes != 8) {
            throw new LayoutArgumentException("an element of " + elementBytes + " bytes: the search takes 1, 2, 4 or 8");
        }
        if (accesses.isEmpty()) throw new LayoutArgumentException("a search needs the stage's accesses");
        Layout base = major == Major.K ? Layout.of(tile, IntTuple.flat(k, 1)) : Layout.of(tile, IntTuple.flat(1, mn));
        List<AnyLayout> layouts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Swizzle> over = new ArrayList<>(); // per candidate, the swizzle of the compact tile it is (null: another layout)
        layouts.add(base);
        names.add("no swizzle: " + base);
        over.add(Swizzle.IDENTITY);
        int bits = Long.numberOfTrailingZeros(mn * k);
        int log2e = Integer.numberOfTrailingZeros(elementBytes);
        for (int b = 1; b <= 5; b++) { // up to the 5 bits of a bank
            for (int m = Math.max(0, 2 - log2e); m <= 7 - log2e && m < bits; m++) {
                for (int s = b; b + m + s <= bits; s++) {
                    ComposedLayout c = new ComposedLayout(new Swizzle(b, m, s), 0, base);
                    layouts.add(c);
                    names.add(c.toString());
                    over.add(c.outer());
                }
            }
        }
        for (Major atomMajor : Major.values()) {
            for (Swizzling sw : Swizzling.values()) {
                for (IntTuple order : new IntTuple[] {null, IntTuple.flat(1, 0)}) {
                    try {
                        ComposedLayout atom = GmmaSmemAtoms.atom(atomMajor, sw, 8 * elementBytes);
                        AnyLayout t = TileToShape.tileToShape(atom, tile, order);
                        layouts.add(t);
                        names.add(GmmaSmemAtoms.name(atomMajor, sw, 8 * elementBytes) + (order == null ? "" : " tiled (1,0)") + ": " + t);
                        over.add(null);
                    } catch (LayoutArgumentException e) {
                        // the atom does not tile this tile
                    }
                }
            }
        }
        if (layouts.size() > MAX_CANDIDATES) { // the candidates grow with the tile's bits: a tile, not a bug
            int fits = bits;
            while (fits > 1 && 1 + swizzles(fits, log2e) + 2 * Major.values().length * Swizzling.values().length > MAX_CANDIDATES) fits--;
            long size = mn * k; // a power of two (both extents are)
            int fitting = fits;
            throw new LayoutArgumentException(() -> "tile " + tile + ": its " + size + " elements make " + layouts.size()
                    + " candidate layouts (the swizzles of its " + bits + " index bits and the GMMA atoms), past the "
                    + MAX_CANDIDATES + " a search weighs (a tile of at most 2^" + fitting + " elements keeps within them)");
        }
        for (Access a : accesses) {
            Layout l = a.access();
            long threads = l.rank() >= 2 ? l.mode(0).size() : l.size();
            long values = l.rank() >= 2 ? l.mode(1).size() : 1;
            long instructions = (threads + 31) / 32 * (l.size() / (threads * values));
            if (instructions > BankConflicts.MAX_STAGE_INSTRUCTIONS) {
                throw new LayoutArgumentException("tile " + tile + ": its access " + a.name() + " makes " + instructions + " warp instructions, past the "
                        + BankConflicts.MAX_STAGE_INSTRUCTIONS + " a stage's count takes; " + fits(tile, (double) BankConflicts.MAX_STAGE_INSTRUCTIONS / instructions));
            }
        }
        Counter counter = new Counter(accesses, bits, elementBytes, base);
        long work = 0;
        for (int i = 0; i < layouts.size(); i++) work += counter.entriesPerCount(layouts.get(i), over.get(i));
        if (work > MAX_COUNTED) {
            throw new LayoutArgumentException(String.format("tile %s: counting its %d candidate layouts over the stage's %,d distinct"
                    + " instructions (up to XOR translates) reads %,d entries, past the %,d a search reads; %s", tile, layouts.size(),
                    counter.patterns(), work, MAX_COUNTED, fits(tile, (double) MAX_COUNTED / work)));
        }
        long bound = -1;
        List<Candidate> ranked = new ArrayList<>();
        int refused = -1; // the first layout that splits some thread's vector: not a candidate
        for (int i = 0; i < layouts.size(); i++) {
            Candidate c;
            try {
                c = counter.count(names.get(i), layouts.get(i), over.get(i));
            } catch (LayoutArgumentException e) {
                c = null;
            }
            if (c == null) {
                if (refused < 0) refused = i;
                continue;
            }
            ranked.add(c);
            if (bound < 0) bound = counter.minimum(layouts.get(i));
        }
        if (ranked.isEmpty()) {
            throw new LayoutArgumentException("no candidate layout of tile " + tile + " takes the accesses: "
                    + counter.refusal(layouts.get(refused)).getMessage());
        }
        ranked.sort(Comparator.comparingLong(Candidate::wavefronts));
        Candidate cutlass = null;
        Swizzling pick = cutlassChoice(major, tile, elementBytes);
        if (pick != null) {
            AnyLayout t = TileToShape.tileToShape(GmmaSmemAtoms.atom(major, pick, 8 * elementBytes), tile, major == Major.MN ? IntTuple.flat(1, 0) : null);
            try {
                cutlass = counter.count(GmmaSmemAtoms.name(major, pick, 8 * elementBytes) + ": " + t, t, null); // null where refused
            } catch (LayoutArgumentException e) {
                cutlass = null;
            }
        }
        XorMap xor = ranked.getFirst().wavefronts() > bound ? xorSearch(tile, base, counter, bound, ranked) : null;
        return new Result(ranked, bound, cutlass, layouts.size(), xor);
    }

    /**
     * The most entries the search reads in counting its candidates, and again in its XOR search (an entry is the offset
     * of one thread's value under one layout, and its bank): {@code candidates × entries per count}, and up to
     * {@code XOR_EVALUATIONS × entries per count}, where a count reads one instruction of each class of XOR translates
     * ({@link TranslateClasses}) for a layout linear over F2, every instruction otherwise. Past it the tile is refused,
     * with the size that fits (the XOR search's refusal comes when its reads pass the limit).
     */
    static final long MAX_COUNTED = 1L << 23;

    /**
     * "a tile of at most E elements, such as (MN',K'), fits": E the largest power of two at most the tile's elements
     * times {@code share}, (MN',K') the tile with its longer extent halved until it has E elements.
     */
    private static String fits(IntTuple tile, double share) {
        long mn = tile.mode(0).value(), k = tile.mode(1).value();
        long most = (long) Math.floor(mn * k * share);
        if (most < 1) return "no tile fits these accesses";
        while (mn * k > most) {
            if (mn >= k) mn /= 2;
            else k /= 2;
        }
        return String.format("a tile of at most %,d elements, such as (%d,%d), fits (the work grows with the tile)", mn * k, mn, k);
    }

    /**
     * A general XOR map of element offsets, linear over F2: bit j of the offset takes the parity of the bits {@code
     * masks[j]} (all above j, so the map is invertible) XORed into it. {@code Sw<B,M,S>} is the map whose masks are
     * {@code 1 << (M+S+k)} at bits {@code M+k}, k &lt; B.
     *
     * @param masks      per bit of the offset, the higher bits XORed into it (0: none)
     * @param wavefronts the stage's wavefronts over the tile under this map
     */
    public record XorMap(List<Long> masks, long wavefronts) {
        public XorMap {
            masks = List.copyOf(masks);
            for (int j = 0; j < masks.size(); j++) {
                if ((masks.get(j) & ((2L << j) - 1)) != 0) {
                    throw new LayoutArgumentException("bit " + j + " takes bits " + Long.toBinaryString(masks.get(j))
                            + ": an invertible XOR map takes only higher bits into a bit");
                }
            }
        }

        /** The map applied to an element offset. */
        public long apply(long x) {
            return apply(masks.stream().mapToLong(Long::longValue).toArray(), x);
        }

        /** The map with these masks at x: bit j of x flipped where x has an odd number of the bits of {@code masks[j]}. */
        static long apply(long[] masks, long x) {
            long y = x;
            for (int j = 0; j < masks.length; j++) if (Long.bitCount(x & masks[j]) % 2 == 1) y ^= 1L << j;
            return y;
        }

        /**
         * The tile under this map as a linear map over F2 (Triton's {@code LinearLayout} bases, {@link F2Map}): the
         * compact tile's F2 view followed by the map's, whose basis j is the image of offset bit j.
         *
         * @throws LayoutArgumentException where the tile has no F2 view (see {@link F2View#of(Layout)})
         */
        public F2Map f2(Layout tile) {
            List<List<Long>> bases = new ArrayList<>();
            for (int j = 0; j < masks.size(); j++) bases.add(List.of(apply(1L << j)));
            F2Map xor = F2Map.of(List.of(new F2Map.InDim(F2View.OFFSET, bases)), List.of(new F2Map.OutDim(F2View.OFFSET, masks.size())));
            return xor.compose(F2View.of(tile));
        }

        /** "bit 0 ^= bits 5,9; bit 1 ^= bit 6": the map's rows that move anything. */
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            for (int j = 0; j < masks.size(); j++) {
                long m = masks.get(j);
                if (m == 0) continue;
                if (!sb.isEmpty()) sb.append("; ");
                sb.append("bit ").append(j).append(" ^= bit").append(Long.bitCount(m) > 1 ? "s " : " ");
                StringBuilder bits = new StringBuilder();
                for (int b = 0; b < 64; b++) if ((m >> b & 1) != 0) bits.append(bits.isEmpty() ? "" : ",").append(b);
                sb.append(bits);
            }
            return sb.isEmpty() ? "the identity" : "XOR map (" + sb + ")";
        }
    }

    /** The most stage counts the XOR search spends. */
    static final int XOR_EVALUATIONS = 4000;

    /**
     * A local search over XOR maps of the compact tile's offsets, from the best {@code Sw<B,M,S>} found (or the
     * identity): each step takes the best of toggling one source bit of one target bit, or moving one source bit to
     * another, and stops at the bound, at a map no step improves, or after {@value #XOR_EVALUATIONS} counts. Targets are
     * the bits below a 128-byte line; sources any higher bit of the tile.
     */
    private static XorMap xorSearch(IntTuple tile, Layout base, Counter counter, long bound, List<Candidate> ranked) {
        int bits = Long.numberOfTrailingZeros(base.size());
        int targets = Math.min(bits, 7 - Integer.numberOfTrailingZeros(counter.elementBytes));
        long[] masks = new long[bits];
        for (Candidate c : ranked) { // start from the best plain swizzle of the compact tile
            if (c.smem() instanceof ComposedLayout cl && cl.pointerBits() == 0 && cl.inner().equals(base) && cl.offset() == 0) {
                Swizzle sw = cl.outer();
                if (sw.shift() > 0) for (int k = 0; k < sw.bits(); k++) if (sw.base() + k < bits && sw.base() + sw.shift() + k < bits) {
                    masks[sw.base() + k] = 1L << (sw.base() + sw.shift() + k);
                }
                break;
            }
        }
        Budget budget = new Budget(tile, ranked.getFirst().wavefronts(), bound, counter, counter.entriesPerCount(base, Swizzle.IDENTITY));
        long current = xorCount(masks, counter, budget);
        if (current < 0) {
            masks = new long[bits];
            current = xorCount(masks, counter, budget);
        }
        while (current > bound && budget.left > 0) {
            long bestCount = current;
            long[] bestMasks = null;
            for (int j = 0; j < targets && budget.left > 0; j++) {
                for (int a = j + 1; a < bits && budget.left > 0; a++) {
                    for (int b = a; b < bits && budget.left > 0; b++) { // toggle a (b == a), or toggle a and b: a move or a pair
                        long[] m = masks.clone();
                        m[j] ^= 1L << a;
                        if (b != a) m[j] ^= 1L << b;
                        long n = xorCount(m, counter, budget);
                        if (n >= 0 && n < bestCount) {
                            bestCount = n;
                            bestMasks = m;
                        }
                    }
                }
            }
            if (bestMasks == null) break;
            masks = bestMasks;
            current = bestCount;
        }
        List<Long> out = new ArrayList<>();
        for (long m : masks) out.add(m);
        return new XorMap(out, current);
    }

    /** The stage's wavefronts under the XOR map over the compact tile; −1 where it splits some thread's vector. */
    private static long xorCount(long[] masks, Counter counter, Budget budget) {
        budget.spend();
        return counter.total(masks);
    }

    /**
     * The XOR search's counts: {@value #XOR_EVALUATIONS} at most, and at most {@link #MAX_COUNTED} entries read in all;
     * past those entries the tile is refused, with the size that fits.
     */
    private static final class Budget {
        private final IntTuple tile;
        private final long best;
        private final long bound;
        private final Counter counter;
        private final long perCount;
        int left = XOR_EVALUATIONS;
        private long read;

        Budget(IntTuple tile, long best, long bound, Counter counter, long perCount) {
            this.tile = tile;
            this.best = best;
            this.bound = bound;
            this.counter = counter;
            this.perCount = perCount;
        }

        void spend() {
            read += perCount;
            if (read > MAX_COUNTED) {
                long all = XOR_EVALUATIONS * perCount;
                throw new LayoutArgumentException(String.format("tile %s: no candidate meets the bound (%d wavefronts against %d), and the"
                        + " search for an XOR map reads %,d entries a count (the stage's %,d distinct instructions, up to XOR translates):"
                        + " its %d counts may read %,d, past the %,d a search reads; %s", tile, best, bound, perCount, counter.patterns(),
                        XOR_EVALUATIONS, all, MAX_COUNTED, fits(tile, (double) MAX_COUNTED / all)));
            }
            left--;
        }
    }

    /**
     * The stage's counts over candidate layouts of the tile: from one instruction of each class of XOR translates
     * ({@link TranslateClasses}) where the layout is linear over F2 on the tile's index bits and the accesses stay in
     * the tile, else instruction by instruction with {@link BankConflicts#stage} (the definition, which also words every
     * refusal).
     *
     * <p>What the candidates share is computed once: an access layout linear over F2 gives its classes from the images
     * of its index bits ({@link TranslateClasses#ofLinear}), without its table of indices, which is evaluated
     * ({@link BankConflicts#indexed}) only where an access or a candidate is not linear; and the compact tile's images of
     * what a count reads are taken once, so that a swizzle {@code Sw<B,M,S>} of it is counted from them, each swizzled
     * ({@code sw(L(x))}, one XOR and shift an entry, as sw∘L is linear), instead of from its columns.
     */
    private static final class Counter {
        private final List<Access> accesses;
        private final List<TranslateClasses> classes;
        private final int bits;
        private final int elementBytes;
        private final Layout base;
        private final long[] baseColumns;
        /** Per access, the compact tile's images of what its count reads ({@link TranslateClasses#images}); null without classes. */
        private final long[][] baseImages;
        /** Per access, its table of indices once evaluated. */
        private final BankConflicts.Indexed[] indexed;

        Counter(List<Access> accesses, int bits, int elementBytes, Layout base) {
            this.accesses = accesses;
            this.bits = bits;
            this.elementBytes = elementBytes;
            this.base = base;
            this.indexed = new BankConflicts.Indexed[accesses.size()];
            for (Access a : accesses) BankConflicts.checkIndexed(a.access(), a.lanes());
            List<TranslateClasses> cs = new ArrayList<>();
            for (int i = 0; i < accesses.size(); i++) {
                TranslateClasses c = classesOf(i);
                if (c == null) {
                    cs = null;
                    break;
                }
                cs.add(c);
            }
            classes = cs;
            baseColumns = new long[bits];
            for (int j = 0; j < bits; j++) baseColumns[j] = base.apply(1L << j); // the compact tile: linear over F2
            if (classes != null && linear(base)) {
                baseImages = new long[classes.size()][];
                for (int a = 0; a < classes.size(); a++) {
                    baseImages[a] = new long[classes.get(a).images()];
                    classes.get(a).images(baseColumns, baseImages[a]);
                }
            } else {
                baseImages = null;
            }
        }

        /** The classes of access i: from its images where it is linear over F2, else from its table; null outside the tile. */
        private TranslateClasses classesOf(int i) {
            Layout l = accesses.get(i).access();
            int lanes = accesses.get(i).lanes();
            long threads = l.rank() >= 2 ? l.mode(0).size() : l.size();
            long values = l.rank() >= 2 ? l.mode(1).size() : 1;
            long perThread = l.size() / (threads * values);
            if (Long.bitCount(l.size()) == 1 && F2View.isLinear(l)) {
                long[] images = new long[Long.numberOfTrailingZeros(l.size())];
                for (int j = 0; j < images.length; j++) images[j] = l.apply(1L << j);
                return TranslateClasses.ofLinear(images, (int) threads, (int) values, (int) perThread, lanes, bits);
            }
            BankConflicts.Indexed a = indexed(i);
            return TranslateClasses.of(a.index(), a.threads(), a.values(), a.perThread(), a.lanes(), bits);
        }

        /** Access i's table of indices, evaluated when first asked for. */
        private BankConflicts.Indexed indexed(int i) {
            if (indexed[i] == null) indexed[i] = BankConflicts.indexed(accesses.get(i).access(), accesses.get(i).lanes());
            return indexed[i];
        }

        /** The layouts already asked about and whether each is linear (a search asks twice of each: its work, its count). */
        private final java.util.IdentityHashMap<AnyLayout, Boolean> linear = new java.util.IdentityHashMap<>();

        /** Whether the layout of the tile is counted from the classes: linear over F2 on its index bits, the accesses in the tile. */
        private boolean linear(AnyLayout layout) {
            if (classes == null) return false;
            return linear.computeIfAbsent(layout, l -> {
                try {
                    F2View.of(l);
                    return true;
                } catch (LayoutArgumentException | ArithmeticException e) {
                    return false;
                }
            });
        }

        /**
         * Whether a candidate is counted from the compact tile's images: a swizzle of the compact tile with offset 0,
         * linear exactly where the compact tile is ({@code sw} is linear and keeps the tile's bits).
         */
        private boolean ofBase(Swizzle over) {
            return over != null && baseImages != null;
        }

        /** The entries one count of {@code layout} reads ({@code over}: the swizzle of the compact tile it is, or null). */
        long entriesPerCount(AnyLayout layout, Swizzle over) {
            long n = 0;
            if (ofBase(over) || linear(layout)) for (TranslateClasses c : classes) n += c.representativeEntries();
            else for (Access a : accesses) n += a.access().size();
            return n;
        }

        /** The classes of instructions over all accesses (their instructions where the accesses leave the tile). */
        long patterns() {
            long n = 0;
            if (classes != null) for (TranslateClasses c : classes) n += c.classes();
            else for (int i = 0; i < accesses.size(); i++) n += (long) (indexed(i).threads() + 31) / 32 * indexed(i).perThread();
            return n;
        }

        /** The columns {@code smem(2^j)} of a layout linear over F2 on the tile's index bits; null where it is not. */
        private long[] columns(LongUnaryOperator smem, AnyLayout layout) {
            if (!linear(layout)) return null;
            long[] cols = new long[bits];
            for (int j = 0; j < bits; j++) cols[j] = smem.applyAsLong(1L << j);
            return cols;
        }

        /** The stage's total wavefronts over the XOR map with these masks of the compact tile; −1 where some access refuses it. */
        long total(long[] masks) {
            long total = 0;
            if (classes != null) { // the map after the compact tile is linear over F2
                long[] cols = new long[bits];
                for (int j = 0; j < bits; j++) cols[j] = XorMap.apply(masks, baseColumns[j]);
                for (TranslateClasses c : classes) {
                    long w = c.wavefronts(cols, elementBytes);
                    if (w < 0) return -1;
                    total += w;
                }
                return total;
            }
            for (int i = 0; i < accesses.size(); i++) {
                try {
                    total += BankConflicts.stage(x -> XorMap.apply(masks, base.apply(x)), elementBytes, indexed(i)).wavefronts();
                } catch (LayoutArgumentException e) {
                    return -1;
                }
            }
            return total;
        }

        /**
         * The candidate's count, access by access; null where the classes show that an access is refused over it
         * ({@link #refusal} words why).
         *
         * @param over the swizzle of the compact tile {@code smem} is, or null for another layout
         * @throws LayoutArgumentException where an access counted by {@link BankConflicts#stage} is refused over it
         */
        Candidate count(String name, AnyLayout smem, Swizzle over) {
            long total = 0;
            List<Long> per = new ArrayList<>();
            if (ofBase(over)) {
                for (int a = 0; a < accesses.size(); a++) {
                    long[] images = baseImages[a].clone();
                    for (int k = 0; k < images.length; k++) images[k] = over.apply(images[k]);
                    long w = classes.get(a).wavefrontsOfImages(images, elementBytes);
                    if (w < 0) return null;
                    per.add(w);
                    total += w;
                }
                return new Candidate(name, smem, total, per);
            }
            LongUnaryOperator f = BankConflicts.offsets(smem);
            long[] cols = columns(f, smem);
            for (int a = 0; a < accesses.size(); a++) {
                long w;
                if (cols != null) {
                    w = classes.get(a).wavefronts(cols, elementBytes);
                    if (w < 0) return null;
                } else {
                    w = BankConflicts.stage(f, elementBytes, indexed(a)).wavefronts();
                }
                per.add(w);
                total += w;
            }
            return new Candidate(name, smem, total, per);
        }

        /** Why the stage refuses {@code smem}: the refusal of {@link BankConflicts#stage} over the first access that refuses it. */
        LayoutArgumentException refusal(AnyLayout smem) {
            for (int i = 0; i < accesses.size(); i++) {
                try {
                    BankConflicts.stage(BankConflicts.offsets(smem), elementBytes, indexed(i));
                } catch (LayoutArgumentException e) {
                    return e;
                }
            }
            throw new IllegalStateException(smem + " was refused by the count of translates but not by the stage's count");
        }

        /** The stage's fewest wavefronts (the same for every candidate the stage takes). */
        long minimum(AnyLayout smem) {
            if (classes != null) {
                long n = 0;
                for (TranslateClasses c : classes) n += c.minimum(elementBytes);
                return n;
            }
            long n = 0;
            for (int i = 0; i < accesses.size(); i++) n += BankConflicts.stage(BankConflicts.offsets(smem), elementBytes, indexed(i)).minimum();
            return n;
        }
    }

    /**
     * SM90's {@code ss_smem_selector}: the widest GMMA atom (SW128, SW64, SW32, INTER) whose width, along the tile's
     * contiguous extent (K for K-major, MN for MN-major), divides it; null where none does.
     */
    public static Swizzling cutlassChoice(Major major, IntTuple tile, int elementBytes) {
        long contiguous = major == Major.K ? tile.mode(1).product() : tile.mode(0).product();
        Swizzling[] widest = {Swizzling.SW128, Swizzling.SW64, Swizzling.SW32, Swizzling.INTER};
        for (Swizzling sw : widest) {
            ComposedLayout atom = GmmaSmemAtoms.atom(major, sw, 8 * elementBytes);
            long width = major == Major.K ? atom.inner().mode(1).size() : atom.inner().mode(0).size();
            if (contiguous % width == 0) return sw;
        }
        return null;
    }
}
