package org.layoutcat.core.blockscaled;

import java.util.Optional;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * Whether a producer writes its scale factors where CUTLASS's block-scaled kernel reads them: for every scale factor of
 * the problem, (mn, k-block, l) with mn &lt; MN, k-block &lt; ⌈K / SFVec⌉, l &lt; L, the producer's byte offset
 * against the offset of CUTLASS's layout ({@link ScaleFactorLayouts#of}) at the k-block's first element. The first
 * difference is the first in the order l, then mn, then k-block (row by row of the scale-factor matrix, as a row-major
 * producer writes them); the padding CUTLASS's layout has past MN and K is not compared.
 *
 * <p>Cost: O(MN · ⌈K / SFVec⌉ · L) evaluations, refused past {@value #MAX_BLOCKS} scale factors.
 *
 * @param cutlass    the layout CUTLASS's kernel reads
 * @param blocks     the scale factors compared
 * @param differing  how many of them the producer writes elsewhere
 * @param first      the first that differs, empty where the producer agrees
 */
public record ScaleFactorConformance(Layout cutlass, long blocks, long differing, Optional<Difference> first) {

    /** The largest number of scale factors compared. */
    public static final long MAX_BLOCKS = 1L << 24;

    /** Where a producer writes a scale factor: its byte offset at (mn, k-block, l). */
    @FunctionalInterface
    public interface Producer {
        long offset(long mn, long kBlock, long l);
    }

    /**
     * The scale factor of (mn, k-block, l), the K elements it scales, and where each side puts it.
     *
     * @param kFirst the first element of K the scale factor scales ({@code kBlock · SFVec})
     * @param kLast  the last
     */
    public record Difference(long mn, long kBlock, long l, long kFirst, long kLast, long producerByte, long cutlassByte) {
        /** "mn 1, k 0..31 (block 0), l 0: the producer writes byte 4, CUTLASS's kernel reads byte 16". */
        @Override
        public String toString() {
            return "mn " + mn + ", k " + kFirst + ".." + kLast + " (block " + kBlock + "), l " + l + ": the producer writes byte "
                    + producerByte + ", CUTLASS's kernel reads byte " + cutlassByte;
        }
    }

    /** Whether the producer writes every scale factor where the kernel reads it. */
    public boolean agrees() {
        return differing == 0;
    }

    /**
     * The check of a producer given as a function.
     *
     * @throws LayoutArgumentException as {@link ScaleFactorLayouts#of}, or past {@value #MAX_BLOCKS} scale factors
     */
    public static ScaleFactorConformance check(ScaleFactorLayouts.Arch arch, ScaleFactorLayouts.Operand operand, int sfVec,
            IntTuple problem, Producer producer) {
        Layout cutlass = ScaleFactorLayouts.of(arch, operand, sfVec, problem);
        ScaleFactorLayouts.Problem p = ScaleFactorLayouts.Problem.of(problem);
        long mn = operand == ScaleFactorLayouts.Operand.SFA ? p.m() : p.n();
        long kb = ScaleFactorLayouts.ceilDiv(p.k(), sfVec);
        long blocks = Math.multiplyExact(Math.multiplyExact(mn, kb), p.l());
        if (blocks > MAX_BLOCKS) {
            throw new LayoutArgumentException("blockscaled_conformance of a problem " + problem + " with SFVecSize " + sfVec + ": "
                    + blocks + " scale factors, past the " + MAX_BLOCKS + " compared at most");
        }
        long differing = 0;
        Difference first = null;
        for (long l = 0; l < p.l(); l++) {
            for (long m = 0; m < mn; m++) {
                for (long b = 0; b < kb; b++) {
                    long k = b * sfVec;
                    IntTuple c = p.hasL() ? IntTuple.of(IntTuple.of(m), IntTuple.of(k), IntTuple.of(l)) : IntTuple.of(IntTuple.of(m), IntTuple.of(k));
                    long want = cutlass.apply(c);
                    long got = producer.offset(m, b, l);
                    if (got != want) {
                        differing++;
                        if (first == null) first = new Difference(m, b, l, k, Math.min(k + sfVec, p.k()) - 1, got, want);
                    }
                }
            }
        }
        return new ScaleFactorConformance(cutlass, blocks, differing, Optional.ofNullable(first));
    }

    /**
     * The check of a producer given as a layout of (MN, K[, L]): K in elements (a mode of K elements or more, read at
     * each block's first element, as CUTLASS's own layout is) or in scale-factor blocks (a mode of ⌈K / SFVec⌉ or
     * more, fewer than K); its modes cover the problem.
     *
     * @throws LayoutArgumentException where the producer's rank is not the problem's (2 without L, 3 with it), or a mode
     *         does not cover the problem, or as {@link #check(ScaleFactorLayouts.Arch, ScaleFactorLayouts.Operand, int,
     *         IntTuple, Producer)}
     */
    public static ScaleFactorConformance check(ScaleFactorLayouts.Arch arch, ScaleFactorLayouts.Operand operand, int sfVec,
            IntTuple problem, Layout producer) {
        ScaleFactorLayouts.Problem p = ScaleFactorLayouts.Problem.of(problem);
        int rank = p.hasL() ? 3 : 2;
        String what = "blockscaled_conformance of the producer " + producer;
        if (producer.rank() != rank) {
            throw new LayoutArgumentException(what + ": it has rank " + producer.rank() + "; the problem " + problem + " has "
                    + rank + " modes of scale factors, (" + (operand == ScaleFactorLayouts.Operand.SFA ? "M" : "N") + ",K"
                    + (p.hasL() ? ",L" : "") + ")");
        }
        long mn = operand == ScaleFactorLayouts.Operand.SFA ? p.m() : p.n();
        long kb = ScaleFactorLayouts.ceilDiv(p.k(), sfVec);
        long sizeK = producer.mode(1).size();
        boolean elements = sizeK >= p.k();
        if (producer.mode(0).size() < mn || sizeK < kb || (p.hasL() && producer.mode(2).size() < p.l())) {
            throw new LayoutArgumentException(what + ": its modes " + producer.shape() + " do not cover the problem's "
                    + mn + " rows, " + p.k() + " elements of K (" + kb + " scale-factor blocks of " + sfVec + ")"
                    + (p.hasL() ? " and " + p.l() + " batches" : ""));
        }
        return check(arch, operand, sfVec, problem, (m, b, l) -> {
            long k = elements ? b * sfVec : b;
            return producer.apply(p.hasL() ? IntTuple.of(IntTuple.of(m), IntTuple.of(k), IntTuple.of(l)) : IntTuple.of(IntTuple.of(m), IntTuple.of(k)));
        });
    }
}
