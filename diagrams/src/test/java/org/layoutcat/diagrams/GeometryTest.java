package org.layoutcat.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.diagrams.picture.LayoutPicture;
import org.layoutcat.diagrams.picture.MorphismPicture;

/** The geometry of every picture: labels apart, arrows from their domain entry to their codomain entry, sizes. */
class GeometryTest {

    /** Pairs of text labels whose boxes (monospace advance, one em high) overlap. */
    static List<String> overlaps(Scene scene) {
        List<Scene.Text> texts = new ArrayList<>(scene.texts());
        texts.sort(Comparator.comparingDouble(t -> t.bounds().x()));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            Box a = texts.get(i).bounds();
            for (int j = i + 1; j < texts.size(); j++) {
                Box b = texts.get(j).bounds();
                if (b.x() >= a.right()) break;
                if (a.overlaps(b)) out.add("'" + texts.get(i).text() + "' " + a + " and '" + texts.get(j).text() + "' " + b);
            }
        }
        return out;
    }

    static void assertSound(String name, Diagram d) {
        Scene s = d.scene();
        List<String> clash = overlaps(s);
        if (!clash.isEmpty()) fail(name + ": " + clash.size() + " overlapping labels, e.g. " + clash.get(0));
        for (Scene.Text t : s.texts()) {
            assertTrue(t.size() >= Style.MIN_FONT, name + ": text '" + t.text() + "' at " + t.size() + "px");
            Box b = t.bounds();
            assertTrue(b.x() >= 0 && b.y() >= 0 && b.right() <= s.width() && b.bottom() <= s.height(),
                    name + ": text '" + t.text() + "' " + b + " leaves the " + s.width() + "x" + s.height() + " canvas");
        }
        assertArrowsJoinTheirEnds(name, d);
        assertCellTextFits(name, d);
    }

    /** Every arrow edge is drawn by the curve of its id, from the source's right side to the target's left side. */
    static void assertArrowsJoinTheirEnds(String name, Diagram d) {
        Map<String, Scene.Curve> curves = new java.util.HashMap<>();
        for (Scene.Curve c : d.scene().curves()) if (c.id() != null) curves.put(c.id(), c);
        int arrows = 0;
        for (DiagramEdge e : d.graph().edgeSet()) {
            if (e.kind() != DiagramEdge.Kind.ARROW) continue;
            arrows++;
            Scene.Curve c = curves.get(e.id());
            if (c == null) fail(name + ": arrow " + e.id() + " is not drawn");
            Box from = d.graph().getEdgeSource(e).box();
            Box to = d.graph().getEdgeTarget(e).box();
            assertTrue(from.onBoundary(c.from(), 1e-6), name + ": " + e.id() + " starts at " + c.from() + ", not on " + from);
            assertTrue(to.onBoundary(c.to(), 1e-6), name + ": " + e.id() + " ends at " + c.to() + ", not on " + to);
            assertEquals(from.right(), c.from().x(), 1e-6, name + ": " + e.id() + " leaves the domain entry's right side");
            assertEquals(to.x(), c.to().x(), 1e-6, name + ": " + e.id() + " enters the codomain entry's left side");
            assertTrue(c.arrow(), name + ": " + e.id() + " has an arrowhead");
        }
        assertEquals(arrows, d.scene().curves().size(), name + ": every curve is an arrow of the graph");
    }

    /** The text drawn inside a grid cell fits in it. */
    static void assertCellTextFits(String name, Diagram d) {
        List<Box> cells = d.graph().vertexSet().stream()
                .filter(n -> n.kind() == DiagramNode.Kind.CELL || n.kind() == DiagramNode.Kind.ENTRY).map(DiagramNode::box).toList();
        for (Scene.Text t : d.scene().texts()) {
            for (Box b : cells) {
                if (t.x() > b.x() && t.x() < b.right() && t.y() > b.y() && t.y() < b.bottom()) {
                    Box tb = t.bounds();
                    assertTrue(tb.x() >= b.x() && tb.right() <= b.right() && tb.y() >= b.y() && tb.bottom() <= b.bottom(),
                            name + ": label '" + t.text() + "' " + tb + " does not fit its cell " + b);
                }
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> everySampleIsSound() {
        return Samples.all().entrySet().stream().filter(e -> !e.getKey().equals("layout-64x64"))
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> assertSound(e.getKey(), e.getValue().get())));
    }

    @Test
    void a64x64GridIsSoundAndReadable() {
        Diagram d = Samples.all().get("layout-64x64").get();
        assertSound("64x64", d);
        assertEquals(64 * 64, d.graph().vertexSet().stream().filter(n -> n.kind() == DiagramNode.Kind.CELL).count());
        assertTrue(d.scene().texts().stream().allMatch(t -> t.size() >= Style.MIN_FONT));
        List<Scene.Text> last = d.scene().texts().stream().filter(t -> t.text().equals("4095")).toList();
        assertFalse(last.isEmpty(), "the last offset, 4095, is labelled");
        assertTrue(last.stream().allMatch(t -> t.size() == Style.LABEL), "offsets keep the label size");
    }

    @Test
    void gridGrowsWithTheLayoutAndKeepsItsFontSize() {
        double lastW = 0;
        double lastH = 0;
        for (int n = 1; n <= 64; n++) {
            Diagram d = LayoutPicture.of(Layout.colMajor(IntTuple.flat(n, n)));
            assertTrue(d.width() >= lastW, n + "x" + n + " is at least as wide as the smaller grid");
            assertTrue(n < 4 || d.width() > lastW, n + "x" + n + " is wider than the smaller grid");
            assertTrue(d.height() > lastH, n + "x" + n + " is taller than the smaller grid");
            assertTrue(d.scene().texts().stream().allMatch(t -> t.size() >= Style.MIN_FONT));
            lastW = d.width();
            lastH = d.height();
        }
    }

    @Test
    void morphismPicturesGrowWithTheirEntriesUpTo32() {
        double lastH = 0;
        for (int m = 1; m <= 32; m++) {
            int[] alpha = new int[m];
            for (int i = 0; i < m; i++) alpha[i] = m - i;
            long[] s = new long[m];
            java.util.Arrays.fill(s, 2);
            Diagram d = MorphismPicture.of(IntTuple.flat(s), IntTuple.flat(s), alpha, null);
            assertTrue(d.height() > lastH, m + " entries: taller than " + (m - 1));
            lastH = d.height();
            assertSound(m + " entries", d);
        }
    }

    @Property(tries = 60)
    void randomMorphismPicturesAreSound(@ForAll @IntRange(min = 0, max = 12) int m, @ForAll @IntRange(min = 0, max = 6) int extra,
                                        @ForAll long seed) {
        NestMorphism f = RandomValues.morphism(new java.util.Random(seed), m, extra);
        assertSound(f.toString(), MorphismPicture.of(f));
    }

    @Property(tries = 40)
    void randomLayoutGridsAreSound(@ForAll long seed) {
        Layout l = RandomValues.layout(new java.util.Random(seed));
        assertSound(l.toString(), LayoutPicture.of(l));
    }

    @Test
    void aRank5GridWhoseLabelsOnceOverlapped() {
        // found by randomLayoutGridsAreSound: 21 overlapping labels
        Layout l = Layout.parse("(4,2,3,4,2):(31,21,5,3,1)");
        assertSound(l.toString(), LayoutPicture.of(l));
    }

    @Test
    void nodesAreWhereTheyAreDrawn() {
        for (Map.Entry<String, Supplier<Diagram>> e : Samples.all().entrySet()) {
            if (e.getKey().equals("layout-64x64")) continue;
            Diagram d = e.getValue().get();
            java.util.Set<Box> rects = new java.util.HashSet<>();
            for (Scene.Shape s : d.scene().shapes()) if (s instanceof Scene.Rect r) rects.add(r.box());
            for (DiagramNode n : d.graph().vertexSet()) {
                if (n.kind() == DiagramNode.Kind.BRACKET) continue;
                assertTrue(rects.contains(n.box()), e.getKey() + ": node " + n.id() + " has no rectangle at " + n.box());
            }
        }
    }
}
