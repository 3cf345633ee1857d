package org.layoutcat.gpu.tma;

import static org.layoutcat.core.tma.TmaDescriptor.Extents.RUNTIME;
import static org.layoutcat.core.tma.TmaDescriptor.Extents.STATIC;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.ScaledBasis;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.swizzle.GmmaSmemAtoms;
import org.layoutcat.core.tma.ClusterMulticast;
import org.layoutcat.core.tma.TmaDataType;
import org.layoutcat.core.tma.TmaPartition;
import org.layoutcat.core.tma.TmaDescriptor;
import org.layoutcat.core.tma.TmaDescriptor.Extents;
import org.layoutcat.core.tma.TmaIm2colDescriptor;
import org.layoutcat.gpu.ptx.TmaKernels;

/**
 * The hardware check of TMA descriptors. For each case, global memory holds a distinct non-zero pattern per element;
 * the derived descriptor is encoded by the driver, the copies of one tile are issued with their coordinates, and
 * every byte of shared memory must be what the layouts predict, independently of the derivation: for each value v
 * of the tile, the element of G at the tile's origin plus {@code V(v)} (V the tile's map into G's coordinates; 0
 * where that point is outside G, as TMA fills it) lands at element {@code S(v)} of the tile (S with its swizzle);
 * bytes no value lands on keep the poison. A case may instead give the driver's arguments as CuTe C++ passes them,
 * to show that the driver refuses them or that the tile lands elsewhere than the layout says.
 */
public final class TmaVerification {

    /** What a case expects of the hardware. */
    public enum Expect {
        /** The derived descriptor's copies land the tile exactly as S says. */
        LANDS,
        /** The driver refuses the arguments. */
        DRIVER_REFUSES,
        /** The arguments (CuTe's) encode, and the tile lands elsewhere than S says. */
        MISLANDS
    }

    /**
     * One case: G, S, the element, the CTA tile (null: S's mode sizes), the multicast, G's extents, the tile's
     * coordinate among G's tiles (per mode of G), and for {@link Expect#DRIVER_REFUSES} and {@link Expect#MISLANDS} the
     * driver's arguments as CuTe passes them with the copies' coordinates at the origin.
     */
    public record Case(String name, String gmem, String smem, String element, String tile, int multicast, Extents extents,
                       long[] tileCoord, Expect expect, TensorMapArgs cute, List<long[]> cuteCopies) {

        static Case lands(String name, String gmem, String smem, String element, String tile, int multicast, Extents extents, long... at) {
            return new Case(name, gmem, smem, element, tile, multicast, extents, at, Expect.LANDS, null, null);
        }
    }

    /** The outcome of one case: whether it passed, and its line. */
    public record Outcome(String name, boolean passed, String line) {}

    /** The device side: encode, then load a tile (or only encode, for the driver's refusals). */
    public interface Device {
        /** The driver's {@code CUresult} of encoding the arguments over a global buffer of these bytes. */
        int encodeStatus(TensorMapArgs args, byte[] global);

        /**
         * Encodes the arguments over the global buffer, runs the copies (rows: byte offset in the tile, then the
         * coordinates) and returns the tile's bytes followed by the kernel's flag word (1 loaded, 2 timed out).
         */
        byte[] load(TensorMapArgs args, byte[] global, int tileBytes, int[] copies, int ncopies, long txBytes);

        /**
         * Launches one cluster of {@code cluster} CTAs ({@link TmaKernels#clusterLoad}): each CTA poisons its tile of
         * {@code tileBytes}, expects {@code txBytes[r]} bytes, and issues the rows of {@code copies} it is the issuer of
         * (rows: tensor map, issuer, byte offset, multicast mask, then the coordinates). Answers each CTA's tile bytes
         * followed by its flag word (1 loaded, 2 timed out), by rank.
         */
        byte[][] loadCluster(List<TensorMapArgs> maps, List<byte[]> globals, int cluster, int tileBytes, int[] copies, int ncopies, int[] txBytes);

        /**
         * Encodes the im2col arguments over the global buffer and runs the im2col copies ({@link TmaKernels#loadIm2col};
         * rows: byte offset, coordinates, im2col offsets); answers the tile's bytes and the flag word.
         */
        byte[] loadIm2col(Im2colArgs args, byte[] global, int tileBytes, int[] copies, int ncopies, long txBytes);

        String description();
    }

    /**
     * An im2col case: a forward convolution's activation G ({@code ((W,H,D,N),C)}), the (M,K) tile S, the element, the
     * multicast (one CTA issues every share here), the convolution as CUTLASS passes it to {@code make_im2col_tma_copy},
     * and the tile's block (M block, K block) of the GEMM.
     */
    public record Im2colCase(String name, String gmem, String smem, String element, int multicast, TmaIm2colDescriptor.Conv conv, long mBlock,
                             long kBlock) {}

    private static List<Long> longs(long... xs) {
        List<Long> out = new ArrayList<>();
        for (long x : xs) out.add(x);
        return out;
    }

    /** The convolution of {@code filter} taps, padding {@code pad} on both sides, stride and dilation, along each of r modes. */
    private static TmaIm2colDescriptor.Conv conv(int r, long filter, long pad, long stride, long dilation) {
        long[] lower = new long[r], upper = new long[r], lp = new long[r], st = new long[r], zero = new long[r], dil = new long[r];
        for (int i = 0; i < r; i++) {
            lower[i] = -pad;
            upper[i] = pad - (filter - 1) * dilation;
            lp[i] = pad;
            st[i] = stride;
            dil[i] = dilation;
        }
        return new TmaIm2colDescriptor.Conv(longs(lower), longs(upper), longs(lp), longs(lp), longs(st), longs(zero), longs(dil));
    }

