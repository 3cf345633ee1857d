package org.layoutcat.category.compose;

import java.util.List;
import java.util.Optional;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Composition.Explained;

/**
 * The walkthrough of a composition A∘B in words (B applied first): the categorical one, step by step through the
 * refinement, pullback and pushforward of each part ({@link CompositionTrace}), or, where the category cannot
 * compose the pair, CuTe's algorithm's own steps ({@link Composition#explain}); mode by mode for a by-mode tiler.
 * The explanation carries the composite it reaches, so nothing is composed twice.
 */
public final class CompositionExplanation {
    private CompositionExplanation() {}

    /**
     * The walkthrough of A∘B and the composite, or the reason there is none.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than A, or holds a layout of another kind
     */
    public static Explained explain(Layout a, Tiler b) {
        return explain(a, b, "");
    }

    private static Explained explain(Layout a, Tiler b, String where) {
        String nl = System.lineSeparator();
        return switch (b) {
            case Layout l -> {
                StringBuilder sb = new StringBuilder(where.isEmpty() ? "" : where + ":" + nl);
                List<CompositionTrace> parts;
                try {
                    parts = CategoricalComposition.traces(a, l);
                } catch (IllegalArgumentException | ArithmeticException refused) {
                    // only the categorical walkthrough is unavailable: CuTe's algorithm shows its own steps
                    Explained cute = Composition.explain(a, l);
                    yield new Explained(sb.append("The categorical walkthrough is not available here: ").append(refused.getMessage())
                            .append(nl).append(cute.steps().strip()).toString(), cute.result());
                }
                if (parts.size() > 1 || parts.get(0).inner() != l) {
                    sb.append("The composite ").append(a).append(" o ").append(l).append(" is not tractable as a whole; ")
                            .append("composition distributes over the modes of B, each composed in Nest:").append(nl);
                }
                for (int i = 0; i < parts.size(); i++) {
                    if (i > 0) sb.append(nl);
                    sb.append(parts.get(i).explain());
                }
                Layout r = CategoricalComposition.compose(a, l);
                if (parts.size() > 1) sb.append(nl).append("A∘B = ").append(r);
                yield new Explained(sb.toString(), Optional.of(r));
            }
            case Tiler.ByMode t -> {
                if (t.rank() > a.rank()) {
                    throw new LayoutArgumentException("composition of " + a + " by " + t + ": the tiler has " + t.rank()
                            + " modes but the layout only " + a.rank());
                }
                StringBuilder sb = new StringBuilder();
                List<Layout> modes = new java.util.ArrayList<>();
                for (int i = 0; i < t.rank(); i++) {
                    if (i > 0) sb.append(nl);
                    Explained part = explain(a.mode(i), t.mode(i), (where.isEmpty() ? "mode " : where + ", mode ") + i);
                    sb.append(part.steps());
                    part.result().ifPresent(modes::add);
                }
                if (t.rank() < a.rank()) {
                    sb.append(nl).append("The modes of A past the tiler's ").append(t.rank()).append(" are dropped, as CuTe C++ drops them.");
                }
                // mode i of A∘<B0,...,Bk> is A_i∘B_i, A's modes past k dropped
                yield new Explained(sb.toString(), modes.size() == t.rank() ? Optional.of(Layout.concat(modes)) : Optional.empty());
            }
            case CoordLayout other -> throw notIntegral(other);
            case ComposedLayout other -> throw notIntegral(other);
            case InnerSwizzledLayout other -> throw notIntegral(other);
            case GeneralComposedLayout other -> throw notIntegral(other);
        };
    }

    private static LayoutArgumentException notIntegral(AnyLayout other) {
        return AnyLayout.refuse("composition", other, "the walkthrough explains compositions of layouts with integer strides");
    }
}
