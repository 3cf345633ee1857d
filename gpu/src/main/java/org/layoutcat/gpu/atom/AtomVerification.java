package org.layoutcat.gpu.atom;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.Element;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.gpu.ptx.AtomKernels;
import org.layoutcat.gpu.ptx.Kernel;

/**
 * The hardware cross-check of the atom catalog. For an MMA atom: random small integers in A (M×K, column-major)
 * and B (N×K, column-major); each lane's table row lists, for each of its register values v, the element
 * {@code a(thrID⁻¹(lane), v)} of the catalog's A layout (the same for B and, for the stores, C); lanes that are not
 * threads of the atom (SM70's other quad pairs) read a zero past the end and write past the end. The device's C
 * must equal {@code Σ_k A[m,k]·B[n,k]} exactly. The test of the test: the same run with the table rows of lanes 0
 * and 1 of A exchanged (the catalog's A layout with threads 0 and 1 swapped) must give a wrong C.
 *
 * <p>For wgmma ({@link WgmmaCase}, one warp group): small integers exact in every input format (-2 … 2, u8 0 … 3),
 * A and B placed in shared memory through a GMMA shared-memory atom tiled to the operand ({@link GmmaPlacement}: the
 * placement table is the layout's offsets, the descriptor {@code GmmaDescriptor.of} of it), or A in registers as the
 * catalog's A layout says (RS); each thread stores its accumulators through the catalog's C layout, and D must equal
 * the CPU product exactly. The counter-checks: the C rows of threads 0 and 1 exchanged; for a swizzled atom, A and B
 * placed through the atom's layout without its swizzle (the descriptor unchanged); for RS, the A rows of threads 0
 * and 1 exchanged. Each must give a wrong D.
 *
 * <p>For ldmatrix: shared memory holds element ids; each lane's row address comes from the catalog's source
 * layout and each of its registers must hold the ids the destination layout names. For stmatrix: each lane's
 * registers hold the ids the source layout names, its row address comes from the destination layout, and shared
 * memory must end up holding id e at element e. Each has the same swapped-lanes counter-check.
 */
public final class AtomVerification {
    /**
     * The outcome for one atom: whether the catalog passed and the counter-check failed, and one line.
     *
     * @param wgmma whether the case is a {@code wgmma.mma_async} atom's (its family is {@link MmaAtom.Family#WGMMA_SS}
     *              or {@link MmaAtom.Family#WGMMA_RS}), from the atom's family, not its name
     */
    public record Outcome(String atom, boolean wgmma, boolean passed, String line) {}

    /** Whether the atom's family is a {@code wgmma.mma_async} one. */
    static boolean isWgmma(MmaAtom atom) {
        return switch (atom.family()) {
            case MMA_SYNC, UMMA_SS, UMMA_TS -> false;
            case WGMMA_SS, WGMMA_RS, WGMMA_SP_SS, WGMMA_SP_RS -> true;
        };
    }

    private AtomVerification() {}

    /**
     * Every atom this device can check: the mma.sync atoms, every GMMA atom once and the matrix of majors, swizzlings
     * and SS/RS ({@link WgmmaCase#catalog()}, {@link WgmmaCase#matrix()}), ldmatrix and stmatrix.
     */
    public static List<Outcome> verifyAll(AtomDevice device, long seed) {
        return verifyAll(device, seed, o -> {});
    }

