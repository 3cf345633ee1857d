package org.layoutcat.cli;

import java.util.function.Function;
import java.util.function.LongUnaryOperator;
import java.util.function.Predicate;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.swizzle.BankConflicts;
import org.layoutcat.core.swizzle.ComposedLayout;

/**
 * The batch operations on swizzled layouts: the ops that take a layout first take a composed layout
 * {@code Sw<B,M,S> o offset o L} too (eval, size, cosize, composition, the divides, coalesce), and
 * {@code bank_conflicts} [smem, access, element bytes] counts one instruction's shared-memory wavefronts.
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
        for (String op : new String[] {"complement", "right_inverse", "left_inverse", "logical_product", "zipped_product",
                "tiled_product", "flat_product", "blocked_product", "raked_product", "filter"}) {
            Operations.extend(op, composed, r -> {
                throw new IllegalArgumentException(op + " of a composed layout " + r.arg(0) + ": CuTe defines it on layouts,"
                        + " not on a swizzled function; apply it to the inner layout");
            });
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
        Operations.register("bank_conflicts", 3, 3, r -> {
            BankConflicts c = banks(r.arg(0), r.arg(1), Operations.index(r, 2));
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

    private static String upper(String s, String known) {
        String u = s.trim().toUpperCase(java.util.Locale.ROOT);
        if (!java.util.List.of(known.split(",? or |, ")).contains(u)) throw new IllegalArgumentException("\"" + s + "\" is none of " + known);
        return u;
    }

    private static void extend(String name, Predicate<Request> when, Function<Request, Object> body) {
        Operations.extend(name, when, r -> Answer.of(body.apply(r)));
    }

    /** The bank conflicts of ACCESS (threads, values → index) in SMEM (a layout or composed layout) of ELEM-byte elements. */
    static BankConflicts banks(String smem, String access, long elementBytes) {
        LongUnaryOperator f;
        if (ComposedLayout.looksComposed(smem)) {
            ComposedLayout c = ComposedLayout.parse(smem);
            f = c::apply;
        } else {
            Layout l = Layout.parse(smem);
            f = l::apply;
        }
        if (elementBytes < 1 || elementBytes > 16) throw new IllegalArgumentException("an element of " + elementBytes + " bytes: 1 to 16");
        return BankConflicts.of(f, (int) elementBytes, Layout.parse(access));
    }
}
