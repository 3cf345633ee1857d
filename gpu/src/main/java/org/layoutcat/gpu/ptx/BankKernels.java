package org.layoutcat.gpu.ptx;

import java.util.List;
import java.util.Locale;

/**
 * A kernel that replays one warp's shared-memory load instruction many times and times it with {@code %clock64}, to
 * measure what bank conflicts cost (the count itself is {@link org.layoutcat.core.swizzle.BankConflicts}'s).
 *
 * <p>One block of {@code warps} warps on one SM. Lane {@code l < threads} of every warp loads {@code vectorBytes}
 * bytes at byte {@code address[l]} of a static shared array ({@code ld.volatile.shared.u8/.u16/.u32/.v2.u32/.v4.u32}:
 * volatile, so no load is merged or dropped); lanes at or past {@code threads} branch around the loop, so the warp
 * runs it with those lanes inactive, as a partial-warp instruction does. The block first fills the array, word {@code w} with {@link #fillWord(long)}, then each warp runs
 * {@code iters} trips of {@code unroll} independent loads of its lanes' addresses, adding every loaded word into an
 * accumulator (the dependency that keeps the loads, written out at the end). Thread 0 reads {@code %clock64} between
 * two barriers around the loop, so the count covers every warp's loads: with enough warps the shared-memory pipe is
 * the bottleneck and the cycles per warp instruction approach the instruction's wavefronts.
 *
 * <p>Parameters {@code (p_out, p_addr, p_iters)}: {@code p_addr} holds 32 {@code u32} byte addresses (lane order);
 * {@code p_out} receives, from warp 0, at byte 0 the cycles ({@code u64}), at byte {@value #CHECK} lane l's first loaded
 * vector as {@code u32} words (zero-extended below 4 bytes) at {@code CHECK + 16·l}, and at byte {@value #SUMS} lane
 * l's accumulator ({@code u32}) at {@code SUMS + 4·l}; {@value #OUT_BYTES} bytes in all.
 */
public final class BankKernels {
    /** Where lane l's first loaded vector starts in the output: byte {@code CHECK + 16·l}. */
    public static final int CHECK = 16;
    /** Where lane l's accumulator lies in the output: byte {@code SUMS + 4·l}. */
    public static final int SUMS = CHECK + 32 * 16;
    /** The output's size in bytes. */
    public static final int OUT_BYTES = SUMS + 32 * 4;
    /** The most static shared memory a kernel declares. */
    public static final int MAX_SHARED_BYTES = 48 * 1024;

    private static final long FILL_MULTIPLIER = 0x9E3779B1L;
    private static final long FILL_ADDEND = 0x7F4A7C15L;

    private BankKernels() {}

    /** The word the kernel stores at word {@code w} of shared memory before timing: {@code w·0x9E3779B1 + 0x7F4A7C15 mod 2^32}. */
    public static int fillWord(long w) {
        return (int) (w * FILL_MULTIPLIER + FILL_ADDEND);
    }

    /**
     * The j-th {@code u32} word a lane reads when it loads {@code vectorBytes} at {@code byteAddress} from the filled
     * array: {@code fillWord(address/4 + j)} for loads of 4 bytes or more; for 1 and 2 bytes the bytes at the address
     * (little-endian), zero-extended.
     */
    public static int loadedWord(long byteAddress, int vectorBytes, int j) {
        int word = fillWord(byteAddress / 4 + (vectorBytes >= 4 ? j : 0));
        if (vectorBytes >= 4) return word;
        int shifted = word >>> (8 * (int) (byteAddress % 4));
        return vectorBytes == 2 ? shifted & 0xFFFF : shifted & 0xFF;
    }

