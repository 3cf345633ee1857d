package org.layoutcat.gpu.ptx;

/**
 * The kernel that loads one tile with TMA (PTX ISA 8.0, sm_90a: {@code cp.async.bulk.tensor}, {@code mbarrier}). One
 * block of 128 threads:
 * <ol>
 * <li>every thread writes the poison byte {@code 0xA5} over the shared-memory tile (bytes TMA does not write keep
 *     it), then {@code fence.proxy.async.shared::cta} orders those writes before the async proxy's;</li>
 * <li>thread 0 initializes an mbarrier for one arrival, arrives on it expecting {@code txbytes} (every copy's box
 *     bytes, out-of-bounds elements included) and issues each copy of the table {@code copies}: row i holds the
 *     copy's byte offset in the tile, then its {@code rank} coordinates (signed, 32-bit);</li>
 * <li>every thread waits for phase 0 of the mbarrier, at most about 2^22 tries, then copies the tile out word by
 *     word; thread 0 writes 1 (loaded) or 2 (timed out) in the word after it.</li>
 * </ol>
 * The tensor map is the kernel's first parameter, 128 bytes aligned to 64, as CUDA passes a
 * {@code const __grid_constant__ CUtensorMap}; its generic address ({@code cvta.param}) is the copy's operand.
 */
public final class TmaKernels {
    /** The largest tile: the static shared memory of one block. */
    public static final int MAX_TILE_BYTES = 48 * 1024 - 1024;
    /** The poison byte of bytes no copy writes. */
    public static final byte POISON = (byte) 0xA5;

    private TmaKernels() {}

    /**
     * The kernel for tensor maps of rank {@code rank} (1 to 5) and a tile of {@code tileBytes} (a multiple of 4, at
     * most {@link #MAX_TILE_BYTES}) at a 1024-byte aligned shared-memory address. Parameters: the tensor map, then
     * {@code .u64 out} (tileBytes + 4 bytes), {@code .u64 copies}, {@code .u32 ncopies}, {@code .u32 txbytes}.
     */
    public static Kernel load(int rank, int tileBytes) {
        return load(rank, tileBytes, false);
    }

    /**
     * The kernel of {@link #load(int, int)} with im2col copies ({@code cp.async.bulk.tensor.Nd...im2col}, rank 3 to 5):
     * row i of {@code copies} holds the byte offset, the {@code rank} coordinates (C, W[, H[, D]], N) of the copy's
     * first pixel, then its {@code rank − 2} im2col offsets (the filter tap times the dilation, W first, 16-bit).
     */
    public static Kernel loadIm2col(int rank, int tileBytes) {
        if (rank < 3 || rank > 5) throw new IllegalArgumentException("an im2col TMA copy takes a tensor of rank 3 to 5, not " + rank);
        return load(rank, tileBytes, true);
    }

