package org.layoutcat.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.gpu.bench.BankPattern;
import org.layoutcat.gpu.ptx.BankKernels;

/** The host side of the bank measurement, without a GPU: the check accepts what the kernel should write, and only that. */
class CudaBanksCheckTest {

    /** The output the kernel writes when every lane loads its predicted bytes {@code loads} times. */
    static int[] expected(List<Long> addresses, int vector, long loads) {
        int[] out = new int[BankKernels.OUT_BYTES / 4];
        int words = Math.max(1, vector / 4);
        for (int t = 0; t < addresses.size(); t++) {
            int sum = 0;
            for (int j = 0; j < words; j++) {
                int w = BankKernels.loadedWord(addresses.get(t), vector, j);
                out[(BankKernels.CHECK + 16 * t + 4 * j) / 4] = w;
                sum += w;
            }
            out[(BankKernels.SUMS + 4 * t) / 4] = (int) (loads * sum);
        }
        return out;
    }

    @Test
    void checkAcceptsThePredictedLoadsAndCatchesAnyOther() {
        for (BankPattern p : BankPattern.catalog()) {
            List<Long> a = p.byteAddresses();
            int[] good = expected(a, p.vectorBytes(), 2048 * 16);
            assertTrue(CudaBanks.check(a, p.vectorBytes(), 2048 * 16, good).startsWith("ok"), p.name());
            int[] moved = good.clone();
            moved[BankKernels.CHECK / 4] ^= 1; // lane 0 loaded another value
            assertTrue(CudaBanks.check(a, p.vectorBytes(), 2048 * 16, moved).startsWith("WRONG"), p.name());
            assertTrue(CudaBanks.check(a, p.vectorBytes(), 2048 * 16 + 1, good).startsWith("WRONG"), p.name());
        }
    }
}
