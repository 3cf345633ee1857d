package org.layoutcat.cli;

import java.util.function.Function;
import java.util.function.LongUnaryOperator;
import java.util.function.Predicate;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.swizzle.BankConflicts;
import org.layoutcat.core.partition.Partition;
import org.layoutcat.core.swizzle.ComposedLayout;
import org.layoutcat.core.swizzle.SwizzleSlice;

/**
 * The batch operations on swizzled layouts: the ops that take a layout first take a composed layout
 * {@code Sw<B,M,S> o offset o L} too wherever CuTe C++ does (eval, size, cosize, composition, the divides and
 * products, coalesce, filter, complement, the inverses, slice, local_tile, local_partition, upcast, downcast,
 * recast_layout, max_common_vector/layout, and the mode ops), those that need strides are refused with the reason,
 * and {@code bank_conflicts} [smem, access, element bytes] counts one instruction's shared-memory wavefronts.
 */
final class SwizzleOps {
    private SwizzleOps() {}

    static void registerAll() {
        Predicate<Request> composed = r -> !r.args().isEmpty() && ComposedLayout.looksComposed(r.arg(0));
        Operations.extend("eval", composed, r -> {
            IntTuple c = Operations.tuple(r, 1);
            ComposedLayout l = ComposedLayout.parse(r.arg(0));
            return Answer.of(c.isLeaf() ? l.apply(c.value()) : l.apply(c));
        });
        Operations.extend("size", composed, r -> Answer.of(ComposedLayout.parse(r.arg(0)).size()));
        Operations.extend("cosize", composed, r -> Answer.of(ComposedLayout.parse(r.arg(0)).cosize()));
        Operations.extend("rank", composed, r -> Answer.of(ComposedLayout.parse(r.arg(0)).inner().rank()));
        Operations.extend("coalesce", composed, r -> {
            if (r.args().size() != 1) throw new IllegalArgumentException("coalesce of a composed layout takes 1 argument (no profile)");
            return Answer.of(ComposedLayout.parse(r.arg(0)).coalesce());
        });
        extend("composition", composed, r -> ComposedLayout.parse(r.arg(0)).compose(Operations.tiler(r, 1)));
        extend("logical_divide", composed, r -> ComposedLayout.parse(r.arg(0)).logicalDivide(Operations.tiler(r, 1)));
        extend("zipped_divide", composed, r -> ComposedLayout.parse(r.arg(0)).zippedDivide(Operations.tiler(r, 1)));
        extend("tiled_divide", composed, r -> ComposedLayout.parse(r.arg(0)).tiledDivide(Operations.tiler(r, 1)));
        extend("flat_divide", composed, r -> ComposedLayout.parse(r.arg(0)).flatDivide(Operations.tiler(r, 1)));
        extend("logical_product", composed, r -> ComposedLayout.parse(r.arg(0)).logicalProduct(Operations.tiler(r, 1)));
        extend("zipped_product", composed, r -> ComposedLayout.parse(r.arg(0)).zippedProduct(Operations.tiler(r, 1)));
        extend("tiled_product", composed, r -> ComposedLayout.parse(r.arg(0)).tiledProduct(Operations.tiler(r, 1)));
        extend("flat_product", composed, r -> ComposedLayout.parse(r.arg(0)).flatProduct(Operations.tiler(r, 1)));
        extend("blocked_product", composed, r -> ComposedLayout.parse(r.arg(0)).blockedProduct(Operations.layout(r, 1)));
        extend("raked_product", composed, r -> ComposedLayout.parse(r.arg(0)).rakedProduct(Operations.layout(r, 1)));
        extend("complement", composed, r -> r.args().size() == 2
                ? ComposedLayout.parse(r.arg(0)).complement(Operations.index(r, 1)) : ComposedLayout.parse(r.arg(0)).complement());
        extend("filter", composed, r -> r.args().size() == 2
                ? ComposedLayout.parse(r.arg(0)).filter(Operations.tuple(r, 1)) : ComposedLayout.parse(r.arg(0)).filter(IntTuple.ONE));
        extend("right_inverse", composed, r -> ComposedLayout.parse(r.arg(0)).rightInverse());
        extend("left_inverse", composed, r -> ComposedLayout.parse(r.arg(0)).leftInverse());
        extend("upcast", composed, r -> ComposedLayout.parse(r.arg(0)).upcast(Operations.index(r, 1)));
        extend("downcast", composed, r -> ComposedLayout.parse(r.arg(0)).downcast(Operations.index(r, 1)));
        extend("recast_layout", composed, r -> ComposedLayout.parse(r.arg(0)).recast(Operations.index(r, 1), Operations.index(r, 2)));
        Operations.extend("slice", composed, r -> sliced(ComposedLayout.parse(r.arg(0)).sliceAndOffset(KernelOps.coord(r, 1))));
        Operations.extend("local_tile", composed, r -> sliced(
                Partition.localTile(ComposedLayout.parse(r.arg(0)), Operations.tiler(r, 1), KernelOps.coord(r, 2))));
        Operations.extend("local_partition", composed, r -> sliced(
                Partition.localPartition(ComposedLayout.parse(r.arg(0)), Operations.layout(r, 1), Operations.index(r, 2))));
        Predicate<Request> eitherComposed = r -> composed.test(r) || (r.args().size() > 1 && ComposedLayout.looksComposed(r.arg(1)));
        Operations.extend("max_common_vector", eitherComposed, r -> Answer.of(maxCommonVector(r.arg(0), r.arg(1))));
        Operations.extend("max_common_layout", eitherComposed, r -> Answer.of(composed.test(r)
                ? ComposedLayout.parse(r.arg(0)).maxCommonLayout(Layout.parse(r.arg(1)))
                : ComposedLayout.parse(r.arg(1)).maxCommonLayout(Layout.parse(r.arg(0)))));
        for (String op : new String[] {"depth", "idx2crd", "crd2idx", "hier_coord", "dice", "nullspace", "select", "group",
                "append", "prepend"}) {
            Operations.extend(op, composed, r -> Answer.of(withInner(op, r)));
        }
        Operations.register("gmma_smem_atom", 3, 3, r -> {
            var major = org.layoutcat.core.swizzle.GmmaSmemAtoms.Major.valueOf(upper(r.arg(0), "K or MN"));
            var sw = org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling.valueOf(upper(r.arg(1), "INTER, SW32, SW64 or SW128"));
            int bits = (int) Operations.index(r, 2);
            return Answer.of(org.layoutcat.core.swizzle.GmmaSmemAtoms.atom(major, sw, bits))
                    .with("cute", org.layoutcat.core.swizzle.GmmaSmemAtoms.cuteForm(major, sw, bits));
        });
        Operations.register("tile_to_shape", 2, 3, r -> {
            IntTuple order = r.args().size() == 3 ? Operations.tuple(r, 2) : null;
            if (ComposedLayout.looksComposed(r.arg(0))) {
                return Answer.of(ComposedLayout.parse(r.arg(0)).tileToShape(Operations.tuple(r, 1), order));
            }
            return Answer.of(org.layoutcat.core.algebra.Product.tileToShape(Operations.layout(r, 0), Operations.tuple(r, 1), order));
        });
        Operations.register("bank_conflicts", 3, 4, r -> {
            BankConflicts c = banks(r.arg(0), r.arg(1), Operations.index(r, 2), r.args().size() == 4 ? Operations.index(r, 3) : 0);
            Answer a = Answer.of(c.wavefronts()).with("minimum", c.minimum()).with("degree", c.degree())
                    .with("threads", c.threads()).with("vector_bytes", c.vectorBytes());
            if (c.worstBank() >= 0) {
                StringBuilder words = new StringBuilder(); // "word 0: threads 0; word 32: threads 1; ..."
                c.collisions().forEach((w, ts) -> words.append(words.length() == 0 ? "" : "; ").append("word ").append(w)
                        .append(": threads ").append(ts.toString().replaceAll("[\\[\\]]", "")));
                a = a.with("worst_bank", c.worstBank()).with("collisions", words);
            }
            return a;
        });
    }

