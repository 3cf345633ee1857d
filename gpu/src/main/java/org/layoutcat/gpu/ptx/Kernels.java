package org.layoutcat.gpu.ptx;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.layoutcat.core.internal.Checked;

/**
 * PTX generation: each factory returns a {@link Kernel} specialized to its layouts (shapes and strides are
 * immediates; divisions by them are shifts or multiply-high magic numbers, see {@link MixedRadix}), in 32-bit
 * arithmetic when the domain and every offset fit, else 64-bit. The text is PTX ISA {@value #PTX_VERSION} for
 * {@code .target} {@value #TARGET}; the driver JIT-compiles it for the GPU at hand ({@code cuModuleLoadData}), and
 * {@code ptxas -arch=sm_90} assembles it.
 *
 * <p>Composed layouts {@code Sw<B,M,S> o offset o L} ({@link NormalizedComposedLayout}) realize, gather and scatter
 * with the same parameters: L's offsets as for a plain layout, then the offset added and the swizzle's XOR applied to
 * each ({@code x ⊕ ((x ∧ Y) ≫ S)}); their moves are always direct.
 *
 * <p>Kernel parameters (all {@code .u64}; pointers are global device addresses):
 * <ul>
 *   <li>{@link #realize}: {@code (out, items)};</li>
 *   <li>{@link #compare}: {@code (result, n)}, {@code result} two words {@code {count, first}} preset to
 *       {@code {0, 2^64−1}};</li>
 *   <li>{@link #gather}, {@link #scatter}: {@code (dst, src, items)};</li>
 *   <li>{@link #partition}: {@code (dst, src)}.</li>
 * </ul>
 */
public final class Kernels {
    /** The PTX ISA version written in every module. */
    public static final String PTX_VERSION = "7.0";
    /** The PTX target: the oldest architecture CUDA 13 supports; the driver compiles for the actual GPU. */
    public static final String TARGET = "sm_75";

    private Kernels() {}

    /** The element type of realized offsets. */
    public enum OffsetType {
        /** Unsigned 32-bit: every offset in {@code [0, 2^32)}. */
        U32(4),
        /** Signed 64-bit: any offset. */
        S64(8);

        /** Bytes per offset. */
        public final int bytes;

        OffsetType(int bytes) {
            this.bytes = bytes;
        }
    }

    /** How gather and scatter move their elements. */
    public enum Strategy {
        /** {@link #TILED_64} when the layout has a unit-stride mode after the first (a transpose), else direct. */
        AUTO(0),
        /** One thread per group of consecutive indices; coalesced on the index side only. */
        DIRECT(0),
        /** 32×32 tiles through shared memory: coalesced on both sides. */
        TILED_32(32),
        /** 64×64 tiles through shared memory. */
        TILED_64(64);

        final int tile;

        Strategy(int tile) {
            this.tile = tile;
        }
    }

