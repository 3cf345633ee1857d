package org.layoutcat.gpu.tma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The GPU's TMA table run through {@link SimulatedTma}, a model of the driver and the copies from their documentation:
 * the derived descriptors land every tile as the layouts say, the driver's model refuses what CuTe passes on, and
 * CuTe's silent descriptors land elsewhere. The hardware's own answers are `layoutcat gpu tma --verify`'s
 * (gpu/BENCHMARKS.md).
 */
class TmaVerificationTest {

    @Test
    void everyCasePassesOnTheModelOfTma() {
        List<TmaVerification.Outcome> all = TmaVerification.verifyAll(new SimulatedTma());
        String failed = all.stream().filter(o -> !o.passed()).map(TmaVerification.Outcome::line).collect(Collectors.joining("\n"));
        assertEquals("", failed);
        assertTrue(all.size() >= 40, "cases: " + all.size());
    }

    /**
     * Issue 35: the cluster table on the model: every CTA of each cluster receives its operands' tiles whole from the
     * boxes the CTAs multicast by tma_partition's shares and ClusterMulticast's masks.
     */
    @Test
    void everyClusterCasePassesOnTheModelOfTma() {
        List<TmaVerification.Outcome> all = TmaVerification.verifyClusters(new SimulatedTma());
        String failed = all.stream().filter(o -> !o.passed()).map(TmaVerification.Outcome::line).collect(Collectors.joining("\n"));
        assertEquals("", failed);
        assertEquals(8, all.size());
    }

    /**
     * Issue 35: the im2col table on the model: each tile CuTe's im2col descriptor and TMA tensor load is the
     * convolution's im2col block by the definition of the convolution.
     */
    @Test
    void everyIm2colCasePassesOnTheModelOfTma() {
        List<TmaVerification.Outcome> all = TmaVerification.verifyIm2col(new SimulatedTma());
        String failed = all.stream().filter(o -> !o.passed()).map(TmaVerification.Outcome::line).collect(Collectors.joining("\n"));
        assertEquals("", failed);
        assertEquals(9, all.size());
    }

    /** A CTA left out of a mask is found: its tile keeps the poison where the missing share lands. */
    @Test
    void aMaskThatLeavesACtaOutIsFound() {
        TmaVerification.ClusterCase good = TmaVerification.clusterCases().get(0);
        List<TmaVerification.Share> shares = new java.util.ArrayList<>(good.shares());
        TmaVerification.Share s0 = shares.get(0);
        shares.set(0, new TmaVerification.Share(s0.operand(), s0.cta(), s0.ctaCoord(), s0.tile(), s0.mask() & ~2));
        TmaVerification.Outcome o = TmaVerification.verify(new SimulatedTma(), new TmaVerification.ClusterCase("left-out", good.cluster(), good.operands(), shares, TmaVerification.Expect.LANDS));
        assertTrue(!o.passed() && o.line().contains("CTA 1"), o.line());
    }

    /** The model's swizzle is CuTe's Sw<3,4,3> of bytes: 16-byte chunk c of 128-byte row r goes to chunk c XOR (r mod 8). */
    @Test
    void theModelsSwizzleIsTheByteSwizzle() {
        org.layoutcat.core.Swizzle sw = new org.layoutcat.core.Swizzle(3, 4, 3);
        for (long a = 0; a < 4096; a++) assertEquals(sw.apply(a), SimulatedTma.swizzle(a, 3));
        assertEquals(3 * 128 + (2 ^ 3) * 16 + 5, SimulatedTma.swizzle(3 * 128 + 2 * 16 + 5, 3));
    }
}
