package org.layoutcat.diagrams;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.category.compose.CompositionTrace;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.diagrams.picture.CoordinatePicture;
import org.layoutcat.diagrams.picture.LayoutPicture;
import org.layoutcat.diagrams.picture.MorphismPicture;
import org.layoutcat.diagrams.picture.RefinementPicture;
import org.layoutcat.diagrams.picture.TilingPicture;
import org.layoutcat.diagrams.picture.TvPicture;
import org.layoutcat.diagrams.picture.Walkthrough;

/** The pictures of the seeds' and the paper's examples, by name; every format and geometry test runs over them. */
public final class Samples {
    private Samples() {}

    /**
     * Example 13 of PAPER-NOTES (paper §4), in CuTe's order: A∘B for A = (12,3,6):(1,72,12), B = (6,6):(6,1)
     * (the paper's B∘A, its A applied first); T′ = (6,(2,3)), U′ = ((6,2),3,6), result ((2,3),6):((6,72),1).
     */
    public static CompositionTrace example13() {
        return CategoricalComposition.trace(Layout.parse("(12,3,6):(1,72,12)"), Layout.parse("(6,6):(6,1)"));
    }

    /** Example 12 of PAPER-NOTES: A = (5,2,5,2):(1,25,5,50), B = (2,2):(5,50), no refinement needed; (2,2):(25,50). */
    public static CompositionTrace example12() {
        return CategoricalComposition.trace(Layout.parse("(5,2,5,2):(1,25,5,50)"), Layout.parse("(2,2):(5,50)"));
    }

    /** A morphism in the paper's notation, read by the category module. */
    public static NestMorphism morphism(String text) {
        return NestMorphism.parse(text);
    }

    /** A morphism of 32 entries, α(i) = 7(i−1) mod 32 + 1, onto 32 entries. */
    public static NestMorphism morphism32() {
        StringBuilder s = new StringBuilder();
        StringBuilder a = new StringBuilder();
        for (int i = 0; i < 32; i++) {
            s.append(i == 0 ? "(" : ",").append(2 + i % 3);
        }
        s.append(')');
        long[] t = new long[32];
        for (int i = 0; i < 32; i++) {
            int target = (7 * i) % 32;
            a.append(i == 0 ? "(" : ",").append(target + 1);
            t[target] = 2 + i % 3;
        }
        a.append(')');
        return morphism(s + " --" + a + "--> " + IntTuple.flat(t));
    }

