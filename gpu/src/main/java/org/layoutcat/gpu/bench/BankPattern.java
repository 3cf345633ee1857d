package org.layoutcat.gpu.bench;

import java.util.List;
import java.util.function.LongUnaryOperator;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.swizzle.BankConflicts;

/**
 * One warp's shared-memory load instruction, as {@link BankConflicts} counts it: {@code access} maps thread t
 * (mode 0) and value v (mode 1) to an index of the shared-memory layout {@code smem} (a layout or a composed layout
 * {@code Sw<B,M,S> o offset o L}, in elements of {@code elementBytes}); each thread's values are one vector load.
 * Immutable.
 *
 * @param name         what the pattern is, for the table
 * @param smem         the shared-memory layout, as written (parsed by {@link Layout#parse} or {@link ComposedLayout#parse})
 * @param elementBytes bytes per element of {@code smem}
 * @param access       the threads' accesses
 */
public record BankPattern(String name, String smem, int elementBytes, Layout access) {

    public BankPattern {
        if (name == null || smem == null || access == null) throw new IllegalArgumentException("a bank pattern needs a name, a layout and an access");
        function(smem); // parses, or says why not
        BankConflicts.of(function(smem), elementBytes, access); // a valid instruction, or says why not
    }

    /** The pattern of {@code access} (CuTe notation) over {@code smem}. */
    public static BankPattern of(String name, String smem, int elementBytes, String access) {
        return new BankPattern(name, smem, elementBytes, Layout.parse(access));
    }

    /**
     * The conflict-free reference of one load width: 32 threads loading consecutive {@code vectorBytes}-byte
     * elements ({@code 32:1} over {@code 512:1}), which needs the fewest wavefronts,
     * {@code ⌈32·vectorBytes / 128⌉}.
     */
    public static BankPattern baseline(int vectorBytes) {
        return of(vectorBytes + " B: 32 consecutive vectors (reference)", "512:1", vectorBytes, "32:1");
    }

    /**
     * The table of {@code layoutcat gpu banks}: for each load width its reference first, then row and column reads of
     * row-major tiles, with and without the swizzle that removes their conflicts. The wavefront counts in the comments
     * are {@link BankConflicts}'s, checked by a test.
     */
    public static List<BankPattern> catalog() {
        String words = "(32,32):(32,1)"; // 32x32 4-byte words, row-major: a row is 128 bytes, all 32 banks
        String halves = "(8,64):(64,1)"; // 8x64 half-precision, row-major: a row is 128 bytes
        return List.of(
                baseline(4),                                                                                  // 1
                of("4 B: words along a row", words, 4, "32:32"),                                             // 1
                of("4 B: one word to every thread (broadcast)", words, 4, "32:0"),                            // 1
                of("4 B: every second word of a row, 2-way", words, 4, "32:64"),                             // 2
                of("4 B: a column, 32-way", words, 4, "32:1"),                                                // 32
                of("4 B: a column through Sw<5,0,5>", "Sw<5,0,5> o 0 o " + words, 4, "32:1"),                // 1
                baseline(2),                                                                                  // 1
                of("2 B: 8 halves along a row (8 threads)", halves, 2, "8:8"),                               // 1
                of("2 B: a column of the 8x64 half tile (8 threads), 8-way", halves, 2, "8:1"),             // 8
                of("2 B: that column through Sw<3,3,3>", "Sw<3,3,3> o 0 o " + halves, 2, "8:1"),             // 1
                baseline(8),                                                                                  // 2
                of("8 B: word pairs down a column, 16-way", words, 4, "(32,2):(1,32)"),                      // 32
                of("8 B: word pairs down a column through Sw<4,1,4>", "Sw<4,1,4> o 0 o " + words, 4, "(32,2):(1,32)"), // 2
                baseline(16),                                                                                 // 4
                of("16 B: chunks along the rows of the half tile", halves, 2, "((8,4),8):((64,1),8)"),       // 4
                of("16 B: chunks down the rows, 8-way", halves, 2, "((8,4),8):((1,64),8)"),                  // 32
                of("16 B: chunks down the rows through Sw<3,3,3>", "Sw<3,3,3> o 0 o " + halves, 2, "((8,4),8):((1,64),8)"), // 4
                of("16 B: one chunk per row (8 threads), 8-way", halves, 2, "(8,8):(1,8)"),                 // 8
                of("16 B: one chunk per row (8 threads) through Sw<3,3,3>", "Sw<3,3,3> o 0 o " + halves, 2, "(8,8):(1,8)")); // 1
    }

    /** The shared-memory layout's function: index ↦ element offset. */
    public LongUnaryOperator smemFunction() {
        return function(smem);
    }

    private static LongUnaryOperator function(String smem) {
        return BankConflicts.offsets(AnyLayout.parse(smem));
    }

    /** The instruction's wavefronts and the fewest possible, by the CUDA guide's rules. */
    public BankConflicts predicted() {
        return BankConflicts.of(smemFunction(), elementBytes, access);
    }

    /** The byte address each thread loads, thread by thread. */
    public List<Long> byteAddresses() {
        return BankConflicts.byteAddresses(smemFunction(), elementBytes, access);
    }

    /** Bytes each thread loads at once. */
    public int vectorBytes() {
        return predicted().vectorBytes();
    }

    /** The conflict-free reference of this pattern's load width. */
    public BankPattern reference() {
        return baseline(vectorBytes());
    }
}
