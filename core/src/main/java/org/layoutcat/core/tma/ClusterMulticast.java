package org.layoutcat.core.tma;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * The multicast of a GEMM's operands over a thread-block cluster, as CUTLASS's SM90 TMA mainloops set it up
 * ({@code cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized.hpp}): A's tile is multicast along the
 * cluster's N mode ({@code make_tma_copy_A_sm90}: {@code size<1>(cluster)} CTAs), B's along M
 * ({@code make_tma_copy_B_sm90}: {@code size<0>(cluster)}), and the CTA of rank r, at
 * {@code (x, y) = (r % M, r / M)}, sends its share of A to the CTAs {@code block_layout(x, n, 0)} for every n and of
 * B to {@code block_layout(m, y, 0)} for every m: its masks, one bit per CTA rank. CuTe's
 * {@code create_tma_multicast_mask<Mode>} over the (V,M,N,K) layout of the cluster gives the same masks.
 *
 * @param blockLayout the cluster's (m, n[, k]) → CTA rank layout ({@code Layout<ClusterShape>{}}, column-major)
 * @param ctas        each CTA's coordinates and masks, by rank
 */
public record ClusterMulticast(Layout blockLayout, List<Cta> ctas) {

    /** The most CTAs a cluster holds on SM90 (16, with the non-portable cluster size; a mask has 16 bits). */
    public static final int MAX_CLUSTER = 16;

    /**
     * One CTA of the cluster.
     *
     * @param rank  its rank in the cluster ({@code block_rank_in_cluster})
     * @param x     its M coordinate, {@code rank % M}: B's slice ({@code tma_load_b.get_slice(x)})
     * @param y     its N coordinate, {@code rank / M}: A's slice ({@code tma_load_a.get_slice(y)})
     * @param maskA the CTAs its loads of A reach, bit r for rank r
     * @param maskB the CTAs its loads of B reach
     */
    public record Cta(int rank, long x, long y, int maskA, int maskB) {
    }

    /** The CTAs A is multicast to, {@code size<1>(cluster)}. */
    public long multicastA() {
        return blockLayout.mode(1).size();
    }

    /** The CTAs B is multicast to, {@code size<0>(cluster)}. */
    public long multicastB() {
        return blockLayout.mode(0).size();
    }

    /** CUTLASS's atom for A: {@code SM90_TMA_LOAD_MULTICAST} where A is multicast, else {@code SM90_TMA_LOAD}. */
    public TmaPartition.Op atomA() {
        return multicastA() > 1 ? TmaPartition.Op.SM90_TMA_LOAD_MULTICAST : TmaPartition.Op.SM90_TMA_LOAD;
    }

    /** CUTLASS's atom for B (see {@link #atomA}). */
    public TmaPartition.Op atomB() {
        return multicastB() > 1 ? TmaPartition.Op.SM90_TMA_LOAD_MULTICAST : TmaPartition.Op.SM90_TMA_LOAD;
    }