    /**
     * {@code out[i] = L(i)} for {@code i ∈ [0, size(L))}. Each thread writes 16 bytes per trip when the first mode's
     * extent is a multiple of the vector length ({@code L(i+k) = L(i) + k·d_0} inside the mode), else one offset.
     * IllegalArgumentException for {@link OffsetType#U32} when an offset lies outside {@code [0, 2^32)}.
     *
     * @throws IllegalArgumentException for {@link OffsetType#U32} where an offset lies outside {@code [0, 2^32)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Kernel realize(NormalizedLayout l, OffsetType out) {
        return realize(l, null, out);
    }

    /**
     * {@code out[i] = sw(offset + L(i))} for {@code i ∈ [0, size(L))}: the offsets of L as {@link #realize(NormalizedLayout,
     * OffsetType)} computes them, then the offset added and the swizzle's XOR applied to each, {@code x ⊕ ((x ∧ Y) ≫ S)}
     * ({@code ≪ −S} for a negative S), exactly {@link org.layoutcat.core.Swizzle#apply}. IllegalArgumentException
     * for {@link OffsetType#U32} when the swizzled offsets may pass {@code 2^32 − 1}
     * ({@link NormalizedComposedLayout#maxOffsetBound()}).
     *
     * @throws IllegalArgumentException for {@link OffsetType#U32} where the swizzled offsets may pass {@code 2^32 − 1}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Kernel realize(NormalizedComposedLayout c, OffsetType out) {
        return realize(c.inner(), c, out);
    }

    private static Kernel realize(NormalizedLayout l, NormalizedComposedLayout sw, OffsetType out) {
        long maxIndex = l.size() - 1;
        List<NormalizedLayout> f = List.of(l);
        Width w = widthFor(f, maxIndex, sw);
        OffsetProgram prog = OffsetProgram.of(f, maxIndex, w);
        long lo = sw == null ? prog.lo() : 0;
        long hi = sw == null ? prog.hi() : sw.maxOffsetBound();
        if (out == OffsetType.U32 && (lo < 0 || hi > 0xFFFF_FFFFL)) {
            throw new IllegalArgumentException("the offsets of " + (sw == null ? l : sw) + " span [" + lo + "," + hi
                    + "], outside the unsigned 32-bit range; realize them as 64-bit offsets");
        }
        int v = vectorLength(l, out.bytes);
        long groups = l.size() / v;
        PtxWriter p = new PtxWriter();
        String outPtr = globalParam(p, "p_out");
        String items = param(p, "p_items");
        Loop loop = Loop.begin(p, items);
        String x = index(p, w, loop.g, v);
        String off = prog.emit(p, x);
        String[] vals = run(p, w, off, l.stride(0), v);
        swizzle(p, w, vals, sw);
        String[] stored = new String[v];
        for (int k = 0; k < v; k++) stored[k] = convert(p, vals[k], w, out == OffsetType.U32 ? Width.W32 : Width.W64);
        String addr = p.reg64();
        p.op("mad.lo.u64 %s, %s, %d, %s", addr, loop.g, (long) v * out.bytes, outPtr);
        p.op("st.global%s.%s [%s], %s", vec(v), out == OffsetType.U32 ? "b32" : "b64", addr, regs(stored));
        loop.end();
        p.op("ret");
        String summary = String.format(Locale.ROOT, "realize out[i] = L(i), i < %d, L = %s, %d-bit arithmetic, %s offsets, %d per thread-trip",
                l.size(), sw == null ? l : sw, w.bits, out == OffsetType.U32 ? "u32" : "s64", v);
        return module("layoutcat_realize", summary, List.of("p_out", "p_items"), p, Kernel.Geometry.GRID_STRIDE, groups, 256, 1);
    }

    /**
     * Counts the indices {@code i ∈ [0, n)} where the composites {@code lhs} and {@code rhs} (outermost first)
     * differ, and the first such index: each thread accumulates over its grid-stride trips and adds its count with
     * one atomic (none when it found no difference). No point set is materialized, so {@code n} may exceed
     * {@code 2^32}; 32-bit arithmetic when {@code n ≤ 2^32} and every offset fits.
     *
     * @throws IllegalArgumentException for {@code n < 1}, for an empty composite, or where an inner layout of a
     *         composite can produce a negative offset
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Kernel compare(List<NormalizedLayout> lhs, List<NormalizedLayout> rhs, long n) {
        if (n < 1) throw new IllegalArgumentException("compare needs a non-empty domain, not " + n + " points");
        long maxIndex = n - 1;
        Width w = OffsetProgram.fits(lhs, maxIndex, Width.W32) && OffsetProgram.fits(rhs, maxIndex, Width.W32) ? Width.W32 : Width.W64;
        OffsetProgram a = OffsetProgram.of(lhs, maxIndex, w);
        OffsetProgram b = OffsetProgram.of(rhs, maxIndex, w);
        PtxWriter p = new PtxWriter();
        String result = globalParam(p, "p_result");
        String items = param(p, "p_n");
        String count = p.reg64();
        String first = p.reg64();
        p.op("mov.u64 %s, 0", count);
        p.op("mov.u64 %s, 0xFFFFFFFFFFFFFFFF", first);
        Loop loop = Loop.begin(p, items);
        String x = index(p, w, loop.g, 1);
        p.comment("left: " + lhs);
        String va = a.emit(p, x);
        p.comment("right: " + rhs);
        String vb = b.emit(p, x);
        String ne = p.pred();
        p.op("setp.ne.%s %s, %s, %s", w.unsigned, ne, va, vb);
        p.op("@%s add.u64 %s, %s, 1", ne, count, count);
        p.op("@%s min.u64 %s, %s, %s", ne, first, first, loop.g);
        loop.end();
        String none = p.pred();
        String done = p.label("done");
        p.op("setp.eq.u64 %s, %s, 0", none, count);
        p.op("@%s bra %s", none, done);
        String old = p.reg64();
        p.op("atom.global.add.u64 %s, [%s], %s", old, result, count);
        p.op("atom.global.min.u64 %s, [%s+8], %s", old, result, first);
        p.place(done);
        p.op("ret");
        String summary = String.format(Locale.ROOT, "compare %s against %s on [0,%d), %d-bit arithmetic", lhs, rhs, n, w.bits);
        return module("layoutcat_compare", summary, List.of("p_result", "p_n"), p, Kernel.Geometry.REDUCTION, n, 256, 1);
    }

    /**
     * {@code dst[i] = src[L(i)]}, {@code i ∈ [0, size(L))}, for 4- or 8-byte elements; {@link Strategy#AUTO}.
     *
     * @throws IllegalArgumentException for an element size other than 4 or 8 bytes, where an offset is negative, or for
     *         a tiled strategy where L has no unit-stride mode after the first or needs more tiles than a grid holds
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Kernel gather(NormalizedLayout l, int elementBytes) {
        return gather(l, elementBytes, Strategy.AUTO);
    }

    /**
     * {@code dst[i] = src[L(i)]} with the given strategy (a tiled one needs a unit-stride mode after the first).
     *
     * @throws IllegalArgumentException for an element size other than 4 or 8 bytes, where an offset is negative, or for
     *         a tiled strategy where L has no unit-stride mode after the first or needs more tiles than a grid holds
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Kernel gather(NormalizedLayout l, int elementBytes, Strategy strategy) {
        return move(l, elementBytes, strategy, true);
    }

    /**
     * {@code dst[L(i)] = src[i]}, {@code i ∈ [0, size(L))}; L should be injective for a deterministic result.
     *
     * @throws IllegalArgumentException for an element size other than 4 or 8 bytes, where an offset is negative, or for
     *         a tiled strategy where L has no unit-stride mode after the first or needs more tiles than a grid holds
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Kernel scatter(NormalizedLayout l, int elementBytes) {
        return scatter(l, elementBytes, Strategy.AUTO);
    }

    /**
     * {@code dst[L(i)] = src[i]} with the given strategy.
     *
     * @throws IllegalArgumentException for an element size other than 4 or 8 bytes, where an offset is negative, or for
     *         a tiled strategy where L has no unit-stride mode after the first or needs more tiles than a grid holds
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Kernel scatter(NormalizedLayout l, int elementBytes, Strategy strategy) {
        return move(l, elementBytes, strategy, false);
    }

    /**
     * {@code dst[i] = src[sw(offset + L(i))]}, {@code i ∈ [0, size(L))}, for 4- or 8-byte elements: the direct
     * kernel with each offset swizzled as {@link #realize(NormalizedComposedLayout, OffsetType)} does (a swizzle keeps
     * runs of {@code 2^M} offsets only, so the tiled kernels do not apply).
     *
     * @throws IllegalArgumentException for an element size other than 4 or 8 bytes
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Kernel gather(NormalizedComposedLayout c, int elementBytes) {
        requireElement(elementBytes, "gather and scatter");
        return direct(c.inner(), elementBytes, true, c);
    }

    /**
     * {@code dst[sw(offset + L(i))] = src[i]}, {@code i ∈ [0, size(L))}; L should be injective (then the whole is).
     *
     * @throws IllegalArgumentException for an element size other than 4 or 8 bytes
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Kernel scatter(NormalizedComposedLayout c, int elementBytes) {
        requireElement(elementBytes, "gather and scatter");
        return direct(c.inner(), elementBytes, false, c);
    }

    private static void requireElement(int e, String what) {
        if (e != 4 && e != 8) throw new IllegalArgumentException("element size " + e + " bytes: " + what + " move 4- or 8-byte elements");
    }

    /** The unit-stride mode a tiled kernel pairs with mode 0, or −1 when tiling does not apply. */
    public static int tilingMode(NormalizedLayout l) {
        int m = l.unitStrideModeAfterFirst();
        if (m < 0 || l.stride(0) == 1) return -1;
        return l.shape(0) >= 16 && l.shape(m) >= 16 ? m : -1;
    }

