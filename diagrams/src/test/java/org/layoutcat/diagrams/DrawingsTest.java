package org.layoutcat.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.diagrams.export.PngWriter;
import org.layoutcat.diagrams.picture.TilingPicture;
import org.layoutcat.diagrams.svg.SvgWriterTest;

/** The entry point by name: every kind draws, the category module's answers are what the pictures show. */
class DrawingsTest {

    private static List<String> texts(Diagram d) {
        return d.scene().texts().stream().map(Scene.Text::text).toList();
    }

    private static IllegalArgumentException refused(String kind, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Drawings.draw(kind, List.of(args)));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e;
    }

    @Test
    void everyKindDrawsAnSvgThatBatikRasterizes() throws Exception {
        String[][] cases = {
            {"layout", "((2,3),6):((6,72),1)"},
            {"tv", "((2,2),(2,3)):((2,12),(1,4))", "(4,6)"}, // seed 003
            {"coords", "((2,2),(2,2)):((1,8),(2,4))"}, // seed 001
            {"divide", "(4,8):(1,4)", "(2,2):(1,4)"}, // PAPER-NOTES 18
            {"divide", "(8,8):(1,8)", "<2,4>", "zipped"},
            {"product", "(2,5):(5,1)", "(3,4):(1,3)", "blocked"}, // seed 004 §3.3
            {"product", "(2,5):(5,1)", "(3,4):(1,3)", "raked"},
            {"morphism", "(2,2,2,2) --(4,*,2,6)--> (3,2,4,2,10,2)"}, // PAPER-NOTES 4
            {"morphism", "(2,2,2,2):(24,0,3,480)"}, // PAPER-NOTES 4, as a layout
            {"refinement", "(6,6)", "(2,6,3)"}, // PAPER-NOTES 16
            {"refinement", "(6,6)", "(2,6,3)", "((2,3),(2,3))", "(2,(3,2),3)"},
            {"compose", "(12,3,6):(1,72,12)", "(6,6):(1,6)"}, // PAPER-NOTES 13, the blog's B
            {"compose", "7:1", "4:2"}, // PAPER-NOTES: the extension
            {"compose", "20:2", "(5,4):(4,1)"}, // seed 004 §3.1.3
        };
        for (String[] c : cases) {
            List<String> args = List.of(c).subList(1, c.length);
            String svg = Drawings.svg(c[0], args);
            assertEquals("svg", SvgWriterTest.parse(svg).getDocumentElement().getLocalName());
            Diagram d = Drawings.draw(c[0], args);
            assertEquals(svg, org.layoutcat.diagrams.svg.SvgWriter.write(d));
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(PngWriter.rasterize(svg, d.width())));
            assertEquals(Math.round(d.width()), img.getWidth(), 1, String.join(" ", c));
        }
    }

    @Test
    void theTrailingFormIsTheFormOfTheTiling() {
        Diagram blocked = Drawings.draw("product", List.of("(2,5):(5,1)", "(3,4):(1,3)", "blocked"));
        assertTrue(blocked.title().startsWith("blocked_product(A, B)"), blocked.title());
        Drawings.Options asOption = Drawings.Options.DEFAULT.withForm("blocked");
        assertEquals(org.layoutcat.diagrams.svg.SvgWriter.write(blocked), Drawings.svg("product", List.of("(2,5):(5,1)", "(3,4):(1,3)"), asOption));
        assertEquals(org.layoutcat.diagrams.svg.SvgWriter.write(TilingPicture.divide(Layout.parse("(8,8):(1,8)"),
                org.layoutcat.core.Tiler.parse("<2,4>"), TilingPicture.DivideKind.ZIPPED)),
                Drawings.svg("divide", List.of("(8,8):(1,8)", "<2,4>", "zipped")));
        assertTrue(Drawings.draw("divide", List.of("(4,8):(1,4)", "(2,2):(1,4)")).title().startsWith("logical_divide"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Drawings.draw("product",
                List.of("(2,5):(5,1)", "(3,4):(1,3)", "raked"), asOption));
        assertTrue(e.getMessage().contains("given twice"), e.getMessage());
        e = refused("divide", "(4,8):(1,4)", "(2,2):(1,4)", "sideways");
        assertTrue(e.getMessage().contains("divide kind 'sideways'"), e.getMessage());
        e = refused("product", "(2,5):(5,1)", "(3,4):(1,3)", "blocked", "raked");
        assertTrue(e.getMessage().contains("got 4 arguments"), e.getMessage());
        assertEquals("my title", Drawings.draw("product", List.of("(2,2):(1,2)", "2:1"), asOption.withTitle("my title")).title());
    }

    /** draw morphism L is f_L: PAPER-NOTES examples 1, 3, 4 and 6 give the morphisms printed there. */
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
            Diagram d = Drawings.draw("morphism", List.of(c[0]));
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
        assertEquals(texts(Drawings.draw("morphism", List.of("(2,2) --(2,4)--> (3,2,5,2)"))).get(0), "(2,2) --(2,4)--> (3,2,5,2)");
    }

    @Test
    void aNonTractableLayoutHasNoMorphismAndTheErrorNamesTheModes() {
        // PAPER-NOTES 1: (2,2,2):(1,7,4) is not tractable
        IllegalArgumentException e = refused("morphism", "(2,2,2):(1,7,4)");
        assertTrue(e.getMessage().startsWith("draw morphism: "), e.getMessage());
        assertTrue(e.getMessage().contains("(2,2,2):(1,7,4) is not tractable"), e.getMessage());
        assertTrue(e.getMessage().contains("flat mode 3 (2:4) reaches 8, which does not divide the stride 7 of flat mode 2 (2:7)"),
                e.getMessage());
        e = refused("morphism", "(4,6):(1,5)");
        assertTrue(e.getMessage().contains("flat mode 1 (4:1) reaches 4, which does not divide the stride 5 of flat mode 2 (6:5)"),
                e.getMessage());
        e = refused("morphism", "(2,2) -> (2,2)");
        assertTrue(e.getMessage().contains("expected"), e.getMessage());
        e = refused("morphism", "(2,2) --(1,1)--> (2,2)");
        assertTrue(e.getMessage().contains("(2,2) --(1,1)--> (2,2)"), e.getMessage());
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
            Diagram computed = Drawings.draw("refinement", List.of(c[0], c[1]));
            assertTrue(texts(computed).contains(c[2]), c[0] + " & " + c[1] + ": " + texts(computed));
            String[] primes = c[2].substring("T′ = ".length()).split(", U′ = ");
            assertEquals(Drawings.svg("refinement", List.of(c[0], c[1], primes[0], primes[1])), Drawings.svg("refinement", List.of(c[0], c[1])));
        }
        IllegalArgumentException e = refused("refinement", "(8,8)", "(3,8,8)"); // PAPER-NOTES 16: none
        assertTrue(e.getMessage().startsWith("draw refinement: no mutual refinement of (8,8) and (3,8,8)"), e.getMessage());
        e = refused("refinement", "(6,6)", "(2,6,3)", "((2,3),(2,3))");
        assertTrue(e.getMessage().contains("T and U, or T, U, T′ and U′; got 3 arguments"), e.getMessage());
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
            Diagram d = Drawings.draw("compose", List.of(c[0], c[1]));
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
        Diagram d = Drawings.draw("compose", List.of("7:1", "4:2"));
        assertEquals(CategoricalComposition.trace(Layout.parse("7:1"), Layout.parse("4:2")).bTilde(), Layout.parse("8:1"));
        List<String> t = texts(d);
        assertTrue(t.contains("2 · extension: g = f_B~, B~ = 8:1 stands for A"), t.toString());
        assertTrue(t.stream().anyMatch(x -> x.contains("B~ = 8:1 stands for A: it has size T and agrees with A on [0, cosize B) = [0, 7)")), t.toString());
        assertTrue(texts(Drawings.draw("compose", List.of("(12,3,6):(1,72,12)", "(6,6):(1,6)"))).stream()
                .noneMatch(x -> x.contains("extension")));
    }

    /** (2,3):(3,1) o (2,2):(1,2) = (2,2):(3,1) is not tractable: the walkthrough composes each mode of B. */
    @Test
    void aCompositeThatIsNotTractableIsWalkedThroughModeByMode() {
        Diagram d = Drawings.draw("compose", List.of("(2,3):(3,1)", "(2,2):(1,2)"));
        assertEquals("A∘B = " + Composition.compose(Layout.parse("(2,3):(3,1)"), Layout.parse("(2,2):(1,2)")) + " (B applied first)",
                d.title());
        List<String> t = texts(d);
        assertTrue(t.stream().anyMatch(x -> x.startsWith("A∘B_1 · 1 · f = f_B_1, B_1 = 2:1")), t.toString());
        assertTrue(t.stream().anyMatch(x -> x.startsWith("A∘B_2 · 7 · A∘B_2 = ")), t.toString());
    }

    @Test
    void composeWithoutAWalkthroughSaysWhetherTheCompositeExists() {
        // the style guide's example: no composite in CuTe
        IllegalArgumentException e = refused("compose", "(4,6):(1,5)", "3:2");
        assertTrue(e.getMessage().startsWith("draw compose: no composite: "), e.getMessage());
        assertTrue(e.getMessage().contains("not divisible"), e.getMessage());
        // PAPER-NOTES 21: no composite exists
        e = refused("compose", "(4,5):(1,100)", "3:2");
        assertTrue(e.getMessage().startsWith("draw compose: no composite: "), e.getMessage());
        // PAPER-NOTES 20: CuTe composes a non-tractable A; the category cannot: CuTe's steps and the composite instead
        Diagram d = Drawings.draw("compose", List.of("(4,6,8,10):(2,3,5,7)", "6:12"));
        assertTrue(d.title().startsWith("A∘B = (2,3):(9,5) (B applied first), by CuTe's algorithm"), d.title());
        e = refused("compose", "(12,3,6):(1,72,12)");
        assertTrue(e.getMessage().contains("layouts A and B (A o B, B applied first); got 1 argument"), e.getMessage());
    }

    @Test
    void anUnknownKindListsTheKinds() {
        IllegalArgumentException e = refused("pie", "4:1");
        assertEquals("unknown picture kind 'pie': one of morphism, refinement, compose, layout, tv, coords, divide, product, mma, copy, banks",
                e.getMessage());
        e = refused("layout", "4:1", "2", "8:1");
        assertEquals("draw layout takes a layout or composed layout and optionally the element's bytes; got 3 arguments", e.getMessage());
        e = refused("layout", "4:1", "8:1");
        assertEquals("draw layout: the element's bytes '8:1' are none of 1, 2, 4, 8, 16", e.getMessage());
        e = refused("banks", "(8,64):(64,1)", "8:1");
        assertTrue(e.getMessage().startsWith("draw banks takes a shared-memory layout, an access layout"), e.getMessage());
    }
}
