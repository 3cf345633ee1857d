package org.layoutcat.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.algebra.Product;

/**
 * The operations of the batch mode and the CLI, by CuTe's names, each with its argument count. A request with
 * an unknown name or a wrong number of arguments is an IllegalArgumentException saying so.
 */
public final class Operations {
    /** An operation: how many arguments it takes and what it computes. */
    private record Op(int minArgs, int maxArgs, Function<Request, Answer> body) {}

    private static final Map<String, Op> OPS = new LinkedHashMap<>();

    static {
        unary("coalesce", 2, r -> r.args().size() == 2
                ? Coalesce.coalesce(layout(r, 0), tuple(r, 1)) : Coalesce.coalesce(layout(r, 0)));
        unary("filter", 2, r -> r.args().size() == 2
                ? Coalesce.filter(layout(r, 0), tuple(r, 1)) : Coalesce.filter(layout(r, 0)));
        binary("composition", r -> Composition.compose(layout(r, 0), tiler(r, 1)));
        unary("complement", 2, r -> r.args().size() == 2
                ? Complement.complement(layout(r, 0), tuple(r, 1)) : Complement.complement(layout(r, 0)));
        unary("right_inverse", 1, r -> Inverse.rightInverse(layout(r, 0)));
        unary("left_inverse", 1, r -> Inverse.leftInverse(layout(r, 0)));
        binary("logical_divide", r -> Divide.logicalDivide(layout(r, 0), tiler(r, 1)));
        binary("zipped_divide", r -> Divide.zippedDivide(layout(r, 0), tiler(r, 1)));
        binary("tiled_divide", r -> Divide.tiledDivide(layout(r, 0), tiler(r, 1)));
        binary("flat_divide", r -> Divide.flatDivide(layout(r, 0), tiler(r, 1)));
        binary("logical_product", r -> Product.logicalProduct(layout(r, 0), tiler(r, 1)));
        binary("zipped_product", r -> Product.zippedProduct(layout(r, 0), tiler(r, 1)));
        binary("tiled_product", r -> Product.tiledProduct(layout(r, 0), tiler(r, 1)));
        binary("flat_product", r -> Product.flatProduct(layout(r, 0), tiler(r, 1)));
        binary("blocked_product", r -> Product.blockedProduct(layout(r, 0), layout(r, 1)));
        binary("raked_product", r -> Product.rakedProduct(layout(r, 0), layout(r, 1)));
        unary("size", 1, r -> layout(r, 0).size());
        unary("cosize", 1, r -> layout(r, 0).cosize());
        unary("rank", 1, r -> layout(r, 0).rank());
        unary("depth", 1, r -> layout(r, 0).depth());
        binary("eval", r -> {
            IntTuple c = tuple(r, 1);
            return c.isLeaf() ? layout(r, 0).apply(index(r, 1)) : layout(r, 0).apply(c);
        });
        binary("idx2crd", r -> layout(r, 0).idx2crd(index(r, 1)));
        binary("crd2idx", r -> layout(r, 0).crd2idx(tuple(r, 1)));
        binary("hier_coord", r -> layout(r, 0).hierCoord(index(r, 1)));
        CategoryOps.registerAll();
        KernelOps.registerAll();
        SwizzleOps.registerAll();
        AtomOps.registerAll();
    }

    private Operations() {}

    private static void unary(String name, int maxArgs, Function<Request, Object> body) {
        OPS.put(name, new Op(1, maxArgs, r -> Answer.of(body.apply(r))));
    }

    private static void binary(String name, Function<Request, Object> body) {
        OPS.put(name, new Op(2, 2, r -> Answer.of(body.apply(r))));
    }

    /** Adds or replaces an operation (used by modules that extend the batch mode). */
    static void register(String name, int minArgs, int maxArgs, Function<Request, Answer> body) {
        OPS.put(name, new Op(minArgs, maxArgs, body));
    }

    /**
     * Extends an operation already registered: requests that {@code when} accepts go to {@code body}, the others
     * to the operation as it was (used for inputs of another kind, such as layouts with basis strides).
     */
    static void extend(String name, java.util.function.Predicate<Request> when, Function<Request, Answer> body) {
        Op old = OPS.get(name);
        if (old == null) throw new IllegalStateException("no operation " + name + " to extend");
        OPS.put(name, new Op(old.minArgs(), old.maxArgs(), r -> when.test(r) ? body.apply(r) : old.body().apply(r)));
    }

    /** The names of all operations. */
    public static Set<String> names() {
        return OPS.keySet();
    }

    /** Answers a request, or throws an IllegalArgumentException / ArithmeticException saying why not. */
    public static Answer answer(Request r) {
        Op op = OPS.get(r.op());
        if (op == null) {
            throw new IllegalArgumentException("unknown op \"" + r.op() + "\"; known ops: " + String.join(", ", OPS.keySet()));
        }
        int n = r.args().size();
        if (n < op.minArgs() || n > op.maxArgs()) {
            String want = op.minArgs() == op.maxArgs() ? String.valueOf(op.minArgs()) : op.minArgs() + " or " + op.maxArgs();
            throw new IllegalArgumentException(r.op() + " takes " + want + " argument" + (op.maxArgs() == 1 ? "" : "s") + ", got " + n);
        }
        return op.body().apply(r);
    }

    static Layout layout(Request r, int i) {
        return Layout.parse(r.arg(i));
    }

    static Tiler tiler(Request r, int i) {
        return Tiler.parse(r.arg(i));
    }

    static IntTuple tuple(Request r, int i) {
        return IntTuple.parse(r.arg(i));
    }

    static long index(Request r, int i) {
        IntTuple t = tuple(r, i);
        if (!t.isLeaf()) throw new IllegalArgumentException("argument " + (i + 1) + " \"" + r.arg(i) + "\" must be an integer index");
        return t.value();
    }
}