    private static Kernel move(NormalizedLayout l, int e, Strategy strategy, boolean gather) {
        requireElement(e, "gather and scatter");
        long maxIndex = l.size() - 1;
        long[] range = l.offsetRange(maxIndex);
        if (range[0] < 0) {
            throw new IllegalArgumentException((gather ? "gather" : "scatter") + " through " + l + ": offsets reach " + range[0]
                    + " < 0; the layout must map into the array");
        }
        Strategy s = strategy;
        if (s == Strategy.AUTO) s = tilingMode(l) >= 0 ? Strategy.TILED_64 : Strategy.DIRECT;
        if (s != Strategy.DIRECT) {
            if (l.unitStrideModeAfterFirst() < 0) {
                throw new IllegalArgumentException("a tiled " + (gather ? "gather" : "scatter") + " through " + l
                        + " needs a unit-stride mode after the first");
            }
            return tiled(l, e, s.tile, gather);
        }
        return direct(l, e, gather, null);
    }

    private static Kernel direct(NormalizedLayout l, int e, boolean gather, NormalizedComposedLayout sw) {
        long maxIndex = l.size() - 1;
        List<NormalizedLayout> f = List.of(l);
        Width w = widthFor(f, maxIndex, sw);
        OffsetProgram prog = OffsetProgram.of(f, maxIndex, w);
        int v = vectorLength(l, e);
        long groups = l.size() / v;
        PtxWriter p = new PtxWriter();
        String dst = globalParam(p, "p_dst");
        String src = globalParam(p, "p_src");
        String items = param(p, "p_items");
        Loop loop = Loop.begin(p, items);
        String x = index(p, w, loop.g, v);
        String off = prog.emit(p, x);
        String[] offs = run(p, w, off, l.stride(0), v);
        swizzle(p, w, offs, sw);
        String bt = e == 4 ? "b32" : "b64";
        String[] vals = new String[v];
        for (int k = 0; k < v; k++) vals[k] = e == 4 ? p.reg32() : p.reg64();
        String lin = p.reg64();
        p.op("mad.lo.u64 %s, %s, %d, %s", lin, loop.g, (long) v * e, gather ? dst : src);
        if (gather) {
            for (int k = 0; k < v; k++) p.op("ld.global.nc.%s %s, [%s]", bt, vals[k], byteAddress(p, w, src, offs[k], e));
            p.op("st.global%s.%s [%s], %s", vec(v), bt, lin, regs(vals));
        } else {
            p.op("ld.global.nc%s.%s %s, [%s]", vec(v), bt, regs(vals), lin);
            for (int k = 0; k < v; k++) p.op("st.global.%s [%s], %s", bt, byteAddress(p, w, dst, offs[k], e), vals[k]);
        }
        loop.end();
        p.op("ret");
        String summary = String.format(Locale.ROOT, "%s, i < %d, L = %s, %d-byte elements, direct, %d-bit arithmetic, %d per thread-trip",
                gather ? "gather dst[i] = src[L(i)]" : "scatter dst[L(i)] = src[i]", l.size(), sw == null ? l : sw, e, w.bits, v);
        return module(gather ? "layoutcat_gather" : "layoutcat_scatter", summary, List.of("p_dst", "p_src", "p_items"), p,
                Kernel.Geometry.GRID_STRIDE, groups, 256, 1);
    }

