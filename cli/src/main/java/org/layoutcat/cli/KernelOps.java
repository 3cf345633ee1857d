package org.layoutcat.cli;

import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.construct.Compact;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.core.modes.Modes;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.modes.Slicing;
import org.layoutcat.core.partition.Partition;
import org.layoutcat.core.recast.Recast;
import org.layoutcat.core.recast.Vectorization;

/**
 * The batch operations that kernels call beside the layout algebra, by CuTe's names (CuTe C++ / CuTe DSL):
 * construction, partitioning, vectorization and element types, modes and slicing. The layout comes first where
 * CuTe's own order differs ({@code slice}, {@code dice}: {@code [L, coordinate]}, as {@code eval}). An answer with
 * two parts gives the second as a field: {@code "offset"} of a slice, a tile or a partition, {@code "tiler"} of a
 * thread–value layout.
 */
final class KernelOps {
    private KernelOps() {}

    /** Registers the operations with {@link Operations}. */
    static void registerAll() {
        // construction
        Operations.register("compact_col_major", 1, 2, r -> Answer.of(r.args().size() == 2
                ? Compact.colMajor(Operations.tuple(r, 0), Operations.index(r, 1)) : Compact.colMajor(Operations.tuple(r, 0))));
        Operations.register("compact_row_major", 1, 2, r -> Answer.of(r.args().size() == 2
                ? Compact.rowMajor(Operations.tuple(r, 0), Operations.index(r, 1)) : Compact.rowMajor(Operations.tuple(r, 0))));
        Operations.register("make_ordered_layout", 2, 2,
                r -> Answer.of(Compact.orderedLayout(Operations.tuple(r, 0), Operations.tuple(r, 1))));
        Operations.register("make_layout_tv", 2, 2, r -> {
            TvLayout tv = TvLayout.make(Operations.layout(r, 0), Operations.layout(r, 1));
            return Answer.of(tv.layout()).with("tiler", tv.tiler());
        });
        // partitioning
        Operations.register("local_tile", 3, 3, r -> sliced(Partition.localTile(Operations.layout(r, 0), Operations.tiler(r, 1), coord(r, 2))));
        Operations.register("local_partition", 3, 3,
                r -> sliced(Partition.localPartition(Operations.layout(r, 0), Operations.layout(r, 1), Operations.index(r, 2))));
        // vectorization and element types
        Operations.register("max_common_vector", 2, 2,
                r -> Answer.of(Vectorization.maxCommonVector(Operations.layout(r, 0), Operations.layout(r, 1))));
        Operations.register("max_common_layout", 2, 2,
                r -> Answer.of(Vectorization.maxCommonLayout(Operations.layout(r, 0), Operations.layout(r, 1))));
        Operations.register("upcast", 2, 2, r -> Answer.of(Recast.upcast(Operations.layout(r, 0), Operations.index(r, 1))));
        Operations.register("downcast", 2, 2, r -> Answer.of(Recast.downcast(Operations.layout(r, 0), Operations.index(r, 1))));
        Operations.register("recast_layout", 3, 3,
                r -> Answer.of(Recast.recastLayout(Operations.index(r, 0), Operations.index(r, 1), Operations.layout(r, 2))));
        // modes and slicing
        Operations.register("select", 2, 2, r -> Answer.of(Modes.select(Operations.layout(r, 0), indices(r, 1))));
        Operations.register("group", 3, 3,
                r -> Answer.of(Modes.group(Operations.layout(r, 0), (int) Operations.index(r, 1), (int) Operations.index(r, 2))));
        Operations.register("append", 1, 2, r -> Answer.of(Modes.append(Operations.layout(r, 0),
                r.args().size() == 2 ? Operations.layout(r, 1) : Layout.TRIVIAL)));
        Operations.register("prepend", 1, 2, r -> Answer.of(Modes.prepend(Operations.layout(r, 0),
                r.args().size() == 2 ? Operations.layout(r, 1) : Layout.TRIVIAL)));
        Operations.register("slice", 2, 2, r -> sliced(Slicing.sliceAndOffset(coord(r, 1), Operations.layout(r, 0))));
        Operations.register("dice", 2, 2, r -> Answer.of(Slicing.dice(coord(r, 1), Operations.layout(r, 0))));
    }

    private static Answer sliced(Sliced s) {
        return Answer.of(s.layout()).with("offset", s.offset());
    }

    static SliceCoord coord(Request r, int i) {
        return SliceCoord.parse(r.arg(i));
    }

    /** Mode indices: an integer or a flat tuple of integers, each within int range. */
    private static int[] indices(Request r, int i) {
        IntTuple t = Operations.tuple(r, i);
        long[] v = t.isLeaf() ? new long[] {t.value()} : t.leaves();
        if (t.depth() > 1) throw new IllegalArgumentException("argument " + (i + 1) + " \"" + r.arg(i) + "\" must be mode indices, e.g. (0,2)");
        int[] out = new int[v.length];
        for (int k = 0; k < v.length; k++) out[k] = Math.toIntExact(v[k]);
        return out;
    }
}