    /**
     * The im2col table: CuTe's cases of {@code make_im2col_tma_copy} (core's tma/im2col cases, printed by CUTLASS):
     * NWC, NHWC and NDHWC activations, 16- and 32-bit elements, every swizzle, padding, a stride and a dilation, and
     * shares of a multicast, each at an M block and a K block (a filter tap) inside the problem and at its padded edge.
     */
    public static List<Im2colCase> im2colCases() {
        String nhwc = "((16,16,2),64):((64,1024,16384),1)";
        String sw128 = gmmaTile("K", "SW128", 16, "(128,64)");
        return List.of(
                new Im2colCase("nhwc-3x3-pad1", nhwc, sw128, "f16", 1, conv(2, 3, 1, 1, 1), 1, 4),
                new Im2colCase("nhwc-3x3-pad1-first-tap", nhwc, sw128, "f16", 1, conv(2, 3, 1, 1, 1), 0, 0),
                new Im2colCase("nhwc-3x3-pad1-shares-2", nhwc, sw128, "f16", 2, conv(2, 3, 1, 1, 1), 3, 8),
                new Im2colCase("nhwc-3x3-stride2-dilation2", nhwc, sw128, "f16", 1, conv(2, 3, 2, 2, 2), 0, 5),
                new Im2colCase("nhwc-sw64-64x32", nhwc, gmmaTile("K", "SW64", 16, "(64,32)"), "f16", 1, conv(2, 3, 1, 1, 1), 5, 9),
                new Im2colCase("nhwc-sw32-shares-4", nhwc, gmmaTile("K", "SW32", 16, "(64,16)"), "bf16", 4, conv(2, 3, 1, 1, 1), 7, 13),
                new Im2colCase("nhwc-1x1-no-swizzle", nhwc, "(64,64):(64,1)", "f16", 1, conv(2, 1, 0, 1, 1), 2, 0),
                new Im2colCase("nwc-5-pad2-f32", "((100,4),32):((32,3200),1)", gmmaTile("K", "SW128", 32, "(64,32)"), "f32", 1,
                        conv(1, 5, 2, 1, 1), 1, 4),
                new Im2colCase("ndhwc-3x3x3-pad1", "((8,8,8,1),128):((128,1024,8192,65536),1)", sw128, "f16", 1, conv(3, 3, 1, 1, 1), 3, 27));
    }

    /** Runs every im2col case on the device. */
    public static List<Outcome> verifyIm2col(Device device) {
        List<Outcome> out = new ArrayList<>();
        for (Im2colCase c : im2colCases()) {
            try {
                out.add(verify(device, c));
            } catch (RuntimeException e) {
                out.add(new Outcome(c.name(), false, "FAIL " + c.name() + ": " + e.getMessage()));
            }
        }
        return out;
    }