    /**
     * The tiled move: the coordinates {@code (u, v)} of mode 0 and of the unit-stride mode {@code m} form
     * {@code T×T} tiles; the other modes pick the tile's base. On the layout side an element sits at
     * {@code LB + u·d_0 + v}, on the index side at {@code IB + u + v·P_m} ({@code P_m = s_0⋯s_{m−1}}). A 32×8 block
     * reads a tile along the side where v (gather) or u (scatter) is contiguous, stores it to shared memory
     * (rows padded by one element), and writes it along the other side, so both sides are coalesced.
     */
    private static Kernel tiled(NormalizedLayout l, int e, int t, boolean gather) {
        int m = l.unitStrideModeAfterFirst();
        int r = l.rank();
        long s0 = l.shape(0);
        long sm = l.shape(m);
        long[] prefix = new long[r];
        prefix[0] = 1;
        for (int k = 1; k < r; k++) prefix[k] = prefix[k - 1] * l.shape(k - 1); // bounded by size
        long t0 = Checked.ceilDiv(s0, t);
        long tm = Checked.ceilDiv(sm, t);
        long[] shapes = new long[r];
        long[] layoutSide = new long[r];
        long[] indexSide = new long[r];
        long[] uOrigin = new long[r];
        long[] vOrigin = new long[r];
        shapes[0] = t0;
        shapes[1] = tm;
        layoutSide[0] = t * l.stride(0);
        layoutSide[1] = t;
        indexSide[0] = t;
        indexSide[1] = t * prefix[m];
        uOrigin[0] = t;
        vOrigin[1] = t;
        long tiles = t0 * tm;
        for (int k = 0, j = 2; k < r; k++) {
            if (k == 0 || k == m) continue;
            shapes[j] = l.shape(k);
            layoutSide[j] = l.stride(k);
            indexSide[j] = prefix[k];
            tiles = Math.multiplyExact(tiles, l.shape(k));
            j++;
        }
        if (tiles > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("tiled move through " + l + " needs " + tiles + " tiles, more than a grid holds");
        }
        long maxIndex = l.size() - 1;
        Width w = OffsetProgram.widthFor(List.of(l), maxIndex);
        if (w == Width.W32 && !Width.W32.holds(tiles * t)) w = Width.W64;
        MixedRadix blocks = MixedRadix.of(shapes, tiles - 1, w);
        boolean partial = s0 % t != 0 || sm % t != 0;
        // read side: gather reads the layout side (slow = u, fast = v); scatter reads the index side (slow = v, fast = u)
        long readSlow = gather ? l.stride(0) : prefix[m];
        long writeSlow = gather ? prefix[m] : l.stride(0);
        String bt = e == 4 ? "b32" : "b64";
        int pitch = t + 1;
        int perFast = t / 32;
        int perSlow = t / 8;

        PtxWriter p = new PtxWriter();
        String dst = globalParam(p, "p_dst");
        String src = globalParam(p, "p_src");
        p.raw(String.format(Locale.ROOT, "\t.shared .align 16 .%s tile[%d];\n", bt, t * pitch));
        String tx = p.reg32();
        String ty = p.reg32();
        String bid = p.reg32();
        p.op("mov.u32 %s, %%tid.x", tx);
        p.op("mov.u32 %s, %%tid.y", ty);
        p.op("mov.u32 %s, %%ctaid.x", bid);
        String bw = widen(p, bid, w);
        String xw = widen(p, tx, w);
        String yw = widen(p, ty, w);
        p.comment("tile base: block index over the radix " + java.util.Arrays.toString(shapes));
        String[] q = blocks.emitQuotients(p, bw);
        String lb = blocks.emitForm(p, q, blocks.coefficients(layoutSide));
        String ib = blocks.emitForm(p, q, blocks.coefficients(indexSide));
        String readBase = gather ? lb : ib;
        String writeBase = gather ? ib : lb;
        String remU = null;
        String remV = null;
        if (partial) {
            remU = remaining(p, w, blocks.emitForm(p, q, blocks.coefficients(uOrigin)), s0, t);
            remV = remaining(p, w, blocks.emitForm(p, q, blocks.coefficients(vOrigin)), sm, t);
        }
        // phase A limits: (slow, fast) = gather (u, v), scatter (v, u); phase B: (fast, slow) = the same pair
        String limSlowA = gather ? remU : remV;
        String limFastA = gather ? remV : remU;
        String shared = p.reg32();
        p.op("mov.u32 %s, tile", shared);

        p.comment("phase A: read the tile, contiguous along the fast coordinate");
        String baseA = byteAddress(p, w, src, tileOffset(p, w, yw, readSlow, readBase, xw), e);
        String smemA = sharedAddress(p, ty, tx, pitch, e, shared);
        List<String> vals = new ArrayList<>();
        List<String> preds = new ArrayList<>();
        for (int b = 0; b < perSlow; b++) {
            for (int a = 0; a < perFast; a++) {
                String v = e == 4 ? p.reg32() : p.reg64();
                vals.add(v);
                String pr = partial ? inTile(p, ty, 8 * b, limSlowA, tx, 32 * a, limFastA) : null;
                preds.add(pr);
                long c = (8L * b * readSlow + 32L * a) * e;
                p.op("%sld.global.nc.%s %s, [%s]", pr == null ? "" : "@" + pr + " ", bt, v, displaced(p, baseA, c));
            }
        }
        int i = 0;
        for (int b = 0; b < perSlow; b++) {
            for (int a = 0; a < perFast; a++) {
                p.op("st.shared.%s [%s+%d], %s", bt, smemA, (8 * b * pitch + 32 * a) * e, vals.get(i++));
            }
        }
        p.op("bar.sync 0");

        p.comment("phase B: write the tile, contiguous along the other coordinate");
        String baseB = byteAddress(p, w, dst, tileOffset(p, w, yw, writeSlow, writeBase, xw), e);
        String smemB = sharedAddress(p, tx, ty, pitch, e, shared);
        for (int b = 0; b < perSlow; b++) {
            for (int a = 0; a < perFast; a++) {
                String v = e == 4 ? p.reg32() : p.reg64();
                p.op("ld.shared.%s %s, [%s+%d]", bt, v, smemB, (32 * a * pitch + 8 * b) * e);
                // phase B (fast, slow) = phase A (slow, fast): fast limit is limSlowA, slow limit is limFastA
                String pr = partial ? inTile(p, tx, 32 * a, limSlowA, ty, 8 * b, limFastA) : null;
                long c = (8L * b * writeSlow + 32L * a) * e;
                p.op("%sst.global.%s [%s], %s", pr == null ? "" : "@" + pr + " ", bt, displaced(p, baseB, c), v);
            }
        }
        p.op("ret");
        String summary = String.format(Locale.ROOT, "%s, i < %d, L = %s, %d-byte elements, %dx%d tiles over modes 0 and %d (%d tiles%s), %d-bit arithmetic",
                gather ? "gather dst[i] = src[L(i)]" : "scatter dst[L(i)] = src[i]", l.size(), l, e, t, t, m, tiles,
                partial ? ", partial edges" : "", w.bits);
        return module(gather ? "layoutcat_gather_tiled" : "layoutcat_scatter_tiled", summary, List.of("p_dst", "p_src"), p,
                Kernel.Geometry.BLOCK_PER_TILE, tiles, 32, 8);
    }

