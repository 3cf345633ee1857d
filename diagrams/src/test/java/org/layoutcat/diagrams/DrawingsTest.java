package org.layoutcat.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.diagrams.export.PngWriter;
import org.layoutcat.diagrams.picture.BankPicture;
import org.layoutcat.diagrams.picture.LayoutPicture;
import org.layoutcat.diagrams.picture.MorphismPicture;
import org.layoutcat.diagrams.picture.TilingPicture;
import org.layoutcat.diagrams.picture.TilingPicture.DivideKind;
import org.layoutcat.diagrams.picture.TilingPicture.ProductKind;
import org.layoutcat.diagrams.svg.SvgWriter;
import org.layoutcat.diagrams.svg.SvgWriterTest;

/**
 * The typed entry point: every factory draws from values, a kind of layout a picture does not take is refused with
 * the reason, and the category module's answers are what the pictures show.
 */
class DrawingsTest {

    private static List<String> texts(Diagram d) {
        return d.scene().texts().stream().map(Scene.Text::text).toList();
    }

    private static IllegalArgumentException refused(Executable drawing) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, drawing);
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e;
    }

    private static Layout l(String text) {
        return Layout.parse(text);
    }

    private static IntTuple t(String text) {
        return IntTuple.parse(text);
    }

    @Test
    void everyFactoryDrawsAnSvgThatBatikRasterizes() throws Exception {
        Map<String, Supplier<Diagram>> cases = new LinkedHashMap<>();
        cases.put("layout", () -> Drawings.layout(l("((2,3),6):((6,72),1)")));
        cases.put("layout swizzled", () -> Drawings.layout(AnyLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)"), null, 2, null));
        cases.put("tv", () -> Drawings.tv(l("((2,2),(2,3)):((2,12),(1,4))"), t("(4,6)"))); // seed 003
        cases.put("coords", () -> Drawings.coords(l("((2,2),(2,2)):((1,8),(2,4))"))); // seed 001
        cases.put("divide", () -> Drawings.divide(l("(4,8):(1,4)"), l("(2,2):(1,4)"), DivideKind.LOGICAL)); // PAPER-NOTES 18
        cases.put("divide zipped", () -> Drawings.divide(l("(8,8):(1,8)"), Tiler.parse("<2,4>"), DivideKind.ZIPPED));
        cases.put("product blocked", () -> Drawings.product(l("(2,5):(5,1)"), l("(3,4):(1,3)"), ProductKind.BLOCKED)); // seed 004
        cases.put("product raked", () -> Drawings.product(l("(2,5):(5,1)"), l("(3,4):(1,3)"), ProductKind.RAKED));
        cases.put("morphism", () -> Drawings.morphism(NestMorphism.parse("(2,2,2,2) --(4,*,2,6)--> (3,2,4,2,10,2)"))); // PAPER-NOTES 4
        cases.put("morphism of a layout", () -> Drawings.morphism(l("(2,2,2,2):(24,0,3,480)"))); // PAPER-NOTES 4, as a layout
        cases.put("refinement", () -> Drawings.refinement(t("(6,6)"), t("(2,6,3)"))); // PAPER-NOTES 16
        cases.put("refinement given", () -> Drawings.refinement(t("(6,6)"), t("(2,6,3)"), t("((2,3),(2,3))"), t("(2,(3,2),3)")));
        cases.put("compose", () -> Drawings.compose(l("(12,3,6):(1,72,12)"), l("(6,6):(1,6)"))); // PAPER-NOTES 13, the blog's B
        cases.put("compose extension", () -> Drawings.compose(l("7:1"), l("4:2"))); // PAPER-NOTES: the extension
        cases.put("compose seed 004", () -> Drawings.compose(l("20:2"), l("(5,4):(4,1)"))); // seed 004 §3.1.3
        cases.put("banks", () -> Drawings.banks(l("(8,64):(64,1)"), l("8:1"), 2, 0));
        for (Map.Entry<String, Supplier<Diagram>> c : cases.entrySet()) {
            Diagram d = c.getValue().get();
            String svg = SvgWriter.write(d);
            assertEquals("svg", SvgWriterTest.parse(svg).getDocumentElement().getLocalName(), c.getKey());
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(PngWriter.rasterize(svg, d.width())));
            assertEquals(Math.round(d.width()), img.getWidth(), 1, c.getKey());
        }
    }

    /** The factories are the pictures' own, by kind of layout: a plain and a swizzled layout reach their grid. */
    @Test
    void eachKindOfLayoutReachesItsOwnPicture() {
        ComposedLayout sw = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)");
        Layout plain = l("(8,64):(64,1)");
        assertEquals(SvgWriter.write(LayoutPicture.of(sw, null, null, 2)), SvgWriter.write(Drawings.layout(sw, null, 2, null)));
        assertEquals(SvgWriter.write(LayoutPicture.of(plain, null, null, 0)), SvgWriter.write(Drawings.layout(plain)));
        assertEquals(SvgWriter.write(BankPicture.of(sw, 2, l("8:1"), 0, null)), SvgWriter.write(Drawings.banks(sw, l("8:1"), 2, 0)));
        assertEquals(SvgWriter.write(BankPicture.of(plain, 2, l("8:1"), 0, null)), SvgWriter.write(Drawings.banks(plain, l("8:1"), 2, 0)));
        assertEquals(SvgWriter.write(MorphismPicture.of(NestMorphism.parse("(2,2) --(2,4)--> (3,2,5,2)"))),
                SvgWriter.write(Drawings.morphism(NestMorphism.parse("(2,2) --(2,4)--> (3,2,5,2)"))));
    }

    /** CuTe's identity layout (4,8):(1@0,1@1) has coordinates for values: the grid and the banks refuse it and say so. */
    @Test
    void aLayoutWithScaledBasisStridesIsRefusedWithTheReason() {
        AnyLayout identity = AnyLayout.parse("(4,8):(1@0,1@1)");
        IllegalArgumentException e = refused(() -> Drawings.layout(identity));
        assertEquals("layout of (4,8):(1@0,1@1): it is a layout with scaled-basis strides; its values are coordinates, and the grid"
                + " shows an offset in each cell", e.getMessage());
        e = refused(() -> Drawings.banks(identity, l("8:1"), 2, 0));
        assertTrue(e.getMessage().startsWith("banks of (4,8):(1@0,1@1): it is a layout with scaled-basis strides; its values are"
                + " coordinates"), e.getMessage());
    }

    /** CuTe's left_inverse of a swizzled layout with an offset, L o off o Sw, is a function of every offset: no grid. */
    @Test
    void aLayoutAfterASwizzleIsRefusedWithTheReason() {
        AnyLayout afterSwizzle = AnyLayout.parse("(8,8):(8,1) o -3 o Sw<3,0,3>");
        IllegalArgumentException e = refused(() -> Drawings.layout(afterSwizzle));
        assertTrue(e.getMessage().startsWith("layout of (8,8):(8,1) o -3 o Sw<3,0,3>: ") && e.getMessage().contains("without a shape"),
                e.getMessage());
        e = refused(() -> Drawings.banks(afterSwizzle, l("8:1"), 2, 0));
        assertTrue(e.getMessage().startsWith("banks of (8,8):(8,1) o -3 o Sw<3,0,3>: "), e.getMessage());
    }

    @Test
    void theFormIsTheFormOfTheTiling() {
        Diagram blocked = Drawings.product(l("(2,5):(5,1)"), l("(3,4):(1,3)"), ProductKind.BLOCKED);
        assertTrue(blocked.title().startsWith("blocked_product(A, B)"), blocked.title());
        assertEquals(SvgWriter.write(TilingPicture.divide(l("(8,8):(1,8)"), Tiler.parse("<2,4>"), DivideKind.ZIPPED)),
                SvgWriter.write(Drawings.divide(l("(8,8):(1,8)"), Tiler.parse("<2,4>"), DivideKind.ZIPPED)));
        assertTrue(Drawings.divide(l("(4,8):(1,4)"), l("(2,2):(1,4)"), DivideKind.LOGICAL).title().startsWith("logical_divide"));
        assertEquals("my title", Drawings.product(l("(2,2):(1,2)"), l("2:1"), ProductKind.BLOCKED, "my title").title());
        IllegalArgumentException e = refused(() -> Drawings.product(l("(2,2):(1,2)"), Tiler.parse("<2,2>"), ProductKind.LOGICAL));
        assertTrue(e.getMessage().contains("needs a layout B, not the by-mode tiler <2:1,2:1>"), e.getMessage());
    }

    /** Drawings.morphism(L) is f_L: PAPER-NOTES examples 1, 3, 4 and 6 give the morphisms printed there. */
    @Test
    void morphismOfALayoutIsItsStandardRepresentation() {
        String[][] cases = {
            {"(2,2,2):(1,2,4)", "(2,2,2) --(1,2,3)--> (2,2,2)"}, // PAPER-NOTES 1
            {"(2,2):(3,30)", "(2,2) --(2,4)--> (3,2,5,2)"}, // PAPER-NOTES 3
            {"(2,2,2,2):(24,0,3,480)", "(2,2,2,2) --(4,*,2,6)--> (3,2,4,2,10,2)"}, // PAPER-NOTES 4
            {"(32,(2,2)):(192,(24,3))", "(32,(2,2)) --(6,4,2)--> (3,2,4,2,4,32)"}, // PAPER-NOTES 6
        };
        for (String[] c : cases) {
            Layout l = Layout.parse(c[0]);
            assertEquals(c[1], StandardRepresentation.of(l).toString());
            Diagram d = Drawings.morphism(l);
            assertEquals("f_L, the standard representation of L = " + l, d.title());
            assertTrue(texts(d).contains(c[1]), c[0] + ": " + texts(d));
            assertTrue(texts(d).contains("encodes L_f = " + l), "L_(f_L) = L for non-degenerate L: " + c[0]);
            // the arrows are α: entry i of S to entry α(i) of T, * to *
            Map<String, String> arrows = new HashMap<>();
            for (DiagramEdge e : d.graph().edgeSet()) {
                if (e.kind() == DiagramEdge.Kind.ARROW) arrows.put(d.graph().getEdgeSource(e).id(), d.graph().getEdgeTarget(e).id());
            }
            List<Integer> alpha = StandardRepresentation.of(l).alpha().images();
            for (int i = 1; i <= alpha.size(); i++) {
                assertEquals(alpha.get(i - 1) == 0 ? "cod.*" : "cod." + alpha.get(i - 1), arrows.get("dom." + i), c[0] + " entry " + i);
            }
        }
        assertEquals("(2,2) --(2,4)--> (3,2,5,2)", texts(Drawings.morphism(NestMorphism.parse("(2,2) --(2,4)--> (3,2,5,2)"))).get(0));
        assertEquals("mine", Drawings.morphism(l("(2,2):(3,30)"), "mine").title());
    }

    @Test
    void aNonTractableLayoutHasNoMorphismAndTheErrorNamesTheModes() {
        // PAPER-NOTES 1: (2,2,2):(1,7,4) is not tractable
        IllegalArgumentException e = refused(() -> Drawings.morphism(l("(2,2,2):(1,7,4)")));
        assertTrue(e.getMessage().startsWith("morphism: "), e.getMessage());
        assertTrue(e.getMessage().contains("(2,2,2):(1,7,4) is not tractable"), e.getMessage());
        assertTrue(e.getMessage().contains("flat mode 3 (2:4) reaches 8, which does not divide the stride 7 of flat mode 2 (2:7)"),
                e.getMessage());
        e = refused(() -> Drawings.morphism(l("(4,6):(1,5)")));
        assertTrue(e.getMessage().contains("flat mode 1 (4:1) reaches 4, which does not divide the stride 5 of flat mode 2 (6:5)"),
                e.getMessage());
    }

    /** PAPER-NOTES 16: the mutual refinements computed by the category module are the ones printed there. */
    @Test
    void refinementIsComputedByTheCategoryModule() {
        String[][] cases = {
            {"(6,6)", "(2,6,3)", "T′ = ((2,3),(2,3)), U′ = (2,(3,2),3)"},
            {"(8,8,8)", "(2,8,8,8)", "T′ = ((2,4),(2,4),(2,4)), U′ = (2,(4,2),(4,2),(4,2))"},
            {"(4,2,2,32)", "(32,32)", "T′ = (4,2,2,(2,16)), U′ = ((4,2,2,2),(16,2))"},
            {"(6,6)", "(12,3,6)", "T′ = (6,(2,3)), U′ = ((6,2),3,6)"}, // PAPER-NOTES 13
        };
        for (String[] c : cases) {
            Diagram computed = Drawings.refinement(t(c[0]), t(c[1]));
            assertTrue(texts(computed).contains(c[2]), c[0] + " & " + c[1] + ": " + texts(computed));
            String[] primes = c[2].substring("T′ = ".length()).split(", U′ = ");
            assertEquals(SvgWriter.write(Drawings.refinement(t(c[0]), t(c[1]), t(primes[0]), t(primes[1]))), SvgWriter.write(computed));
        }
        IllegalArgumentException e = refused(() -> Drawings.refinement(t("(8,8)"), t("(3,8,8)"))); // PAPER-NOTES 16: none
        assertTrue(e.getMessage().startsWith("refinement: no mutual refinement of (8,8) and (3,8,8)"), e.getMessage());
        e = refused(() -> Drawings.refinement(t("(6,6)"), t("(2,6,3)"), t("(6,6)"), t("(2,6,3)")));
        assertTrue(e.getMessage().contains("are not a mutual refinement"), e.getMessage());
    }

    private static final Pattern CELL = Pattern.compile("p(\\d+)\\.(\\d+)\\.cell\\.(\\d+)\\.(\\d+)");

    /**
     * The walkthrough's answer is CuTe's: its title names A∘B as the core composition computes it, and the grid
     * of the last panel shows A(B(i)) at every index i.
     */
    @Test
    void composeWalkthroughShowsCuTesCompositePointwise() {
        String[][] cases = {
            {"(12,3,6):(1,72,12)", "(6,6):(1,6)", "(6,(2,3)):(1,(6,72))"}, // issue 4's done-when; PAPER-NOTES 13, the blog's B
            {"(12,3,6):(1,72,12)", "(6,6):(6,1)", "((2,3),6):((6,72),1)"}, // PAPER-NOTES 13
            {"(5,2,5,2):(1,25,5,50)", "(2,2):(5,50)", "(2,2):(25,50)"}, // PAPER-NOTES 12
            {"(10,360):(2,60)", "(6,6):(5,60)", "((2,3),6):((10,60),360)"}, // PAPER-NOTES 14
            {"(8,64):(64,1)", "((4,4),4):((16,1),4)", "((4,4),(2,2)):((2,64),(256,1))"}, // PAPER-NOTES 15
            {"7:1", "4:2", "4:2"}, // PAPER-NOTES: no mutual refinement, the extension answers
            {"100:7", "(3,5):(10,2)", "(3,5):(70,14)"}, // PAPER-NOTES: the same
            {"20:2", "(5,4):(4,1)", "(5,4):(8,2)"}, // seed 004 §3.1.3
        };
        for (String[] c : cases) {
            Layout a = Layout.parse(c[0]);
            Layout b = Layout.parse(c[1]);
            Layout expected = Layout.parse(c[2]);
            assertEquals(expected, Composition.compose(a, b), "CuTe's " + c[0] + " o " + c[1]);
            Diagram d = Drawings.compose(a, b);
            assertEquals("A∘B = " + expected + " (B applied first)", d.title());
            long rows = expected.rank() >= 2 ? expected.mode(0).size() : 1;
            int cells = 0;
            for (DiagramNode n : d.graph().vertexSet()) {
                Matcher m = CELL.matcher(n.id());
                if (!m.matches()) continue;
                long i = Long.parseLong(m.group(3)) + rows * Long.parseLong(m.group(4));
                assertEquals(Long.toString(a.apply(b.apply(i))), n.label(), c[0] + " o " + c[1] + " at " + i);
                cells++;
            }
            assertEquals(b.size(), cells, "one cell per index of B");
        }
    }

    /** PAPER-NOTES: A = 7:1 under B = 4:2 has no mutual refinement; the walkthrough says B~ stands for A. */
    @Test
    void theExtensionIsNamedInThePanels() {
        Diagram d = Drawings.compose(l("7:1"), l("4:2"));
        assertEquals(CategoricalComposition.trace(Layout.parse("7:1"), Layout.parse("4:2")).bTilde(), Layout.parse("8:1"));
        List<String> t = texts(d);
        assertTrue(t.contains("2 · extension: g = f_B~, B~ = 8:1 stands for A"), t.toString());
        assertTrue(t.stream().anyMatch(x -> x.contains("B~ = 8:1 stands for A: it has size T and agrees with A on [0, cosize B) = [0, 7)")), t.toString());
        assertTrue(texts(Drawings.compose(l("(12,3,6):(1,72,12)"), l("(6,6):(1,6)"))).stream()
                .noneMatch(x -> x.contains("extension")));
    }

    /** (2,3):(3,1) o (2,2):(1,2) = (2,2):(3,1) is not tractable: the walkthrough composes each mode of B. */
    @Test
    void aCompositeThatIsNotTractableIsWalkedThroughModeByMode() {
        Diagram d = Drawings.compose(l("(2,3):(3,1)"), l("(2,2):(1,2)"));
        assertEquals("A∘B = " + Composition.compose(Layout.parse("(2,3):(3,1)"), Layout.parse("(2,2):(1,2)")) + " (B applied first)",
                d.title());
        List<String> t = texts(d);
        assertTrue(t.stream().anyMatch(x -> x.startsWith("A∘B_1 · 1 · f = f_B_1, B_1 = 2:1")), t.toString());
        assertTrue(t.stream().anyMatch(x -> x.startsWith("A∘B_2 · 7 · A∘B_2 = ")), t.toString());
    }

    @Test
    void composeWithoutAWalkthroughSaysWhetherTheCompositeExists() {
        // the style guide's example: no composite in CuTe
        IllegalArgumentException e = refused(() -> Drawings.compose(l("(4,6):(1,5)"), l("3:2")));
        assertTrue(e.getMessage().startsWith("compose: no composite: "), e.getMessage());
        assertTrue(e.getMessage().contains("not divisible"), e.getMessage());
        // PAPER-NOTES 21: no composite exists
        e = refused(() -> Drawings.compose(l("(4,5):(1,100)"), l("3:2")));
        assertTrue(e.getMessage().startsWith("compose: no composite: "), e.getMessage());
        // PAPER-NOTES 20: CuTe composes a non-tractable A; the category cannot: CuTe's steps and the composite instead
        Diagram d = Drawings.compose(l("(4,6,8,10):(2,3,5,7)"), l("6:12"));
        assertTrue(d.title().startsWith("A∘B = (2,3):(9,5) (B applied first), by CuTe's algorithm"), d.title());
        assertEquals("mine", Drawings.compose(l("(4,6,8,10):(2,3,5,7)"), l("6:12"), "mine").title());
    }
}
