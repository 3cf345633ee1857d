package org.layoutcat.core.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A stage's warp instructions grouped into classes of XOR translates, so that the wavefronts of the stage over any
 * shared-memory layout that is linear over F2 are counted from one instruction of each class. Not public API.
 *
 * <p>The stage is {@code BankConflicts.Indexed}'s: {@code index[((i·values) + v)·threads + t]} is the index of the
 * tile that thread t's value v of instruction i accesses; warp w's instruction i gives the addresses of its first
 * {@code min(lanes, threads − 32w)} threads. Two warp instructions are <i>translates</i> when they have as many
 * addressing lanes and their entries differ by one constant under XOR: {@code r'[t][v] = r[t][v] ⊕ δ} for every lane t
 * and value v.
 *
 * <p><b>Theorem.</b> Let the layout L of the tile be linear over F2 on the index bits ({@code L(x ⊕ y) = L(x) ⊕ L(y)}
 * for indices below {@code 2^bits}), the elements of e bytes and each thread's n values one vector of {@code n·e}
 * bytes. If an instruction r passes the vector checks (each thread's values at consecutive offsets {@code L(r[t][0]) +
 * v}, its first byte aligned to the vector), a translate {@code r ⊕ δ} passes them exactly where
 * {@code L(δ) ≡ 0 (mod n)}, and then it needs as many wavefronts as r. Proof: with {@code x_v = L(r[t][v])} and
 * {@code x_0 ≡ 0 (mod n)}, {@code x_v = x_0 + v = x_0 | v}; the translate's offsets are {@code x_v ⊕ Δ} with
 * {@code Δ = L(δ)}. If {@code Δ ≡ 0 (mod n)} they are {@code (x_0 ⊕ Δ) | v}, consecutive and aligned; otherwise the
 * first is not a multiple of n, unaligned. Each lane's words ({@code ⌊byte / 4⌋} over its vector, the byte addresses
 * aligned) then move by the one XOR {@code ⌊Δ·e / 4⌋}, which maps the words of each bank one to one onto the words of
 * one bank, so every phase's fullest bank holds as many distinct words as before. The condition on all the class's
 * δ's holds exactly where it holds on a basis of their span (the low bits of {@code L} of a sum are the sum of the low
 * bits), which is what is kept.
 *
 * <p>Cost: {@link #of} is O(entries) time (a hash of each instruction); {@link #wavefronts} is O(representative
 * entries · bits) per layout.
 */
public final class TranslateClasses {
    private final int values;
    private final int[] lanes;
    private final long[] count;
    private final int[] start;
    private final long[] rep;
    private final long[][] span;

    private TranslateClasses(int values, int[] lanes, long[] count, int[] start, long[] rep, long[][] span) {
        this.values = values;
        this.lanes = lanes;
        this.count = count;
        this.start = start;
        this.rep = rep;
        this.span = span;
    }