    /**
     * Seed 003's partition: thread {@code t} of the TV layout {@code (thread mode, value mode)} copies the values
     * assigned to it, {@code dst[t + T·v] = src[TV(t, v)]} for {@code v < V} ({@code T}, {@code V} the modes'
     * sizes): the composed tensor {@code src∘TV} stored column-major, thread {@code t}'s fragment at stride
     * {@code T}. The thread's base offset is computed once; the value offsets are immediates when {@code V ≤ 64}
     * (a static fragment, as in CuTe), else computed in a loop. One thread per TV thread; blocks of {@code T}
     * threads when {@code T ≤ 1024}.
     *
     * @throws IllegalArgumentException for an element size other than 4 or 8 bytes, a mode of {@code 2^31} or more
     *         points, or a negative offset in either mode
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Kernel partition(NormalizedLayout threadMode, NormalizedLayout valueMode, int e) {
        if (e != 4 && e != 8) throw new IllegalArgumentException("element size " + e + " bytes: partition moves 4- or 8-byte elements");
        long threads = threadMode.size();
        long values = valueMode.size();
        if (threads > Integer.MAX_VALUE || values > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("partition of " + threads + " threads x " + values + " values: each mode must be below 2^31");
        }
        long[] tr = threadMode.offsetRange(threads - 1);
        long[] vr = valueMode.offsetRange(values - 1);
        if (tr[0] < 0 || vr[0] < 0) {
            throw new IllegalArgumentException("partition by (" + threadMode + ", " + valueMode + "): offsets below 0 do not address the source");
        }
        long hi = Math.addExact(tr[1], vr[1]);
        Width w = Width.W32.holds(hi) && Width.W32.holds(Math.multiplyExact(threads, values) - 1) ? Width.W32 : Width.W64;
        OffsetProgram tp = OffsetProgram.of(List.of(threadMode), threads - 1, w);
        PtxWriter p = new PtxWriter();
        String dst = globalParam(p, "p_dst");
        String src = globalParam(p, "p_src");
        String t = p.reg32();
        String c = p.reg32();
        String nt = p.reg32();
        String tid = p.reg32();
        p.op("mov.u32 %s, %%ctaid.x", c);
        p.op("mov.u32 %s, %%ntid.x", nt);
        p.op("mov.u32 %s, %%tid.x", tid);
        p.op("mad.lo.u32 %s, %s, %s, %s", t, c, nt, tid);
        String out = p.pred();
        String done = p.label("done");
        p.op("setp.ge.u32 %s, %s, %d", out, t, threads);
        p.op("@%s bra %s", out, done);
        p.comment("thread mode " + threadMode);
        String base = tp.emit(p, widen(p, t, w));
        String dstBase = p.reg64();
        p.op("mad.wide.u32 %s, %s, %d, %s", dstBase, t, e, dst);
        String bt = e == 4 ? "b32" : "b64";
        if (values <= 64) {
            p.comment("value mode " + valueMode + ": offsets are immediates");
            String srcBase = byteAddress(p, w, src, base, e);
            String[] vals = new String[(int) values];
            for (int v = 0; v < values; v++) {
                vals[v] = e == 4 ? p.reg32() : p.reg64();
                p.op("ld.global.nc.%s %s, [%s]", bt, vals[v], displaced(p, srcBase, Math.multiplyExact(valueMode.apply(v), e)));
            }
            for (int v = 0; v < values; v++) {
                p.op("st.global.%s [%s], %s", bt, displaced(p, dstBase, Math.multiplyExact((long) v * threads, e)), vals[v]);
            }
        } else {
            OffsetProgram vp = OffsetProgram.of(List.of(valueMode), values - 1, w);
            p.comment("value mode " + valueMode + ": a loop over the values");
            String v = p.reg32();
            String da = p.reg64();
            p.op("mov.u32 %s, 0", v);
            p.op("mov.u64 %s, %s", da, dstBase);
            String top = p.label("value");
            p.place(top);
            String vo = vp.emit(p, widen(p, v, w));
            String val = e == 4 ? p.reg32() : p.reg64();
            String o = p.reg(w);
            p.op("add.%s %s, %s, %s", w.unsigned, o, base, vo);
            p.op("ld.global.nc.%s %s, [%s]", bt, val, byteAddress(p, w, src, o, e));
            p.op("st.global.%s [%s], %s", bt, da, val);
            p.op("add.s64 %s, %s, %d", da, da, Math.multiplyExact(threads, e));
            p.op("add.u32 %s, %s, 1", v, v);
            String more = p.pred();
            p.op("setp.lt.u32 %s, %s, %d", more, v, values);
            p.op("@%s bra %s", more, top);
        }
        p.place(done);
        p.op("ret");
        String summary = String.format(Locale.ROOT, "partition dst[t + %d*v] = src[TV(t,v)], TV = (%s, %s), %d threads x %d values, %d-byte elements, %d-bit arithmetic",
                threads, threadMode, valueMode, threads, values, e, w.bits);
        int block = threads <= 1024 ? (int) threads : 256;
        return module("layoutcat_partition", summary, List.of("p_dst", "p_src"), p, Kernel.Geometry.THREAD_PER_ITEM, threads, block, 1);
    }

    // ---- pieces ----

    /** 32 bits when the index, L's offsets and (for a composed layout) the offsets before and after the swizzle fit. */
    private static Width widthFor(List<NormalizedLayout> f, long maxIndex, NormalizedComposedLayout sw) {
        Width w = OffsetProgram.widthFor(f, maxIndex);
        if (sw != null && !Width.W32.holds(sw.maxOffsetBound())) return Width.W64; // bounds the unswizzled offsets too
        return w;
    }

