package org.layoutcat.gpu.atom;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.atom.Element;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.UmmaSmemAtoms;
import org.layoutcat.core.umma.UmmaDescriptor;
import org.layoutcat.core.umma.UmmaFormat;
import org.layoutcat.core.umma.UmmaInstrDescriptor;
import org.layoutcat.gpu.ptx.UmmaKernels;

/**
 * One UMMA tile for the Blackwell check ({@code gpu blackwell --verify}): a {@code tcgen05.mma.cta_group::1} of M = 128
 * and N, over {@code kSteps} K-blocks of A (128 × K) and B (N × K) in shared memory, each placed through CuTe's UMMA
 * shared-memory atom ({@code UMMA::Layout_<major>_<swizzling>_Atom}) tiled to the whole K, read through the
 * descriptors {@code make_umma_desc} gives its first K-block ({@link UmmaDescriptor}), advanced along K as CuTe's
 * descriptor iterator does, and the instruction descriptor of the types and majors ({@link UmmaInstrDescriptor}). The
 * accumulator starts as C (stored into tensor memory first) and is read back, lane m column n for element (m, n) (the
 * PTX ISA's data-path layout of M = 128 with cta_group::1, CuTe's {@code tmem_frg_1sm}).
 *
 * <p>The tables the kernel reads ({@link UmmaKernels}) come from these layouts; the values are small integers, exact in
 * every input format, so D = C + A·B is exact and any misplaced element shows.
 *
 * @param name      the case's name
 * @param a         A's element type
 * @param b         B's element type
 * @param c         the accumulator's type (float, or int32_t for 8-bit integers)
 * @param n         N
 * @param kSteps    the K-blocks, one instruction each
 * @param aMajor    A's major
 * @param bMajor    B's major
 * @param swizzling the atoms' swizzling
 */
