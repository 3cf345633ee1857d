package org.layoutcat.core.swizzle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.internal.Wavefronts;

/**
 * The shared-memory bank conflicts of one instruction: which 4-byte words each thread touches, in which bank, and
 * how many wavefronts (serialized passes) the request needs against the fewest it could need.
 *
 * <p>The rules, from NVIDIA's CUDA C++ Programming Guide (compute capability 5.x and later, "Shared Memory"):
 * shared memory has 32 banks, successive 4-byte words in successive banks (bank = word mod 32); threads that touch
 * different words of one bank are served one after the other, threads that touch the same word are served at once
 * (a broadcast). Accesses of 8 bytes per thread are served as two half-warp phases (threads 0–15, 16–31) and of
 * 16 bytes as four quarter-warp phases of 8 threads, each phase counted on its own (the same guide's 64-bit and
 * 128-bit access notes; Nsight Compute counts shared wavefronts the same way). So a phase needs as many wavefronts as
 * the most distinct words any one bank holds in it, and the instruction needs their sum. The fewest possible is
 * {@code ⌈bytes moved / 128⌉}, one wavefront per 128 bytes.
 *
 * <p>A byte address is {@code offset · elementBytes}, relative to the tile's base, which shared memory aligns to at
 * least 128 bytes (a bank row); so the bank of byte b is {@code ⌊b / 4⌋ mod 32} with floor division and a non-negative
 * remainder, for a negative offset too (an address below the base: {@code (8,64):(-64,-1)}). Addresses are exact: an
 * offset whose byte address passes the 64-bit range is refused, never wrapped.
 *
 * @param elementBytes bytes per element of the shared-memory layout
 * @param vectorBytes  bytes each thread accesses with the one instruction (1, 2, 4, 8 or 16)
 * @param threads      threads taking part
 * @param wavefronts   wavefronts the instruction needs
 * @param minimum      the fewest it could need, {@code ⌈threads·vectorBytes / 128⌉}
 * @param worstBank    the bank with the most distinct words in some phase (−1 when there is no conflict)
 * @param collisions   for that bank and phase: each distinct word and the threads that touch it
 */