    /** CuTe's {@code max_common_vector} where either side is swizzled (it is symmetric). */
    private static long maxCommonVector(String a, String b) {
        boolean ca = ComposedLayout.looksComposed(a), cb = ComposedLayout.looksComposed(b);
        if (ca && cb) return ComposedLayout.parse(a).maxCommonVector(ComposedLayout.parse(b));
        return ca ? ComposedLayout.parse(a).maxCommonVector(Layout.parse(b)) : ComposedLayout.parse(b).maxCommonVector(Layout.parse(a));
    }

    private static Answer sliced(SwizzleSlice s) {
        return Answer.of(s.functionText()).with("offset", s.offset());
    }

    /**
     * The ops that read only the shape or the coordinates of a composed layout answer with its inner layout's
     * ({@code depth}, {@code idx2crd}, {@code crd2idx}); the mode ops ({@code select}, {@code group}, {@code append},
     * {@code prepend}) act on the inner layout and keep the swizzle, as CuTe's {@code group} and {@code append} of a
     * composed layout do; the ones that need strides ({@code hier_coord}, {@code dice}, {@code nullspace}) are refused
     * with the reason.
     */
    private static Object withInner(String op, Request r) {
        ComposedLayout c = ComposedLayout.parse(r.arg(0));
        return switch (op) {
            case "depth" -> c.inner().depth();
            case "idx2crd" -> c.inner().idx2crd(Operations.index(r, 1));
            case "crd2idx" -> c.inner().crd2idx(Operations.tuple(r, 1));
            case "select" -> new ComposedLayout(c.outer(), c.offset(), org.layoutcat.core.modes.Modes.select(c.inner(), KernelOps.indices(r, 1)));
            case "group" -> new ComposedLayout(c.outer(), c.offset(), org.layoutcat.core.modes.Modes.group(c.inner(),
                    (int) Operations.index(r, 1), (int) Operations.index(r, 2)));
            case "append" -> new ComposedLayout(c.outer(), c.offset(), org.layoutcat.core.modes.Modes.append(c.inner(),
                    r.args().size() == 2 ? Operations.layout(r, 1) : Layout.TRIVIAL));
            case "prepend" -> new ComposedLayout(c.outer(), c.offset(), org.layoutcat.core.modes.Modes.prepend(c.inner(),
                    r.args().size() == 2 ? Operations.layout(r, 1) : Layout.TRIVIAL));
            default -> throw new IllegalArgumentException(op + " of the composed layout " + c + ": CuTe defines " + op
                    + " on a layout's strides, which a swizzled function does not have; apply it to the inner layout " + c.inner());
        };
    }

