package org.layoutcat.core.swizzle;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongUnaryOperator;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

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
     * One instruction's accesses: {@code access} maps thread t (its mode 0) and value v (its mode 1, if any) to an
     * index of the shared-memory layout; each thread accesses its values as one vector of
     * {@code values·elementBytes} bytes, which must lie at consecutive addresses (else it is several instructions).
     * {@code smem} maps an index to an element offset: a {@link Layout} or a {@link ComposedLayout}.
     */
    public static BankConflicts of(LongUnaryOperator smem, int elementBytes, Layout access) {
        long[] address = addresses(smem, elementBytes, access);
        long values = access.size() / address.length;
        return count(address, (int) (values * elementBytes), elementBytes);
    }

    /**
     * The byte address each thread of {@link #of} accesses first, thread by thread: {@code smem(access(t)) ·
     * elementBytes}; the same checks as {@link #of} (one aligned vector of 1 to 16 bytes per thread, at most 32
     * threads). A GPU kernel that replays the instruction loads from these addresses.
     */
    public static List<Long> byteAddresses(LongUnaryOperator smem, int elementBytes, Layout access) {
        List<Long> list = new ArrayList<>();
        for (long a : addresses(smem, elementBytes, access)) list.add(a);
        return List.copyOf(list);
    }

    private static long[] addresses(LongUnaryOperator smem, int elementBytes, Layout access) {
        if (elementBytes < 1 || elementBytes > 16 || Integer.bitCount(elementBytes) != 1) {
            throw new LayoutArgumentException("an element of " + elementBytes + " bytes: elements of 1, 2, 4, 8 or 16 bytes");
        }
        long threads = access.rank() >= 2 ? access.mode(0).size() : access.size();
        long values = access.size() / threads;
        if (threads > 32) throw new LayoutArgumentException("access " + access + " has " + threads + " threads; an instruction has at most 32");
        long vector = values * elementBytes;
        if (vector > 16 || Long.bitCount(vector) != 1) {
            throw new LayoutArgumentException("access " + access + ": " + values + " values of " + elementBytes + " bytes make "
                    + vector + "-byte accesses; a thread accesses 1, 2, 4, 8 or 16 bytes at once");
        }
        long[] address = new long[(int) threads];
        for (int t = 0; t < threads; t++) {
            long first = smem.applyAsLong(access.apply(t));
            for (long v = 1; v < values; v++) {
                long at = smem.applyAsLong(access.apply(t + threads * v));
                if (at != first + v) {
                    throw new LayoutArgumentException("access " + access + ": thread " + t + "'s value " + v + " is at element "
                            + at + ", not " + (first + v) + ", so its values are not one vector access");
                }
            }
            address[t] = first * elementBytes;
            if (address[t] % vector != 0) {
                throw new LayoutArgumentException("access " + access + ": thread " + t + " reads " + vector + " bytes at byte "
                        + address[t] + ", which is not " + vector + "-byte aligned");
            }
        }
        return address;
    }

    /** The count for threads accessing {@code vector} bytes at the given byte addresses. */
    static BankConflicts count(long[] address, int vector, int elementBytes) {
        int threads = address.length;
        int perPhase = vector <= 4 ? 32 : 128 / vector; // 8-byte: half warps; 16-byte: quarter warps
        int total = 0, worstBank = -1, worst = 1;
        TreeMap<Long, List<Integer>> collisions = new TreeMap<>();
        for (int start = 0; start < threads; start += perPhase) {
            List<TreeSet<Long>> words = new ArrayList<>();
            for (int b = 0; b < BANKS; b++) words.add(new TreeSet<>());
            for (int t = start; t < Math.min(threads, start + perPhase); t++) {
                for (long w = address[t] / WORD; w <= (address[t] + vector - 1) / WORD; w++) words.get((int) (w % BANKS)).add(w);
            }
            int phase = 1;
            for (int b = 0; b < BANKS; b++) {
                int n = words.get(b).size();
                phase = Math.max(phase, n);
                if (n > worst) {
                    worst = n;
                    worstBank = b;
                    collisions = new TreeMap<>();
                    for (int t = start; t < Math.min(threads, start + perPhase); t++) {
                        for (long w = address[t] / WORD; w <= (address[t] + vector - 1) / WORD; w++) {
                            if (w % BANKS == b) collisions.computeIfAbsent(w, k -> new ArrayList<>()).add(t);
                        }
                    }
                }
            }
            total += phase;
        }
        int minimum = (int) Math.max(1, ((long) threads * vector + 127) / 128);
        return new BankConflicts(elementBytes, vector, threads, total, minimum, worstBank, collisions);
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