    private static Kernel load(int rank, int tileBytes, boolean im2col) {
        if (rank < 1 || rank > 5) throw new IllegalArgumentException("TMA copies tensors of rank 1 to 5, not " + rank);
        if (tileBytes <= 0 || tileBytes % 4 != 0 || tileBytes > MAX_TILE_BYTES) {
            throw new IllegalArgumentException("a tile of " + tileBytes + " bytes: the kernel takes a multiple of 4 up to " + MAX_TILE_BYTES);
        }
        int offsets = im2col ? rank - 2 : 0;
        String entry = "tma_load_" + rank + "d_" + (im2col ? "im2col_" : "") + tileBytes;
        int row = 4 * (1 + rank + offsets);
        StringBuilder p = new StringBuilder();
        p.append("//\n// layoutcat: one tile through cp.async.bulk.tensor.").append(rank).append("d, ").append(tileBytes)
                .append(" bytes of shared memory\n//\n.version 8.0\n.target sm_90a\n.address_size 64\n\n");
        p.append(".visible .entry ").append(entry).append("(\n\t.param .align 64 .b8 tmap[128],\n\t.param .u64 out,\n")
                .append("\t.param .u64 copies,\n\t.param .u32 ncopies,\n\t.param .u32 txbytes\n)\n.maxntid 128, 1, 1\n{\n");
        p.append("\t.reg .pred %p<4>;\n\t.reg .b16 %rs<4>;\n\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<16>;\n");
        p.append("\t.shared .align 1024 .b8 tile[").append(tileBytes).append("];\n\t.shared .align 8 .b64 bar;\n");
        p.append("""
                	mov.u32 %r0, %tid.x;
                	mov.u32 %r1, bar;
                	mov.u32 %r2, tile;
                	ld.param.u64 %rd0, [out];
                	ld.param.u64 %rd1, [copies];
                	ld.param.u32 %r3, [ncopies];
                	ld.param.u32 %r4, [txbytes];
                	mov.b64 %rd2, tmap;
                	cvta.param.u64 %rd3, %rd2;
                	// 1. poison the tile
                """);
        p.append(poison(tileBytes / 4));
        p.append("""
                	bar.sync 0;
                	// 2. thread 0: the mbarrier and the copies
                	setp.ne.u32 %p0, %r0, 0;
                	@%p0 bra ISSUED;
                	mbarrier.init.shared::cta.b64 [%r1], 1;
                	fence.proxy.async.shared::cta;
                	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], %r4;
                	mov.u32 %r5, 0;
                ISSUE:
                	setp.ge.u32 %p1, %r5, %r3;
                	@%p1 bra ISSUED;
                	mul.wide.u32 %rd4, %r5, ROW;
                	add.s64 %rd5, %rd1, %rd4;
                	ld.global.u32 %r6, [%rd5];
                	add.u32 %r7, %r2, %r6;
                """.replace("WORDS", String.valueOf(tileBytes / 4)).replace("ROW", String.valueOf(row)));
        StringBuilder coords = new StringBuilder();
        for (int i = 0; i < rank; i++) {
            p.append("\tld.global.u32 %r").append(10 + i).append(", [%rd5+").append(4 * (i + 1)).append("];\n");
            coords.append(i == 0 ? "" : ", ").append("%r").append(10 + i);
        }
        StringBuilder info = new StringBuilder();
        for (int i = 0; i < offsets; i++) {
            p.append("\tld.global.u32 %r").append(16 + i).append(", [%rd5+").append(4 * (rank + 1 + i)).append("];\n");
            p.append("\tcvt.u16.u32 %rs").append(i).append(", %r").append(16 + i).append(";\n");
            info.append(i == 0 ? ", {" : ", ").append("%rs").append(i);
        }
        if (offsets > 0) info.append('}');
        p.append("\tcp.async.bulk.tensor.").append(rank).append("d.shared::cluster.global").append(im2col ? ".im2col" : "")
                .append(".mbarrier::complete_tx::bytes [%r7], [%rd3, {").append(coords).append("}], [%r1]").append(info).append(";\n");
        p.append("""
                	add.u32 %r5, %r5, 1;
                	bra.uni ISSUE;
                ISSUED:
                	bar.sync 0;
                	// 3. wait for the copies, then copy the tile out
                """);
        p.append(WAIT_PHASE_0);
        p.append("""
                """);
        p.append(copyOut(tileBytes / 4, "%rd0"));
        p.append("""
                	setp.ne.u32 %p0, %r0, 0;
                	@%p0 bra END;
                	st.global.u32 [%rd0+BYTES], %r9;
                END:
                	ret;
                }
                """.replace("WORDS", String.valueOf(tileBytes / 4)).replace("BYTES", String.valueOf(tileBytes)));
        return new Kernel(entry, p.toString(), Kernel.Geometry.BLOCK_PER_TILE, 1, 128, 1,
                "one tile of " + tileBytes + " bytes through cp.async.bulk.tensor." + rank + "d" + (im2col ? " .im2col" : ""));
    }
    /** The most CTAs of a cluster a portable launch takes (CUDA's portable cluster size). */
    public static final int MAX_CLUSTER = 8;