    private static String upper(String s, String known) {
        String u = s.trim().toUpperCase(java.util.Locale.ROOT);
        if (!java.util.List.of(known.split(",? or |, ")).contains(u)) throw new IllegalArgumentException("\"" + s + "\" is none of " + known);
        return u;
    }

    private static void extend(String name, Predicate<Request> when, Function<Request, Object> body) {
        Operations.extend(name, when, r -> Answer.of(body.apply(r)));
    }

    /**
     * The bank conflicts of ACCESS (threads, values → index) in SMEM (a layout or composed layout) of ELEM-byte
     * elements, each thread moving VECTOR bytes at once (0: its values' bytes; see {@link BankConflicts#vectorized}).
     */
    static BankConflicts banks(String smem, String access, long elementBytes, long vectorBytes) {
        LongUnaryOperator f;
        if (ComposedLayout.looksComposed(smem)) {
            ComposedLayout c = ComposedLayout.parse(smem);
            f = c::apply;
        } else {
            Layout l = Layout.parse(smem);
            f = l::apply;
        }
        if (elementBytes < 1 || elementBytes > 16) throw new IllegalArgumentException("an element of " + elementBytes + " bytes: 1 to 16");
        if (vectorBytes < 0 || vectorBytes > 16) throw new IllegalArgumentException("a vector of " + vectorBytes + " bytes: 1 to 16");
        BankConflicts.Access a = BankConflicts.vectorized(f, (int) elementBytes, Layout.parse(access), (int) vectorBytes);
        return BankConflicts.of(a.smem(), (int) elementBytes, a.access());
    }
}
