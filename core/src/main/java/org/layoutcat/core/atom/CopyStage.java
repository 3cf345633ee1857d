package org.layoutcat.core.atom;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.core.swizzle.BankConflicts;

/**
 * A tiled copy's accesses to a shared-memory tile, as the hardware issues them: every thread of the CTA, one atom's
 * values per instruction, and the instructions each thread issues to cover the tile ({@code copy(tiled_copy, ...)} over
 * {@code partition_S} or {@code partition_D}). Their bank conflicts are {@link BankConflicts#stage}'s.
 */
public final class CopyStage {
    private CopyStage() {}

    /**
     * The side of a copy atom that is shared memory: the source of {@code ldmatrix}, the destination of
     * {@code stmatrix} and {@code cp.async}; null where the atom does not say ({@code UniversalCopy} loads or stores).
     */
    public static CopyAtom.Side sharedSide(CopyAtom atom) {
        return switch (atom.family()) {
            case CopyAtom.Ldmatrix _ -> CopyAtom.Side.SRC;
            case CopyAtom.Stmatrix _, CopyAtom.CpAsync _ -> CopyAtom.Side.DST;
            case CopyAtom.Universal _, CopyAtom.TmemLoad _, CopyAtom.TmemStore _ -> null; // tcgen05: tensor memory ↔ registers
        };
    }

    /** The lanes of a warp whose addresses an instruction of the atom reads: 8 and 16 for {@code ldmatrix}/{@code stmatrix .x1/.x2}. */
    public static int addressLanes(CopyAtom atom) {
        return switch (atom.family()) {
            case CopyAtom.Ldmatrix(int m) -> 8 * m;
            case CopyAtom.Stmatrix(int m) -> 8 * m;
            case CopyAtom.CpAsync _, CopyAtom.Universal _, CopyAtom.TmemLoad _, CopyAtom.TmemStore _ -> 32;
        };
    }

    /**
     * (thread, atom value, instruction...) → index of the tile (column-major over {@code tile}): the copy's thread–value
     * layout seen through {@code side}, over each of the tile's tiles of the copy's tiler ({@code zipped_divide}), its
     * values split into one atom's (mode 1) and the rest (modes 2 …: the instructions).
     *
     * @throws LayoutArgumentException where the tiler does not divide the tile, or a divide or composition is refused
     */
    public static Layout access(TiledCopy copy, IntTuple tile, CopyAtom.Side side) {
        List<Tiler> modes = new ArrayList<>();
        IntTuple tiler = copy.tiler();
        long[] t = tiler.flatten().leaves(), s = tile.flatten().leaves();
        if (t.length > s.length) {
            throw new LayoutArgumentException("the copy's tiler " + tiler + " has more modes than the tile " + tile);
        }
        for (int i = 0; i < t.length; i++) {
            if (s[i] % t[i] != 0) {
                throw new LayoutArgumentException("the copy's tiler " + tiler + " does not divide the tile " + tile + " (mode " + i + ": "
                        + s[i] + " is not a multiple of " + t[i] + ")");
            }
            modes.add(Layout.of(t[i], 1));
        }
        Layout tiles = Divide.zippedDivide(Layout.colMajor(tile), new Tiler.ByMode(modes)); // ((tiler...), (rest...))
        Layout tv = Composition.compose(tiles.mode(0), side == CopyAtom.Side.SRC ? copy.layoutS() : copy.layoutD());
        long atomValues = (side == CopyAtom.Side.SRC ? copy.atom().src(copy.valueBits()) : copy.atom().dst(copy.valueBits())).mode(1).size();
        Layout values = Divide.logicalDivide(tv.mode(1), Layout.of(atomValues, 1)); // (atom values, rest)
        List<Layout> out = new ArrayList<>(List.of(tv.mode(0), values.mode(0), values.mode(1)));
        out.addAll(tiles.mode(1).modes());
        return Layout.concat(out);
    }

    /**
     * The bank conflicts of the copy's every instruction over the shared-memory tile {@code smem} (its shape the tile,
     * its elements the copy's values), on the atom's shared side ({@code side} null: the atom's own, {@link #sharedSide}).
     *
     * @throws LayoutArgumentException where the atom does not say which side is shared memory and none is given, where
     *         smem carries an element width (CuTe's smem_ptr[Nb]) other than the copy's values' ({@link
     *         BankConflicts#elementBytes(AnyLayout, int)}), where {@link #access} or {@link BankConflicts#stage} refuses
     */
    public static BankConflicts.Stage bankConflicts(TiledCopy copy, AnyLayout smem, CopyAtom.Side side) {
        if (copy.valueBits() % 8 != 0) {
            throw new LayoutArgumentException("values of " + copy.valueBits() + " bits: shared memory's banks count bytes");
        }
        int elementBytes = BankConflicts.elementBytes(smem, copy.valueBits() / 8); // the pointer's width, where smem has one
        CopyAtom.Side s = side != null ? side : sharedSide(copy.atom());
        if (s == null) {
            throw new LayoutArgumentException(copy.atom().name() + " (" + copy.atom().ptx() + ") loads or stores either side: say which"
                    + " side is shared memory (SRC: the source, DST: the destination)");
        }
        LongUnaryOperator offsets = BankConflicts.offsets(smem);
        return BankConflicts.stage(offsets, elementBytes, access(copy, TvLayout.productEach(smem.shape()), s), addressLanes(copy.atom()));
    }
}
