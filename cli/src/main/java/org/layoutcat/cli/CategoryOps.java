package org.layoutcat.cli;

import java.util.List;
import java.util.function.BiFunction;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.compose.CategoricalAlgebra;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.category.compose.CompositionTrace;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.category.refine.Pullback;
import org.layoutcat.category.refine.Pushforward;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Product;

/**
 * The batch operations of the category module, and the engine choice for composition, logical_divide and
 * logical_product: {@code "engine": "category"} computes through morphisms and refuses a non-tractable input;
 * {@code "cute"} runs the core algorithm; {@code "auto"} (the default) runs the core algorithm and, where CuTe
 * refuses and both inputs are tractable, the categorical one, which composes some pairs CuTe cannot (where both
 * answer, they give the same layout: {@code categoricalCompositionAgreesWithCuTe}). A refusal by both is CuTe's
 * message. The reply names the engine that answered.
 */
final class CategoryOps {
    static final String CATEGORY = "category";
    static final String CUTE = "cute";

    private CategoryOps() {}

    /** Registers the operations with {@link Operations}. */
    static void registerAll() {
        Operations.register("to_morphism", 1, 1,
                r -> new Answer(StandardRepresentation.of(Operations.layout(r, 0)).toString(), CATEGORY));
        Operations.register("from_morphism", 1, 1,
                r -> new Answer(NestMorphism.parse(r.arg(0)).encodedLayout().toString(), CATEGORY));
        Operations.register("mutual_refinement", 2, 2,
                r -> new Answer(MutualRefinement.require(Operations.tuple(r, 0), Operations.tuple(r, 1)).toString(), CATEGORY));
        Operations.register("pullback", 2, 2,
                r -> new Answer(Pullback.along(NestMorphism.parse(r.arg(0)), Operations.tuple(r, 1)).toString(), CATEGORY));
        Operations.register("pushforward", 2, 2,
                r -> new Answer(Pushforward.along(NestMorphism.parse(r.arg(0)), Operations.tuple(r, 1)).toString(), CATEGORY));
        engineAware("composition", CategoricalComposition::compose, Composition::compose);
        engineAware("logical_divide", CategoricalAlgebra::logicalDivide, Divide::logicalDivide);
        engineAware("logical_product", CategoricalAlgebra::logicalProduct, Product::logicalProduct);
    }

    private static void engineAware(String name, BiFunction<Layout, Tiler, Layout> category,
            BiFunction<Layout, Tiler, Layout> cute) {
        Operations.register(name, 2, 2, r -> {
            Layout a = Operations.layout(r, 0);
            Tiler b = Operations.tiler(r, 1);
            switch (r.engine()) {
                case CUTE:
                    return new Answer(cute.apply(a, b), CUTE);
                case CATEGORY:
                    return new Answer(category.apply(a, b), CATEGORY);
                default:
                    try {
                        return new Answer(cute.apply(a, b), CUTE);
                    } catch (IllegalArgumentException | ArithmeticException refused) {
                        // CuTe refuses some pairs whose composite exists (a stride that does not divide a mode of A
                        // whose image it still lands in); the category composes those where both are tractable
                        if (!CategoricalComposition.isTractablePair(a, b)) throw refused;
                        try {
                            return new Answer(category.apply(a, b), CATEGORY);
                        } catch (IllegalArgumentException | ArithmeticException alsoRefused) {
                            throw refused;
                        }
                    }
            }
        });
    }

    /** The trace of the categorical composition A∘B in words, mode by mode for a by-mode tiler. */
    static String explain(String a, String b) {
        return explain(Layout.parse(a), Tiler.parse(b), "");
    }

    private static String explain(Layout a, Tiler b, String where) {
        if (b instanceof Layout l) {
            String nl = System.lineSeparator();
            StringBuilder sb = new StringBuilder(where.isEmpty() ? "" : where + ":" + nl);
            List<CompositionTrace> parts;
            try {
                parts = CategoricalComposition.traces(a, l);
            } catch (IllegalArgumentException | ArithmeticException refused) {
                // only the categorical walkthrough is unavailable: CuTe's algorithm shows its own steps
                return sb.append("The categorical walkthrough is not available here: ").append(refused.getMessage()).append(nl)
                        .append(org.layoutcat.core.algebra.Composition.explain(a, l).strip()).toString();
            }
            if (parts.size() > 1 || parts.get(0).inner() != l) {
                sb.append("The composite ").append(a).append(" o ").append(l).append(" is not tractable as a whole; ")
                        .append("composition distributes over the modes of B, each composed in Nest:").append(nl);
            }
            for (int i = 0; i < parts.size(); i++) {
                if (i > 0) sb.append(nl);
                sb.append(parts.get(i).explain());
            }
            if (parts.size() > 1) sb.append(nl).append("A∘B = ").append(CategoricalComposition.compose(a, l));
            return sb.toString();
        }
        Tiler.ByMode t = (Tiler.ByMode) b;
        if (t.rank() > a.rank()) {
            throw new IllegalArgumentException("composition of " + a + " by " + t + ": the tiler has " + t.rank()
                    + " modes but the layout only " + a.rank());
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < t.rank(); i++) {
            if (i > 0) sb.append(System.lineSeparator());
            sb.append(explain(a.mode(i), t.mode(i), (where.isEmpty() ? "mode " : where + ", mode ") + i));
        }
        if (t.rank() < a.rank()) {
            sb.append(System.lineSeparator()).append("The modes of A past the tiler's ").append(t.rank())
                    .append(" are dropped, as CuTe C++ drops them.");
        }
        return sb.toString();
    }
}