    /**
     * One im2col case: the descriptor CuTe's derivation gives, its copies at the im2col coordinates of its TMA tensor
     * ({@code gemmLayout} at the block's first (m, k) of each share, plus the origin), and the tile compared with the
     * convolution's own definition, independently of the derivation: element (m, k) of the GEMM, m = (q, p, z, n) and
     * k = (c, s, r, t), is the activation at pixel {@code w = q·stride − padding + s·dilation} (and so on for h, d) and
     * channel c, or 0 where that pixel is outside the image; it lands at S(m mod M_tile, k mod K_tile).
     */
    public static Outcome verify(Device device, Im2colCase c) {
        Layout g = Layout.parse(c.gmem);
        AnyLayout s = AnyLayout.parse(c.smem);
        TmaDataType t = TmaDataType.parse(c.element);
        TmaIm2colDescriptor d = TmaIm2colDescriptor.derive(g, s, t, c.multicast, c.conv);
        Im2colArgs args = Im2colArgs.of(d);
        int r = args.rank() - 2;
        IntTuple tile = org.layoutcat.core.construct.TvLayout.productEach(s.shape());
        long tm = tile.mode(0).product(), tk = tile.mode(1).product();
        // the convolution, by its definition
        long[] extent = g.mode(0).shape().leaves();
        long channels = g.mode(1).size(), images = extent[r];
        long[] filter = new long[r], out = new long[r];
        for (int i = 0; i < r; i++) {
            long dil = c.conv.dilation().get(i), pl = c.conv.lowerPadding().get(i), pu = c.conv.upperPadding().get(i);
            filter[i] = 1 + (pu - c.conv.upperCorner().get(i)) / dil;
            out[i] = (extent[i] + pl + pu - dil * (filter[i] - 1) - 1) / c.conv.stride().get(i) + 1;
        }
        long gemmM = images, gemmK = channels;
        for (int i = 0; i < r; i++) {
            gemmM *= out[i];
            gemmK *= filter[i];
        }
        if (d.gemmLayout().mode(0).size() != gemmM || d.gemmLayout().mode(1).size() != gemmK) {
            throw new IllegalStateException(c.name + ": the TMA tensor " + d.gemmLayout() + " is no (M,K) = (" + gemmM + "," + gemmK + ") GEMM");
        }
        long m0 = c.mBlock * tm, k0 = c.kBlock * tk;
        if (m0 + tm > gemmM || k0 + tk > gemmK || channels % tk != 0 && tk % channels != 0) {
            throw new IllegalArgumentException(c.name + ": block (" + c.mBlock + "," + c.kBlock + ") of " + tile + " is outside the GEMM (" + gemmM + "," + gemmK + ")");
        }
        byte[] global = pattern(g.cosize(), t.bytes());
        long cosize = s.cosize();
        byte[] expected = new byte[(Math.toIntExact(Math.multiplyExact(cosize, t.bytes())) + 3) / 4 * 4];
        Arrays.fill(expected, TmaKernels.POISON);
        long outside = 0;
        for (long kk = 0; kk < tk; kk++) {
            long k = k0 + kk;
            long ch = k % channels, tap = k / channels;
            for (long mm = 0; mm < tm; mm++) {
                long m = m0 + mm, pix = m;
                long[] x = new long[r];
                boolean inside = true;
                long tapRest = tap;
                for (int i = 0; i < r; i++) {
                    long o = pix % out[i], f = tapRest % filter[i];
                    pix /= out[i];
                    tapRest /= filter[i];
                    x[i] = o * c.conv.stride().get(i) - c.conv.lowerPadding().get(i) + f * c.conv.dilation().get(i);
                    if (x[i] < 0 || x[i] >= extent[i]) inside = false;
                }
                long n = pix, offset = ch * g.mode(1).stride().value();
                for (int i = 0; i < r; i++) offset += x[i] * g.mode(0).flatStride(i);
                offset += n * g.mode(0).flatStride(r);
                long to = elementOf(s, mm + tm * kk);
                for (int b = 0; b < t.bytes(); b++) expected[(int) (to * t.bytes() + b)] = inside ? global[(int) (offset * t.bytes() + b)] : 0;
                if (!inside) outside++;
            }
        }
        // the copies: each share's first (m, k) through the TMA tensor
        int row = 1 + args.rank() + r;
        int[] table = new int[c.multicast * row];
        long[] origin = d.origin().leaves();
        for (int j = 0; j < c.multicast; j++) {
            long mj = j * args.pixelsPerColumn();
            long[] at = d.gemmLayout().apply(IntTuple.of(IntTuple.of(m0 + mj), IntTuple.of(k0))).leaves();
            if (at.length != origin.length || at.length != args.rank() + r) throw new IllegalStateException(c.name + ": im2col coordinate " + Arrays.toString(at));
            long from = innerOf(s).apply(IntTuple.flat(mj, 0)) * t.bytes();
            table[j * row] = Math.toIntExact(from);
            for (int i = 0; i < at.length; i++) table[j * row + 1 + i] = Math.toIntExact(Math.addExact(at[i], origin[i]));
        }
        long tx = Math.multiplyExact(args.boxBytes(), c.multicast);
        byte[] got = device.loadIm2col(args, global, expected.length, table, c.multicast, tx);
        int flag = (got[expected.length] & 0xff) | (got[expected.length + 1] & 0xff) << 8;
        String what = c.multicast + " cop" + (c.multicast == 1 ? "y" : "ies") + " of " + args.pixelsPerColumn() + " pixels x " + args.channelsPerPixel()
                + " channels, block (" + c.mBlock + "," + c.kBlock + ") of (" + gemmM + "," + gemmK + "), " + outside + " elements in the padding";
        if (flag != 1) return new Outcome(c.name, false, "FAIL " + c.name + ": the copies did not complete (flag " + flag + "), " + what);
        int wrong = 0, first = -1;
        for (int i = 0; i < expected.length; i++) {
            if (got[i] != expected[i]) {
                if (first < 0) first = i;
                wrong++;
            }
        }
        boolean ok = wrong == 0;
        return new Outcome(c.name, ok, (ok ? "PASS " : "FAIL ") + c.name + ": " + what + (ok ? ": the tile is the convolution's im2col block, as the layouts say"
                : ", " + wrong + " bytes differ from the convolution's definition, the first at byte " + first));
    }

    /** S at index i of its domain, swizzled: the element the value lands on. */
    private static long elementOf(AnyLayout s, long i) {
        return switch (s) {
            case ComposedLayout c -> c.apply(i);
            case Layout l -> l.apply(i);
            default -> throw new IllegalArgumentException(s + " is no shared-memory layout");
        };
    }

    /** S without its swizzle: where a box starts, before TMA swizzles its addresses. */
    private static Layout innerOf(AnyLayout s) {
        return switch (s) {
            case ComposedLayout c -> c.inner();
            case Layout l -> l;
            default -> throw new IllegalArgumentException(s + " is no shared-memory layout");
        };
    }

    /**
     * One operand of a cluster case: G, S (pointer form where swizzled), the element, the CTA tile, and the CTAs its
     * tile is multicast to ({@code SM90_TMA_LOAD_MULTICAST} over a CTA layout {@code multicast:1}; 1:
     * {@code SM90_TMA_LOAD}).
     */
    public record Operand(String gmem, String smem, String element, String tile, int multicast) {}

    /**
     * What one CTA does for one operand: it issues the copies of its {@code tma_partition} share (the CTA coordinate
     * {@code ctaCoord} of the operand's CTA layout) of the tile at {@code tile} (one index per Rest mode of the
     * partition's gmem view), multicast to the CTAs of {@code mask}; and it receives that tile whole.
     */
    public record Share(int operand, int cta, long ctaCoord, long[] tile, int mask) {}

    /**
     * A case run on a launched cluster: each CTA issues its shares, and every CTA's tile must hold, for each operand,
     * the tile its shares name, exactly as the layouts say, assembled from the boxes the other CTAs multicast to it.
     */
    public record ClusterCase(String name, int cluster, List<Operand> operands, List<Share> shares, Expect expect) {