    /**
     * The kernel for one warp instruction: thread t of each warp loads {@code vectorBytes} (1, 2, 4, 8 or 16) at byte
     * {@code byteAddresses.get(t)} (at most 32 threads, each address aligned to the vector), {@code unroll} loads per
     * trip, in a block of {@code warps} warps (1 to 32). The shared array covers every address, rounded up to 128
     * bytes; IllegalArgumentException past {@value #MAX_SHARED_BYTES} bytes.
     *
     * @throws IllegalArgumentException unless there are 1 to 32 addresses, each ≥ 0 and aligned to a load of 1, 2, 4, 8
     *         or 16 bytes, 1 to 32 warps and an unroll of 1 to 64, and the addresses stay within {@value
     *         #MAX_SHARED_BYTES} bytes
     */
    public static Kernel sharedLoads(List<Long> byteAddresses, int vectorBytes, int warps, int unroll) {
        int threads = byteAddresses.size();
        if (threads < 1 || threads > 32) throw new IllegalArgumentException("a warp instruction of " + threads + " threads: 1 to 32");
        if (vectorBytes < 1 || vectorBytes > 16 || Integer.bitCount(vectorBytes) != 1) {
            throw new IllegalArgumentException("loads of " + vectorBytes + " bytes: 1, 2, 4, 8 or 16");
        }
        if (warps < 1 || warps > 32) throw new IllegalArgumentException(warps + " warps in one block: 1 to 32");
        if (unroll < 1 || unroll > 64) throw new IllegalArgumentException("unroll " + unroll + ": 1 to 64 loads per trip");
        long top = 0;
        for (int t = 0; t < threads; t++) {
            long a = byteAddresses.get(t);
            if (a < 0 || a % vectorBytes != 0) {
                throw new IllegalArgumentException("thread " + t + " loads " + vectorBytes + " bytes at byte " + a
                        + ": addresses are ≥ 0 and aligned to the load");
            }
            top = Math.max(top, a + vectorBytes);
        }
        long shared = Math.max(128, (top + 127) / 128 * 128);
        if (shared > MAX_SHARED_BYTES) {
            throw new IllegalArgumentException("the loads reach byte " + (top - 1) + "; a kernel declares at most "
                    + MAX_SHARED_BYTES + " bytes of static shared memory");
        }
        int words = Math.max(1, vectorBytes / 4);
        String type = vectorBytes == 1 ? "u8" : vectorBytes == 2 ? "u16" : "u32";
        String vec = words == 1 ? "" : ".v" + words;

        PtxWriter p = new PtxWriter();
        p.raw(String.format(Locale.ROOT, "\t.shared .align 16 .b8 smem[%d];\n", shared));
        String out = p.reg64();
        String addrs = p.reg64();
        String iters64 = p.reg64();
        p.op("ld.param.u64 %s, [p_out]", out);
        p.op("cvta.to.global.u64 %s, %s", out, out);
        p.op("ld.param.u64 %s, [p_addr]", addrs);
        p.op("cvta.to.global.u64 %s, %s", addrs, addrs);
        p.op("ld.param.u64 %s, [p_iters]", iters64);
        String tid = p.reg32();
        String ntid = p.reg32();
        String lane = p.reg32();
        String base = p.reg32();
        p.op("mov.u32 %s, %%tid.x", tid);
        p.op("mov.u32 %s, %%ntid.x", ntid);
        p.op("and.b32 %s, %s, 31", lane, tid);
        p.op("mov.u32 %s, smem", base);

        p.comment("fill: word w of " + shared / 4 + " holds w * " + hex(FILL_MULTIPLIER) + " + " + hex(FILL_ADDEND));
        String w = p.reg32();
        String more = p.pred();
        String fillTop = p.label("fill");
        String fillDone = p.label("filled");
        p.op("mov.u32 %s, %s", w, tid);
        p.op("setp.ge.u32 %s, %s, %d", more, w, shared / 4);
        p.op("@%s bra %s", more, fillDone);
        p.place(fillTop);
        String value = p.reg32();
        String at = p.reg32();
        p.op("mad.lo.u32 %s, %s, %s, %s", value, w, hex(FILL_MULTIPLIER), hex(FILL_ADDEND));
        p.op("mad.lo.u32 %s, %s, 4, %s", at, w, base);
        p.op("st.shared.u32 [%s], %s", at, value);
        p.op("add.u32 %s, %s, %s", w, w, ntid);
        String again = p.pred();
        p.op("setp.lt.u32 %s, %s, %d", again, w, shared / 4);
        p.op("@%s bra %s", again, fillTop);
        p.place(fillDone);
        p.op("bar.sync 0");

        p.comment(threads + " threads load " + vectorBytes + " bytes each at the addresses in p_addr");
        String active = p.pred();
        String first = p.pred();
        String offset = p.reg32();
        String slot = p.reg64();
        String addr = p.reg32();
        p.op("setp.lt.u32 %s, %s, %d", active, lane, threads);
        p.op("setp.lt.u32 %s, %s, 32", first, tid); // warp 0 reports
        p.op("and.pred %s, %s, %s", first, first, active);
        p.op("mul.wide.u32 %s, %s, 4", slot, lane);
        p.op("add.s64 %s, %s, %s", slot, slot, addrs);
        p.op("mov.u32 %s, 0", offset);
        p.op("@%s ld.global.nc.u32 %s, [%s]", active, offset, slot);
        p.op("add.u32 %s, %s, %s", addr, base, offset);

        p.comment("the first load, reported for the check");
        String[] check = regs(p, words);
        for (String r : check) p.op("mov.u32 %s, 0", r);
        p.op("@%s ld.volatile.shared%s.%s %s, [%s]", active, vec, type, group(check), addr);
        String checkAt = p.reg64();
        p.op("mul.wide.u32 %s, %s, 16", checkAt, lane);
        p.op("add.s64 %s, %s, %s", checkAt, checkAt, out);
        for (int j = 0; j < words; j++) p.op("@%s st.global.u32 [%s+%d], %s", first, checkAt, CHECK + 4 * j, check[j]);

        p.comment(unroll + " loads per trip, each word added into the accumulator");
        String acc = p.reg32();
        String left = p.reg32();
        p.op("mov.u32 %s, 0", acc);
        p.op("cvt.u32.u64 %s, %s", left, iters64);
        String[][] loads = new String[unroll][];
        for (int u = 0; u < unroll; u++) loads[u] = regs(p, words);
        // lanes past the instruction's threads branch around the loop, so the loads inside are unpredicated (a
        // predicated load must keep its register's old value, which keeps every register live and spills)
        String skip = p.pred();
        String idle = p.pred();
        String loopDone = p.label("timed");
        p.op("setp.eq.u32 %s, %s, 0", skip, left);
        p.op("setp.ge.u32 %s, %s, %d", idle, lane, threads);
        p.op("or.pred %s, %s, %s", skip, skip, idle);
        String start = p.reg64();
        p.op("bar.sync 0");
        p.op("mov.u64 %s, %%clock64", start);
        p.op("@%s bra %s", skip, loopDone);
        String loop = p.label("trip");
        p.place(loop);
        for (int u = 0; u < unroll; u++) p.op("ld.volatile.shared%s.%s %s, [%s]", vec, type, group(loads[u]), addr);
        for (int u = 0; u < unroll; u++) {
            for (String r : loads[u]) p.op("add.u32 %s, %s, %s", acc, acc, r);
        }
        String next = p.pred();
        p.op("sub.u32 %s, %s, 1", left, left);
        p.op("setp.ne.u32 %s, %s, 0", next, left);
        p.op("@%s bra %s", next, loop);
        p.place(loopDone);
        p.op("bar.sync 0");
        String stop = p.reg64();
        p.op("mov.u64 %s, %%clock64", stop);
        String cycles = p.reg64();
        p.op("sub.s64 %s, %s, %s", cycles, stop, start);
        String zeroTid = p.pred();
        p.op("setp.eq.u32 %s, %s, 0", zeroTid, tid);
        p.op("@%s st.global.u64 [%s], %s", zeroTid, out, cycles);
        String sumAt = p.reg64();
        p.op("mul.wide.u32 %s, %s, 4", sumAt, lane);
        p.op("add.s64 %s, %s, %s", sumAt, sumAt, out);
        p.op("@%s st.global.u32 [%s+%d], %s", first, sumAt, SUMS, acc);
        p.op("ret");

        String summary = String.format(Locale.ROOT, "shared-memory loads: %d threads x %d bytes at bytes %s, %d warps, %d loads per trip, %d-byte shared array",
                threads, vectorBytes, byteAddresses, warps, unroll, shared);
        return module(summary, p, 32 * warps);
    }