    /**
     * The classes of a stage's warp instructions (see the class comment), or null where some index is negative or not
     * below {@code 2^bits}, outside the domain where the layouts counted are linear.
     */
    public static TranslateClasses of(long[] index, int threads, int values, int perThread, int lanes, int bits) {
        long limit = 1L << bits;
        for (long x : index) if (x < 0 || x >= limit) return null;
        int warps = (threads + 31) / 32;
        Map<Long, List<Integer>> byHash = new HashMap<>();
        List<int[]> lanesOf = new ArrayList<>(); // per class: {lanes, first entry in reps}
        List<Long> counts = new ArrayList<>();
        List<long[]> pivots = new ArrayList<>();
        long[] reps = new long[64];
        int used = 0;
        for (int w = 0; w < warps; w++) {
            int first = 32 * w, n = Math.min(lanes, threads - first);
            for (int i = 0; i < perThread; i++) {
                int from = (int) ((long) i * values * threads + first); // entry (t, v) at from + v·threads + t
                long origin = index[from];
                long h = n;
                for (int v = 0; v < values; v++) {
                    for (int t = 0, e = from + v * threads; t < n; t++, e++) h = h * 0x9E3779B97F4A7C15L + (index[e] ^ origin);
                }
                List<Integer> same = byHash.computeIfAbsent(h, k -> new ArrayList<>());
                int found = -1;
                for (int c : same) {
                    if (lanesOf.get(c)[0] == n && translates(index, from, n, values, threads, origin, reps, lanesOf.get(c)[1])) {
                        found = c;
                        break;
                    }
                }
                if (found < 0) {
                    found = lanesOf.size();
                    same.add(found);
                    if (used + n * values > reps.length) reps = java.util.Arrays.copyOf(reps, Math.max(2 * reps.length, used + n * values));
                    lanesOf.add(new int[] {n, used});
                    for (int v = 0; v < values; v++) {
                        for (int t = 0, e = from + v * threads; t < n; t++, e++) reps[used++] = index[e];
                    }
                    counts.add(0L);
                    pivots.add(new long[64]);
                }
                counts.set(found, counts.get(found) + 1);
                insert(pivots.get(found), origin ^ reps[lanesOf.get(found)[1]]);
            }
        }
        int k = lanesOf.size();
        int[] ln = new int[k], st = new int[k];
        long[] ct = new long[k];
        long[][] sp = new long[k][];
        for (int c = 0; c < k; c++) {
            ln[c] = lanesOf.get(c)[0];
            st[c] = lanesOf.get(c)[1];
            ct[c] = counts.get(c);
            sp[c] = java.util.Arrays.stream(pivots.get(c)).filter(x -> x != 0).toArray();
        }
        return new TranslateClasses(values, ln, ct, st, java.util.Arrays.copyOf(reps, used), sp);
    }

    /**
     * The classes of a stage whose access layout A is linear over F2 on its index bits, from A's images of those bits
     * alone, without the stage's table of indices: {@code images[j] = A(2^j)}, j below {@code log2(size)}, over the
     * index {@code x = t + threads·(v + values·i)} (thread t, value v, instruction i). The same classes as {@link #of}
     * of the table A gives (the same representative, count and span), in O(bits + lanes·values·bits) time.
     *
     * <p>Why: A(x ⊕ y) = A(x) ⊕ A(y) for indices with no bit in common, so warp w's instruction i is the first warp's
     * first instruction translated by {@code δ = A(32w) ⊕ A(threads·values·i)} (its lanes' bits lie below the warp's,
     * its values' between the threads' and the instructions'), with as many addressing lanes (the threads are a power of
     * two, so every warp has {@code min(lanes, threads)}): one class, of every warp instruction, whose δ's span what
     * the images of the warp's and the instruction's bits span.
     *
     * @param images    {@code A(2^j)} for each index bit, non-negative and pairwise disjoint (A linear over F2)
     * @param threads   the threads (a power of two: A's shape entries are)
     * @param values    each thread's values of one instruction
     * @param perThread the instructions each thread issues
     * @param lanes     the lanes of a warp that give addresses
     * @param bits      the tile's index bits
     * @return the classes, or null where some index is not below {@code 2^bits} ({@link #of}'s domain)
     */
    public static TranslateClasses ofLinear(long[] images, int threads, int values, int perThread, int lanes, int bits) {
        long all = 0;
        for (long x : images) all |= x;
        if (all < 0 || (bits < 63 && all >= 1L << bits)) return null; // disjoint images: the largest index is their sum
        int n = Math.min(lanes, threads);
        long[] reps = new long[n * values];
        for (int v = 0, k = 0; v < values; v++) {
            for (int t = 0; t < n; t++, k++) reps[k] = apply(images, t + (long) threads * v);
        }
        long[] pivot = new long[64];
        int threadBits = Integer.numberOfTrailingZeros(threads), lowBits = threadBits + Integer.numberOfTrailingZeros(values);
        for (int j = 5; j < threadBits; j++) insert(pivot, images[j]); // a warp's bits
        for (int j = lowBits; j < images.length; j++) insert(pivot, images[j]); // an instruction's bits
        long warps = (threads + 31) / 32;
        return new TranslateClasses(values, new int[] {n}, new long[] {warps * perThread}, new int[] {0}, reps,
                new long[][] {java.util.Arrays.stream(pivot).filter(x -> x != 0).toArray()});
    }