    /**
     * {@link #verifyAll(AtomDevice, long)}, handing each outcome to {@code each} as it comes; the wgmma kernels are
     * handed to {@link AtomDevice#prepare} first, all at once.
     */
    public static List<Outcome> verifyAll(AtomDevice device, long seed, java.util.function.Consumer<Outcome> each) {
        List<Outcome> out = new ArrayList<>();
        java.util.function.Consumer<Outcome> add = o -> {
            out.add(o);
            each.accept(o);
        };
        for (MmaAtom a : Atoms.mmaAtoms()) if (a.registersAB()) add.accept(verifyMma(device, a, seed));
        List<WgmmaCase> cases = new ArrayList<>(WgmmaCase.catalog());
        cases.addAll(WgmmaCase.matrix());
        List<Kernel> kernels = new ArrayList<>();
        for (WgmmaCase c : cases) {
            try {
                kernels.add(c.kernel());
            } catch (IllegalArgumentException e) {
                // verifyWgmma reports it
            }
        }
        List<WgmmaKLoop> loops = WgmmaKLoop.matrix();
        for (WgmmaKLoop l : loops) {
            try {
                kernels.add(l.kernel());
                if (l.cuteDiffers()) kernels.add(l.cuteKernel());
            } catch (IllegalArgumentException e) {
                // verifyWgmmaKLoop reports it
            }
        }
        device.prepare(kernels);
        for (WgmmaCase c : cases) add.accept(verifyWgmma(device, c, seed));
        for (WgmmaKLoop l : loops) add.accept(verifyWgmmaKLoop(device, l, seed));
        for (CopyAtom c : Atoms.copyAtoms()) {
            switch (c.family()) {
                case CopyAtom.Ldmatrix _ -> add.accept(verifyLdmatrix(device, c));
                case CopyAtom.Stmatrix _ -> add.accept(verifyStmatrix(device, c));
                case CopyAtom.CpAsync _, CopyAtom.Universal _ -> { } // one thread's copy: nothing of a warp to verify
                case CopyAtom.TmemLoad _, CopyAtom.TmemStore _ -> { } // tcgen05 needs sm_100: the H100/H200 here have no tensor memory
            }
        }
        return out;
    }

    /** lane → logical thread of the atom, or -1. */
    static long[] logicalThreads(Layout thrID, int lanes) {
        long[] t = new long[lanes];
        java.util.Arrays.fill(t, -1);
        for (long i = 0; i < thrID.size(); i++) {
            long lane = thrID.apply(i);
            if (lane < 0 || lane >= lanes) throw new IllegalArgumentException("thread layout " + thrID + " leaves the warp at " + i);
            t[(int) lane] = i;
        }
        return t;
    }

    /** The table of a TV layout: entry {@code lane·V + v} is {@code tv(thrID⁻¹(lane), v)}, or {@code pad} off the atom. */
    public static int[] table(Layout tv, Layout thrID, int pad) {
        long values = tv.mode(1).size();
        int lanes = (int) Math.max(32, thrID.cosize());
        long[] logical = logicalThreads(thrID, lanes);
        int[] t = new int[(int) (lanes * values)];
        for (int lane = 0; lane < lanes; lane++) {
            for (long v = 0; v < values; v++) {
                t[(int) (lane * values + v)] = logical[lane] < 0 ? pad : Math.toIntExact(tv.apply(IntTuple.flat(logical[lane], v)));
            }
        }
        return t;
    }

    /** The table with the rows of lanes 0 and 1 exchanged. */
    static int[] swapLanes01(int[] table) {
        return swapLanes01(table, table.length / 32);
    }

    /** The table of {@code v} values a lane with the rows of lanes 0 and 1 exchanged. */
    static int[] swapLanes01(int[] table, int v) {
        int[] t = table.clone();
        for (int i = 0; i < v; i++) {
            t[i] = table[v + i];
            t[v + i] = table[i];
        }
        return t;
    }

    /** Random small integers, exact in every input type ({@code |x| ≤ 3}, s8 {@code |x| ≤ 8}), and a zero at the end. */
    static double[] operand(SplittableRandom rnd, long n, Element e) {
        double[] x = new double[(int) n + 1];
        int r = e == Element.S8 ? 8 : 3;
        for (int i = 0; i < n; i++) x[i] = rnd.nextInt(-r, r + 1);
        return x;
    }

    /** C = A·B on the CPU: {@code c[m + M·n] = Σ_k a[m + M·k]·b[n + N·k]}. */
    static double[] product(MmaAtom atom, double[] a, double[] b) {
        return product((int) atom.m(), (int) atom.n(), (int) atom.k(), a, b);
    }

    static int mismatches(double[] want, double[] got, int n) {
        int bad = 0;
        for (int i = 0; i < n; i++) if (want[i] != got[i]) bad++;
        return bad;
    }