    /**
     * Each register {@code x} of {@code vals} replaced by {@code sw(offset + x)}: an add, then
     * {@code x ⊕ ((x ∧ Y) ≫ S)}, a left shift by {@code −S} for a negative S ({@link org.layoutcat.core.Swizzle#apply}).
     * Nothing for a plain layout ({@code sw} null).
     */
    private static void swizzle(PtxWriter p, Width w, String[] vals, NormalizedComposedLayout sw) {
        if (sw == null) return;
        org.layoutcat.core.Swizzle s = sw.swizzle();
        p.comment(s + " o " + sw.offset() + ": x = offset + L(i); x ^ ((x & " + w.immediate(s.yyyMask()) + ") "
                + (s.shift() >= 0 ? ">> " : "<< ") + Math.abs(s.shift()) + ")");
        for (int k = 0; k < vals.length; k++) {
            String x = vals[k];
            if (sw.offset() != 0) {
                String y = p.reg(w);
                p.op("add.%s %s, %s, %s", w.unsigned, y, x, w.immediate(sw.offset()));
                x = y;
            }
            if (!s.isIdentity()) {
                String t = p.reg(w);
                String r = p.reg(w);
                p.op("and.%s %s, %s, %s", w.bitType, t, x, w.immediate(s.yyyMask()));
                p.op("%s.%s %s, %s, %d", s.shift() >= 0 ? "shr" : "shl", w.bitType, t, t, Math.abs(s.shift()));
                p.op("xor.%s %s, %s, %s", w.bitType, r, x, t);
                x = r;
            }
            vals[k] = x;
        }
    }

