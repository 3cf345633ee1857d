package org.layoutcat.core.tmem;

import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TmemCopyAtoms;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.recast.Recast;

/**
 * CuTe's {@code make_tmem_copy(atom, tmem)} ({@code cute/atom/copy_traits_sm100.hpp}): the tiled copy of a TMEM tensor
 * by a TMEM copy atom over four warps, and the rule its partitions keep.
 *
 * <p>The atom's (thread, value) → TMEM offset is {@code ((32,4):(0,32·DP<T>), coalesce(upcast<bits(T)>(ValID)))}: the
 * 32 threads of a warp name the same addresses (one instruction per warp), warp w starts at lane 32w, and the values
 * are the atom's {@code ValID} in T's units; {@code make_cotiled_copy} of that over the tensor's layout
 * ({@link TiledCopy#cotiled}) gives the tiled copy.
 *
 * <p>The rule (PTX ISA, tcgen05.ld/st: "warp w of a warpgroup can access lanes 32·(w mod 4) to 32·(w mod 4)+31";
 * CuTe asserts it in {@code copy_unpack}: {@code (threadIdx.x/32)%4 == ((tmem_addr>>16)/32)%4}): every TMEM address
 * of thread t's partition is in the subpartition of warp t/32 mod 4.
 */
public final class TmemCopy {
    private TmemCopy() {}

    /**
     * {@code make_tmem_copy(Copy_Atom<op, T>, tmem)}: T of {@code valueBits} bits, the tensor's layout {@code tmem}
     * ({@code tmem_ptr<T>} offsets, as {@link TmemAccumulator#layout()}).
     *
     * @throws LayoutArgumentException for an atom not of {@link TmemCopyAtoms}, a width other than 32 or 16 bits, a tensor
     *         of more values than tensor memory holds (128 × 512 32-bit columns), or where {@link TiledCopy#cotiled}
     *         refuses (the atom reads memory the tensor does not hold)
     */
    public static TiledCopy make(CopyAtom atom, int valueBits, Layout tmem) {
        if (TmemCopyAtoms.named(atom.name()).isEmpty()) {
            throw new LayoutArgumentException("make_tmem_copy of " + atom.name() + ": not a TMEM copy atom (SM100_TMEM_LOAD_… or SM100_TMEM_STORE_…)");
        }
        if (valueBits != 32 && valueBits != 16) {
            throw new LayoutArgumentException("make_tmem_copy of " + valueBits + "-bit values: a TMEM tensor here holds 32- or 16-bit values");
        }
        if (tmem.size() > (long) TmemAccumulator.LANES * TmemAccumulator.COLUMNS * (32 / valueBits)) {
            throw new LayoutArgumentException("make_tmem_copy over " + tmem + ": a TMEM tensor holds at most 128 lanes × 512 columns of"
                    + " 32 bits (" + (long) TmemAccumulator.LANES * TmemAccumulator.COLUMNS * (32 / valueBits) + " values of " + valueBits
                    + " bits), and this one has " + tmem.size());
        }
        long dp = (1L << 16) << Integer.numberOfTrailingZeros(32 / valueBits);
        Layout threads = Layout.of(IntTuple.flat(32, 4), IntTuple.flat(0, 32 * dp));
        Layout values = Coalesce.coalesce(Recast.upcast(TmemCopyAtoms.valId(atom), valueBits));
        return TiledCopy.cotiled(atom, valueBits, Layout.concat(threads, values), tmem);
    }

    /** The tensor-memory side of a TMEM copy: the source of a load, the destination of a store. */
    public static Sliced<Layout> tmemPartition(TiledCopy copy, Layout tmem, long thread) {
        return copy.atom().reference() == CopyAtom.Side.SRC ? copy.partitionS(tmem, thread) : copy.partitionD(tmem, thread);
    }

    /**
     * Checks the rule on every warp of the copy: each TMEM offset of its partition, as an address, is in the lanes of
     * its warp's subpartition. The 32 threads of a warp have one TMEM partition (the atom's thread layout has stride 0
     * within a warp), so the first thread of each warp stands for all 32. O(threads/32 · values per thread).
     *
     * @throws LayoutArgumentException naming the first thread, value and lane that break it
     */
    public static void requireWarpLanes(TiledCopy copy, Layout tmem) {
        int shift = 5 - Integer.numberOfTrailingZeros(copy.valueBits());
        for (long t = 0; t < copy.threads(); t += 32) {
            Sliced<Layout> p = tmemPartition(copy, tmem, t);
            long base = p.offset().isLeaf() ? p.offset().value() : 0;
            long w = (t / 32) % 4;
            Layout l = p.layout();
            for (long i = 0; i < l.size(); i++) {
                long offset = base + l.apply(i);
                int lane = TmemAccumulator.lane(Integer.toUnsignedLong(Integer.rotateRight((int) offset, shift)));
                if (lane / 32 != w) {
                    throw new LayoutArgumentException("make_tmem_copy of " + copy.atom().name() + " over " + tmem + ": thread " + t
                            + " (warp " + t / 32 + ") reaches lane " + lane + " at its value " + i + ", where warp w reaches only lanes"
                            + " 32·(w mod 4) … 32·(w mod 4)+31 = " + 32 * w + " … " + (32 * w + 31) + " (PTX ISA, tcgen05.ld/st; CuTe's"
                            + " assert in copy_unpack)");
                }
            }
        }
    }
}