    /**
     * The kernel that loads tiles over a thread-block cluster of {@code cluster} CTAs ({@code .reqnctapercluster}, PTX
     * ISA 8.0, sm_90a), each CTA a block of 128 threads with a tile of {@code tileBytes} bytes at a 1024-byte aligned
     * shared-memory address:
     * <ol>
     * <li>every thread poisons its CTA's tile; thread 0 initializes the CTA's mbarrier for one arrival and makes it
     *     visible to the cluster ({@code fence.mbarrier_init.release.cluster}); the cluster meets at
     *     {@code barrier.cluster}, so that no multicast reaches a barrier not yet initialized;</li>
     * <li>thread 0 of the CTA of rank r ({@code %cluster_ctarank}) arrives expecting {@code txbytes[r]} bytes (every
     *     box that reaches it, from any CTA) and issues its own copies of the table {@code copies}: row i holds the
     *     tensor map (0 or 1), the issuing rank, the byte offset in the tile, the multicast mask (bit c: CTA c receives
     *     the box at that offset of its own tile, and completes the bytes on its own mbarrier) and {@code rank}
     *     coordinates (signed, 32-bit);</li>
     * <li>every thread waits for phase 0 (at most about 2^22 tries), copies the tile out to
     *     {@code out + r · (tileBytes + 4)}, and thread 0 writes 1 (loaded) or 2 (timed out) after it; the cluster
     *     meets again before any CTA exits.</li>
     * </ol>
     * Parameters: two tensor maps (128 bytes each, aligned to 64; the second may repeat the first), then
     * {@code .u64 out}, {@code .u64 copies}, {@code .u32 ncopies}, {@code .u64 txbytes} (one {@code .u32} per rank). The
     * grid is one cluster: {@code cluster} blocks along x.
     */
    public static Kernel clusterLoad(int rank, int tileBytes, int cluster) {
        if (rank < 1 || rank > 5) throw new IllegalArgumentException("TMA copies tensors of rank 1 to 5, not " + rank);
        if (tileBytes <= 0 || tileBytes % 4 != 0 || tileBytes > MAX_TILE_BYTES) {
            throw new IllegalArgumentException("a tile of " + tileBytes + " bytes: the kernel takes a multiple of 4 up to " + MAX_TILE_BYTES);
        }
        if (cluster < 1 || cluster > MAX_CLUSTER) {
            throw new IllegalArgumentException("a cluster of " + cluster + " CTAs: a portable cluster holds 1 to " + MAX_CLUSTER);
        }
        String entry = "tma_cluster_" + rank + "d_" + tileBytes + "_x" + cluster;
        int row = 4 * (4 + rank);
        StringBuilder p = new StringBuilder();
        p.append("//\n// layoutcat: tiles through cp.async.bulk.tensor.").append(rank).append("d .multicast::cluster over a cluster of ")
                .append(cluster).append(" CTAs, ").append(tileBytes).append(" bytes of shared memory each\n//\n.version 8.0\n.target sm_90a\n.address_size 64\n\n");
        p.append(".visible .entry ").append(entry).append("(\n\t.param .align 64 .b8 tmap0[128],\n\t.param .align 64 .b8 tmap1[128],\n")
                .append("\t.param .u64 out,\n\t.param .u64 copies,\n\t.param .u32 ncopies,\n\t.param .u64 txbytes\n)\n")
                .append(".maxntid 128, 1, 1\n.reqnctapercluster ").append(cluster).append(", 1, 1\n{\n");
        p.append("\t.reg .pred %p<6>;\n\t.reg .b16 %rs<2>;\n\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<16>;\n");
        p.append("\t.shared .align 1024 .b8 tile[").append(tileBytes).append("];\n\t.shared .align 8 .b64 bar;\n");
        p.append("""
                	mov.u32 %r0, %tid.x;
                	mov.u32 %r1, bar;
                	mov.u32 %r2, tile;
                	mov.u32 %r21, %cluster_ctarank;
                	ld.param.u64 %rd0, [out];
                	ld.param.u64 %rd1, [copies];
                	ld.param.u32 %r3, [ncopies];
                	ld.param.u64 %rd8, [txbytes];
                	mov.b64 %rd2, tmap0;
                	cvta.param.u64 %rd3, %rd2;
                	mov.b64 %rd9, tmap1;
                	cvta.param.u64 %rd10, %rd9;
                	// 1. poison the tile; thread 0 initializes the mbarrier; the cluster meets
                """);
        p.append(poison(tileBytes / 4));
        p.append("""
                	setp.ne.u32 %p0, %r0, 0;
                	@%p0 bra INITIALIZED;
                	mbarrier.init.shared::cta.b64 [%r1], 1;
                	fence.mbarrier_init.release.cluster;
                INITIALIZED:
                	bar.sync 0;
                	barrier.cluster.arrive.release;
                	barrier.cluster.wait.acquire;
                	// 2. thread 0: expect this CTA's bytes, issue this CTA's copies
                	@%p0 bra ISSUED;
                	mul.wide.u32 %rd11, %r21, 4;
                	add.s64 %rd12, %rd8, %rd11;
                	ld.global.u32 %r4, [%rd12];
                	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], %r4;
                	mov.u32 %r5, 0;
                ISSUE:
                	setp.ge.u32 %p1, %r5, %r3;
                	@%p1 bra ISSUED;
                	mul.wide.u32 %rd4, %r5, ROW;
                	add.s64 %rd5, %rd1, %rd4;
                	add.u32 %r5, %r5, 1;
                	ld.global.u32 %r22, [%rd5+4];
                	setp.ne.u32 %p4, %r22, %r21;
                	@%p4 bra ISSUE;
                	ld.global.u32 %r23, [%rd5];
                	ld.global.u32 %r6, [%rd5+8];
                	add.u32 %r7, %r2, %r6;
                	ld.global.u32 %r24, [%rd5+12];
                	cvt.u16.u32 %rs0, %r24;
                """.replace("WORDS", String.valueOf(tileBytes / 4)).replace("ROW", String.valueOf(row)));
        StringBuilder coords = new StringBuilder();
        for (int i = 0; i < rank; i++) {
            p.append("\tld.global.u32 %r").append(10 + i).append(", [%rd5+").append(4 * (i + 4)).append("];\n");
            coords.append(i == 0 ? "" : ", ").append("%r").append(10 + i);
        }
        String copy = "\tcp.async.bulk.tensor." + rank + "d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r7], [MAP, {"
                + coords + "}], [%r1], %rs0;\n";
        p.append("\tsetp.ne.u32 %p5, %r23, 0;\n\t@%p5 bra MAP1;\n").append(copy.replace("MAP", "%rd3")).append("\tbra.uni ISSUE;\nMAP1:\n")
                .append(copy.replace("MAP", "%rd10")).append("\tbra.uni ISSUE;\n");
        p.append("""
                ISSUED:
                	// 3. wait for the bytes, copy the tile out, meet the cluster before exiting
                """);
        p.append(WAIT_PHASE_0);
        p.append("""
                	mul.wide.u32 %rd13, %r21, STRIDE;
                	add.s64 %rd14, %rd0, %rd13;
                """.replace("STRIDE", String.valueOf(tileBytes + 4)));
        p.append(copyOut(tileBytes / 4, "%rd14"));
        p.append("""
                	setp.ne.u32 %p0, %r0, 0;
                	@%p0 bra END;
                	st.global.u32 [%rd14+BYTES], %r9;
                END:
                	barrier.cluster.arrive.release;
                	barrier.cluster.wait.acquire;
                	ret;
                }
                """.replace("WORDS", String.valueOf(tileBytes / 4)).replace("BYTES", String.valueOf(tileBytes))
                .replace("STRIDE", String.valueOf(tileBytes + 4)));
        return new Kernel(entry, p.toString(), Kernel.Geometry.BLOCK_PER_TILE, cluster, 128, 1,
                "tiles of " + tileBytes + " bytes through cp.async.bulk.tensor." + rank + "d .multicast::cluster over " + cluster + " CTAs");
    }
    /** Every thread writes the poison byte over the tile's {@code words} words, then hands them to the async proxy. */
    private static String poison(int words) {
        return """
                	mov.u32 %r5, %r0;
                POISON:
                	setp.ge.u32 %p0, %r5, WORDS;
                	@%p0 bra POISONED;
                	shl.b32 %r6, %r5, 2;
                	add.u32 %r7, %r2, %r6;
                	st.shared.u32 [%r7], 0xA5A5A5A5;
                	add.u32 %r5, %r5, 128;
                	bra.uni POISON;
                POISONED:
                	fence.proxy.async.shared::cta;
                """.replace("WORDS", String.valueOf(words));
    }