    /** Checks one mma.sync atom (see the class comment). */
    public static Outcome verifyMma(AtomDevice device, MmaAtom atom, long seed) {
        Kernel k = AtomKernels.mma(atom);
        SplittableRandom rnd = new SplittableRandom(seed ^ atom.name().hashCode());
        int mk = (int) (atom.m() * atom.k()), nk = (int) (atom.n() * atom.k()), mn = (int) (atom.m() * atom.n());
        double[] a = operand(rnd, mk, atom.ab()), b = operand(rnd, nk, atom.bType());
        int[] ia = table(atom.a(), atom.thrID(), mk), ib = table(atom.b(), atom.thrID(), nk), ic = table(atom.c(), atom.thrID(), mn);
        double[] want = product(atom, a, b);
        double[] got = device.mma(k, a, b, ia, ib, ic, mn + 1);
        int bad = mismatches(want, got, mn);
        double[] swapped = device.mma(k, a, b, swapLanes01(ia), ib, ic, mn + 1);
        int caught = mismatches(want, swapped, mn);
        boolean ok = bad == 0 && caught > 0;
        return new Outcome(atom.name(), isWgmma(atom), ok, String.format(java.util.Locale.ROOT,
                "%s %-32s %-52s C = A·B on %d/%d elements; A with lanes 0,1 swapped: %d wrong%s",
                ok ? "PASS" : "FAIL", atom.name(), atom.ptx(), mn - bad, mn, caught, caught > 0 ? " (caught)" : " (NOT caught)"));
    }

    /** Random small integers exact in every input format: -2 … 2, for u8 0 … 3. */
    static int[] smallIntegers(SplittableRandom rnd, long n, Element e) {
        int[] x = new int[Math.toIntExact(n)];
        for (int i = 0; i < x.length; i++) x[i] = e == Element.U8 ? rnd.nextInt(0, 4) : rnd.nextInt(-2, 3);
        return x;
    }

    /** The bit patterns of {@code x} in format {@code e} ({@link ElementBits}). */
    static int[] bits(int[] x, Element e) {
        int[] b = new int[x.length];
        for (int i = 0; i < x.length; i++) b[i] = ElementBits.of(e, x[i]);
        return b;
    }

    static double[] doubles(int[] x) {
        double[] d = new double[x.length];
        for (int i = 0; i < x.length; i++) d[i] = x[i];
        return d;
    }

    /** Checks one wgmma case (see the class comment). */
    public static Outcome verifyWgmma(AtomDevice device, WgmmaCase wc, long seed) {
        MmaAtom atom = wc.atom();
        String name = atom.name() + " [" + wc.label() + "]";
        Kernel k;
        GmmaPlacement pa, pb;
        try {
            pa = wc.placementA();
            pb = wc.placementB();
            k = wc.kernel();
        } catch (IllegalArgumentException e) {
            return new Outcome(name, isWgmma(atom), false, String.format(java.util.Locale.ROOT, "FAIL %-40s %-26s not placed: %s",
                    atom.name(), wc.label(), e.getMessage()));
        }
        SplittableRandom rnd = new SplittableRandom(seed ^ name.hashCode());
        int mk = (int) (atom.m() * atom.k()), nk = (int) (atom.n() * atom.k()), mn = (int) (atom.m() * atom.n());
        int[] xa = smallIntegers(rnd, mk, atom.ab()), xb = smallIntegers(rnd, nk, atom.bType());
        int[] a = bits(xa, atom.ab()), b = bits(xb, atom.bType());
        int[] ia = pa == null ? table(atom.a(), atom.thrID(), 0) : pa.byteOffsets(), ib = pb.byteOffsets();
        int[] ic = table(atom.c(), atom.thrID(), mn);
        double[] want = product(atom, doubles(xa), doubles(xb));
        try {
            return wgmmaOutcome(device, wc, name, k, pa, pb, a, b, ia, ib, ic, want);
        } catch (RuntimeException e) {
            return new Outcome(name, isWgmma(atom), false, String.format(java.util.Locale.ROOT, "FAIL %-40s %-26s the device failed: %s",
                    atom.name(), wc.label(), e.getMessage()));
        }
    }

