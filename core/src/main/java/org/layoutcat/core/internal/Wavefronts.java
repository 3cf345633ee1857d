package org.layoutcat.core.internal;

/**
 * The wavefronts of one shared-memory instruction from its lanes' byte addresses, as {@code swizzle.BankConflicts}
 * defines them (its class comment gives the hardware's rules): per phase, the most distinct 4-byte words any one of the
 * 32 banks holds, summed. The one count behind {@code BankConflicts.of} and {@link TranslateClasses#wavefronts}, which
 * repeats it over the representatives of a stage. Not public API.
 */
public final class Wavefronts {
    private Wavefronts() {}

    private static final int BANKS = 32;
    private static final int WORD = 4;

    /** The lanes of one phase for accesses of {@code vector} bytes: all 32 up to 4 bytes, a half warp for 8, a quarter for 16. */
    public static int perPhase(int vector) {
        return vector <= WORD ? 32 : 128 / vector;
    }

    /**
     * The word of the last byte of a vector at {@code address}, {@code ⌊(address + vector − 1) / 4⌋}, exactly (the vector
     * is aligned to its size, so its last byte is in the word of {@code address + vector − 1} without passing the range:
     * that word is the first word, {@code ⌊address / 4⌋}, plus {@code ⌈vector / 4⌉ − 1}).
     */
    public static long lastWord(long address, int vector) {
        return Math.floorDiv(address, WORD) + (vector <= WORD ? 0 : vector / WORD - 1);
    }

    /** Scratch of {@link #count} for accesses of {@code vector} bytes: a phase's words. */
    public static long[] words(int vector) {
        return new long[perPhase(vector) * ((vector + WORD - 1) / WORD + 1)];
    }

    /**
     * The wavefronts of the first {@code n} lanes at these byte addresses, each accessing {@code vector} bytes: per
     * phase (see {@link #perPhase}), the most distinct words {@code ⌊byte / 4⌋} any bank ({@code word mod 32}, floor
     * division and a non-negative remainder for an address below the base too) holds, at least 1; summed. Where
     * {@code worst} is not null and some phase has a bank of more words than {@code worst[0]}, it becomes
     * {@code {words, bank, phase}} of the first such bank of the fullest phase (the first of equals). {@code words} is
     * scratch of {@link #words(int)}'s length at least. O(n·log n), no allocation but the banks' counts.
     */
    public static int count(long[] address, int n, int vector, long[] words, int[] worst) {
        int perPhase = perPhase(vector);
        int[] perBank = new int[BANKS];
        int total = 0;
        for (int start = 0, phase = 0; start < n; start += perPhase, phase++) {
            int end = Math.min(n, start + perPhase), m = 0;
            for (int t = start; t < end; t++) {
                for (long w = Math.floorDiv(address[t], WORD); w <= lastWord(address[t], vector); w++) words[m++] = w;
            }
            java.util.Arrays.sort(words, 0, m);
            java.util.Arrays.fill(perBank, 0);
            int most = 1;
            for (int i = 0; i < m; i++) {
                if (i > 0 && words[i] == words[i - 1]) continue;
                most = Math.max(most, ++perBank[(int) Math.floorMod(words[i], (long) BANKS)]);
            }
            total += most;
            if (worst != null && most > worst[0]) {
                for (int b = 0; b < BANKS; b++) {
                    if (perBank[b] == most) {
                        worst[0] = most;
                        worst[1] = b;
                        worst[2] = phase;
                        break;
                    }
                }
            }
        }
        return total;
    }
}
