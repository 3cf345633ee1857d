package org.layoutcat.core.tmem;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.Element;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TmemCopyAtoms;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.recast.Recast;

/**
 * The epilogue's TMEM loads of an UMMA accumulator: which {@code SM100_TMEM_LOAD_*} atoms CuTe's
 * {@code make_tmem_copy} takes for the tile, and what each costs, the cheapest first.
 *
 * <p>The epilogue's warps read the accumulator in warpgroups of four (warp w reaches only lanes 32·(w mod 4) … +31, so
 * four warps cover the 128 lanes); G warpgroups split the N columns into G equal slices, each the tensor one
 * {@code make_tmem_copy} partitions. An atom is legal where CuTe takes it: {@code make_tmem_copy} accepts it (its
 * values address memory the slice holds), each instruction's TMEM values are the atom's {@code ValID}
 * ({@code copy_unpack}'s static_assert), every thread keeps to its warp's lanes, and its packing matches the values
 * ({@code .pack::16b} for 16-bit values in 32-bit columns, the plain form for 32-bit values). Its cost is read off
 * the partition: a thread's {@code partition_S} holds {@code loads} instructions' values, each instruction loads the
 * atom's registers.
 */
public final class TmemPlanner {
    private TmemPlanner() {}

    /**
     * A legal load atom and its cost.
     *
     * @param atom              the atom
     * @param loadsPerWarp      its instructions per warp to read the warp's part of the slice (a thread's
     *                          {@code partition_S} size over the atom's values)
     * @param registersPerLoad  32-bit registers each thread receives per instruction
     * @param registersPerThread registers a thread holds after all its loads (loads × registers per load)
     */
    public record Load(CopyAtom atom, long loadsPerWarp, long registersPerLoad, long registersPerThread) implements Outcome {}

    /**
     * A plan.
     *
     * @param accumulator the accumulator
     * @param warps       the epilogue's warps
     * @param slice       the TMEM tensor one warpgroup copies: the accumulator's (M, N/G) columns of its first slice
     * @param allocation  the accumulator's columns in one allocation
     * @param loads       every legal load atom, the fewest instructions first (then the fewest registers per load)
     * @param refused     every other TMEM load atom, with the rule that refuses it, in catalog order
     */
    public record Plan(TmemAccumulator accumulator, int warps, Layout slice, TmemAllocation allocation, List<Load> loads, List<Refused> refused) {
        public Plan {
            Objects.requireNonNull(accumulator, "accumulator");
            loads = List.copyOf(loads);
            refused = List.copyOf(refused);
        }
    }

    /**
     * A load atom the slice does not take, and why.
     *
     * @param atom   the atom
     * @param reason the rule it breaks, in the words of CuTe's static_assert or the PTX ISA
     */
    public record Refused(CopyAtom atom, String reason) implements Outcome {}

    /**
     * The plan of an accumulator tile (M across the SMs, as {@link TmemAccumulator#ofTile}) read by {@code warps} warps.
     * O(atoms · threads · size of the slice).
     *
     * @throws LayoutArgumentException where the warps are not a positive multiple of 4 (a warpgroup), where N does not
     *         split among the warpgroups, where no atom takes a warpgroup's slice, or as {@link TmemAccumulator#ofTile}
     */
    public static Plan plan(Element type, int sms, long tileM, long tileN, int warps) {
        TmemAccumulator acc = TmemAccumulator.ofTile(type, sms, tileM, tileN);
        if (warps < 4 || warps % 4 != 0) {
            throw new LayoutArgumentException("an epilogue of " + warps + " warps: warp w reaches only lanes 32·(w mod 4) … 32·(w mod 4)+31"
                    + " of tensor memory (PTX ISA, tcgen05.ld), so the accumulator's lanes are read by warpgroups of 4 warps");
        }
        int groups = warps / 4;
        if (acc.n() % groups != 0) {
            throw new LayoutArgumentException("an epilogue of " + warps + " warps (" + groups + " warpgroups) over N = " + acc.n()
                    + ": each warpgroup reads N/" + groups + " columns, and " + acc.n() + " is not a multiple of " + groups);
        }
        Layout tile = acc.layout().mode(0);
        Layout slice = Composition.compose(tile, Tiler.ByMode.of(Layout.of(acc.m(), 1), Layout.of(acc.n() / groups, 1)));
        List<Load> loads = new ArrayList<>();
        List<Refused> refused = new ArrayList<>();
        for (CopyAtom atom : TmemCopyAtoms.all()) {
            if (!(atom.family() instanceof CopyAtom.TmemLoad)) continue;
            switch (cost(atom, type, slice)) {
                case Load l -> loads.add(l);
                case Refused r -> refused.add(r);
            }
        }
        if (loads.isEmpty()) {
            throw new LayoutArgumentException("the " + tileM + "×" + tileN + " " + type.ptx() + " accumulator on " + sms + " SM" + (sms == 1 ? "" : "s")
                    + " read by " + warps + " warps: no TMEM load atom takes a warpgroup's slice " + slice + " (its lanes "
                    + "are not the four warps' 4 × 32: a layout that spreads N over the lanes, as UMMA_2SM's 2x2 and 1x4 atoms do,"
                    + " splits among warpgroups by lanes, not by columns)");
        }
        loads.sort(Comparator.comparingLong(Load::loadsPerWarp).thenComparingLong(Load::registersPerLoad));
        return new Plan(acc, warps, slice, TmemAllocation.of(acc.columns(), 1, sms), loads, refused);
    }

    /** The atom's cost over the slice, or the rule that refuses it (see the class comment). */
    static Outcome cost(CopyAtom atom, Element type, Layout slice) {
        if (TmemCopyAtoms.packs16(atom) != (type.bits() == 16)) {
            return new Refused(atom, type.bits() == 16
                    ? "16-bit values sit one to a 32-bit column: a load packs two columns into a register (.pack::16b, the _16b atoms)"
                    : "32-bit values are read whole: .pack::16b would keep 16 bits of each");
        }
        TiledCopy copy;
        try {
            copy = TmemCopy.make(atom, type.bits(), slice);
            TmemCopy.requireWarpLanes(copy, slice);
        } catch (LayoutArgumentException e) {
            return new Refused(atom, e.getMessage());
        }
        Layout want = Coalesce.coalesce(Recast.upcast(TmemCopyAtoms.valId(atom), type.bits()));
        long atomValues = want.size();
        Sliced<Layout> s = TmemCopy.tmemPartition(copy, slice, 0);
        Layout vals = s.layout().mode(0);
        Layout one = vals.size() == atomValues ? vals : vals.rank() == 2 && vals.mode(0).size() == atomValues ? vals.mode(0) : null;
        if (one == null || !Coalesce.coalesce(one).equals(want)) {
            return new Refused(atom, "copy_unpack: Expected src to have the specific TMEM layout required by CopyOp (CuTe's static_assert):"
                    + " an instruction's values are " + (one == null ? vals : Coalesce.coalesce(one)) + ", the atom's ValID " + want);
        }
        long loads = s.layout().size() / atomValues;
        long regs = TmemCopyAtoms.registersPerThread(atom);
        return new Load(atom, loads, regs, Math.multiplyExact(loads, regs));
    }

    /** What the planner makes of an atom: its cost, or its refusal. */
    sealed interface Outcome permits Load, Refused {}
}