    /** Every thread waits for phase 0 of the mbarrier {@code %r1}, at most about 2^22 tries: %r9 is then 1, or 2 (timed out). */
    private static final String WAIT_PHASE_0 = """
            	mov.u32 %r8, 0;
            	mov.u32 %r9, 1;
            WAIT:
            	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r1], 0;
            	@%p2 bra LOADED;
            	add.u32 %r8, %r8, 1;
            	setp.lt.u32 %p3, %r8, 4194304;
            	@%p3 bra WAIT;
            	mov.u32 %r9, 2;
            LOADED:
            """;

    /** Every thread copies the tile's {@code words} words out to the global address in {@code base}, then on to FLAG. */
    private static String copyOut(int words, String base) {
        return """
                	mov.u32 %r5, %r0;
                OUT:
                	setp.ge.u32 %p0, %r5, WORDS;
                	@%p0 bra FLAG;
                	shl.b32 %r6, %r5, 2;
                	add.u32 %r7, %r2, %r6;
                	ld.shared.u32 %r20, [%r7];
                	mul.wide.u32 %rd6, %r5, 4;
                	add.s64 %rd7, BASE, %rd6;
                	st.global.u32 [%rd7], %r20;
                	add.u32 %r5, %r5, 128;
                	bra.uni OUT;
                FLAG:
                """.replace("WORDS", String.valueOf(words)).replace("BASE", base);
    }
}