    /** 16 bytes per trip when mode 0's extent is a multiple of the vector length, else 1 element. */
    private static int vectorLength(NormalizedLayout l, int bytes) {
        int v = 16 / bytes;
        return l.shape(0) % v == 0 ? v : 1;
    }

    private static String param(PtxWriter p, String name) {
        String r = p.reg64();
        p.op("ld.param.u64 %s, [%s]", r, name);
        return r;
    }

    private static String globalParam(PtxWriter p, String name) {
        String r = param(p, name);
        p.op("cvta.to.global.u64 %s, %s", r, r);
        return r;
    }

    /** The index {@code g·v} in the width. */
    private static String index(PtxWriter p, Width w, String g, int v) {
        String x = p.reg(w);
        if (w == Width.W32) p.op("cvt.u32.u64 %s, %s", x, g);
        else p.op("mov.u64 %s, %s", x, g);
        if (v > 1) p.op("shl.b%d %s, %s, %d", w.bits, x, x, Integer.numberOfTrailingZeros(v));
        return x;
    }

    /** {@code off + k·d} for {@code k < v}. */
    private static String[] run(PtxWriter p, Width w, String off, long d, int v) {
        String[] r = new String[v];
        r[0] = off;
        for (int k = 1; k < v; k++) {
            r[k] = p.reg(w);
            p.op("add.%s %s, %s, %s", w.unsigned, r[k], off, w.immediate(k * d));
        }
        return r;
    }

    /** Converts between widths (values are known to fit the target). */
    private static String convert(PtxWriter p, String v, Width from, Width to) {
        if (from == to) return v;
        String r = p.reg(to);
        p.op(to == Width.W32 ? "cvt.u32.u64 %s, %s" : "cvt.u64.u32 %s, %s", r, v);
        return r;
    }

    /** Emits the element offset {@code y·slow + base + x} of a thread's first element in a tile, in a new register. */
    private static String tileOffset(PtxWriter p, Width w, String y, long slow, String base, String x) {
        String o = p.reg(w);
        p.op("mad.lo.%s %s, %s, %s, %s", w.unsigned, o, y, w.immediate(slow), base);
        p.op("add.%s %s, %s, %s", w.unsigned, o, o, x);
        return o;
    }

    /** Emits the shared-memory byte address {@code (row·pitch + col)·e + tile} of a tile's element, in a new register. */
    private static String sharedAddress(PtxWriter p, String row, String col, int pitch, int e, String tile) {
        String a = p.reg32();
        p.op("mad.lo.u32 %s, %s, %d, %s", a, row, pitch, col);
        p.op("mad.lo.u32 %s, %s, %d, %s", a, a, e, tile);
        return a;
    }

    private static String widen(PtxWriter p, String r32, Width w) {
        return convert(p, r32, Width.W32, w);
    }

