package org.layoutcat.gpu.atom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.gpu.ptx.UmmaKernels;

/**
 * Issue 36: the Blackwell check's table on {@link UmmaEmulator}, the PTX ISA's tcgen05 written out: each tile's
 * layouts, make_umma_desc's descriptors advanced along K and the instruction descriptor read back C + A·B exactly, so
 * the tables `gpu blackwell --verify` hands a B200 are the layouts' (no Blackwell GPU here: gpu/BENCHMARKS.md).
 */
class UmmaTileTest {

    /** The ISA's model as the check's device. */
    static final UmmaVerification.Device MODEL = new UmmaVerification.Device() {
        @Override
        public double[] umma(org.layoutcat.gpu.ptx.Kernel k, UmmaKernels.Tile t, int[] a, int[] b, int[] c, int[] ia, int[] ib, int[] ic,
                             int[] koff, long adesc, long bdesc, int idesc, boolean integer) {
            return UmmaEmulator.run(t, a, b, c, ia, ib, ic, koff, adesc, bdesc, idesc);
        }

        @Override
        public String description() {
            return "the PTX ISA's tcgen05, written out";
        }
    };

    @Test
    void everyTileOfTheMatrixComputesCPlusABOnTheIsasModel() {
        List<UmmaVerification.Outcome> all = UmmaVerification.verifyAll(MODEL);
        List<String> failed = all.stream().filter(o -> !o.passed()).map(UmmaVerification.Outcome::line).toList();
        assertEquals(List.of(), failed);
        assertEquals(40, all.size());
        // every dense kind, both majors, the four swizzlings
        assertTrue(all.stream().anyMatch(o -> o.line().contains("kind::i8")) && all.stream().anyMatch(o -> o.name().contains("-MN-SW32-")), all.toString());
    }

    /** A descriptor advanced by the wrong amount along K reads other K-blocks: the model catches it. */
    @Test
    void aWrongAdvanceAlongKIsCaught() {
        UmmaTile u = UmmaTile.matrix().get(1);
        assertTrue(u.kSteps() > 1, u.name());
        int[] koff = u.kOffsets();
        koff[2] += 2; // A's second K-block read 32 bytes further on
        double[] d = UmmaEmulator.run(u.kernelTile(), u.bits(true, UmmaTile.M), u.bits(false, u.n()), u.cBits(), u.table(u.aMajor(), UmmaTile.M),
                u.table(u.bMajor(), u.n()), u.accumulatorTable(), koff, u.descriptor(u.aMajor(), UmmaTile.M).value(),
                u.descriptor(u.bMajor(), u.n()).value(), u.instrDescriptor().value());
        assertTrue(!java.util.Arrays.equals(d, u.expected()));
    }
}