    private static String[] regs(PtxWriter p, int n) {
        String[] r = new String[n];
        for (int i = 0; i < n; i++) r[i] = p.reg32();
        return r;
    }

    private static String group(String[] r) {
        return r.length == 1 ? r[0] : "{" + String.join(", ", r) + "}";
    }

    private static String hex(long v) {
        return String.format(Locale.ROOT, "0x%08X", v & 0xFFFF_FFFFL);
    }

    private static Kernel module(String summary, PtxWriter p, int block) {
        StringBuilder sb = new StringBuilder();
        sb.append("//\n// Generated by layoutcat: ").append(summary).append("\n//\n");
        sb.append(".version ").append(Kernels.PTX_VERSION).append('\n');
        sb.append(".target ").append(Kernels.TARGET).append('\n');
        sb.append(".address_size 64\n\n");
        sb.append(".visible .entry layoutcat_shared_loads(\n");
        sb.append("\t.param .u64 p_out,\n\t.param .u64 p_addr,\n\t.param .u64 p_iters\n");
        // the block size bounds the registers the JIT may give each thread (1024 threads: 64 each), else a launch of
        // 32 warps can fail with CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES (seen on an H100 for 16-byte loads)
        sb.append(")\n.maxntid ").append(block).append(", 1, 1\n{\n");
        sb.append(p.declarations());
        sb.append(p.body());
        sb.append("}\n");
        return new Kernel("layoutcat_shared_loads", sb.toString(), Kernel.Geometry.BLOCK_PER_TILE, 1, block, 1, summary);
    }
}
