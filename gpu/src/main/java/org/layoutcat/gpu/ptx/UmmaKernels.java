package org.layoutcat.gpu.ptx;

/**
 * The Blackwell kernel of one UMMA tile (PTX ISA 8.6, {@code sm_100a}: {@code tcgen05.alloc}, {@code .mma},
 * {@code .commit}, {@code .ld}, {@code .st}, {@code .dealloc}), for the hardware check of UMMA atoms, their
 * descriptors and the accumulator's layout in tensor memory. Like the wgmma kernels ({@link AtomKernels}), it knows
 * nothing of the layouts: the host fills tables from them, so a wrong layout gives a wrong result. One CTA of 128
 * threads (four warps, warp w reaching TMEM lanes 32·w to 32·w + 31):
 * <ol>
 * <li>every thread places A's and B's elements (bit patterns, {@code u32}) in shared memory at the byte offsets of
 *     the tables {@code ia} and {@code ib} (the operand layouts the descriptors describe), then
 *     {@code fence.proxy.async.shared::cta} hands them to the async proxy that tcgen05.mma reads through;</li>
 * <li>warp 0 allocates {@code columns} TMEM columns ({@code tcgen05.alloc}, the address written to shared memory)
 *     and gives up the permit; thread 0 initializes an mbarrier;</li>
 * <li>every thread writes its accumulator's initial values (the elements of C at the table {@code ic}) into TMEM with
 *     {@code tcgen05.st.sync.aligned.32x32b}, at its warp's lanes, {@code repeat} columns a store;</li>
 * <li>thread 0 issues {@code kSteps} {@code tcgen05.mma.cta_group::1.kind::K}, step s with the descriptors' start
 *     addresses advanced by {@code koff[2s]} and {@code koff[2s+1]} (16-byte units: the K-block's offset in its tile,
 *     as CuTe's descriptor iterator adds it), accumulating into C, and commits them to the mbarrier
 *     ({@code tcgen05.commit});</li>
 * <li>every thread waits for the mbarrier, loads its lanes' columns back ({@code tcgen05.ld.sync.aligned.32x32b},
 *     {@code repeat} columns a load, {@code tcgen05.wait::ld}) and stores value v to {@code d[ic[t·N + v]]};</li>
 * <li>warp 0 frees the columns ({@code tcgen05.dealloc}).</li>
 * </ol>
 * Parameters: {@code .u64 a, b, c, d, ia, ib, ic, koff, .u64 adesc, bdesc, .u32 idesc}; the flag word after {@code d}'s
 * {@code 128·N} words is 1 (done) or 2 (the mbarrier timed out).
 *
 * @see <a href="https://docs.nvidia.com/cuda/parallel-thread-execution/#tensorcore-5th-generation-instructions">PTX ISA:
 *      TensorCore 5th Generation Family Instructions</a>
 */
public final class UmmaKernels {
    /** The PTX ISA version of the tcgen05 instructions for sm_100a. */
    public static final String PTX_VERSION = "8.6";

    private UmmaKernels() {}

    /** {@code tcgen05.mma}'s {@code .kind}s of the dense atoms: tf32, f16 (f16 and bf16), f8f6f4, i8. */
    public enum Kind {
        TF32("tf32", 32), F16("f16", 16), F8F6F4("f8f6f4", 8), I8("i8", 8);

        public final String ptx;
        /** The width of an element of A and B as the kernel places it. */
        public final int bits;

        Kind(String ptx, int bits) {
            this.ptx = ptx;
            this.bits = bits;
        }
    }