    /**
     * Checks one K-loop ({@link WgmmaKLoop}): D = A·B over every k-block of the tiles, with layoutcat's descriptors
     * advanced as CuTe's iterator advances them. Counter-checks: the tiles placed without their swizzle must give a
     * wrong D (where there is a swizzle), and where layoutcat's base offset differs from CuTe's 0, CuTe's descriptors
     * must read the tiles wrong.
     */
    public static Outcome verifyWgmmaKLoop(AtomDevice device, WgmmaKLoop loop, long seed) {
        MmaAtom atom = loop.atom();
        String name = atom.name() + " [" + loop.label() + "]";
        WgmmaKLoop.Tile ta, tb;
        Kernel k;
        try {
            ta = loop.tileA();
            tb = loop.tileB();
            k = loop.kernel();
        } catch (IllegalArgumentException e) {
            return new Outcome(name, true, false, String.format(java.util.Locale.ROOT, "FAIL %-40s %s: not placed: %s", atom.name(),
                    loop.label(), e.getMessage()));
        }
        SplittableRandom rnd = new SplittableRandom(seed ^ name.hashCode());
        int m = (int) atom.m(), n = (int) atom.n(), wideK = (int) (atom.k() * loop.blocks()), mn = m * n;
        int[] xa = smallIntegers(rnd, (long) m * wideK, atom.ab()), xb = smallIntegers(rnd, (long) n * wideK, atom.bType());
        int[] a = bits(xa, atom.ab()), b = bits(xb, atom.bType());
        int[] ic = table(atom.c(), atom.thrID(), mn);
        double[] want = product(m, n, wideK, doubles(xa), doubles(xb));
        try {
            int bad = mismatches(want, device.wgmma(k, a, b, ta.byteOffsets(), tb.byteOffsets(), ic, mn), mn);
            StringBuilder checks = new StringBuilder();
            boolean caughtAll = true;
            if (loop.swizzling() != org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling.INTER) {
                int c = mismatches(want, device.wgmma(k, a, b, ta.unswizzledByteOffsets(), tb.unswizzledByteOffsets(), ic, mn), mn);
                caughtAll &= c > 0;
                checks.append("; unswizzled: ").append(c).append(c > 0 ? " wrong (caught)" : " wrong (NOT caught)");
            }
            if (loop.cuteDiffers()) {
                int c = mismatches(want, device.wgmma(loop.cuteKernel(), a, b, ta.byteOffsets(), tb.byteOffsets(), ic, mn), mn);
                caughtAll &= c > 0;
                checks.append("; CuTe's base offset 0: ").append(c).append(c > 0 ? " wrong (as the ISA says)" : " wrong (NOT as the ISA says)");
            }
            boolean ok = bad == 0 && caughtAll;
            return new Outcome(name, true, ok, String.format(java.util.Locale.ROOT, "%s %-40s %s: base offset %d, A's k-blocks at %s: D = A·B on %d/%d%s",
                    ok ? "PASS" : "FAIL", atom.name(), loop.label(), ta.descriptor().baseOffset(), ta.advance(), mn - bad, mn, checks));
        } catch (RuntimeException e) {
            return new Outcome(name, true, false, String.format(java.util.Locale.ROOT, "FAIL %-40s %s: the device failed: %s",
                    atom.name(), loop.label(), e.getMessage()));
        }
    }

