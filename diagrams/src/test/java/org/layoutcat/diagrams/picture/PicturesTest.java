package org.layoutcat.diagrams.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.compose.CompositionTrace;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Product;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramEdge;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.RandomValues;
import org.layoutcat.diagrams.Samples;

/** What each picture shows agrees with the mathematics pointwise. */
class PicturesTest {

    @Property(tries = 60)
    void layoutGridShowsTheLayoutFunction(@ForAll long seed) {
        Layout l = RandomValues.layout(new java.util.Random(seed));
        Diagram d = LayoutPicture.of(l);
        // rank 1: a column (CuTe pads a vector to (N,1)); rank 2: rows mode 0, columns mode 1; rank r ≥ 3: one panel
        // of modes 0 and 1 per coordinate of modes 2..r−1, index r + rows·c + rows·cols·p
        long rows = l.rank() >= 2 ? l.mode(0).size() : l.size();
        long cols = l.rank() >= 2 ? l.mode(1).size() : 1;
        long panels = l.size() / (rows * cols);
        for (long p = 0; p < panels; p++) {
            String prefix = panels > 1 ? "p" + p + ".cell." : "cell.";
            for (long c = 0; c < cols; c++) {
                for (long r = 0; r < rows; r++) {
                    assertEquals(Long.toString(l.apply(r + rows * c + rows * cols * p)), d.node(prefix + r + "." + c).label(),
                            l + " at " + p + ":" + r + "," + c);
                }
            }
        }
        if (panels > 1) { // panels wrap below the page width, unless one panel alone (modes 0 and 1) is wider
            double panel = LayoutPicture.of(Layout.concat(l.mode(0), l.mode(1))).width();
            assertTrue(d.width() <= Math.max(LayoutPicture.PAGE_WIDTH, panel + 40), l + ": " + d.width() + " px wide");
        }
    }

    @Test
    void nestedRowHeadersShowTheHierarchicalCoordinate() {
        // PAPER-NOTES example 13's result: rows run over the mode (2,3), shown as tracks (_,3), (2,_), then (2,3)
        Layout l = Layout.parse("((2,3),6):((6,72),1)");
        Diagram d = LayoutPicture.of(l);
        for (int r = 0; r < 6; r++) {
            assertEquals(Integer.toString(r / 2), d.node("row.0." + (r / 2)).label());
            assertEquals(Integer.toString(r % 2), d.node("row.1." + r).label());
            assertEquals(Integer.toString(r), d.node("row.2." + r).label());
        }
        DiagramNode outer = d.node("row.0.1");
        assertEquals(2 * d.node("row.1.2").box().h(), outer.box().h(), 1e-9, "the (_,3) header spans two rows");
    }

    /**
     * The morphism picture draws the category module's morphism itself: entry i of S is labelled s_i and points at
     * entry α(i) of T (or at *), entry j of T is labelled t_j, and the notation and L_f under the title are the
     * category's {@code f.toString()} and {@code f.encodedLayout()}.
     */
    @Property(tries = 100)
    void morphismPictureShowsTheCategorysMorphism(@ForAll @IntRange(min = 0, max = 10) int m,
                                                  @ForAll @IntRange(min = 0, max = 4) int extra, @ForAll long seed) {
        NestMorphism f = RandomValues.morphism(new java.util.Random(seed), m, extra);
        Diagram d = MorphismPicture.of(f);
        long[] s = f.domain().leaves();
        long[] t = f.codomain().leaves();
        Map<String, String> arrows = new HashMap<>();
        for (DiagramEdge e : d.graph().edgeSet()) {
            if (e.kind() == DiagramEdge.Kind.ARROW) arrows.put(d.graph().getEdgeSource(e).id(), d.graph().getEdgeTarget(e).id());
        }
        for (int i = 1; i <= s.length; i++) {
            assertEquals(Long.toString(s[i - 1]), d.node("dom." + i).label(), f + ": s" + i);
            assertEquals(f.map(i) == FinMorphism.STAR ? "cod.*" : "cod." + f.map(i), arrows.get("dom." + i), f + ": α(" + i + ")");
        }
        for (int j = 1; j <= t.length; j++) assertEquals(Long.toString(t[j - 1]), d.node("cod." + j).label(), f + ": t" + j);
        // the title lines, a long one wrapped: compared without white space
        String texts = d.scene().texts().stream().map(org.layoutcat.diagrams.Scene.Text::text).reduce("", String::concat)
                .replaceAll("\\s", "");
        assertTrue(texts.contains(f.toString().replace(" ", "")) || texts.contains("α=" + f.alpha()), f + ": " + texts);
        assertTrue(texts.contains("encodesL_f=" + f.encodedLayout()), f + ": " + texts);
    }

