package org.layoutcat.core.tmem;

import java.util.Objects;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Product;
import org.layoutcat.core.atom.Element;
import org.layoutcat.core.construct.Compact;

/**
 * An UMMA accumulator in tensor memory: CuTe's {@code UMMA::tmem_frg<V, uint32_t, N_SM, Mode>::make(((M,N),RM,RN))}
 * ({@code cute/atom/mma_traits_sm100_frag.hpp}, CUTLASS 4.7.0) — {@code tmem_frg_1sm<V>} and {@code tmem_frg_2sm<V>} —
 * for one SM's part (M, N) of the MMA tile, repeated RM × RN times. Immutable.
 *
 * <p>CuTe builds it in "virtual" addresses, lane stride 1 and column stride 128, then composes with
 * {@code tmem_restride = (128,16384):(DP<V>, 32/bits(V))}, where {@code DP<V> = 2^16 · 32/bits(V)}: the
 * {@code tmem_ptr<V>} offset of lane l, column c is {@code l·DP<V> + c·32/bits(V)}, and {@code tmem_ptr::operator+}
 * rotates it right by {@code log2(32/bits(V))}, which puts the lane in bits 16 and up of the 32-bit address, the
 * column in the low 16 (a 16-bit value takes a whole 32-bit column: the storage type is {@code uint32_t}). The atoms,
 * (m, n) → virtual address:
 * <ul>
 * <li>1 SM, M = 64: half subpartitions, {@code ((16,4),N):((1,32),128)} — lanes 0–15 of each warp's 32; Interleaved
 *     tiles the next M-tile into lanes 16–31 ({@code tile_stride} 1), NonInterleaved skips them (stride 2);</li>
 * <li>1 SM, M = 128, and 2 SMs, M = 128 per SM: {@code (128,N):(1,128)};</li>
 * <li>2 SMs, M = 64: Interleaved {@code (64,(N/2,2)):(1,(128,64))} (the "2x2" atom: two column halves in the two lane
 *     halves), Duplicated {@code (128,N):(1,128)};</li>
 * <li>2 SMs, M = 32: {@code (32,(N/4,4)):(1,(128,32))} (the "1x4" atom).</li>
 * </ul>
 * The repeats tile in lanes first, then columns: {@code tiled_product(atom, make_layout((RM,RN)))}.
 *
 * @param type   the accumulator's element type (32 or 16 bits; held in 32-bit columns)
 * @param sms    1 or 2 (UMMA_1SM, UMMA_2SM)
 * @param mode   CuTe's {@code UMMA::TmemAllocMode}
 * @param m      M of one SM's part of the MMA (M_MMA)
 * @param n      N of the MMA (N_MMA)
 * @param restM  the repeats of the MMA along M (MMA_M)
 * @param restN  the repeats along N (MMA_N)
 * @param layout {@code ((M,N),RM,RN)} → {@code tmem_ptr<V>} offset, as CuTe prints it
 */
public record TmemAccumulator(Element type, int sms, Mode mode, long m, long n, long restM, long restN, Layout layout) {
    /** The lanes (data paths) of one SM's tensor memory. */
    public static final int LANES = 128;
    /** The 32-bit columns of one SM's tensor memory. */
    public static final int COLUMNS = 512;

    /** CuTe's {@code UMMA::TmemAllocMode} of an accumulator. */
    public enum Mode { Interleaved, NonInterleaved, Duplicated }

    public TmemAccumulator {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(layout, "layout");
    }

