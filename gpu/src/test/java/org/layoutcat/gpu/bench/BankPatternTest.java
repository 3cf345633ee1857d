package org.layoutcat.gpu.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.swizzle.BankConflicts;

/** The bank-conflict table's patterns: their predicted wavefronts, addresses and references. */
class BankPatternTest {

    @Test
    void catalogPredictsTheWavefrontsTheGuideGives() {
        // hand-derived by the CUDA guide's rules (32 banks of 4 bytes; 8-byte loads in half warps, 16-byte in quarter warps)
        int[] wavefronts = {1, 1, 1, 2, 32, 1, 1, 1, 8, 1, 2, 32, 2, 4, 4, 32, 4, 8, 1};
        List<BankPattern> all = BankPattern.catalog();
        assertEquals(wavefronts.length, all.size());
        List<Integer> got = new ArrayList<>();
        for (BankPattern p : all) got.add(p.predicted().wavefronts());
        for (int i = 0; i < wavefronts.length; i++) assertEquals(wavefronts[i], got.get(i), all.get(i).name() + " in " + got);
    }

    @Test
    void referencesNeedTheFewestWavefronts() {
        for (int v : new int[] {1, 2, 4, 8, 16}) {
            BankConflicts c = BankPattern.baseline(v).predicted();
            assertEquals(c.minimum(), c.wavefronts(), v + "-byte reference");
            assertEquals(v, c.vectorBytes());
        }
        for (BankPattern p : BankPattern.catalog()) assertEquals(p.vectorBytes(), p.reference().vectorBytes(), p.name());
    }

    @Test
    void swizzleSpreadsTheChunksOfAColumnOverAllBanks() {
        // Sw<3,3,3> o 0 o (8,64):(64,1), threads reading 16-byte chunks down the rows: row r's chunk 0 lands at chunk r
        BankPattern p = BankPattern.of("one chunk per row", "Sw<3,3,3> o 0 o (8,64):(64,1)", 2, "(8,8):(1,8)");
        assertEquals(List.of(0L, 144L, 288L, 432L, 576L, 720L, 864L, 1008L), p.byteAddresses());
        BankPattern plain = BankPattern.of("one chunk per row", "(8,64):(64,1)", 2, "(8,8):(1,8)");
        assertEquals(List.of(0L, 128L, 256L, 384L, 512L, 640L, 768L, 896L), plain.byteAddresses());
        assertEquals(8, plain.predicted().wavefronts());
        assertEquals(1, p.predicted().wavefronts());
    }

    @Test
    void tableShowsPredictionsWithoutMeasurements() {
        List<BankRow> rows = new ArrayList<>();
        for (BankPattern p : BankPattern.catalog()) rows.add(new BankRow(p, p.predicted(), p.reference().predicted().wavefronts(), List.of()));
        String t = BankRow.table(rows, rows);
        assertTrue(t.contains("| 4 B: a column, 32-way | `(32,32):(32,1)` | `32:1` | 4 | 32 (1) | 32.0 |"), t);
        assertTrue(t.contains("| 16 B: one chunk per row (8 threads) through Sw<3,3,3> | `Sw<3,3,3> o 0 o (8,64):(64,1)` | `(8,8):(1,8)` | 2 | 1 (1) | 0.25 |"), t);
        assertEquals(BankPattern.catalog().size() + 2, t.lines().count());
    }

    @Test
    void invalidInstructionsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> BankPattern.of("64 threads", "(64,64):(64,1)", 4, "64:1"));
        assertThrows(IllegalArgumentException.class, () -> BankPattern.of("not a vector", "(32,32):(32,1)", 4, "(32,2):(32,1)"));
        assertThrows(IllegalArgumentException.class, () -> BankPattern.of("bad layout", "(32,32):(32", 4, "32:1"));
    }
}