    @Test
    void morphismPictureHasAnArrowPerEntryAndBracketsPerTuple() {
        // PAPER-NOTES example 7: (128,(4,4,2)) --(3,1,2,*)--> ((4,4),128)
        Diagram d = MorphismPicture.of(Samples.morphism("(128,(4,4,2)) --(3,1,2,*)--> ((4,4),128)"));
        Map<String, String> arrows = new HashMap<>();
        for (DiagramEdge e : d.graph().edgeSet()) {
            if (e.kind() == DiagramEdge.Kind.ARROW) arrows.put(d.graph().getEdgeSource(e).id(), d.graph().getEdgeTarget(e).id());
        }
        assertEquals(Map.of("dom.1", "cod.3", "dom.2", "cod.1", "dom.3", "cod.2", "dom.4", "cod.*", "dom.*", "cod.*"), arrows);
        assertEquals("(4,4,2)", d.node("dom.(1)").label());
        assertEquals("(4,4)", d.node("cod.(0)").label());
        assertEquals(3, d.graph().outDegreeOf(d.node("dom.(1)")));
        assertEquals(DiagramNode.Kind.BASEPOINT, d.node("cod.*").kind());
    }

    @Test
    void refinementPictureJoinsEachEntryToItsPiece() {
        // PAPER-NOTES example 16: (6,6) & (2,6,3) → ((2,3),(2,3)), (2,(3,2),3)
        Diagram d = Samples.all().get("refinement-ex16a").get();
        List<String> shared = new ArrayList<>();
        for (int k = 1; k <= 4; k++) shared.add(d.node("ref." + k).label());
        assertEquals(List.of("2", "3", "2", "3"), shared);
        assertEquals("(2,3)", d.node("T.1.()").label());
        assertEquals("(3,2)", d.node("U.2.()").label());
        assertEquals(d.node("ref.1"), d.graph().getEdgeTarget(d.graph().outgoingEdgesOf(d.node("U.1")).iterator().next()));
    }