    /** D = A·B of an m×kk A (entry i + m·l) and an n×kk B (entry j + n·l), column-major, and one entry beyond. */
    static double[] product(int m, int n, int kk, double[] a, double[] b) {
        double[] c = new double[m * n + 1];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int l = 0; l < kk; l++) s += a[i + m * l] * b[j + n * l];
                c[i + m * j] = s;
            }
        }
        return c;
    }

    private static Outcome wgmmaOutcome(AtomDevice device, WgmmaCase wc, String name, Kernel k, GmmaPlacement pa, GmmaPlacement pb,
            int[] a, int[] b, int[] ia, int[] ib, int[] ic, double[] want) {
        MmaAtom atom = wc.atom();
        int mn = (int) (atom.m() * atom.n());
        int bad = mismatches(want, device.wgmma(k, a, b, ia, ib, ic, mn), mn);
        StringBuilder checks = new StringBuilder();
        boolean caughtAll = true;
        int c = mismatches(want, device.wgmma(k, a, b, ia, ib, swapLanes01(ic, (int) atom.valuesC()), mn), mn);
        caughtAll &= c > 0;
        checks.append("; C threads 0,1 swapped: ").append(c).append(c > 0 ? " wrong (caught)" : " wrong (NOT caught)");
        if (wc.swizzling() != org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling.INTER) {
            int[] ua = pa == null ? ia : pa.unswizzledByteOffsets();
            c = mismatches(want, device.wgmma(k, a, b, ua, pb.unswizzledByteOffsets(), ic, mn), mn);
            caughtAll &= c > 0;
            checks.append("; unswizzled: ").append(c).append(c > 0 ? " wrong (caught)" : " wrong (NOT caught)");
        }
        if (pa == null) {
            c = mismatches(want, device.wgmma(k, a, b, swapLanes01(ia, (int) atom.valuesA()), ib, ic, mn), mn);
            caughtAll &= c > 0;
            checks.append("; A threads 0,1 swapped: ").append(c).append(c > 0 ? " wrong (caught)" : " wrong (NOT caught)");
        }
        boolean ok = bad == 0 && caughtAll;
        return new Outcome(name, isWgmma(atom), ok, String.format(java.util.Locale.ROOT, "%s %-40s %-26s D = A·B on %d/%d%s",
                ok ? "PASS" : "FAIL", atom.name(), wc.label(), mn - bad, mn, checks));
    }

    /**
     * The byte offset (2 bytes an element) of the row each of the 32 lanes addresses: its first element,
     * {@code 2·L(lane, 0)}, for the shared-memory side {@code l} of an ldmatrix or stmatrix atom.
     */
    private static int[] rowAddresses(Layout l) {
        int[] rows = new int[32];
        for (int lane = 0; lane < 32; lane++) rows[lane] = Math.toIntExact(2 * l.apply(IntTuple.flat(lane, 0)));
        return rows;
    }

    /** Checks one ldmatrix atom (see the class comment). */
    public static Outcome verifyLdmatrix(AtomDevice device, CopyAtom atom) {
        Kernel k = AtomKernels.ldmatrix(atom);
        int mats = AtomKernels.matrices(atom);
        Layout src = atom.src(16), dst = atom.dst(16);
        int[] rows = rowAddresses(src);
        int[] want = packedIds(dst, mats);
        int[] got = device.ldmatrix(k, rows, 32 * mats);
        int bad = wordMismatches(want, got);
        int caught = wordMismatches(swapLanes01(want), got);
        return copyOutcome(atom, bad, caught, 32 * mats, "registers as the destination layout says");
    }

    /** Checks one stmatrix atom (see the class comment). */
    public static Outcome verifyStmatrix(AtomDevice device, CopyAtom atom) {
        Kernel k = AtomKernels.stmatrix(atom);
        int mats = AtomKernels.matrices(atom);
        Layout src = atom.src(16), dst = atom.dst(16);
        int[] rows = rowAddresses(dst);
        int[] regs = packedIds(src, mats);
        int[] identity = new int[64 * mats];
        for (int e = 0; e < identity.length; e++) identity[e] = e;
        int bad = wordMismatches(identity, device.stmatrix(k, rows, regs, 64 * mats));
        int caught = wordMismatches(identity, device.stmatrix(k, rows, swapLanes01(regs), 64 * mats));
        return copyOutcome(atom, bad, caught, 64 * mats, "shared elements where the source layout says");
    }

    private static Outcome copyOutcome(CopyAtom atom, int bad, int caught, int n, String what) {
        boolean ok = bad == 0 && caught > 0;
        return new Outcome(atom.name(), false, ok, String.format(java.util.Locale.ROOT,
                "%s %-32s %-52s %s: %d/%d words; lanes 0,1 swapped: %d wrong%s",
                ok ? "PASS" : "FAIL", atom.name(), atom.ptx(), what, n - bad, n, caught, caught > 0 ? " (caught)" : " (NOT caught)"));
    }

    /** Lane l's register j: the ids of values 2j (low half) and 2j+1 (high half) of a (thread, value) layout of 16-bit elements. */
    static int[] packedIds(Layout tv, int regs) {
        int[] w = new int[32 * regs];
        for (int lane = 0; lane < 32; lane++) {
            for (int j = 0; j < regs; j++) {
                long lo = tv.apply(IntTuple.flat(lane, 2L * j)), hi = tv.apply(IntTuple.flat(lane, 2L * j + 1));
                w[lane * regs + j] = (int) (lo | (hi << 16));
            }
        }
        return w;
    }

    static int wordMismatches(int[] want, int[] got) {
        int bad = 0;
        for (int i = 0; i < want.length; i++) if (want[i] != got[i]) bad++;
        return bad;
    }
}