public record UmmaTile(String name, Element a, Element b, Element c, int n, int kSteps, Major aMajor, Major bMajor,
                       UmmaSmemAtoms.Swizzling swizzling) {

    /** M: the accumulator's rows, one TMEM lane each. */
    public static final int M = 128;

    /** The instruction's kind, from A's type. */
    public UmmaKernels.Kind kind() {
        return switch (a) {
            case TF32 -> UmmaKernels.Kind.TF32;
            case F16, BF16 -> UmmaKernels.Kind.F16;
            case S8, U8 -> UmmaKernels.Kind.I8;
            default -> UmmaKernels.Kind.F8F6F4;
        };
    }

    /** K of one instruction: 256 bits of the input type. */
    public int k() {
        return 256 / a.bits();
    }

    /**
     * An operand's whole tile in shared memory: the atom tiled to (MN, K'), K' = max(K · kSteps, the atom's K) (a
     * K-major atom of 64 or 128 bytes a row is wider than a few K-blocks); the K-blocks are its first columns.
     */
    public ComposedLayout tile(Major major, int mn) {
        ComposedLayout atom = UmmaSmemAtoms.atom(major, swizzling, a.bits());
        long kk = Math.max((long) k() * kSteps, atom.shape().mode(1).product());
        AnyLayout t = TileToShape.tileToShape(atom, IntTuple.flat(mn, kk), null);
        if (!(t instanceof ComposedLayout c)) throw new IllegalStateException("the tile " + t + " is no swizzled pointer-form layout");
        return c;
    }

    /** The operand's first K-block: {@code tile ∘ <MN:1, K:1>}. */
    ComposedLayout block(ComposedLayout tile, int mn) {
        AnyLayout o = Composition.compose(tile, Tiler.parse("<" + mn + ":1," + k() + ":1>"));
        return (ComposedLayout) o;
    }

    /** make_umma_desc of the operand's first K-block, for the tile at shared address 0. */
    public UmmaDescriptor descriptor(Major major, int mn) {
        return UmmaDescriptor.of(major, block(tile(major, mn), mn), a.bits(), 0);
    }

    /**
     * Where each K-block starts, in 16-byte units of the descriptor's start address: the unswizzled offset of element
     * (0, s·K) of the tile, A's then B's a step ({@code koff[2s]}, {@code koff[2s+1]}), as CuTe's descriptor iterator
     * adds a k-block's offset to the start address.
     *
     * @throws IllegalStateException where a K-block does not start at a 16-byte unit
     */
    public int[] kOffsets() {
        int[] out = new int[2 * kSteps];
        Layout ta = tile(aMajor, M).inner(), tb = tile(bMajor, n).inner();
        for (int s = 0; s < kSteps; s++) {
            long oa = ta.apply(IntTuple.flat(0, (long) s * k())) * a.bits() / 8, ob = tb.apply(IntTuple.flat(0, (long) s * k())) * b.bits() / 8;
            if (oa % 16 != 0 || ob % 16 != 0) throw new IllegalStateException(name + ": K-block " + s + " starts at bytes " + oa + " and " + ob);
            out[2 * s] = Math.toIntExact(oa / 16);
            out[2 * s + 1] = Math.toIntExact(ob / 16);
        }
        return out;
    }

    /** The instruction descriptor. */
    public UmmaInstrDescriptor instrDescriptor() {
        return new UmmaInstrDescriptor(UmmaFormat.of(a.cute()), UmmaFormat.of(b.cute()), UmmaInstrDescriptor.CFormat.of(c.cute()), M, n,
                aMajor, bMajor, false, false, false, false, 0, UmmaInstrDescriptor.MaxShift.NOSHIFT);
    }

    /** Element (mn, k) of A (or B): a small integer, exact in every input format. */
    public static int value(boolean isA, int mn, int k) {
        return isA ? (mn * 7 + k * 3) % 5 - 2 : (mn * 5 + k * 11) % 7 - 3;
    }

    /** C's element (m, n). */
    public static int initial(int m, int n) {
        return (m + 3 * n) % 9 - 4;
    }

    /** The bit patterns of an operand's elements, element (mn, k) at index {@code mn + MN·k}. */
    public int[] bits(boolean isA, int mn) {
        int kk = k() * kSteps;
        int[] out = new int[mn * kk];
        for (int k = 0; k < kk; k++) for (int r = 0; r < mn; r++) out[r + mn * k] = ElementBits.of(isA ? a : b, value(isA, r, k));
        return out;
    }

    /** The byte of each element of an operand in its tile, element (mn, k) at index {@code mn + MN·k}: the swizzled layout's. */
    public int[] table(Major major, int mn) {
        ComposedLayout t = tile(major, mn);
        int kk = k() * kSteps;
        int[] out = new int[mn * kk];
        for (int k = 0; k < kk; k++) for (int r = 0; r < mn; r++) out[r + mn * k] = Math.toIntExact(t.apply(IntTuple.flat(r, k)) * a.bits() / 8);
        return out;
    }

    /** The bytes of an operand's tile in shared memory, rounded up to 1024. */
    public int bytes(Major major, int mn) {
        long b = tile(major, mn).cosize() * a.bits() / 8;
        return Math.toIntExact((b + 1023) / 1024 * 1024);
    }

    /** C's bit patterns (f32 or s32), element (m, n) at index {@code m + M·n}. */
    public int[] cBits() {
        int[] out = new int[M * n];
        for (int j = 0; j < n; j++) for (int m = 0; m < M; m++) out[m + M * j] = c == Element.S32 ? initial(m, j) : Float.floatToIntBits(initial(m, j));
        return out;
    }

    /** Thread t's value v, the accumulator's (m, n) = (t, v): its index {@code m + M·n} in C and D. */
    public int[] accumulatorTable() {
        int[] out = new int[M * n];
        for (int t = 0; t < M; t++) for (int v = 0; v < n; v++) out[t * n + v] = t + M * v;
        return out;
    }

    /** D = C + A·B, exact, element (m, n) at index {@code m + M·n}. */
    public double[] expected() {
        int kk = k() * kSteps;
        double[] d = new double[M * n];
        for (int j = 0; j < n; j++) {
            for (int m = 0; m < M; m++) {
                long s = initial(m, j);
                for (int k = 0; k < kk; k++) s += (long) value(true, m, k) * value(false, j, k);
                d[m + M * j] = s;
            }
        }
        return d;
    }

    /** The kernel of this tile: columns the accumulator's N rounded up to a power of two from 32, loads of 32 columns or N. */
    public UmmaKernels.Tile kernelTile() {
        int columns = Math.max(32, Integer.highestOneBit(n - 1) << 1);
        if (Integer.bitCount(n) == 1) columns = Math.max(32, n);
        int repeat = Math.min(32, Integer.lowestOneBit(n));
        return new UmmaKernels.Tile(kind(), n, kSteps, bytes(aMajor, M), bytes(bMajor, n), columns, repeat);
    }

    /**
     * The table of the check: every dense kind, both majors where the kind takes MN-major, every swizzling, N from 8 to
     * 256, one to four K-blocks.
     */
    public static List<UmmaTile> matrix() {
        List<UmmaTile> out = new ArrayList<>();
        Element[][] kinds = {{Element.F16, Element.F16, Element.F32}, {Element.BF16, Element.BF16, Element.F32},
            {Element.TF32, Element.TF32, Element.F32}, {Element.E4M3, Element.E5M2, Element.F32}, {Element.S8, Element.S8, Element.S32}};
        int[] ns = {256, 64, 8, 128, 24};
        int i = 0;
        for (Element[] t : kinds) {
            for (UmmaSmemAtoms.Swizzling s : List.of(UmmaSmemAtoms.Swizzling.SW128, UmmaSmemAtoms.Swizzling.SW64,
                    UmmaSmemAtoms.Swizzling.SW32, UmmaSmemAtoms.Swizzling.INTER)) {
                for (Major major : List.of(Major.K, Major.MN)) { // MN-major: every kind here takes it (E4M3, E5M2, INT8, F16, BF16, TF32)
                    long atomMn = UmmaSmemAtoms.atom(major, s, t[0].bits()).shape().mode(0).product(); // N a multiple of the atom's MN
                    int n = (int) Math.min(256, (ns[i++ % ns.length] + atomMn - 1) / atomMn * atomMn);
                    int steps = 1 + i % 4;
                    out.add(new UmmaTile(t[0].cute() + "-" + major + "-" + s + "-n" + n + "-k" + steps, t[0], t[1], t[2], n, steps, major, major, s));
                }
            }
        }
        return List.copyOf(out);
    }
}
