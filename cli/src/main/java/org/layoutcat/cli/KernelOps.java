package org.layoutcat.cli;

import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Nullspace;
import org.layoutcat.core.coord.CoordAlgebra;
import org.layoutcat.core.coord.CoordLayout;
import org.layoutcat.core.coord.CoordSliced;
import org.layoutcat.core.construct.Compact;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.core.modes.Modes;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.modes.Slicing;
import org.layoutcat.core.modes.TupleArithmetic;
import org.layoutcat.core.partition.Partition;
import org.layoutcat.core.recast.Recast;
import org.layoutcat.core.recast.Vectorization;

/**
 * The batch operations that kernels call beside the layout algebra, by CuTe's names (CuTe C++ / CuTe DSL):
 * construction, partitioning, vectorization and element types, modes and slicing, tuple arithmetic and predicates
 * (which answer {@code true} or {@code false}). The layout comes first where
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
        // tuple arithmetic and predicates
        Operations.register("shape_div", 2, 2, r -> Answer.of(TupleArithmetic.shapeDiv(Operations.tuple(r, 0), Operations.tuple(r, 1))));
        Operations.register("ceil_div", 2, 2, r -> Answer.of(TupleArithmetic.ceilDiv(Operations.tuple(r, 0), Operations.tuple(r, 1))));
        Operations.register("prefix_product", 1, 2, r -> Answer.of(r.args().size() == 2
                ? TupleArithmetic.prefixProduct(Operations.tuple(r, 0), Operations.index(r, 1))
                : TupleArithmetic.prefixProduct(Operations.tuple(r, 0))));
        Operations.register("nullspace", 1, 1, r -> Answer.of(Nullspace.nullspace(Operations.layout(r, 0))));
        Operations.register("weakly_congruent", 2, 2,
                r -> Answer.of(TupleArithmetic.weaklyCongruent(Operations.tuple(r, 0), Operations.tuple(r, 1))));
        Operations.register("evenly_divides", 2, 2,
                r -> Answer.of(TupleArithmetic.evenlyDivides(Operations.tuple(r, 0), Operations.tuple(r, 1))));
        registerCoordinateLayouts();
    }

    /**
     * Layouts with scaled-basis strides ({@code 1@0}): {@code make_identity_layout}, and composition, coalesce, eval,
     * the divides, local_tile, local_partition and slice extended to them (a request with an {@code @} in an
     * argument goes to {@link CoordAlgebra}, any other to the operation as before).
     */
    private static void registerCoordinateLayouts() {
        Operations.register("make_identity_layout", 1, 1, r -> Answer.of(CoordLayout.identity(Operations.tuple(r, 0))));
        java.util.function.Predicate<Request> basis = KernelOps::hasBasisStrides;
        Operations.extend("composition", basis, r -> Answer.of(r.arg(1).indexOf('@') >= 0
                ? CoordAlgebra.compose(CoordLayout.parse(r.arg(0)), CoordLayout.parse(r.arg(1)))
                : CoordAlgebra.compose(CoordLayout.parse(r.arg(0)), Operations.tiler(r, 1))));
        Operations.extend("coalesce", basis, r -> {
            if (r.args().size() != 1) throw new IllegalArgumentException("coalesce of a layout with basis strides takes 1 argument (no profile)");
            return Answer.of(CoordAlgebra.coalesce(CoordLayout.parse(r.arg(0))));
        });
        Operations.extend("eval", basis, r -> {
            IntTuple c = Operations.tuple(r, 1);
            CoordLayout l = CoordLayout.parse(r.arg(0));
            return Answer.of(c.isLeaf() ? l.apply(c.value()) : l.apply(c));
        });
        Operations.extend("logical_divide", basis, r -> Answer.of(CoordAlgebra.logicalDivide(CoordLayout.parse(r.arg(0)), Operations.tiler(r, 1))));
        Operations.extend("zipped_divide", basis, r -> Answer.of(CoordAlgebra.zippedDivide(CoordLayout.parse(r.arg(0)), Operations.tiler(r, 1))));
        Operations.extend("local_tile", basis,
                r -> sliced(CoordAlgebra.localTile(CoordLayout.parse(r.arg(0)), Operations.tiler(r, 1), coord(r, 2))));
        Operations.extend("local_partition", basis,
                r -> sliced(CoordAlgebra.localPartition(CoordLayout.parse(r.arg(0)), Operations.layout(r, 1), Operations.index(r, 2))));
        Operations.extend("slice", basis, r -> sliced(CoordAlgebra.sliceAndOffset(coord(r, 1), CoordLayout.parse(r.arg(0)))));
    }

    /** True where an argument holds a scaled basis element ({@code @}). */
    private static boolean hasBasisStrides(Request r) {
        for (String a : r.args()) if (a.indexOf('@') >= 0) return true;
        return false;
    }

    private static Answer sliced(CoordSliced s) {
        return Answer.of(s.layout()).with("offset", s.offset());
    }

    private static Answer sliced(Sliced s) {
        return Answer.of(s.layout()).with("offset", s.offset());
    }

    static SliceCoord coord(Request r, int i) {
        return SliceCoord.parse(r.arg(i));
    }

    /** Mode indices: an integer or a flat tuple of integers, each within int range. */
    static int[] indices(Request r, int i) {
        IntTuple t = Operations.tuple(r, i);
        long[] v = t.isLeaf() ? new long[] {t.value()} : t.leaves();
        if (t.depth() > 1) throw new IllegalArgumentException("argument " + (i + 1) + " \"" + r.arg(i) + "\" must be mode indices, e.g. (0,2)");
        int[] out = new int[v.length];
        for (int k = 0; k < v.length; k++) out[k] = Math.toIntExact(v[k]);
        return out;
    }
}