    /** Every sample, in a stable order. */
    public static Map<String, Supplier<Diagram>> all() {
        Map<String, Supplier<Diagram>> m = new LinkedHashMap<>();
        // paper examples as morphisms (PAPER-NOTES 2, 3, 4, 6, 7, 8, 9, 10)
        m.put("morphism-ex2", () -> MorphismPicture.of(morphism("((5,5),8) --(1,3,2)--> (5,8,5)")));
        m.put("morphism-ex3", () -> MorphismPicture.of(morphism("(2,2) --(2,4)--> (3,2,5,2)")));
        m.put("morphism-ex4", () -> MorphismPicture.of(morphism("(2,2,2,2) --(4,*,2,6)--> (3,2,4,2,10,2)")));
        m.put("morphism-ex6", () -> MorphismPicture.of(morphism("(32,(2,2)) --(6,4,2)--> (3,2,4,2,4,32)")));
        m.put("morphism-ex7", () -> MorphismPicture.of(morphism("(128,(4,4,2)) --(3,1,2,*)--> ((4,4),128)")));
        m.put("morphism-ex8", () -> MorphismPicture.of(morphism("(2,2,5,5,5) --(1,2,4,5,6)--> (2,2,2,5,5,5)")));
        m.put("morphism-ex9", () -> MorphismPicture.of(morphism("((2,2),(3,3),(5,5)) --(5,6,3,4,1,2)--> (5,5,3,3,2,2)")));
        m.put("morphism-ex10-complement", () -> MorphismPicture.of(morphism("(3,5) --(2,4)--> (2,3,2,5,2)")));
        m.put("morphism-32", () -> MorphismPicture.of(morphism32()));
        // mutual refinements (PAPER-NOTES 16 and 13)
        m.put("refinement-ex16a", () -> RefinementPicture.of(IntTuple.parse("(6,6)"), IntTuple.parse("(2,6,3)"),
                IntTuple.parse("((2,3),(2,3))"), IntTuple.parse("(2,(3,2),3)"), null));
        m.put("refinement-ex16b", () -> RefinementPicture.of(IntTuple.parse("(8,8,8)"), IntTuple.parse("(2,8,8,8)"),
                IntTuple.parse("((2,4),(2,4),(2,4))"), IntTuple.parse("(2,(4,2),(4,2),(4,2))"), null));
        m.put("refinement-ex16c", () -> RefinementPicture.of(IntTuple.parse("(4,2,2,32)"), IntTuple.parse("(32,32)"),
                IntTuple.parse("(4,2,2,(2,16))"), IntTuple.parse("((4,2,2,2),(16,2))"), null));
        m.put("refinement-ex13", () -> RefinementPicture.of(IntTuple.parse("(6,6)"), IntTuple.parse("(12,3,6)"),
                IntTuple.parse("(6,(2,3))"), IntTuple.parse("((6,2),3,6)"), null));
        // composition walkthroughs (PAPER-NOTES 13 and 12)
        m.put("compose-ex13", () -> Walkthrough.of(example13()));
        m.put("compose-ex12", () -> Walkthrough.of(example12()));
        // through the entry point: the done-when of issue 4 (the blog's B = (6,6):(1,6)), the extension B~ of
        // PAPER-NOTES (A = 7:1 under B = 4:2), and a composite split over the modes of B
        m.put("compose-ex13-blog", () -> Drawings.compose(Layout.parse("(12,3,6):(1,72,12)"), Layout.parse("(6,6):(1,6)")));
        m.put("compose-extension", () -> Drawings.compose(Layout.parse("7:1"), Layout.parse("4:2")));
        m.put("compose-by-mode", () -> Drawings.compose(Layout.parse("(2,3):(3,1)"), Layout.parse("(2,2):(1,2)")));
        m.put("morphism-of-layout-ex6", () -> Drawings.morphism(Layout.parse("(32,(2,2)):(192,(24,3))")));
        m.put("refinement-computed-ex16c", () -> Drawings.refinement(IntTuple.parse("(4,2,2,32)"), IntTuple.parse("(32,32)")));
        // layout grids
        m.put("layout-strip", () -> LayoutPicture.of(Layout.parse("24:1")));
        m.put("layout-ex13-result", () -> LayoutPicture.of(Layout.parse("((2,3),6):((6,72),1)")));
        m.put("layout-seed001-nested", () -> LayoutPicture.of(Layout.parse("((2,2),(2,2)):((1,8),(2,4))")));
        m.put("layout-rank3", () -> LayoutPicture.of(Layout.parse("(2,3,(2,2)):(1,2,(6,12))")));
        m.put("layout-rowmajor-colour-row", () -> LayoutPicture.of(Layout.parse("(4,8):(8,1)"), LayoutPicture.ColourBy.ROW, null));
        m.put("layout-64x64", () -> LayoutPicture.of(Layout.parse("(64,64):(64,1)")));
        // thread–value layouts (seed 003)
        m.put("tv-seed003", () -> TvPicture.of(Layout.parse("((2,2),(2,3)):((2,12),(1,4))"), null, null));
        m.put("tv-seed003-tile4x6", () -> TvPicture.of(Layout.parse("((2,2),(2,3)):((2,12),(1,4))"), IntTuple.parse("(4,6)"), null));
        m.put("tv-broadcast", () -> TvPicture.of(Layout.parse("(4,(2,2)):(2,(1,0))"), IntTuple.parse("(2,6)"), null));
        // coordinate tables (seed 001)
        m.put("coords-seed001-a", () -> CoordinatePicture.of(Layout.parse("(2,2,2):(2,1,4)"), null));
        m.put("coords-seed001-b", () -> CoordinatePicture.of(Layout.parse("((2,2),2):((2,4),1)"), null));
        m.put("coords-seed001-c", () -> CoordinatePicture.of(Layout.parse("(2,(2,2)):(2,(1,4))"), null));
        m.put("coords-seed001-d", () -> CoordinatePicture.of(Layout.parse("(2,(2,2)):(1,(4,2))"), null));
        m.put("coords-seed001-e", () -> CoordinatePicture.of(Layout.parse("((2,2),(2,2)):((1,8),(2,4))"), null));
        m.put("coords-100-by-index", () -> CoordinatePicture.of(Layout.parse("(10,10):(10,1)"), CoordinatePicture.Order.BY_INDEX, null));
        m.put("coords-gaps-and-repeats", () -> CoordinatePicture.of(Layout.parse("(2,(2,2)):(3,(1,0))"), null));
        // tilings (PAPER-NOTES 18, 19; CuTe's documentation figures)
        m.put("divide-ex18c", () -> TilingPicture.divide(Layout.parse("(4,8):(1,4)"), Layout.parse("(2,2):(1,4)"),
                TilingPicture.DivideKind.LOGICAL));
        m.put("divide-bymode-logical", () -> TilingPicture.divide(Layout.parse("(8,8):(8,1)"), Tiler.parse("<4:1,2:1>"),
                TilingPicture.DivideKind.LOGICAL));
        m.put("divide-zipped-bymode", () -> TilingPicture.divide(Layout.parse("(8,8):(1,8)"), Tiler.parse("<2,4>"),
                TilingPicture.DivideKind.ZIPPED));
        m.put("product-ex19b", () -> TilingPicture.product(Layout.parse("(2,2):(5,10)"), Layout.parse("(3,5):(5,1)"),
                TilingPicture.ProductKind.LOGICAL));
        m.put("product-blocked", () -> TilingPicture.product(Layout.parse("(2,3):(1,2)"), Layout.parse("(3,2):(1,3)"),
                TilingPicture.ProductKind.BLOCKED));
        m.put("product-raked", () -> TilingPicture.product(Layout.parse("(2,3):(1,2)"), Layout.parse("(3,2):(1,3)"),
                TilingPicture.ProductKind.RAKED));
        // swizzled layouts and shared-memory banks: the SM80 idiom Swizzle<3,1,3> over an 8×16 tile of doubles
        // (16-byte chunks of 2 doubles, 8 chunks a 128-byte row), a plain grid of 16-byte elements by bank, and
        // one instruction's banks: the 8-way column, its swizzled conflict-free counterpart, 16-byte rows in
        // quarter warps, a broadcast, 8-byte accesses in half warps, and --vector widening a thread's access
        m.put("layout-swizzle-doubles-banks", () -> Drawings.layout(AnyLayout.parse("Sw<3,1,3> o 0 o (8,16):(16,1)"), null, 8, null));
        m.put("layout-chunks-by-bank", () -> LayoutPicture.of(Layout.parse("(4,8):(8,1)"), LayoutPicture.ColourBy.BANK, null, 16));
        m.put("banks-column-8way", () -> Drawings.banks(Layout.parse("(8,64):(64,1)"), Layout.parse("8:1"), 2, 0));
        m.put("banks-chunks-swizzled", () -> Drawings.banks(AnyLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)"), Layout.parse("(8,8):(1,8)"), 2, 0));
        m.put("banks-rows-quarter-warps", () -> Drawings.banks(Layout.parse("(8,64):(64,1)"), Layout.parse("((8,4),8):((64,1),8)"), 2, 0));
        m.put("banks-broadcast", () -> Drawings.banks(Layout.parse("256:1"), Layout.parse("((4,8)):((0,32))"), 4, 0));
        m.put("banks-half-warps", () -> Drawings.banks(Layout.parse("128:1"), Layout.parse("(32,2):(4,1)"), 4, 0));
        m.put("banks-vector", () -> Drawings.banks(Layout.parse("(8,64):(64,1)"), Layout.parse("8:1"), 2, 16));
        return m;
    }
}