    /**
     * One tile.
     *
     * @param kind     the instruction's kind
     * @param n        N of the atom: the accumulator's columns the kernel reads back (M is 128: lane m holds row m)
     * @param kSteps   the instructions issued along K, the descriptors advanced between them
     * @param aBytes   A's bytes in shared memory
     * @param bBytes   B's bytes in shared memory
     * @param columns  the TMEM columns allocated: a power of two from 32 to 512, at least n
     * @param repeat   the columns of one tcgen05.ld/st (its .x: 1 to 128, a power of two dividing n)
     */
    public record Tile(Kind kind, int n, int kSteps, int aBytes, int bBytes, int columns, int repeat) {
        public Tile {
            if (n < 8 || n > 256 || n % 8 != 0) throw new IllegalArgumentException("UMMA's N is a multiple of 8 from 8 to 256 (M = 128 here), not " + n);
            if (columns < 32 || columns > 512 || Integer.bitCount(columns) != 1 || columns < n) {
                throw new IllegalArgumentException("tcgen05.alloc takes a power of two from 32 to 512 columns, at least N = " + n + ", not " + columns);
            }
            if (repeat < 1 || repeat > 128 || Integer.bitCount(repeat) != 1 || n % repeat != 0) {
                throw new IllegalArgumentException("tcgen05.ld/st .32x32b takes .x1 to .x128 (a power of two) dividing N = " + n + ", not .x" + repeat);
            }
            if (kSteps < 1) throw new IllegalArgumentException("a tile takes at least one K step, not " + kSteps);
            if (aBytes <= 0 || bBytes <= 0 || aBytes % 1024 != 0 || bBytes % 1024 != 0 || aBytes + bBytes > 200 * 1024) {
                throw new IllegalArgumentException("operand tiles of " + aBytes + " and " + bBytes + " bytes: multiples of 1024 that fit shared memory");
            }
        }
    }

