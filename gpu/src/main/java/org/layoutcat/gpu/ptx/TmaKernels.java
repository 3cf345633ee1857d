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
        if (rank < 1 || rank > 5) throw new IllegalArgumentException("TMA copies tensors of rank 1 to 5, not " + rank);
        if (tileBytes <= 0 || tileBytes % 4 != 0 || tileBytes > MAX_TILE_BYTES) {
            throw new IllegalArgumentException("a tile of " + tileBytes + " bytes: the kernel takes a multiple of 4 up to " + MAX_TILE_BYTES);
        }
        String entry = "tma_load_" + rank + "d_" + tileBytes;
        int row = 4 * (1 + rank);
        StringBuilder p = new StringBuilder();
        p.append("//\n// layoutcat: one tile through cp.async.bulk.tensor.").append(rank).append("d, ").append(tileBytes)
                .append(" bytes of shared memory\n//\n.version 8.0\n.target sm_90a\n.address_size 64\n\n");
        p.append(".visible .entry ").append(entry).append("(\n\t.param .align 64 .b8 tmap[128],\n\t.param .u64 out,\n")
                .append("\t.param .u64 copies,\n\t.param .u32 ncopies,\n\t.param .u32 txbytes\n)\n.maxntid 128, 1, 1\n{\n");
        p.append("\t.reg .pred %p<4>;\n\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<16>;\n");
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
        p.append("\tcp.async.bulk.tensor.").append(rank).append("d.shared::cluster.global.mbarrier::complete_tx::bytes [%r7], [%rd3, {")
                .append(coords).append("}], [%r1];\n");
        p.append("""
                	add.u32 %r5, %r5, 1;
                	bra.uni ISSUE;
                ISSUED:
                	bar.sync 0;
                	// 3. wait for the copies, then copy the tile out
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
                	mov.u32 %r5, %r0;
                OUT:
                	setp.ge.u32 %p0, %r5, WORDS;
                	@%p0 bra FLAG;
                	shl.b32 %r6, %r5, 2;
                	add.u32 %r7, %r2, %r6;
                	ld.shared.u32 %r20, [%r7];
                	mul.wide.u32 %rd6, %r5, 4;
                	add.s64 %rd7, %rd0, %rd6;
                	st.global.u32 [%rd7], %r20;
                	add.u32 %r5, %r5, 128;
                	bra.uni OUT;
                FLAG:
                	setp.ne.u32 %p0, %r0, 0;
                	@%p0 bra END;
                	st.global.u32 [%rd0+BYTES], %r9;
                END:
                	ret;
                }
                """.replace("WORDS", String.valueOf(tileBytes / 4)).replace("BYTES", String.valueOf(tileBytes)));
        return new Kernel(entry, p.toString(), Kernel.Geometry.BLOCK_PER_TILE, 1, 128, 1,
                "one tile of " + tileBytes + " bytes through cp.async.bulk.tensor." + rank + "d");
    }
}