        /**
         * The operands of a GEMM over a cluster as CUTLASS's SM90 mainloops multicast them ({@link ClusterMulticast}):
         * the CTA at (x, y) loads share y of A's tile (x, k) with mask A and share x of B's tile (y, k) with mask B, and
         * receives both tiles whole.
         */
        static ClusterCase gemm(String name, String blockLayout, Operand a, Operand b, long k) {
            ClusterMulticast c = ClusterMulticast.of(Layout.parse(blockLayout));
            List<int[]> masks = c.ctas().stream().map(t -> new int[] {t.maskA(), t.maskB()}).toList();
            return gemm(name + " " + blockLayout + " (" + c + ")", Layout.parse(blockLayout), masks, a, b, k, Expect.LANDS);
        }

        /**
         * A GEMM whose masks CUTLASS's loops compute over a block layout that is not the hardware's rank order
         * ({@code mask_a |= 1 << block_layout(x, n, 0)}, (x, y) from the CTA's rank as {@code block_id_in_cluster}
         * gives it): some CTA receives another tile than its own, which layoutcat refuses ({@link ClusterMulticast#of}).
         */
        static ClusterCase gemmOverAnotherBlockLayout(String name, String blockLayout, Operand a, Operand b, long k) {
            Layout l = Layout.parse(blockLayout);
            long m = l.mode(0).size(), n = l.mode(1).size();
            List<int[]> masks = new ArrayList<>();
            for (long r = 0; r < l.size(); r++) {
                int ma = 0, mb = 0;
                for (long j = 0; j < n; j++) ma |= 1 << l.apply(IntTuple.flat(r % m, j));
                for (long i = 0; i < m; i++) mb |= 1 << l.apply(IntTuple.flat(i, r / m));
                masks.add(new int[] {ma, mb});
            }
            return gemm(name + " " + blockLayout, l, masks, a, b, k, Expect.MISLANDS);
        }

        private static ClusterCase gemm(String name, Layout blockLayout, List<int[]> masks, Operand a, Operand b, long k, Expect expect) {
            long m = blockLayout.mode(0).size(), n = blockLayout.mode(1).size();
            List<Share> shares = new ArrayList<>();
            for (int r = 0; r < masks.size(); r++) {
                long x = r % m, y = r / m;
                shares.add(new Share(0, r, y, new long[] {x, k}, masks.get(r)[0]));
                shares.add(new Share(1, r, x, new long[] {y, k}, masks.get(r)[1]));
            }
            Operand ma = new Operand(a.gmem, a.smem, a.element, a.tile, Math.toIntExact(n));
            Operand mb = new Operand(b.gmem, b.smem, b.element, b.tile, Math.toIntExact(m));
            return new ClusterCase(name, masks.size(), List.of(ma, mb), List.copyOf(shares), expect);
        }

        /** One operand's tile at {@code tile}, multicast over the whole cluster: CTA r issues share r. */
        static ClusterCase partition(String name, Operand o, long... tile) {
            List<Share> shares = new ArrayList<>();
            for (int r = 0; r < o.multicast; r++) shares.add(new Share(0, r, r, tile, (1 << o.multicast) - 1));
            return new ClusterCase(name, o.multicast, List.of(o), List.copyOf(shares), Expect.LANDS);
        }
    }

    private TmaVerification() {}

    private static final String G_K = "(512,1024):(1024,1)", G_MN = "(512,1024):(1,512)";