    /** The kernel of one tile. */
    public static Kernel umma(Tile t) {
        String entry = "umma_" + t.kind.ptx + "_m128n" + t.n + "_k" + t.kSteps + "_x" + t.repeat;
        int values = t.n;
        StringBuilder p = new StringBuilder();
        p.append("//\n// layoutcat: one UMMA tile, tcgen05.mma.cta_group::1.kind::").append(t.kind.ptx).append(" M=128 N=").append(t.n)
                .append(", ").append(t.kSteps).append(" K steps, the accumulator in ").append(t.columns).append(" TMEM columns\n//\n");
        p.append(".version ").append(PTX_VERSION).append("\n.target sm_100a\n.address_size 64\n\n");
        p.append(".visible .entry ").append(entry).append("(\n\t.param .u64 a,\n\t.param .u64 b,\n\t.param .u64 c,\n\t.param .u64 d,\n")
                .append("\t.param .u64 ia,\n\t.param .u64 ib,\n\t.param .u64 ic,\n\t.param .u64 koff,\n\t.param .u64 adesc,\n\t.param .u64 bdesc,\n\t.param .u32 idesc\n)\n")
                .append(".maxntid 128, 1, 1\n{\n");
        p.append("\t.reg .pred %p<8>;\n\t.reg .b32 %r<40>;\n\t.reg .b64 %rd<40>;\n\t.reg .b32 %v<").append(t.repeat).append(">;\n");
        p.append("\t.shared .align 1024 .b8 smemA[").append(t.aBytes).append("];\n\t.shared .align 1024 .b8 smemB[").append(t.bBytes)
                .append("];\n\t.shared .align 8 .b64 bar;\n\t.shared .align 4 .b32 tslot;\n");
        p.append("""
                	mov.u32 %r0, %tid.x;
                	shr.u32 %r1, %r0, 5;
                	ld.param.u64 %rd1, [a];
                	ld.param.u64 %rd2, [b];
                	ld.param.u64 %rd3, [c];
                	ld.param.u64 %rd4, [d];
                	ld.param.u64 %rd5, [ia];
                	ld.param.u64 %rd6, [ib];
                	ld.param.u64 %rd7, [ic];
                	ld.param.u64 %rd8, [adesc];
                	ld.param.u64 %rd9, [bdesc];
                	ld.param.u64 %rd18, [koff];
                	ld.param.u32 %r2, [idesc];
                	mov.u32 %r3, smemA;
                	mov.u32 %r4, smemB;
                """);
        place(p, "A", "%rd1", "%rd5", "%r3", t.aBytes * 8 / t.kind.bits, t.kind.bits);
        place(p, "B", "%rd2", "%rd6", "%r4", t.bBytes * 8 / t.kind.bits, t.kind.bits);
        p.append("""
                	fence.proxy.async.shared::cta;
                	// 2. warp 0 allocates the columns; thread 0 initializes the mbarrier
                	setp.ne.u32 %p0, %r1, 0;
                	@%p0 bra ALLOCATED;
                	mov.u32 %r5, tslot;
                	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r5], COLUMNS;
                	tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
                	setp.ne.u32 %p1, %r0, 0;
                	@%p1 bra ALLOCATED;
                	mov.u32 %r6, bar;
                	mbarrier.init.shared::cta.b64 [%r6], 1;
                	fence.mbarrier_init.release.cluster;
                ALLOCATED:
                	tcgen05.fence::before_thread_sync;
                	bar.sync 0;
                	tcgen05.fence::after_thread_sync;
                	mov.u32 %r5, tslot;
                	ld.shared.b32 %r7, [%r5];
                	// this warp's lanes: 32*(w mod 4) in the address's bits 16 and up
                	and.b32 %r8, %r1, 3;
                	shl.b32 %r8, %r8, 21;
                	add.u32 %r9, %r7, %r8;
                	// 3. C into TMEM, REPEAT columns a store
                	mul.lo.u32 %r10, %r0, VALUES;
                	mov.u32 %r11, 0;
                STORE:
                	setp.ge.u32 %p2, %r11, VALUES;
                	@%p2 bra STORED;
                """.replace("COLUMNS", String.valueOf(t.columns)).replace("REPEAT", String.valueOf(t.repeat)).replace("VALUES", String.valueOf(values)));
        StringBuilder regs = new StringBuilder();
        for (int i = 0; i < t.repeat; i++) {
            // value i of the chunk: c[ic[t·N + col + i]]
            p.append("\tadd.u32 %r12, %r10, %r11;\n\tadd.u32 %r12, %r12, ").append(i).append(";\n")
                    .append("\tmul.wide.u32 %rd10, %r12, 4;\n\tadd.s64 %rd11, %rd7, %rd10;\n\tld.global.u32 %r13, [%rd11];\n")
                    .append("\tmul.wide.u32 %rd12, %r13, 4;\n\tadd.s64 %rd13, %rd3, %rd12;\n\tld.global.u32 %v").append(i).append(", [%rd13];\n");
            regs.append(i == 0 ? "" : ", ").append("%v").append(i);
        }
        p.append("\tadd.u32 %r14, %r9, %r11;\n\ttcgen05.st.sync.aligned.32x32b.x").append(t.repeat).append(".b32 [%r14], {").append(regs).append("};\n")
                .append("\tadd.u32 %r11, %r11, ").append(t.repeat).append(";\n\tbra.uni STORE;\nSTORED:\n");
        p.append("""
                	tcgen05.wait::st.sync.aligned;
                	tcgen05.fence::before_thread_sync;
                	bar.sync 0;
                	tcgen05.fence::after_thread_sync;
                	// 4. thread 0: the K steps, accumulating into C, committed to the mbarrier
                	setp.ne.u32 %p1, %r0, 0;
                	@%p1 bra ISSUED;
                	mov.u32 %r15, 0;
                	setp.eq.u32 %p3, %r0, 0;
                MMA:
                	setp.ge.u32 %p4, %r15, KSTEPS;
                	@%p4 bra COMMIT;
                	mul.wide.u32 %rd14, %r15, 8;
                	add.s64 %rd19, %rd18, %rd14;
                	ld.global.u32 %r18, [%rd19];
                	ld.global.u32 %r19, [%rd19+4];
                	cvt.u64.u32 %rd14, %r18;
                	add.s64 %rd15, %rd8, %rd14;
                	cvt.u64.u32 %rd16, %r19;
                	add.s64 %rd17, %rd9, %rd16;
                	tcgen05.mma.cta_group::1.kind::KIND [%r7], %rd15, %rd17, %r2, %p3;
                	add.u32 %r15, %r15, 1;
                	bra.uni MMA;
                COMMIT:
                	mov.u32 %r6, bar;
                	tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r6];
                ISSUED:
                	// 5. wait for the MMAs, load the lanes back, store them through the table
                	mov.u32 %r6, bar;
                	mov.u32 %r16, 0;
                	mov.u32 %r17, 1;
                WAIT:
                	mbarrier.try_wait.parity.shared::cta.b64 %p5, [%r6], 0;
                	@%p5 bra DONE;
                	add.u32 %r16, %r16, 1;
                	setp.lt.u32 %p6, %r16, 4194304;
                	@%p6 bra WAIT;
                	mov.u32 %r17, 2;
                DONE:
                	tcgen05.fence::after_thread_sync;
                	mov.u32 %r11, 0;
                LOAD:
                	setp.ge.u32 %p2, %r11, VALUES;
                	@%p2 bra LOADED;
                	add.u32 %r14, %r9, %r11;
                """.replace("KSTEPS", String.valueOf(t.kSteps)).replace("KIND", t.kind.ptx).replace("VALUES", String.valueOf(values)));
        p.append("\ttcgen05.ld.sync.aligned.32x32b.x").append(t.repeat).append(".b32 {").append(regs).append("}, [%r14];\n")
                .append("\ttcgen05.wait::ld.sync.aligned;\n");
        for (int i = 0; i < t.repeat; i++) {
            p.append("\tadd.u32 %r12, %r10, %r11;\n\tadd.u32 %r12, %r12, ").append(i).append(";\n")
                    .append("\tmul.wide.u32 %rd10, %r12, 4;\n\tadd.s64 %rd11, %rd7, %rd10;\n\tld.global.u32 %r13, [%rd11];\n")
                    .append("\tmul.wide.u32 %rd12, %r13, 4;\n\tadd.s64 %rd13, %rd4, %rd12;\n\tst.global.u32 [%rd13], %v").append(i).append(";\n");
        }
        p.append("\tadd.u32 %r11, %r11, ").append(t.repeat).append(";\n\tbra.uni LOAD;\nLOADED:\n");
        p.append("""
                	setp.ne.u32 %p1, %r0, 0;
                	@%p1 bra FREE;
                	st.global.u32 [%rd4+FLAG], %r17;
                FREE:
                	tcgen05.fence::before_thread_sync;
                	bar.sync 0;
                	@%p0 bra END;
                	tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r7, COLUMNS;
                END:
                	ret;
                }
                """.replace("FLAG", String.valueOf(4L * 128 * values)).replace("COLUMNS", String.valueOf(t.columns)));
        return new Kernel(entry, p.toString(), Kernel.Geometry.BLOCK_PER_TILE, 1, 128, 1,
                "one UMMA tile: tcgen05.mma.kind::" + t.kind.ptx + " M=128 N=" + t.n + ", " + t.kSteps + " K steps, tcgen05.ld/st .32x32b.x" + t.repeat);
    }