    /**
     * CuTe's {@code tmem_frg<V, uint32_t, sms, mode>::make(((m,n),restM,restN))}.
     *
     * @throws LayoutArgumentException where CuTe's static_asserts refuse it, each named: a value wider than its 32-bit
     *         storage ("TMEM MMA allocations require StorageType big enough for ValueType"), more than 128 × 512 × 32
     *         bits ("Requesting more TMEM than is available"), sms not 1 or 2, a mode the SM count does not take
     *         ("UMMA_1SM only accepts Interleaved or NonInterleaved", "UMMA_2SM only accepts Interleaved or
     *         Duplicated", "Only TmemAllocMode::Interleaved is supported for UMMA_2SM M_MMA=32"), an M it has no atom
     *         for ("UMMA_1SM M-mode size should be 64 or 128.", "UMMA_2SM M-mode size should be 32 or 64 or 128."); and
     *         where N does not split into the atom's column groups (N/4 for M = 32, N/2 for the 2x2 atom), which CuTe's
     *         integer division would truncate to a tile smaller than the accumulator
     */
    public static TmemAccumulator of(Element type, int sms, Mode mode, long m, long n, long restM, long restN) {
        Objects.requireNonNull(type, "type");
        String what = "tmem_frg_" + sms + "sm<" + type.ptx() + ">::make(((" + m + "," + n + ")," + restM + "," + restN + "))";
        if (type.bits() > 32) {
            throw new LayoutArgumentException(what + ": TMEM MMA allocations require StorageType big enough for ValueType (CuTe's"
                    + " static_assert): " + type.bits() + "-bit values in 32-bit columns");
        }
        if (m <= 0 || n <= 0 || restM <= 0 || restN <= 0) throw new LayoutArgumentException(what + ": every extent is positive");
        long bits = Math.multiplyExact(Math.multiplyExact(Math.multiplyExact(m, n), Math.multiplyExact(restM, restN)), 32);
        if (bits > (long) LANES * COLUMNS * 32) {
            throw new LayoutArgumentException(what + ": Requesting more TMEM than is available (CuTe's static_assert): " + bits
                    + " bits of 32-bit columns, where one SM has 128 lanes × 512 columns × 32 bits = 2097152");
        }
        int shift = Integer.numberOfTrailingZeros(32 / type.bits()); // tmem_ptr<V>::OffsetShift
        long colAddr = 32 / type.bits();
        long dp = (1L << 16) << shift;
        Layout restride = Layout.of(IntTuple.flat(128, 16384), IntTuple.flat(dp, colAddr));
        IntTuple rest = IntTuple.flat(restM, restN);
        Layout atom;
        Layout tiling = Layout.of(rest, Compact.colMajor(rest)); // make_layout((RM,RN)): stride 0 where an extent is 1
        if (sms == 1) {
            if (mode == Mode.Duplicated) {
                throw new LayoutArgumentException(what + ": UMMA_1SM only accepts Interleaved or NonInterleaved (CuTe's static_assert)");
            }
            if (m == 64) {
                atom = Layout.of(IntTuple.of(IntTuple.flat(16, 4), IntTuple.of(n)), IntTuple.of(IntTuple.flat(1, 32), IntTuple.of(128)));
                tiling = Layout.of(rest, Compact.colMajor(rest, mode == Mode.Interleaved ? 1 : 2));
            } else if (m == 128) {
                atom = Layout.of(IntTuple.flat(128, n), IntTuple.flat(1, 128));
            } else {
                throw new LayoutArgumentException(what + ": UMMA_1SM M-mode size should be 64 or 128. (CuTe's static_assert): M = " + m);
            }
        } else if (sms == 2) {
            if (mode == Mode.NonInterleaved) {
                throw new LayoutArgumentException(what + ": UMMA_2SM only accepts Interleaved or Duplicated (CuTe's static_assert)");
            }
            if (m == 32) {
                if (mode != Mode.Interleaved) {
                    throw new LayoutArgumentException(what + ": Only TmemAllocMode::Interleaved is supported for UMMA_2SM M_MMA=32 (CuTe's static_assert)");
                }
                requireSplit(what, n, 4, "the 1x4 atom (32,(N/4,4)):(1,(128,32))");
                atom = Layout.of(IntTuple.of(IntTuple.of(32), IntTuple.flat(n / 4, 4)), IntTuple.of(IntTuple.of(1), IntTuple.flat(128, 32)));
            } else if (m == 64 && mode == Mode.Interleaved) {
                requireSplit(what, n, 2, "the 2x2 atom (64,(N/2,2)):(1,(128,64))");
                atom = Layout.of(IntTuple.of(IntTuple.of(64), IntTuple.flat(n / 2, 2)), IntTuple.of(IntTuple.of(1), IntTuple.flat(128, 64)));
            } else if (m == 64 || m == 128) {
                atom = Layout.of(IntTuple.flat(128, n), IntTuple.flat(1, 128));
            } else {
                throw new LayoutArgumentException(what + ": UMMA_2SM M-mode size should be 32 or 64 or 128. (CuTe's static_assert): M = " + m);
            }
        } else {
            throw new LayoutArgumentException(what + ": UMMA expects N_SM == 1 or N_SM == 2 (CuTe's static_assert): " + sms);
        }
        Layout logical = Product.tiledProduct(atom, tiling);
        return new TmemAccumulator(type, sms, mode, m, n, restM, restN, Composition.compose(restride, logical));
    }