    /**
     * The masks of every CTA of a cluster.
     *
     * @param blockLayout the cluster's (m, n) or (m, n, 1) → CTA rank layout; a shape is CUTLASS's column-major
     *                    {@code Layout<ClusterShape>}
     * @throws LayoutArgumentException for a layout of another rank or a K mode of more than one CTA, a cluster past
     *         {@value #MAX_CLUSTER} CTAs, or a layout whose value at some (m, n) is no CTA of the cluster (a mask bit for a
     *         CTA rank that does not exist, which CUTLASS would set without a check)
     */
    public static ClusterMulticast of(Layout blockLayout) {
        String what = "the cluster layout " + blockLayout;
        if (blockLayout.rank() < 2 || blockLayout.rank() > 3 || blockLayout.rank() == 3 && blockLayout.mode(2).size() != 1) {
            throw new LayoutArgumentException(what + ": a cluster layout is (M,N) or (M,N,1), CTA coordinate (m,n) → rank, as"
                    + " CUTLASS's SM90 mainloops evaluate block_layout(m, n, 0)");
        }
        long size = blockLayout.size();
        if (size > MAX_CLUSTER) {
            throw new LayoutArgumentException(what + " holds " + size + " CTAs, past SM90's " + MAX_CLUSTER + " (a multicast mask"
                    + " has 16 bits)");
        }
        long m = blockLayout.mode(0).size(), n = blockLayout.mode(1).size();
        boolean[] seen = new boolean[(int) size];
        for (long j = 0; j < n; j++) {
            for (long i = 0; i < m; i++) {
                long r = value(blockLayout, i, j);
                if (r < 0 || r >= size) {
                    throw new LayoutArgumentException(what + ": block_layout(" + i + "," + j + ",0) = " + r + ", and the cluster's "
                            + size + " CTAs have ranks 0.." + (size - 1) + ": a multicast mask would name CTA " + r + ", which does"
                            + " not exist (CUTLASS sets bit " + r + " without a check; use the cluster's column-major layout, "
                            + Layout.colMajor(IntTuple.flat(m, n)) + ")");
                }
                if (seen[(int) r]) {
                    throw new LayoutArgumentException(what + ": block_layout(" + i + "," + j + ",0) = " + r + " again: two CTA"
                            + " coordinates of the cluster share rank " + r + ", and a CTA's rank is its own");
                }
                seen[(int) r] = true;
            }
        }
        // the hardware's rank of the CTA at cluster coordinate (x, y) of cluster dims (M, N, 1) is x + M·y
        // (%cluster_ctarank); the mainloops read (x, y) from block_id_in_cluster and send to block_layout(x, n, 0)
        for (long j = 0; j < n; j++) {
            for (long i = 0; i < m; i++) {
                long r = value(blockLayout, i, j);
                if (r != i + m * j) {
                    throw new LayoutArgumentException(what + ": block_layout(" + i + "," + j + ",0) = " + r + ", and the CTA at cluster"
                            + " coordinate (" + i + "," + j + ") has rank " + (i + m * j) + " (%cluster_ctarank = x + " + m + "·y for cluster dims ("
                            + m + "," + n + ",1)): a mask built over this layout sends a tile to CTA " + r + ", at ("
                            + (r % m) + "," + (r / m) + "), which wants another tile (on an H100 such CTAs receive the wrong tiles, gpu tma"
                            + " --verify); CUTLASS's mainloops use Layout<ClusterShape>{}, " + Layout.colMajor(IntTuple.flat(m, n)));
                }
            }
        }
        List<Cta> out = new ArrayList<>();
        for (int r = 0; r < size; r++) out.add(cta(what, blockLayout, m, n, r));
        return new ClusterMulticast(blockLayout, List.copyOf(out));
    }

    /**
     * One CTA's masks: {@link #of} for the CTA of that rank.
     *
     * @throws LayoutArgumentException as {@link #of}, and for a rank outside the cluster: its
     *         {@code cluster_local_block_id} lies outside the block layout's domain, where CUTLASS would evaluate it
     */
    public static Cta of(Layout blockLayout, long rank) {
        ClusterMulticast c = of(blockLayout);
        long size = blockLayout.size(), m = blockLayout.mode(0).size();
        if (rank < 0 || rank >= size) {
            throw new LayoutArgumentException("CTA rank " + rank + " of the cluster layout " + blockLayout + ": the cluster has " + size
                    + " CTAs, ranks 0.." + (size - 1) + "; its cluster_local_block_id (" + Math.floorMod(rank, m) + "," + Math.floorDiv(rank, m)
                    + ") is outside the block layout's domain " + blockLayout.shape() + ", where CUTLASS's mask loop would evaluate"
                    + " block_layout without a check");
        }
        return c.ctas.get((int) rank);
    }

    private static Cta cta(String what, Layout l, long m, long n, int r) {
        long x = r % m, y = r / m;
        int a = 0, b = 0;
        for (long j = 0; j < n; j++) a |= 1 << value(l, x, j);
        for (long i = 0; i < m; i++) b |= 1 << value(l, i, y);
        return new Cta(r, x, y, a, b);
    }

    /** {@code block_layout(i, j, 0)}. */
    private static long value(Layout l, long i, long j) {
        return l.rank() == 2 ? l.apply(IntTuple.flat(i, j)) : l.apply(IntTuple.flat(i, j, 0L));
    }

    /** {@code cta 0 (0,0): a 0x5 b 0x3; cta 1 (1,0): a 0xa b 0x3; ...}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (Cta c : ctas) {
            if (!s.isEmpty()) s.append("; ");
            s.append("cta ").append(c.rank).append(" (").append(c.x).append(',').append(c.y).append("): a 0x")
                    .append(Integer.toHexString(c.maskA)).append(" b 0x").append(Integer.toHexString(c.maskB));
        }
        return s.toString();
    }
}