    /** Every thread places elements i = tid, tid + 128, … of an operand at the byte offsets of its table. */
    private static void place(StringBuilder p, String name, String values, String table, String base, int count, int bits) {
        String st = switch (bits) {
            case 8 -> "st.shared.u8";
            case 16 -> "st.shared.u16";
            default -> "st.shared.u32";
        };
        p.append("\t// 1. ").append(name).append(": ").append(count).append(" elements of ").append(bits).append(" bits\n");
        p.append("\tmov.u32 %r20, %r0;\n").append("PLACE_").append(name).append(":\n")
                .append("\tsetp.ge.u32 %p7, %r20, ").append(count).append(";\n\t@%p7 bra PLACED_").append(name).append(";\n")
                .append("\tmul.wide.u32 %rd20, %r20, 4;\n\tadd.s64 %rd21, ").append(table).append(", %rd20;\n\tld.global.u32 %r21, [%rd21];\n")
                .append("\tadd.s64 %rd22, ").append(values).append(", %rd20;\n\tld.global.u32 %r22, [%rd22];\n")
                .append("\tadd.u32 %r23, ").append(base).append(", %r21;\n");
        p.append("\t").append(st).append(" [%r23], %r22;\n") // a store narrower than its register keeps the low bits
                .append("\tadd.u32 %r20, %r20, 128;\n\tbra.uni PLACE_").append(name).append(";\nPLACED_").append(name).append(":\n");
    }
}