    private static void requireSplit(String what, long n, int parts, String atom) {
        if (n % parts != 0) {
            throw new LayoutArgumentException(what + ": N = " + n + " is not a multiple of " + parts + ": " + atom
                    + " would hold N/" + parts + " = " + n / parts + " columns per group (CuTe's integer division), fewer than the tile's");
        }
    }

    /**
     * The accumulator of an MMA tile (M, N) as an UMMA instruction names it: M across the SMs (an UMMA_2SM M = 256
     * instruction puts 128 rows in each SM), the default mode Interleaved, one repeat.
     *
     * @throws LayoutArgumentException where M is not a multiple of sms, or as {@link #of}
     */
    public static TmemAccumulator ofTile(Element type, int sms, long tileM, long tileN) {
        if (sms < 1 || tileM % sms != 0) {
            throw new LayoutArgumentException("an accumulator tile " + tileM + "×" + tileN + " on " + sms + " SMs: M splits evenly among the SMs");
        }
        return of(type, sms, Mode.Interleaved, tileM / sms, tileN, 1, 1);
    }

    /** {@code tmem_ptr<V>::OffsetShift}: log2(32 / bits(V)). */
    public int offsetShift() {
        return Integer.numberOfTrailingZeros(32 / type.bits());
    }

    /**
     * The 32-bit TMEM address of an offset from the allocation's base 0 ({@code (tmem_ptr<V>(0) + offset).get()}):
     * the offset rotated right by {@link #offsetShift()}.
     */
    public long address(long offset) {
        return Integer.toUnsignedLong(Integer.rotateRight((int) offset, offsetShift()));
    }

    /**
     * The tensor-memory cell of the accumulator's element (m, n) of its tile ({@code layout} mode 0):
     * {@code lane + 128·column} of its address.
     */
    public long cell(long m, long n) {
        long address = address(layout.mode(0).apply(IntTuple.flat(m, n)));
        return lane(address) + (long) LANES * column(address);
    }

    /** The lane of an address: bits 16–22. */
    public static int lane(long address) {
        return (int) ((address >>> 16) & 0x7F);
    }

    /** The column of an address: bits 0–8. */
    public static int column(long address) {
        return (int) (address & 0x1FF);
    }

    /** The columns the accumulator spans: one past the largest column any element is in. O(size). */
    public long columns() {
        long max = -1;
        for (long i = 0; i < layout.size(); i++) max = Math.max(max, column(address(layout.apply(i))));
        return max + 1;
    }

    /** The lanes the accumulator occupies: one past the largest. O(size). */
    public long lanes() {
        long max = -1;
        for (long i = 0; i < layout.size(); i++) max = Math.max(max, lane(address(layout.apply(i))));
        return max + 1;
    }

    /** CuTe's form of the call. */
    @Override
    public String toString() {
        return "tmem_frg<" + type.ptx() + ",uint32_t," + sms + "," + mode + ">::make(((" + m + "," + n + ")," + restM + "," + restN + "))";
    }
}