    /** {@code base + o·e} as a 64-bit address. */
    private static String byteAddress(PtxWriter p, Width w, String base, String o, int e) {
        String a = p.reg64();
        if (w == Width.W32) p.op("mad.wide.u32 %s, %s, %d, %s", a, o, e, base);
        else p.op("mad.lo.u64 %s, %s, %d, %s", a, o, e, base);
        return a;
    }

    /** The address operand {@code base+c}: an immediate displacement when it fits 32 bits, else an added register. */
    private static String displaced(PtxWriter p, String base, long c) {
        if (c == 0) return base;
        if (c >= Integer.MIN_VALUE && c <= Integer.MAX_VALUE) return base + (c > 0 ? "+" : "") + c;
        String a = p.reg64();
        p.op("add.s64 %s, %s, %d", a, base, c);
        return a;
    }

    /** {@code min(extent − origin, t)} as a 32-bit register. */
    private static String remaining(PtxWriter p, Width w, String origin, long extent, int t) {
        String r = p.reg(w);
        p.op("sub.%s %s, %s, %s", w.unsigned, r, w.immediate(extent), origin);
        p.op("min.%s %s, %s, %d", w.unsigned, r, r, t);
        return convert(p, r, w, Width.W32);
    }

    /** The predicate {@code a + ca < limA ∧ b + cb < limB}. */
    private static String inTile(PtxWriter p, String a, int ca, String limA, String b, int cb, String limB) {
        String ra = p.reg32();
        String rb = p.reg32();
        String pa = p.pred();
        String pb = p.pred();
        p.op("add.u32 %s, %s, %d", ra, a, ca);
        p.op("add.u32 %s, %s, %d", rb, b, cb);
        p.op("setp.lt.u32 %s, %s, %s", pa, ra, limA);
        p.op("setp.lt.and.u32 %s, %s, %s, %s", pb, rb, limB, pa);
        return pb;
    }

    private static String vec(int v) {
        return v == 1 ? "" : ".v" + v;
    }

    private static String regs(String[] r) {
        return r.length == 1 ? r[0] : "{" + String.join(", ", r) + "}";
    }

    private static Kernel module(String entry, String summary, List<String> params, PtxWriter p,
                                 Kernel.Geometry geometry, long items, int bx, int by) {
        StringBuilder sb = new StringBuilder();
        sb.append("//\n// Generated by layoutcat: ").append(summary).append("\n//\n");
        sb.append(".version ").append(PTX_VERSION).append('\n');
        sb.append(".target ").append(TARGET).append('\n');
        sb.append(".address_size 64\n\n");
        sb.append(".visible .entry ").append(entry).append("(\n");
        for (int i = 0; i < params.size(); i++) {
            sb.append("\t.param .u64 ").append(params.get(i)).append(i + 1 < params.size() ? ",\n" : "\n");
        }
        sb.append(")\n{\n");
        sb.append(p.declarations());
        sb.append(p.body());
        sb.append("}\n");
        return new Kernel(entry, sb.toString(), geometry, items, bx, by, summary);
    }

    /** A grid-stride loop over {@code g ∈ [0, items)}. */
    private static final class Loop {
        final PtxWriter p;
        final String g;
        final String stride;
        final String items;
        final String top;
        final String exit;

        private Loop(PtxWriter p, String g, String stride, String items, String top, String exit) {
            this.p = p;
            this.g = g;
            this.stride = stride;
            this.items = items;
            this.top = top;
            this.exit = exit;
        }

        static Loop begin(PtxWriter p, String items) {
            String ctaid = p.reg32();
            String ntid = p.reg32();
            String tid = p.reg32();
            String nctaid = p.reg32();
            String tid64 = p.reg64();
            String g = p.reg64();
            String stride = p.reg64();
            p.op("mov.u32 %s, %%ctaid.x", ctaid);
            p.op("mov.u32 %s, %%ntid.x", ntid);
            p.op("mov.u32 %s, %%tid.x", tid);
            p.op("mov.u32 %s, %%nctaid.x", nctaid);
            p.op("cvt.u64.u32 %s, %s", tid64, tid);
            p.op("mad.wide.u32 %s, %s, %s, %s", g, ctaid, ntid, tid64);
            p.op("mul.wide.u32 %s, %s, %s", stride, nctaid, ntid);
            String top = p.label("trip");
            String exit = p.label("exit");
            String none = p.pred();
            p.op("setp.ge.u64 %s, %s, %s", none, g, items);
            p.op("@%s bra %s", none, exit);
            p.place(top);
            return new Loop(p, g, stride, items, top, exit);
        }

        void end() {
            String more = p.pred();
            p.op("add.u64 %s, %s, %s", g, g, stride);
            p.op("setp.lt.u64 %s, %s, %s", more, g, items);
            p.op("@%s bra %s", more, top);
            p.place(exit);
        }
    }
}
