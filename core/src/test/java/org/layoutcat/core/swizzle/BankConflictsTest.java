package org.layoutcat.core.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Swizzle;

/** Bank conflicts on hand-checked patterns, each derivation written beside it, and the swizzle property. */
class BankConflictsTest {
    private static final Layout ROW_MAJOR = Layout.parse("(8,64):(64,1)"); // an 8×64 tile of halves, rows of 128 bytes
    private static final ComposedLayout SWIZZLED = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)");

    @Test
    void aColumnOfARowMajorHalfTileIsEightWay() {
        // 8 threads read column 0: thread t reads (t, 0), index t, element 64t, byte 128t, word 32t: bank 0 for
        // all eight, eight distinct words: 8 wavefronts where 1 would do
        BankConflicts c = BankConflicts.of(ROW_MAJOR::apply, 2, Layout.parse("8:1"));
        assertEquals(8, c.wavefronts());
        assertEquals(1, c.minimum());
        assertEquals(0, c.worstBank());
        assertEquals(List.of(0L, 32L, 64L, 96L, 128L, 160L, 192L, 224L), List.copyOf(c.collisions().keySet()));
        assertTrue(c.table().contains("conflict degree 8-way"), c.table());
    }

    @Test
    void theSameColumnOfChunksThroughSw333IsConflictFree() {
        // 8 threads read the first 16-byte chunk of rows 0..7: thread t, value v is (t, v), index t + 8v.
        // Row-major: element 64t + v, byte 128t: every thread's 4 words are in banks 0..3: 8 wavefronts.
        Layout chunks = Layout.parse("(8,8):(1,8)");
        assertEquals(8, BankConflicts.of(ROW_MAJOR::apply, 2, chunks).wavefronts());
        // Sw<3,3,3>: bits 6..8 of the element offset (the row t) XOR bits 3..5 (the chunk): chunk 0 of row t moves
        // to chunk t, element 72t + v, byte 144t, words 36t..36t+3, banks 4t..4t+3: all 32 banks once, 1 wavefront
        BankConflicts s = BankConflicts.of(SWIZZLED::apply, 2, chunks);
        assertEquals(1, s.wavefronts());
        assertEquals(1, s.minimum());
        assertEquals(-1, s.worstBank());
    }

    @Test
    void rowWiseVectorAccessesAreConflictFree() {
        // 32 threads read 16 bytes each along the rows: thread t reads chunk t mod 8 of row t / 8; each phase of 8
        // threads reads one whole 128-byte row, banks 0..31 once: 4 phases, 4 wavefronts, the minimum
        Layout rows = Layout.parse("((8,4),8):((64,1),8)"); // thread (c, r) reads (r, 8c + v)
        BankConflicts c = BankConflicts.of(ROW_MAJOR::apply, 2, rows);
        assertEquals(4, c.wavefronts());
        assertEquals(4, c.minimum());
        // 32 threads reading consecutive words (4-byte accesses): one wavefront; a broadcast of one word too
        assertEquals(1, BankConflicts.of(i -> i, 4, Layout.parse("32:1")).wavefronts());
        assertEquals(1, BankConflicts.of(i -> i, 4, Layout.parse("32:0")).wavefronts());
        // stride 2 words: threads t and t+16 share bank 2t mod 32: 2-way
        assertEquals(2, BankConflicts.of(i -> i, 4, Layout.parse("32:2")).wavefronts());
    }

    @Test
    void valuesThatAreNotOneVectorAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BankConflicts.of(ROW_MAJOR::apply, 2, Layout.parse("(8,8):(8,1)")));
        assertTrue(e.getMessage().contains("not one vector access"), e.getMessage());
    }

    /**
     * A swizzle that permutes the 16-byte chunks within each 128-byte row (Sw<B,3,S> on half offsets, B ≤ 3: the
     * XORed bits 3..5 are the chunk) never increases the wavefronts of a row-wise 16-byte access.
     */
    @Property
    void aChunkPermutingSwizzleNeverAddsWavefrontsToRowWiseAccess(@ForAll @IntRange(min = 1, max = 3) int b,
            @ForAll @IntRange(min = 3, max = 6) int s, @ForAll @IntRange(min = 1, max = 4) int rowsPerWarp) {
        if (s < b) return;
        Layout tile = Layout.parse("(32,64):(64,1)");
        ComposedLayout sw = new ComposedLayout(new Swizzle(b, 3, s), 0, tile);
        int threads = rowsPerWarp * 8;
        Layout rows = Layout.parse("((8," + rowsPerWarp + "),8):((256,1),32)"); // thread (c, r): row r, chunk c; index r + 32·col
        BankConflicts plain = BankConflicts.of(tile::apply, 2, rows);
        BankConflicts swizzled = BankConflicts.of(sw::apply, 2, rows);
        assertTrue(swizzled.wavefronts() <= plain.wavefronts(), sw + ": " + swizzled.wavefronts() + " > " + plain.wavefronts());
        assertEquals(threads / 8, swizzled.minimum());
    }

    @Test
    void phasesSortTheWordsIntoBanksAndAddUpToTheWavefronts() {
        // the 8-way column: one phase (2-byte accesses), bank 0 holds words 0, 32, ..., 224, one thread each
        List<BankConflicts.Phase> column = BankConflicts.phases(ROW_MAJOR::apply, 2, Layout.parse("8:1"));
        assertEquals(1, column.size());
        assertEquals(8, column.get(0).wavefronts());
        assertEquals(List.of(0L, 32L, 64L, 96L, 128L, 160L, 192L, 224L), List.copyOf(column.get(0).banks().get(0).keySet()));
        assertEquals(List.of(3), column.get(0).banks().get(0).get(96L));
        // 32 threads reading 16 bytes along the rows: four quarter-warp phases of 8 threads, one wavefront each
        List<BankConflicts.Phase> rows = BankConflicts.phases(ROW_MAJOR::apply, 2, Layout.parse("((8,4),8):((64,1),8)"));
        assertEquals(List.of(0, 8, 16, 24), rows.stream().map(BankConflicts.Phase::firstThread).toList());
        assertEquals(4, rows.stream().mapToInt(BankConflicts.Phase::wavefronts).sum());
    }

    /** 32 threads, each reading 1, 2 or 4 words at a stride, through a swizzle that keeps 4-word chunks whole. */
    @Property
    void thePhasesWavefrontsAddUpToTheCount(@ForAll @IntRange(min = 0, max = 3) int b, @ForAll @IntRange(min = 0, max = 63) int stride,
            @ForAll @IntRange(min = 0, max = 2) int log2Values) {
        Swizzle sw = new Swizzle(b, 2, 3);
        int values = 1 << log2Values;
        Layout access = Layout.parse("(32," + values + "):(" + (stride * values) + ",1)");
        BankConflicts c = BankConflicts.of(sw::apply, 4, access);
        List<BankConflicts.Phase> phases = BankConflicts.phases(sw::apply, 4, access);
        assertEquals(c.wavefronts(), phases.stream().mapToInt(BankConflicts.Phase::wavefronts).sum(), access + " through " + sw);
        assertEquals(values == 4 ? 4 : values == 2 ? 2 : 1, phases.size());
    }

    @Test
    void aByteAddressPastTheLongRangeIsRefusedNotWrapped() {
        // issue 34: 8 threads read 16-byte elements of 8:2^60. Thread k's byte address is k·2^64, which wrapped to 0
        // and was counted as one broadcast (1 wavefront). The addresses are refused, naming the layout and the width
        AnyLayout smem = AnyLayout.parse("8:1152921504606846976");
        ArithmeticException e = assertThrows(ArithmeticException.class,
                () -> BankConflicts.of(BankConflicts.offsets(smem), 16, Layout.parse("(8,1):(1,0)")));
        for (String p : new String[] {"8:1152921504606846976", "16-byte elements", "18446744073709551616", "thread 1"}) {
            assertTrue(e.getMessage().contains(p), p + " in: " + e.getMessage());
        }
        // 8:16 where the addresses fit: thread k at byte 256k, words 64k..64k+3 in banks 0..3, one quarter-warp phase
        // of 8 threads whose 8 distinct words share each bank: 8 wavefronts
        assertEquals(8, BankConflicts.of(BankConflicts.offsets(AnyLayout.parse("8:16")), 16,
                Layout.parse("(8,1):(1,0)")).wavefronts());
        assertThrows(ArithmeticException.class, () -> BankConflicts.bank(Long.MAX_VALUE, 2));
    }

    @Test
    void aNegativeOffsetIsAnAddressBelowTheBaseInTheBankOfItsFloorWord() {
        // issue 34: (8,64):(-64,-1) replied "Index -31 out of bounds for length 32". Thread t reads index t, the
        // element (t, 0) at offset -64t, 16-byte elements: byte -1024t, words -256t .. -256t+3 (floor division), banks
        // 0..3 (floorMod 32) for every thread: one phase of 8 threads, 8 distinct words per bank, 8 wavefronts, as
        // the mirror (8,64):(64,1) counts
        AnyLayout smem = AnyLayout.parse("(8,64):(-64,-1)");
        BankConflicts c = BankConflicts.of(BankConflicts.offsets(smem), 16, Layout.parse("(8,1):(1,1)"));
        assertEquals(8, c.wavefronts());
        assertEquals(0, c.worstBank());
        assertEquals(List.of(-1792L, -1536L, -1280L, -1024L, -768L, -512L, -256L, 0L), List.copyOf(c.collisions().keySet()));
        assertEquals(8, BankConflicts.of(BankConflicts.offsets(AnyLayout.parse("(8,64):(64,1)")), 16,
                Layout.parse("(8,1):(1,1)")).wavefronts());
        List<BankConflicts.Phase> phases = BankConflicts.phases(BankConflicts.offsets(smem), 16, Layout.parse("(8,1):(1,1)"));
        assertEquals(8, phases.getFirst().banks().get(3).size()); // words -256t+3, bank 3
        // element -1 of 2-byte elements is byte -2, in word -1: bank 31, not bank 0 as truncation would have it
        assertEquals(31, BankConflicts.bank(-1, 2));
        assertEquals(29, BankConflicts.bank(-5, 2)); // byte -10, word -3
        // lanes given by byte addresses take negative multiples of the vector as well
        assertEquals(1, BankConflicts.ofAddresses(List.of(-16L, 0L, 16L), 16, 2).wavefronts());
    }
}