    /**
     * The table: both majors, no swizzle and the three swizzles, 8-, 16- and 32-bit elements (CuTe's GMMA atoms tiled
     * as {@code TmaDescriptorTest}'s golden cases), tiles inside G and at its edge, 2-D to 5-D global tensors, a
     * grouped 7-D one, multicast shares, and the driver's and the hardware's answers to arguments CuTe passes on.
     */
    public static List<Case> cases() {
        List<Case> cs = new ArrayList<>();
        String[][] atoms = { // element, K-major atom rows of 16 B units, MN, tile
            {"u8", "8", "128", "128"}, {"f16", "16", "128", "64"}, {"f32", "32", "64", "32"}};
        String[] swizzles = {"INTER", "SW32", "SW64", "SW128"};
        for (String[] a : atoms) {
            int bits = Integer.parseInt(a[1]);
            for (int s = 0; s < 4; s++) {
                for (String major : List.of("K", "MN")) {
                    String smem = TileToShape.tileToShape(GmmaSmemAtoms.atom(GmmaSmemAtoms.Major.valueOf(major),
                            GmmaSmemAtoms.Swizzling.valueOf(swizzles[s]), bits), IntTuple.parse("(" + a[2] + "," + a[3] + ")"), null).toString();
                    cs.add(Case.lands(a[0] + "-" + major + "-" + swizzles[s], major.equals("K") ? G_K : G_MN, smem, a[0], null, 1, RUNTIME, 1, 2));
                }
            }
        }
        // at G's edge: rows 64..127 of 100 and columns 64..95 of 72 are partly outside, and TMA fills zeros
        cs.add(Case.lands("f16-K-SW64-edge", "(100,72):(72,1)", "Sw<2,4,3> o smem_ptr[16b](unset) o ((8,8),(32,1)):((32,256),(1,0))",
                "f16", "(64,32)", 1, RUNTIME, 1, 2));
        cs.add(Case.lands("f16-MN-SW128-edge", "(100,72):(1,104)", "Sw<3,4,3> o smem_ptr[16b](unset) o ((64,2),(8,4)):((1,512),(64,1024))",
                "f16", "(128,32)", 1, RUNTIME, 0, 2));
        cs.add(Case.lands("f32-3d", "(1024,32,512):(64,1,65536)", "(16,8,2):(16,1,8)", "f32", null, 1, RUNTIME, 3, 1, 5));
        cs.add(Case.lands("f16-3d-batched", "(256,128,8):(128,1,32768)", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),(64,1)):((64,512),(1,0))",
                "f16", "(64,64)", 1, RUNTIME, 2, 1, 7));
        cs.add(Case.lands("f16-5d", "(6,5,4,3,64):(3840,768,192,64,1)", "(2,5,2,3,64):(1920,384,192,64,1)", "f16", null, 1, RUNTIME, 2, 0, 1, 0, 0));
        cs.add(Case.lands("f32-7d-grouped", "(2,2,2,2,2,2,16):(1024,512,256,128,64,32,1)", "(2,2,2,2,2,2,16):(512,256,128,64,32,16,1)",
                "f32", null, 1, RUNTIME, 0, 0, 0, 0, 0, 0, 0));
        cs.add(Case.lands("f32-static-4d", "((32,40),((8,8),656)):((1,32),((1280,10240),81920))", "(128,(32,2)):(1,(128,4096))",
                "f32", "(128,(32,2))", 1, STATIC, 0, 0));
        cs.add(Case.lands("f16-static-merge-256", "(64,4,16):(1,64,256)", "(64,4,2):(1,64,256)", "f16", null, 1, STATIC, 0, 0, 3));
        cs.add(Case.lands("f64-2d", "(300,200):(1,300)", "(16,16):(1,16)", "f64", null, 1, RUNTIME, 18, 12));
        // a tile with gaps in shared memory: rows of 32 floats 64 apart, one box a row at the row's offset
        cs.add(Case.lands("f32-gapped-rows", "(64,64):(64,1)", "(8,32):(64,1)", "f32", null, 1, RUNTIME, 1, 1));
        cs.add(Case.lands("f16-K-SW128-multicast-2", G_K, "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))",
                "f16", "(128,64)", 2, RUNTIME, 1, 3));
        cs.add(Case.lands("f16-MN-SW128-multicast-4", G_MN, "Sw<3,4,3> o smem_ptr[16b](unset) o ((64,2),(8,8)):((1,512),(64,1024))",
                "f16", "(128,64)", 4, RUNTIME, 2, 1));
        // the driver's answers to what CuTe passes on (tma/cute/refusals.txt)
        cs.add(new Case("cute-inner-past-swizzle-span", G_K, "Sw<2,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "f16", null, 1, RUNTIME,
                new long[] {0, 0}, Expect.DRIVER_REFUSES, new TensorMapArgs(6, 2, List.of(1024L, 512L), List.of(2048L), List.of(64L, 8L),
                List.of(1L, 1L), 2), null));
        cs.add(new Case("cute-inner-not-16B", G_K, "(64,2):(2,1)", "f32", null, 1, RUNTIME, new long[] {0, 0}, Expect.DRIVER_REFUSES,
                new TensorMapArgs(7, 4, List.of(1024L, 512L), List.of(4096L), List.of(2L, 64L), List.of(1L, 1L), 0), null));
        cs.add(new Case("stride-not-16B", "(100,60):(60,1)", "(64,32):(32,1)", "f16", null, 1, RUNTIME, new long[] {0, 0}, Expect.DRIVER_REFUSES,
                new TensorMapArgs(6, 2, List.of(60L, 100L), List.of(120L), List.of(32L, 64L), List.of(1L, 1L), 0), null));
        cs.add(new Case("rank-7", "(2,2,2,2,2,2,16):(1024,512,128,64,32,16,1)", "(2,2,2,2,2,2,16):(512,256,128,64,32,16,1)", "f32", null, 1,
                RUNTIME, new long[7], Expect.DRIVER_REFUSES, new TensorMapArgs(7, 4, List.of(16L, 2L, 2L, 2L, 2L, 2L, 2L),
                List.of(64L, 128L, 256L, 512L, 2048L, 4096L), List.of(16L, 2L, 2L, 2L, 2L, 2L, 2L), List.of(1L, 1L, 1L, 1L, 1L, 1L, 1L), 0), null));
        // what the hardware makes of descriptors CuTe writes without a word
        cs.add(new Case("cute-grouped-gapped-rank-5", "(2,2,2,2,2,2,16):(1024,512,128,64,32,16,1)", "(2,2,2,2,2,2,16):(512,256,128,64,32,16,1)",
                "f32", null, 1, RUNTIME, new long[7], Expect.MISLANDS, new TensorMapArgs(7, 4, List.of(16L, 2L, 2L, 2L, 14L),
                List.of(64L, 128L, 256L, 512L), List.of(16L, 2L, 2L, 2L, 8L), List.of(1L, 1L, 1L, 1L, 1L), 0), List.<long[]>of(new long[] {0, 0, 0, 0, 0})));
        cs.add(new Case("cute-element-swizzle-as-bytes", G_K, "Sw<3,4,3> o 0 o (8,64):(64,1)", "f16", null, 1, RUNTIME, new long[] {0, 0},
                Expect.MISLANDS, new TensorMapArgs(6, 2, List.of(1024L, 512L), List.of(2048L), List.of(64L, 8L), List.of(1L, 1L), 3),
                List.<long[]>of(new long[] {0, 0})));
        return List.copyOf(cs);
    }

    /**
     * The cluster table: tma_partition's shares of one tile multicast over 2 and 4 CTAs (one copy a CTA, and several),
     * and GEMM operands over 2-D clusters as CUTLASS multicasts them, with the cluster's column-major layout and
     * another.
     */
    public static List<ClusterCase> clusterCases() {
        Operand k128 = new Operand(G_K, gmmaTile("K", "SW128", 16, "(128,64)"), "f16", "(128,64)", 2);
        Operand mn128 = new Operand(G_MN, gmmaTile("MN", "SW128", 16, "(128,64)"), "f16", "(128,64)", 4);
        Operand k128wide = new Operand(G_K, gmmaTile("K", "SW128", 16, "(64,128)"), "f16", "(64,128)", 2);
        Operand f32k = new Operand("(256,512):(512,1)", gmmaTile("K", "SW64", 32, "(128,32)"), "f32", "(128,32)", 4);
        Operand a = new Operand(G_K, gmmaTile("K", "SW128", 16, "(128,64)"), "f16", "(128,64)", 1);
        Operand b = new Operand("(256,1024):(1024,1)", gmmaTile("K", "SW128", 16, "(128,64)"), "f16", "(128,64)", 1);
        Operand a64 = new Operand(G_K, gmmaTile("K", "SW128", 16, "(64,64)"), "f16", "(64,64)", 1);
        Operand b64 = new Operand("(256,1024):(1,256)", gmmaTile("MN", "SW64", 16, "(64,64)"), "f16", "(64,64)", 1);
        return List.of(
                ClusterCase.partition("partition-f16-K-SW128-multicast-2", k128, 1, 3),
                ClusterCase.partition("partition-f16-MN-SW128-multicast-4", mn128, 2, 1),
                ClusterCase.partition("partition-f16-K-SW128-2-boxes-multicast-2", k128wide, 3, 2),
                ClusterCase.partition("partition-f32-K-SW64-2-boxes-multicast-4", f32k, 1, 5),
                ClusterCase.gemm("gemm-2x2", "(2,2):(1,2)", a, b, 3),
                ClusterCase.gemmOverAnotherBlockLayout("cutlass-masks-over-row-major", "(2,2):(2,1)", a, b, 1),
                ClusterCase.gemm("gemm-4x1", "(4,1):(1,4)", a, b, 0),
                ClusterCase.gemm("gemm-2x4", "(2,4):(1,2)", a64, b64, 5));
    }

    /** CuTe's GMMA shared-memory atom of that major, swizzling and width, tiled to the tile ({@code tile_to_shape}). */
    private static String gmmaTile(String major, String swizzling, int bits, String tile) {
        return TileToShape.tileToShape(GmmaSmemAtoms.atom(GmmaSmemAtoms.Major.valueOf(major), GmmaSmemAtoms.Swizzling.valueOf(swizzling), bits),
                IntTuple.parse(tile), null).toString();
    }

    /** Runs every cluster case on the device. */
    public static List<Outcome> verifyClusters(Device device) {
        List<Outcome> out = new ArrayList<>();
        for (ClusterCase c : clusterCases()) {
            try {
                out.add(verify(device, c));
            } catch (RuntimeException e) {
                out.add(new Outcome(c.name(), false, "FAIL " + c.name() + ": " + e.getMessage()));
            }
        }
        return out;
    }

    /** One cluster case on the device: see {@link ClusterCase}. */
    public static Outcome verify(Device device, ClusterCase c) {
        int n = c.operands().size();
        List<TensorMapArgs> maps = new ArrayList<>();
        List<byte[]> globals = new ArrayList<>();
        List<TmaPartition[]> parts = new ArrayList<>();
        int[] region = new int[n + 1];
        for (int k = 0; k < n; k++) {
            Operand o = c.operands().get(k);
            Layout g = Layout.parse(o.gmem);
            AnyLayout s = AnyLayout.parse(o.smem);
            TmaDataType t = TmaDataType.parse(o.element);
            TmaPartition.Op op = o.multicast > 1 ? TmaPartition.Op.SM90_TMA_LOAD_MULTICAST : TmaPartition.Op.SM90_TMA_LOAD;
            Layout ctaLayout = Layout.of(IntTuple.of(o.multicast), IntTuple.of(1));
            TmaPartition[] byCoord = new TmaPartition[o.multicast];
            for (int r = 0; r < o.multicast; r++) byCoord[r] = TmaPartition.of(op, g, s, t, IntTuple.parse(o.tile), ctaLayout, r, RUNTIME);
            parts.add(byCoord);
            maps.add(TensorMapArgs.of(byCoord[0].descriptor()));
            globals.add(pattern(g.cosize(), t.bytes()));
            int bytes = Math.toIntExact(Math.multiplyExact(s.cosize(), t.bytes()));
            region[k + 1] = Math.addExact(region[k], (bytes + 1023) / 1024 * 1024);
        }
        int rank = maps.get(0).rank();
        for (TensorMapArgs m : maps) {
            if (m.rank() != rank) throw new IllegalArgumentException(c.name() + ": the cluster kernel takes tensor maps of one rank, not " + maps);
        }
        int tileBytes = region[n];
        byte[][] expected = new byte[c.cluster()][tileBytes];
        for (byte[] e : expected) Arrays.fill(e, TmaKernels.POISON);
        int[] tx = new int[c.cluster()];
        List<int[]> rows = new ArrayList<>();
        for (Share sh : c.shares()) {
            Operand o = c.operands().get(sh.operand());
            TmaPartition part = parts.get(sh.operand())[Math.toIntExact(sh.ctaCoord())];
            for (TmaDescriptor.Copy k : part.copies(sh.tile())) {
                int[] row = new int[4 + rank];
                row[0] = sh.operand();
                row[1] = sh.cta();
                row[2] = Math.toIntExact(region[sh.operand()] + k.smemOffset());
                row[3] = sh.mask();
                for (int i = 0; i < rank; i++) row[4 + i] = Math.toIntExact(k.coord().get(i));
                rows.add(row);
                for (int r = 0; r < c.cluster(); r++) if ((sh.mask() >>> r & 1) != 0) tx[r] = Math.addExact(tx[r], Math.toIntExact(maps.get(sh.operand()).boxBytes()));
            }
            // the CTA receives the operand's tile whole
            Prediction p = predict(Layout.parse(o.gmem), AnyLayout.parse(o.smem), TmaDataType.parse(o.element), IntTuple.parse(o.tile), sh.tile(),
                    globals.get(sh.operand()));
            System.arraycopy(p.expected, 0, expected[sh.cta()], region[sh.operand()], p.expected.length);
        }
        int[] table = new int[rows.size() * (4 + rank)];
        for (int i = 0; i < rows.size(); i++) System.arraycopy(rows.get(i), 0, table, i * (4 + rank), 4 + rank);
        byte[][] got = device.loadCluster(maps, globals, c.cluster(), tileBytes, table, rows.size(), tx);
        StringBuilder bad = new StringBuilder();
        for (int r = 0; r < c.cluster(); r++) {
            int flag = (got[r][tileBytes] & 0xff) | (got[r][tileBytes + 1] & 0xff) << 8;
            if (flag != 1) {
                bad.append("; CTA ").append(r).append(": the copies did not complete (flag ").append(flag).append(", ").append(tx[r]).append(" bytes expected)");
                continue;
            }
            int wrong = 0, first = -1;
            for (int i = 0; i < tileBytes; i++) {
                if (got[r][i] != expected[r][i]) {
                    if (first < 0) first = i;
                    wrong++;
                }
            }
            if (wrong > 0) bad.append("; CTA ").append(r).append(": ").append(wrong).append(" bytes differ from the layouts, the first at byte ").append(first);
        }
        String what = c.cluster() + " CTAs, " + rows.size() + " copies (" + c.operands().size() + " operand" + (n > 1 ? "s" : "") + ", boxes "
                + maps.stream().map(m -> m.boxDim().toString()).collect(java.util.stream.Collectors.joining(" and ")) + ")";
        if (c.expect() == Expect.MISLANDS) {
            boolean ok = !bad.isEmpty();
            return new Outcome(c.name(), ok, (ok ? "PASS " : "FAIL ") + c.name() + ": " + what + (ok ? ": CUTLASS's masks over this block"
                    + " layout deliver tiles to CTAs that want others" + bad + " (layoutcat refuses the layout)" : ": every CTA's tiles landed"));
        }
        boolean ok = bad.isEmpty();
        return new Outcome(c.name(), ok, (ok ? "PASS " : "FAIL ") + c.name() + ": " + what + (ok ? ": every CTA's tiles landed as the layouts say" : bad));
    }

    /** Runs every case on the device. */
    public static List<Outcome> verifyAll(Device device) {
        List<Outcome> out = new ArrayList<>();
        for (Case c : cases()) {
            try {
                out.add(verify(device, c));
            } catch (RuntimeException e) {
                out.add(new Outcome(c.name, false, "FAIL " + c.name + ": " + e.getMessage()));
            }
        }
        return out;
    }

    /** One case on the device. */
    public static Outcome verify(Device device, Case c) {
        Layout g = Layout.parse(c.gmem);
        AnyLayout s = AnyLayout.parse(c.smem);
        TmaDataType t = TmaDataType.parse(c.element);
        if (t.isPacked()) {
            throw new org.layoutcat.core.LayoutArgumentException(c.name + ": element " + c.element + " is " + t.driverName() + ", of "
                    + t.bits() + "-bit values; the device check fills and compares whole bytes, so it takes elements of 1, 2, 4 or 8 bytes");
        }
        IntTuple tile = c.tile == null ? null : IntTuple.parse(c.tile);
        byte[] global = pattern(g.cosize(), t.bytes());
        if (c.expect == Expect.DRIVER_REFUSES) {
            int status = device.encodeStatus(c.cute, global);
            boolean ok = status != 0;
            return new Outcome(c.name, ok, (ok ? "PASS " : "FAIL ") + c.name + ": the driver " + (ok ? "refuses CuTe's arguments with CUresult "
                    + status : "accepts " + c.cute) + " (layoutcat refuses them before the driver)");
        }
        Prediction p = predict(g, s, t, tile, c.tileCoord, global);
        TensorMapArgs args;
        List<long[]> copies = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        long values;
        if (c.expect == Expect.LANDS) {
            TmaDescriptor d = tile == null ? TmaDescriptor.derive(g, s, t, c.multicast, c.extents)
                    : TmaDescriptor.derive(g, s, t, tile, c.multicast, c.extents);
            args = TensorMapArgs.of(d);
            long[] shift = tmaCoordinate(d.tmaTensor(), p.origin);
            for (TmaDescriptor.Copy k : d.copies()) {
                long[] coord = new long[d.rank()];
                for (int i = 0; i < coord.length; i++) coord[i] = k.coord().get(i) + shift[i];
                copies.add(coord);
                offsets.add(k.smemOffset());
            }
            values = d.valuesPerCopy() / d.multicast();
        } else {
            args = c.cute;
            values = 1;
            for (long b : args.boxDim()) values *= b;
            for (int k = 0; k < c.cuteCopies.size(); k++) {
                copies.add(c.cuteCopies.get(k));
                offsets.add(k * values * t.bytes());
            }
        }
        int rank = args.rank();
        int[] table = new int[copies.size() * (1 + rank)];
        for (int k = 0; k < copies.size(); k++) {
            table[k * (1 + rank)] = Math.toIntExact(offsets.get(k));
            for (int i = 0; i < rank; i++) table[k * (1 + rank) + 1 + i] = Math.toIntExact(copies.get(k)[i]);
        }
        long tx = Math.multiplyExact(args.boxBytes(), copies.size());
        byte[] got = device.load(args, global, p.expected.length, table, copies.size(), tx);
        int flag = (got[p.expected.length] & 0xff) | (got[p.expected.length + 1] & 0xff) << 8;
        if (flag != 1) {
            return new Outcome(c.name, false, "FAIL " + c.name + ": the copies did not complete (flag " + flag + ", " + copies.size()
                    + " copies, " + tx + " bytes expected)");
        }
        int wrong = 0, first = -1;
        for (int i = 0; i < p.expected.length; i++) {
            if (got[i] != p.expected[i]) {
                if (first < 0) first = i;
                wrong++;
            }
        }
        String what = copies.size() + " copies of " + values + " elements, " + p.landed + " elements (" + p.outside + " outside G)";
        if (c.expect == Expect.LANDS) {
            boolean ok = wrong == 0;
            return new Outcome(c.name, ok, (ok ? "PASS " : "FAIL ") + c.name + ": " + what + (ok ? " landed as the layout says"
                    : ", " + wrong + " bytes differ from the layout's prediction, the first at byte " + first) + "; " + args(args));
        }
        boolean ok = wrong > 0;
        return new Outcome(c.name, ok, (ok ? "PASS " : "FAIL ") + c.name + ": CuTe's descriptor " + args(args) + " lands " + wrong + " of "
                + p.expected.length + " bytes elsewhere than " + c.smem + " says (layoutcat refuses it)");
    }

    private static String args(TensorMapArgs a) {
        return "globalDim " + a.globalDim() + ", box " + a.boxDim() + ", swizzle " + a.swizzle();
    }

    /** The TMA coordinate of a point of G (flat coordinates), through CuTe's {@code get_tma_tensor}'s strides. */
    static long[] tmaCoordinate(CoordLayout tmaTensor, long[] point) {
        int rank = 0;
        for (ScaledBasis e : tmaTensor.flatStrides()) if (e.value() != 0) rank = Math.max(rank, e.path()[0] + 1);
        long[] c = new long[rank];
        for (int j = 0; j < point.length; j++) {
            ScaledBasis e = tmaTensor.flatStride(j);
            if (e.value() != 0) c[e.path()[0]] += point[j] * e.value();
        }
        return c;
    }

    /** The element at offset e of global memory: the bytes of a non-zero pseudo-random number, little-endian. */
    static byte[] pattern(long elements, int bytes) {
        byte[] out = new byte[Math.toIntExact(Math.multiplyExact(elements, bytes))];
        for (long e = 0; e < elements; e++) {
            long x = (e + 1) * 0x9E3779B97F4A7C15L;
            x ^= x >>> 29;
            for (int b = 0; b < bytes; b++) out[(int) (e * bytes + b)] = (byte) (x >>> (8 * b));
            if (allZero(out, (int) (e * bytes), bytes)) out[(int) (e * bytes)] = 1;
        }
        return out;
    }

    private static boolean allZero(byte[] a, int from, int n) {
        for (int i = from; i < from + n; i++) if (a[i] != 0) return false;
        return true;
    }

    /** The tile's bytes as the layouts say, and its origin in G's flat coordinates. */
    record Prediction(byte[] expected, long[] origin, long landed, long outside) {}

    /**
     * The prediction: the tile of shape {@code tile} (S's mode sizes where null) at tile coordinate {@code at} of G has
     * its origin at {@code at_i · tile_i} along mode i of G (flat modes; a nested mode's tile starts at 0); value v of
     * the tile is the point origin + V(v) of G, whose element lands at {@code S(v)}.
     */
    static Prediction predict(Layout g, AnyLayout s, TmaDataType t, IntTuple tile, long[] at, byte[] global) {
        IntTuple shape = tile != null ? tile : org.layoutcat.core.construct.TvLayout.productEach(s.shape());
        CoordLayout id = CoordLayout.identity(g.shape());
        AnyLayout v = Composition.compose(id, Tiler.ofShape(shape));
        CoordLayout walk = v instanceof CoordLayout c ? c : CoordLayout.of((Layout) v);
        long[] origin = new long[g.flatRank()];
        for (int i = 0; i < at.length && i < g.rank(); i++) {
            if (at[i] == 0) continue;
            if (!g.shape().mode(i).isLeaf()) throw new IllegalArgumentException("a tile of " + g + " off the origin along nested mode " + i);
            long extent = shape.isLeaf() ? (i == 0 ? shape.value() : 1) : i < shape.rank() ? shape.mode(i).product() : 1; // past the tiler: a slice
            origin[flatIndexOfMode(g, i)] = at[i] * extent;
        }
        long cosize = s.cosize();
        int bytes = Math.toIntExact(Math.multiplyExact(cosize, t.bytes()));
        int tileBytes = (bytes + 3) / 4 * 4;
        byte[] expected = new byte[tileBytes];
        Arrays.fill(expected, TmaKernels.POISON);
        long outside = 0;
        for (long k = 0; k < s.size(); k++) {
            long[] p = id.widen(walk.apply(k)).leaves();
            boolean inside = true;
            long offset = 0;
            for (int j = 0; j < p.length; j++) {
                long x = p[j] + origin[j];
                if (x >= g.flatShape(j)) inside = false;
                offset += x * g.flatStride(j);
            }
            long to = switch (s) {
                case ComposedLayout c -> c.apply(k);
                case Layout l -> l.apply(k);
                case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw new IllegalArgumentException(s + " is no shared-memory layout");
            };
            for (int b = 0; b < t.bytes(); b++) expected[(int) (to * t.bytes() + b)] = inside ? global[(int) (offset * t.bytes() + b)] : 0;
            if (!inside) outside++;
        }
        return new Prediction(expected, origin, s.size(), outside);
    }

    private static int flatIndexOfMode(Layout g, int mode) {
        int j = 0;
        for (int i = 0; i < mode; i++) j += g.shape().mode(i).leafCount();
        return j;
    }
}