public record BankConflicts(int elementBytes, int vectorBytes, int threads, int wavefronts, int minimum, int worstBank,
        TreeMap<Long, List<Integer>> collisions) {

    /** Banks of shared memory. */
    public static final int BANKS = 32;
    /** Bytes per bank word. */
    public static final int WORD = 4;

    /** The conflict degree: wavefronts over the minimum (1 = conflict-free). */
    public double degree() {
        return (double) wavefronts / minimum;
    }

    /**
     * Checks an element's size: 1, 2, 4, 8 or 16 bytes, as shared memory's accesses take them.
     *
     * @throws LayoutArgumentException for any other size
     */
    public static int elementBytes(int bytes) {
        if (bytes < 1 || bytes > 16 || Integer.bitCount(bytes) != 1) {
            throw new LayoutArgumentException("an element of " + bytes + " bytes: elements of 1, 2, 4, 8 or 16 bytes");
        }
        return bytes;
    }

    /**
     * The bytes of a shared-memory layout's element, from one place: where the layout carries its width (CuTe's
     * pointer form {@code Sw<B,M,S> o smem_ptr[Nb](...) o L}, whose swizzle was read with it), that width, N/8 bytes;
     * else the bytes given. Every count and picture of banks reads the element's bytes here, so that a swizzle read
     * with one width is never counted with another.
     *
     * @param smem  the shared-memory layout
     * @param given the element's bytes given with it, or 0 for none
     * @throws LayoutArgumentException where the layout carries a width and {@code given} is another (both named),
     *         where neither gives one, or for a width other than 1, 2, 4, 8 or 16 bytes
     */
    public static int elementBytes(AnyLayout smem, int given) {
        if (smem instanceof ComposedLayout c && c.pointerBits() != 0) {
            int bits = c.pointerBits();
            if (given != 0 && 8L * given != bits) {
                throw new LayoutArgumentException("the element is given as " + given + " byte" + (given == 1 ? "" : "s") + " ("
                        + 8L * given + " bits), but the layout's pointer smem_ptr[" + bits + "b] holds " + bits + "-bit elements,"
                        + " with which its swizzle was read: give " + (bits % 8 == 0 ? bits / 8 + " bytes, or none" : "none"));
            }
            return elementBytes(bits / 8);
        }
        if (given == 0) {
            throw new LayoutArgumentException("the element's bytes are needed: " + LayoutArgumentException.quote(smem.toString())
                    + " does not say them (CuTe's pointer form Sw<B,M,S> o smem_ptr[Nb](unset) o L does)");
        }
        return elementBytes(given);
    }

    /**
     * The element's bytes a shared-memory layout carries: N/8 for CuTe's pointer form {@code smem_ptr[Nb]}, 0 for a
     * layout that does not say them (the width {@link #elementBytes(AnyLayout, int)} takes first).
     */
    public static int pointerBytes(AnyLayout smem) {
        return smem instanceof ComposedLayout c && c.pointerBits() != 0 ? c.pointerBits() / 8 : 0;
    }

    /**
     * The bank of the element at {@code offset} of {@code elementBytes}-byte elements: {@code ⌊offset·elementBytes / 4⌋ mod 32},
     * the bank of its first word (floor division, a remainder in [0, 32): a negative offset lies below the base).
     *
     * @throws ArithmeticException where the byte address overflows a long
     */
    public static long bank(long offset, int elementBytes) {
        return Math.floorMod(Math.floorDiv(byteAddress(offset, elementBytes, null), WORD), (long) BANKS);
    }

    /**
     * {@code offset · elementBytes} exactly, or an ArithmeticException naming the offset, the element's bytes and, where
     * known, the shared-memory layout.
     */
    private static long byteAddress(long offset, int elementBytes, LongUnaryOperator smem) {
        if (Checked.fits(offset, elementBytes)) return offset * elementBytes;
        String layout = smem instanceof Offsets o ? " of shared-memory layout " + o.layout() : "";
        throw new ArithmeticException("element offset " + offset + layout + " with " + elementBytes + "-byte elements is byte "
                + java.math.BigInteger.valueOf(offset).multiply(java.math.BigInteger.valueOf(elementBytes))
                + ", past the 64-bit range of addresses");
    }

    /**
     * The element offsets of a shared-memory layout, index by index: a layout with integer strides or a swizzled
     * one.
     *
     * @throws LayoutArgumentException for a layout with scaled-basis strides, whose values are coordinates
     */
    public static LongUnaryOperator offsets(AnyLayout smem) {
        return new Offsets(smem, AnyLayout.offsets(smem, "bank_conflicts", "shared memory is addressed by offsets: give a layout"
                + " with integer strides or a swizzled one"));
    }

    /** A layout's offsets that know the layout, so that a refusal names it. */
    private record Offsets(AnyLayout layout, LongUnaryOperator offsets) implements LongUnaryOperator {
        @Override
        public long applyAsLong(long index) {
            return offsets.applyAsLong(index);
        }

        @Override
        public String toString() {
            return layout.toString();
        }
    }

    /**
     * One instruction's accesses: {@code access} maps thread t (its mode 0) and value v (its mode 1, if any) to an
     * index of the shared-memory layout; each thread accesses its values as one vector of
     * {@code values·elementBytes} bytes, which must lie at consecutive addresses (else it is several instructions).
     * {@code smem} maps an index to an element offset: a {@link Layout} or a {@link ComposedLayout}.
     *
     * @throws LayoutArgumentException unless an element has 1, 2, 4, 8 or 16 bytes, there are at most 32 threads, each
     *         thread's values make one vector of 1, 2, 4, 8 or 16 bytes at consecutive elements, and each vector's byte
     *         address is aligned to its size; what {@code smem} throws passes through
     * @throws ArithmeticException where an index of the access layout overflows a long
     */
    public static BankConflicts of(LongUnaryOperator smem, int elementBytes, Layout access) {
        Request r = request(smem, elementBytes, access);
        return count(r.address(), r.vector(), elementBytes);
    }

    /**
     * One phase of an instruction (all its threads for accesses of up to 4 bytes, a half warp for 8-byte and a
     * quarter warp for 16-byte accesses): the threads' byte addresses and, bank by bank, the distinct words they
     * touch, each with the threads that touch it (several threads on one word are one broadcast). The phase needs
     * as many wavefronts as its fullest bank holds words. Immutable.
     *
     * @param firstThread the phase's first thread; its threads are {@code firstThread, firstThread + 1, …}
     * @param vectorBytes bytes each thread accesses
     * @param addresses   each thread's byte address, in thread order
     * @param banks       for bank b = 0..31: its distinct words ({@code byte / 4}) in increasing order, each with
     *                    the threads touching it in increasing order
     */
    public record Phase(int firstThread, int vectorBytes, List<Long> addresses, List<SortedMap<Long, List<Integer>>> banks) {
        /**
         * The phase, its lists and maps copied.
         *
         * @throws IllegalArgumentException unless there are 32 banks
         */
        public Phase {
            addresses = List.copyOf(addresses);
            List<SortedMap<Long, List<Integer>>> copy = new ArrayList<>();
            for (SortedMap<Long, List<Integer>> b : banks) {
                TreeMap<Long, List<Integer>> m = new TreeMap<>();
                b.forEach((w, ts) -> m.put(w, List.copyOf(ts)));
                copy.add(Collections.unmodifiableSortedMap(m));
            }
            if (copy.size() != BANKS) throw new IllegalArgumentException("a phase has " + BANKS + " banks, not " + copy.size());
            banks = List.copyOf(copy);
        }

        /** The wavefronts this phase needs: the most distinct words any one bank holds in it (at least 1). */
        public int wavefronts() {
            int n = 1;
            for (SortedMap<Long, List<Integer>> b : banks) n = Math.max(n, b.size());
            return n;
        }
    }

    /**
     * The phases of one instruction, read and checked as {@link #of} reads them; their wavefronts add up to
     * {@link #wavefronts()}. What a picture of the banks draws.
     *
     * @throws LayoutArgumentException unless an element has 1, 2, 4, 8 or 16 bytes, there are at most 32 threads, each
     *         thread's values make one vector of 1, 2, 4, 8 or 16 bytes at consecutive elements, and each vector's byte
     *         address is aligned to its size; what {@code smem} throws passes through
     * @throws ArithmeticException where an index of the access layout overflows a long
     */
    public static List<Phase> phases(LongUnaryOperator smem, int elementBytes, Layout access) {
        Request r = request(smem, elementBytes, access);
        return phases(r.address(), r.vector());
    }

    /**
     * An instruction's accesses as {@link #of} reads them: the shared-memory function and the access layout.
     *
     * @param smem   index ↦ element offset
     * @param access thread (mode 0) and value (mode 1) ↦ index of smem
     */
    public record Access(LongUnaryOperator smem, Layout access) {}

    /**
     * The accesses of {@code access} where each thread moves {@code vectorBytes} at once: as they are where that is
     * its values' bytes (or {@code vectorBytes} is 0); where each thread has one value, thread t reading the
     * {@code n = vectorBytes / elementBytes} consecutive elements from {@code smem(access(t))}, i.e. the access
     * {@code (threads, n):(1, threads)} over {@code i ↦ smem(access(i mod threads)) + ⌊i / threads⌋} (how a kernel
     * that copies 16 bytes per thread is written with one coordinate per thread).
     *
     * @throws LayoutArgumentException where the bytes do not match and the threads have several values, or the
     *         vector is not a whole number of elements
     */
    public static Access vectorized(LongUnaryOperator smem, int elementBytes, Layout access, int vectorBytes) {
        long threads = access.rank() >= 2 ? access.mode(0).size() : access.size();
        long values = access.size() / threads;
        if (vectorBytes == 0 || vectorBytes == values * elementBytes) return new Access(smem, access);
        if (values != 1 || vectorBytes < elementBytes || vectorBytes % elementBytes != 0) {
            throw new LayoutArgumentException("access " + access + " gives each thread " + values + " value"
                    + (values == 1 ? "" : "s") + " of " + elementBytes + " bytes, " + values * elementBytes + " bytes, not the "
                    + vectorBytes + " bytes of the vector; a vector widens an access of one value per thread to a whole"
                    + " number of elements");
        }
        long n = vectorBytes / elementBytes;
        Layout wide = Layout.of(org.layoutcat.core.IntTuple.flat(threads, n), org.layoutcat.core.IntTuple.flat(1, threads));
        LongUnaryOperator f = i -> Checked.add(smem.applyAsLong(access.apply(i % threads)), i / threads, "an element of a vector", smem);
        return new Access(smem instanceof Offsets o ? new Offsets(o.layout(), f) : f, wide);
    }

    /**
     * The byte address each thread of {@link #of} accesses first, thread by thread: {@code smem(access(t)) ·
     * elementBytes}; the same checks as {@link #of} (one aligned vector of 1 to 16 bytes per thread, at most 32
     * threads). A GPU kernel that replays the instruction loads from these addresses.
     *
     * @throws LayoutArgumentException unless an element has 1, 2, 4, 8 or 16 bytes, there are at most 32 threads, each
     *         thread's values make one vector of 1, 2, 4, 8 or 16 bytes at consecutive elements, and each vector's byte
     *         address is aligned to its size; what {@code smem} throws passes through
     * @throws ArithmeticException where an index of the access layout overflows a long
     */
    public static List<Long> byteAddresses(LongUnaryOperator smem, int elementBytes, Layout access) {
        List<Long> list = new ArrayList<>();
        for (long a : request(smem, elementBytes, access).address()) list.add(a);
        return List.copyOf(list);
    }

    /**
     * One instruction given by its lanes' byte addresses (the first byte of each lane's vector of {@code vectorBytes}),
     * as {@link #stageAddresses} gives them: its count.
     *
     * @throws LayoutArgumentException unless there are 1 to 32 lanes, the vector is 1, 2, 4, 8 or 16 bytes and each
     *         address is a non-negative multiple of it
     */
    public static BankConflicts ofAddresses(List<Long> byteAddresses, int vectorBytes, int elementBytes) {
        return count(addresses(byteAddresses, vectorBytes), vectorBytes, elementBytes);
    }

    /** The phases of an instruction given by its lanes' byte addresses (see {@link #ofAddresses}). */
    public static List<Phase> phasesOfAddresses(List<Long> byteAddresses, int vectorBytes) {
        return phases(addresses(byteAddresses, vectorBytes), vectorBytes);
    }

    private static long[] addresses(List<Long> byteAddresses, int vectorBytes) {
        if (byteAddresses.isEmpty() || byteAddresses.size() > 32) {
            throw new LayoutArgumentException("an instruction of " + byteAddresses.size() + " lanes: 1 to 32");
        }
        if (vectorBytes < 1 || vectorBytes > 16 || Integer.bitCount(vectorBytes) != 1) {
            throw new LayoutArgumentException("a vector of " + vectorBytes + " bytes: 1, 2, 4, 8 or 16");
        }
        long[] a = new long[byteAddresses.size()];
        for (int t = 0; t < a.length; t++) {
            a[t] = byteAddresses.get(t);
            if (a[t] % vectorBytes != 0) {
                throw new LayoutArgumentException("lane " + t + " at byte " + a[t] + ": not a multiple of the " + vectorBytes + "-byte vector");
            }
        }
        return a;
    }

    /** Each thread's byte address and the bytes it accesses. */
    private record Request(long[] address, int vector) {}

    private static Request request(LongUnaryOperator smem, int elementBytes, Layout access) {
        long threads = access.rank() >= 2 ? access.mode(0).size() : access.size();
        long values = access.size() / threads;
        if (threads > 32) throw new LayoutArgumentException("access " + access + " has " + threads + " threads; an instruction has at most 32"
                + " (bank_conflicts of a whole stage takes its instructions as modes 2, 3, ...: (threads, values, instructions))");
        return request(smem, elementBytes, () -> "access " + access, (int) threads, values, (t, v) -> access.apply(t + threads * v));
    }

    /** The index of shared memory that thread t's value v accesses. */
    private interface Index {
        long at(int thread, long value);
    }

    /**
     * The byte addresses of {@code threads} threads, each accessing {@code values} elements as one vector: the checks
     * of {@link #of} (element and vector sizes, consecutive elements, alignment).
     */
    private static Request request(LongUnaryOperator smem, int elementBytes, java.util.function.Supplier<String> what, int threads, long values,
                                   Index index) {
        elementBytes(elementBytes);
        long vector = values * elementBytes;
        if (vector > 16 || Long.bitCount(vector) != 1) {
            throw new LayoutArgumentException(what.get() + ": " + values + " values of " + elementBytes + " bytes make "
                    + vector + "-byte accesses; a thread accesses 1, 2, 4, 8 or 16 bytes at once");
        }
        long[] address = new long[threads];
        for (int t = 0; t < threads; t++) {
            long first = smem.applyAsLong(index.at(t, 0));
            for (long v = 1; v < values; v++) {
                long at = smem.applyAsLong(index.at(t, v));
                if (at < first || at - first != v) { // exact: first + v may pass the 64-bit range
                    throw new LayoutArgumentException(what.get() + ": thread " + t + "'s value " + v + " is at element "
                            + at + ", not " + java.math.BigInteger.valueOf(first).add(java.math.BigInteger.valueOf(v))
                            + ", so its values are not one vector access");
                }
            }
            try {
                address[t] = byteAddress(first, elementBytes, smem);
            } catch (ArithmeticException e) {
                throw new ArithmeticException(what.get() + ": thread " + t + "'s " + e.getMessage());
            }
            if (address[t] % vector != 0) {
                throw new LayoutArgumentException(what.get() + ": thread " + t + " reads " + vector + " bytes at byte "
                        + address[t] + ", which is not " + vector + "-byte aligned");
            }
        }
        return new Request(address, (int) vector);
    }

    /**
     * The bank conflicts of a whole stage: every instruction of every warp, as the hardware issues them. Its totals
     * are the sums over its instructions.
     *
     * @param elementBytes bytes per element
     * @param threads      the threads of the CTA taking part
     * @param instructions each warp's instructions, warp by warp, in issue order
     */
    public record Stage(int elementBytes, int threads, List<Instruction> instructions) {
        /** One instruction of one warp: its index among the warp's instructions, and its count. */
        public record Instruction(int warp, long index, BankConflicts conflicts) {}

        public Stage {
            instructions = List.copyOf(instructions);
        }

        /** The wavefronts of the whole stage: the sum of its instructions'. */
        public long wavefronts() {
            long n = 0;
            for (Instruction i : instructions) n += i.conflicts.wavefronts();
            return n;
        }

        /** The fewest wavefronts the stage could need: the sum of its instructions' minimums. */
        public long minimum() {
            long n = 0;
            for (Instruction i : instructions) n += i.conflicts.minimum();
            return n;
        }

        /** The instruction with the most wavefronts over its minimum (the first of equals). */
        public Instruction worst() {
            Instruction w = instructions.getFirst();
            for (Instruction i : instructions) {
                if ((long) i.conflicts.wavefronts() * w.conflicts.minimum() > (long) w.conflicts.wavefronts() * i.conflicts.minimum()) w = i;
            }
            return w;
        }

        /** A table a person reads: the totals, then each instruction's wavefronts against its minimum. */
        public String table() {
            StringBuilder sb = new StringBuilder();
            long warps = instructions.stream().mapToInt(Instruction::warp).distinct().count();
            sb.append(String.format("%d threads in %d warps, %d instructions of %d-byte accesses%n", threads, warps, instructions.size(),
                    instructions.getFirst().conflicts.vectorBytes()));
            sb.append(String.format("wavefronts %d, minimum %d%s%n", wavefronts(), minimum(), wavefronts() == minimum()
                    ? ": no bank conflict" : String.format(", %.2f times the minimum", (double) wavefronts() / minimum())));
            for (Instruction i : instructions) {
                BankConflicts c = i.conflicts;
                sb.append(String.format("  warp %d, instruction %d: %d wavefronts, minimum %d%s%n", i.warp, i.index, c.wavefronts(), c.minimum(),
                        c.worstBank() < 0 ? "" : ", bank " + c.worstBank() + " holds " + c.collisions().size() + " words"));
            }
            return sb.toString();
        }
    }

    /** The most instructions a stage may have: past it, the stage is refused rather than counted. */
    public static final long MAX_STAGE_INSTRUCTIONS = 1 << 12;

    /**
     * The bank conflicts of a whole stage. {@code access} maps (thread, value, instruction) to an index of the
     * shared-memory layout: its mode 0 the CTA's threads, any number (warp w is threads 32w … 32w+31); its mode 1 the
     * values one thread accesses with one instruction, as one vector; its further modes, if any, the instructions each
     * thread issues, in order (colexicographically). Each warp issues each instruction once; of each warp, only the
     * first {@code lanes} lanes give addresses ({@code ldmatrix}/{@code stmatrix} {@code .x1} and {@code .x2} read the
     * row addresses of lanes 0–7 and 0–15 only; 32 otherwise).
     *
     * @throws LayoutArgumentException where an instruction is refused as {@link #of} refuses one, {@code lanes} is not
     *         8, 16 or 32, or the stage has more than {@link #MAX_STAGE_INSTRUCTIONS} warp instructions
     * @throws ArithmeticException where an index overflows a long
     */
    public static Stage stage(LongUnaryOperator smem, int elementBytes, Layout access, int lanes) {
        return stage(smem, elementBytes, indexed(access, lanes));
    }

    /**
     * A stage's accesses with their indices evaluated once: {@code index[((i·values) + v)·threads + t]} is the index
     * thread t's value v of instruction i accesses. What {@link #stage(LongUnaryOperator, int, Indexed)} counts over
     * any number of shared-memory layouts (a search) without evaluating the access layout again.
     *
     * @param access  the access layout, as {@link #stage(LongUnaryOperator, int, Layout, int)} reads it
     * @param threads its threads
     * @param values  each thread's values of one instruction
     * @param perThread the instructions each thread issues
     * @param lanes   the lanes of a warp that give addresses
     */
    public record Indexed(Layout access, int threads, int values, int perThread, int lanes, long[] index) {}

    /**
     * The accesses of {@code access} evaluated once (see {@link #stage(LongUnaryOperator, int, Layout, int)}).
     *
     * @throws LayoutArgumentException for lanes other than 8, 16 and 32, or more than {@link #MAX_STAGE_INSTRUCTIONS}
     *         warp instructions
     */
    public static Indexed indexed(Layout access, int lanes) {
        checkIndexed(access, lanes);
        long threads = access.rank() >= 2 ? access.mode(0).size() : access.size();
        long values = access.rank() >= 2 ? access.mode(1).size() : 1;
        long perThread = access.size() / (threads * values);
        long[] index;
        try {
            index = org.layoutcat.core.algebra.LayoutFunction.table(access); // no division per index
        } catch (ArithmeticException e) { // some offset of the span overflows: each index's exact offset decides
            index = new long[(int) access.size()];
            for (int i = 0; i < index.length; i++) index[i] = access.apply(i);
        }
        return new Indexed(access, (int) threads, (int) values, (int) perThread, lanes, index);
    }

    /**
     * The checks of {@link #indexed} before any index is evaluated: lanes 8, 16 or 32, and at most
     * {@link #MAX_STAGE_INSTRUCTIONS} warp instructions.
     *
     * @throws LayoutArgumentException as {@link #indexed} refuses
     */
    static void checkIndexed(Layout access, int lanes) {
        if (lanes != 8 && lanes != 16 && lanes != 32) {
            throw new LayoutArgumentException("lanes " + lanes + ": an instruction reads the addresses of 8, 16 or 32 lanes of a warp");
        }
        long threads = access.rank() >= 2 ? access.mode(0).size() : access.size();
        long values = access.rank() >= 2 ? access.mode(1).size() : 1;
        long perThread = access.size() / (threads * values);
        long warps = (threads + 31) / 32;
        if (warps * perThread > MAX_STAGE_INSTRUCTIONS || access.size() > MAX_STAGE_INSTRUCTIONS * 32 * 16) {
            throw new LayoutArgumentException("access " + access + " makes " + warps * perThread + " warp instructions, past the "
                    + MAX_STAGE_INSTRUCTIONS + " counted here");
        }
    }

    /**
     * Each warp instruction of a stage, in {@link #stage(LongUnaryOperator, int, Indexed)}'s order, as the byte addresses
     * of its lanes (the first of each lane's vector): what a GPU kernel replays. The checks are the stage's.
     */
    public static List<List<Long>> stageAddresses(LongUnaryOperator smem, int elementBytes, Indexed a) {
        List<List<Long>> out = new ArrayList<>();
        forEachInstruction(smem, elementBytes, a, (w, i, r) -> {
            List<Long> l = new ArrayList<>();
            for (long x : r.address()) l.add(x);
            out.add(List.copyOf(l));
        });
        return List.copyOf(out);
    }

    /** The stage of accesses evaluated once, over the shared-memory layout {@code smem}. */
    public static Stage stage(LongUnaryOperator smem, int elementBytes, Indexed a) {
        List<Stage.Instruction> out = new ArrayList<>();
        forEachInstruction(smem, elementBytes, a, (w, i, r) -> out.add(new Stage.Instruction(w, i, count(r.address(), r.vector(), elementBytes))));
        return new Stage(elementBytes, a.threads(), out);
    }

    private interface InstructionVisitor {
        void visit(int warp, int instruction, Request request);
    }

    /** Each warp's instructions in issue order, warp by warp, as the checked requests of their addressing lanes. */
    private static void forEachInstruction(LongUnaryOperator smem, int elementBytes, Indexed a, InstructionVisitor visitor) {
        int warps = (a.threads() + 31) / 32;
        for (int w = 0; w < warps; w++) {
            int first = 32 * w, n = Math.min(a.lanes(), a.threads() - first);
            for (int i = 0; i < a.perThread(); i++) {
                final int instr = i, warp = w;
                visitor.visit(w, i, request(smem, elementBytes, () -> "access " + a.access() + ", warp " + warp + ", instruction " + instr, n,
                        a.values(), (t, v) -> a.index()[(int) (((long) instr * a.values() + v) * a.threads() + first + t)]));
            }
        }
    }

    /** Threads accessing {@code vector} bytes at the given byte addresses, split into phases, words sorted into banks. */
    static List<Phase> phases(long[] address, int vector) {
        int threads = address.length;
        int perPhase = Wavefronts.perPhase(vector); // 8-byte: half warps; 16-byte: quarter warps
        List<Phase> out = new ArrayList<>();
        for (int start = 0; start < threads; start += perPhase) {
            int end = Math.min(threads, start + perPhase);
            List<SortedMap<Long, List<Integer>>> banks = new ArrayList<>();
            for (int b = 0; b < BANKS; b++) banks.add(new TreeMap<>());
            List<Long> addresses = new ArrayList<>();
            for (int t = start; t < end; t++) {
                addresses.add(address[t]);
                for (long w = Math.floorDiv(address[t], WORD); w <= Wavefronts.lastWord(address[t], vector); w++) {
                    banks.get((int) Math.floorMod(w, (long) BANKS)).computeIfAbsent(w, k -> new ArrayList<>()).add(t);
                }
            }
            out.add(new Phase(start, vector, addresses, banks));
        }
        return out;
    }

    /**
     * The count for threads accessing {@code vector} bytes at the given byte addresses: per phase, the words sorted and
     * each bank's distinct ones counted (no maps: a search counts many layouts), the collisions of the worst bank taken
     * from {@link #phases(long[], int)} once.
     */
    static BankConflicts count(long[] address, int vector, int elementBytes) {
        int[] worst = {1, -1, -1}; // the fullest bank of a phase past one word: its words, the bank, the phase
        int total = Wavefronts.count(address, address.length, vector, Wavefronts.words(vector), worst);
        int worstBank = worst[1];
        TreeMap<Long, List<Integer>> collisions = new TreeMap<>();
        if (worstBank >= 0) collisions = new TreeMap<>(phases(address, vector).get(worst[2]).banks().get(worstBank));
        int minimum = (int) Math.max(1, ((long) address.length * vector + 127) / 128);
        return new BankConflicts(elementBytes, vector, address.length, total, minimum, worstBank, collisions);
    }

    /** A table a person reads: the counts, and the threads that collide in the worst bank. */
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("threads %d, %d-byte accesses of %d-byte elements%n", threads, vectorBytes, elementBytes));
        sb.append(String.format("wavefronts %d, minimum %d, conflict degree %s%n", wavefronts, minimum,
                degree() == Math.floor(degree()) ? Long.toString((long) degree()) + "-way" : String.format("%.2f", degree())));
        if (worstBank < 0) {
            sb.append("no bank conflict: no bank holds two distinct words in one phase").append(System.lineSeparator());
        } else {
            sb.append("bank ").append(worstBank).append(" holds ").append(collisions.size()).append(" distinct words in one phase:")
                    .append(System.lineSeparator());
            collisions.forEach((w, ts) -> sb.append("  word ").append(w).append(" (byte ").append(w * WORD).append("): threads ")
                    .append(ts).append(System.lineSeparator()));
        }
        return sb.toString();
    }
}