    /**
     * Whether the instruction whose entry (t, v) is {@code index[from + v·threads + t]} is the representative at
     * {@code rep} (entry (t, v) at {@code rep + v·n + t}) XOR one constant.
     */
    private static boolean translates(long[] index, int from, int n, int values, int threads, long origin, long[] reps, int rep) {
        long delta = origin ^ reps[rep];
        for (int v = 0, k = rep; v < values; v++) {
            for (int t = 0, e = from + v * threads; t < n; t++, e++, k++) if ((index[e] ^ reps[k]) != delta) return false;
        }
        return true;
    }

    /** Adds x to the span kept as pivots by leading bit. */
    private static void insert(long[] pivot, long x) {
        while (x != 0) {
            int hb = 63 - Long.numberOfLeadingZeros(x);
            if (pivot[hb] == 0) {
                pivot[hb] = x;
                return;
            }
            x ^= pivot[hb];
        }
    }

    /** The classes. */
    public int classes() {
        return lanes.length;
    }

    /** The entries of the classes' representatives: what {@link #wavefronts} reads per layout. */
    public long representativeEntries() {
        return rep.length;
    }

    /** The linear map with {@code columns[j] = L(2^j)} at x: the XOR of the columns of x's set bits. */
    static long apply(long[] columns, long x) {
        long r = 0;
        while (x != 0) {
            r ^= columns[Long.numberOfTrailingZeros(x)];
            x &= x - 1;
        }
        return r;
    }

    /**
     * The stage's wavefronts over the layout L with {@code columns[j] = L(2^j)} (linear over F2 on the index bits, its
     * offsets those of elements of {@code elementBytes} bytes), as {@code BankConflicts.stage(…).wavefronts()} counts
     * them; −1 where that refuses the stage (some thread's values are not one aligned vector of 1 to 16 bytes).
     */
    public long wavefronts(long[] columns, int elementBytes) {
        long[] images = new long[images()];
        images(columns, images);
        return wavefrontsOfImages(images, elementBytes);
    }

    /** How many images {@link #images(long[], long[])} writes: the representatives' entries, then each class's span. */
    public int images() {
        int n = rep.length;
        for (long[] s : span) n += s.length;
        return n;
    }

    /**
     * The images under the linear map with these columns of what a count reads: each representative entry x, then
     * each class's span basis b, as {@code L(x)} and {@code L(b)}, into {@code out} (of {@link #images()} entries). Maps
     * that differ by what follows one linear map (the swizzles of one tile) count from its images, each mapped.
     */
    public void images(long[] columns, long[] out) {
        int k = 0;
        for (long x : rep) out[k++] = apply(columns, x);
        for (long[] s : span) for (long b : s) out[k++] = apply(columns, b);
    }

    /**
     * {@link #wavefronts(long[], int)} from the images {@link #images(long[], long[])} lays out; O(representative entries)
     * and the phases' sorts.
     */
    public long wavefrontsOfImages(long[] images, int elementBytes) {
        long vector = (long) values * elementBytes;
        if (vector > 16 || Long.bitCount(vector) != 1 || elementBytes > 16 || Integer.bitCount(elementBytes) != 1) return -1;
        int vec = (int) vector;
        long[] address = new long[32];
        long[] words = Wavefronts.words(vec);
        long total = 0;
        for (int c = 0, b = rep.length; c < lanes.length; c++) {
            int n = lanes[c];
            for (int t = 0, k = start[c]; t < n; t++, k++) {
                long first = images[k];
                for (int v = 1; v < values; v++) if (images[k + v * n] != first + v) return -1;
                address[t] = first * elementBytes;
                if (address[t] % vec != 0) return -1;
            }
            for (int j = 0; j < span[c].length; j++, b++) if (values > 1 && images[b] % values != 0) return -1;
            total += count[c] * Wavefronts.count(address, n, vec, words, null);
        }
        return total;
    }

    /**
     * The stage's fewest wavefronts, {@code Σ ⌈lanes·vector / 128⌉} (at least 1 an instruction), as
     * {@code BankConflicts.Stage.minimum()} sums them.
     */
    public long minimum(int elementBytes) {
        long vector = (long) values * elementBytes, total = 0;
        for (int c = 0; c < lanes.length; c++) total += count[c] * Math.max(1, (lanes[c] * vector + 127) / 128);
        return total;
    }
}