    @Test
    void refinementPictureRefusesWhatIsNoMutualRefinement() {
        IntTuple t = IntTuple.parse("(6,6)");
        IntTuple u = IntTuple.parse("(2,6,3)");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RefinementPicture.of(t, u, IntTuple.parse("((2,3),(3,3))"), IntTuple.parse("(2,(3,2),3)"), null));
        assertTrue(e.getMessage().contains("does not refine"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> RefinementPicture.of(t, u, IntTuple.parse("((3,2),(2,3))"), IntTuple.parse("(2,(3,2),3)"), null));
        assertTrue(e.getMessage().contains("is not a prefix"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> RefinementPicture.of(t, u, IntTuple.parse("(6,6,1)"), IntTuple.parse("(2,(3,2),3)"), null));
        assertTrue(e.getMessage().contains("rank 2"), e.getMessage());
    }

    @Test
    void walkthroughHasEveryStepOfTheTrace() {
        // PAPER-NOTES example 13 in CuTe's order: (12,3,6):(1,72,12) o (6,6):(6,1)
        CompositionTrace t = Samples.example13();
        Diagram d = Walkthrough.of(t);
        TreeSet<String> panels = new TreeSet<>();
        for (DiagramNode n : d.graph().vertexSet()) panels.add(n.id().substring(0, n.id().indexOf('.', 3)));
        assertEquals(new TreeSet<>(List.of("p0.0", "p0.1", "p0.2", "p1.0", "p1.1", "p2.0", "p2.1")), panels);
        List<String> texts = d.scene().texts().stream().map(org.layoutcat.diagrams.Scene.Text::text).toList();
        assertTrue(texts.contains("(6,6) --(2,1)--> (6,6)"), "f = f_B");
        assertTrue(texts.contains("(12,3,6) --(1,3,2)--> (12,6,3)"), "g = f_coal(A)");
        assertTrue(texts.contains("T′ = (6,(2,3)), U′ = ((6,2),3,6)"), "the mutual refinement");
        assertTrue(texts.contains("((2,3),6) --(2,3,1)--> ((6,2),3,6)"), "f′");
        assertTrue(texts.contains("((6,2),3,6) --(1,2,4,3)--> ((6,2),6,3)"), "g′");
        assertTrue(texts.contains("((2,3),6) --(2,4,1)--> ((6,2),6,3)"), "g′∘f′");
        assertEquals("A∘B = ((2,3),6):((6,72),1) (B applied first)", d.title());
        assertTrue(texts.stream().noneMatch(x -> x.contains("extension")), "no extension was needed");
    }

    /** The tile colouring reads the divide correctly: zipped_divide(A, B)(x) = A(k) for the index k coloured as x's tile. */
    @Test
    void tileColouringAgreesWithTheDivide() {
        Object[][] cases = {
            {"(4,8):(1,4)", "(2,2):(1,4)"}, // PAPER-NOTES example 18
            {"(4,8,4,8):(1,4,32,128)", "(4,4):(1,32)"}, // PAPER-NOTES example 18
            {"(64,32):(32,1)", "(4,4):(1,64)"}, // PAPER-NOTES example 18
            {"(8,8):(8,1)", "<4:1,2:1>"},
            {"(8,8):(1,8)", "<2,4>"},
            {"((2,4),6):((1,2),8)", "<(2,2):(1,4),3:2>"},
        };
        for (Object[] c : cases) {
            Layout a = Layout.parse((String) c[0]);
            Tiler b = Tiler.parse((String) c[1]);
            Layout z = Divide.zippedDivide(a, b);
            Layout idx = Divide.zippedDivide(Layout.colMajor(a.shape()), b);
            long[] tile = TilingPicture.tilesOf(a, b);
            long tileSize = z.mode(0).size();
            for (long x = 0; x < z.size(); x++) {
                long k = idx.apply(x);
                assertEquals(z.apply(x), a.apply(k), a + " ⊘ " + b + " at " + x);
                assertEquals(x / tileSize, tile[(int) k]);
            }
        }
    }

    /** Each copy of A in a product is A translated: the offsets coloured alike are A's offsets plus a constant. */
    @Test
    void productCopiesAreTranslatesOfA() {
        String[][] cases = {{"(2,3):(1,2)", "(3,2):(1,3)"}, {"(2,2):(5,10)", "(3,5):(5,1)"}, {"(3,10,10):(200,1,20)", "(2,2):(1,2)"},
            {"(2,2):(1,2)", "(2,3):(3,1)"}};
        for (String[] c : cases) {
            Layout a = Layout.parse(c[0]);
            Layout b = Layout.parse(c[1]);
            TreeSet<Long> image = new TreeSet<>();
            for (long i = 0; i < a.size(); i++) image.add(a.apply(i));
            for (TilingPicture.ProductKind kind : TilingPicture.ProductKind.values()) {
                Layout r = kind.apply(a, b);
                Layout index = kind.apply(Layout.colMajor(a.shape()), b);
                Map<Long, TreeSet<Long>> copies = new HashMap<>();
                for (long x = 0; x < r.size(); x++) {
                    copies.computeIfAbsent(Math.floorDiv(index.apply(x), a.size()), q -> new TreeSet<>()).add(r.apply(x));
                }
                assertEquals(b.size(), copies.size(), kind + " of " + a + ", " + b);
                for (TreeSet<Long> copy : copies.values()) {
                    long shift = copy.first() - image.first();
                    TreeSet<Long> back = new TreeSet<>();
                    for (long o : copy) back.add(o - shift);
                    assertEquals(image, back, kind + " of " + a + ", " + b + ": a copy of A");
                }
            }
        }
        assertThrows(IllegalArgumentException.class,
                () -> TilingPicture.product(Layout.parse("(2,2):(1,2)"), Tiler.parse("<2,2>"), TilingPicture.ProductKind.LOGICAL));
        assertEquals(Layout.parse("((2,2),(3,5)):((5,10),(20,1))"), Product.logicalProduct(Layout.parse("(2,2):(5,10)"),
                Layout.parse("(3,5):(5,1)"))); // PAPER-NOTES example 19
    }

    @Test
    void tvPictureRefusesOffsetsOutsideTheTile() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TvPicture.of(Layout.parse("((2,2),(2,3)):((2,12),(1,4))"), IntTuple.parse("(4,5)"), null));
        assertTrue(e.getMessage().contains("outside the tile (4,5)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TvPicture.of(Layout.parse("(2,2,2):(1,2,4)"), null, null));
        assertTrue(e.getMessage().contains("rank 2"), e.getMessage());
    }

    /**
     * ldmatrix.x4's destination TV layout (32,(2,4)):(2,(1,64)) over its strip of 256 halves is folded into 8 columns
     * of 32 (offset r + 32·c), not drawn as one column 19,766 px tall; each cell keeps the (thread, value) at its offset
     * (thread t holds offsets 2t, 2t+1, 2t+64, ...: the PTX ISA's ldmatrix fragment, 2 halves per 32-bit register).
     */
    @Test
    void aLongStripIsFoldedIntoColumns() {
        Diagram d = TvPicture.of(Layout.parse("(32,(2,4)):(2,(1,64))"), null, null);
        assertTrue(d.height() < 3000 && d.width() < 2500, d.width() + "x" + d.height());
        Map<String, String> cells = new HashMap<>();
        for (var n : d.graph().vertexSet()) if (n.kind() == org.layoutcat.diagrams.DiagramNode.Kind.CELL) cells.put(n.id(), n.label());
        // the tile panel is p0.0.; its cell (r, c) holds offset r + 32 c
        assertEquals(32 * 8 + 32 * 8, cells.size());
        for (int o = 0; o < 256; o++) {
            int t = (o % 64) / 2, v = o % 2 + 2 * (o / 64);
            String label = cells.get("p0.0.cell." + o % 32 + "." + o / 32);
            assertEquals("T" + t + " V" + v, label.replace("\n", " "), "offset " + o);
        }
        assertTrue(d.title().startsWith("TV layout"));
    }

    /**
     * A grid of 8 × 1,024 wraps into bands of columns (8 bands of 128 here, the aspect nearest 1.6), not one strip of
     * 41,000 px; every cell keeps its own id and value, L(r, c) = r + 8c for (8,1024):(1,8), and a grid narrower than
     * the wrap width is drawn in one band as before.
     */
    @Test
    void aWideGridWrapsIntoBandsOfColumns() {
        Diagram d = LayoutPicture.of(Layout.parse("(8,1024):(1,8)"));
        assertTrue(d.width() < 6000 && d.height() < 3000, d.width() + "x" + d.height());
        Map<String, org.layoutcat.diagrams.DiagramNode> cells = new HashMap<>();
        for (var n : d.graph().vertexSet()) if (n.kind() == org.layoutcat.diagrams.DiagramNode.Kind.CELL) cells.put(n.id(), n);
        assertEquals(8 * 1024, cells.size());
        for (int c = 0; c < 1024; c += 37) for (int r = 0; r < 8; r++) assertEquals(Long.toString(r + 8L * c), cells.get("cell." + r + "." + c).label());
        // column 128 starts the second band: left of column 127, under the first band
        var c127 = cells.get("cell.0.127").box();
        var c128 = cells.get("cell.0.128").box();
        assertTrue(c128.x() < c127.x() && c128.y() > cells.get("cell.7.127").box().bottom(), c127 + " " + c128);
        Diagram narrow = LayoutPicture.of(Layout.parse("(8,64):(64,1)"));
        assertTrue(narrow.width() < Grid.WRAP_WIDTH && narrow.height() < 400, narrow.width() + "x" + narrow.height());
    }

    @Test
    void broadcastElementsAreMarked() {
        Diagram d = Samples.all().get("tv-broadcast").get();
        long dashed = d.scene().shapes().stream().filter(s -> s instanceof org.layoutcat.diagrams.Scene.Rect r && r.dashed()).count();
        assertEquals(8, dashed, "(4,(2,2)):(2,(1,0)) reaches each of its 8 offsets twice");
    }

    // issue 15: a rank-4 layout and a 32×32 layout fit a page width (they were 13,070 and 1,417+ px wide)
    @Test
    void rankFourAndThirtyTwoByThirtyTwoFitAPage() {
        for (String text : new String[] {"(4,8,4,8):(1,4,32,128)", "(4,6,8,10)", "(32,32):(32,1)"}) {
            Diagram d = LayoutPicture.of(Layout.parse(text));
            assertTrue(d.width() <= LayoutPicture.PAGE_WIDTH, text + ": " + d.width() + " px wide");
        }
    }
}
