package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.IntTuple;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramEdge;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Palette;
import org.layoutcat.diagrams.Point;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * The picture of a nest morphism f: S → T of the category module ({@link NestMorphism}; a tuple morphism is one
 * with flat S and T) in the style of the paper (§2): the entries of S in a column on the left, those of T on the
 * right, an arrow i → α(i) for each entry; entries sent to the basepoint * are
 * dashed and point at T's *; unhit entries of T are dashed and stay visible; the nesting of S and T is drawn as
 * brackets on the outer sides. Entry i of S and the entry it hits share a colour.
 *
 * <p>Graph: nodes {@code dom.i}, {@code cod.j} (1-based), {@code dom.*}, {@code cod.*} and brackets
 * {@code dom.(path)}, {@code cod.(path)}; arrow edges {@code arrow.i} (and {@code arrow.*}); nesting edges from
 * each bracket to its modes.
 */
public final class MorphismPicture {
    private MorphismPicture() {}

    static final double PITCH = 30;
    static final double BOX_H = 22;
    static final double BRACKET_STEP = 7;
    static final double ARM = 4;

    /**
     * The picture of {@code domain --(alpha)--> codomain} (α 1-based, 0 for *), titled {@code title} or, if null, f.
     *
     * @throws IllegalArgumentException where these make no morphism (see {@link NestMorphism#of(IntTuple, IntTuple,
     *         int...)}): an entry of a tuple ≤ 0, an α of another length than the domain's leaves, a value of α outside
     *         {@code {*,1..n}}, α not injective away from {@code *}, or {@code s_i ≠ t_α(i)}
     */
    public static Diagram of(IntTuple domain, IntTuple codomain, int[] alpha, String title) {
        return of(NestMorphism.of(domain, codomain, alpha), title);
    }

    /** The picture of f titled with f in the paper's notation. */
    public static Diagram of(NestMorphism f) {
        return of(f, null);
    }

    /**
     * The picture of f under the given title, f in the paper's notation below it (null: f's notation is the
     * title); a notation too long for one line is split into S, α and T.
     */
    public static Diagram of(NestMorphism f, String title) {
        long[] s = f.domain().leaves();
        long[] t = f.codomain().leaves();
        int m = s.length;
        int n = t.length;
        boolean star = !f.alpha().avoidsBasepoint();
        int[] hitBy = new int[n + 1];
        for (int i = 1; i <= m; i++) if (f.map(i) != FinMorphism.STAR) hitBy[f.map(i)] = i;

        double boxW = 34;
        for (long v : s) boxW = Math.max(boxW, Style.textWidth(Long.toString(v), Style.LABEL) + 14);
        for (long v : t) boxW = Math.max(boxW, Style.textWidth(Long.toString(v), Style.LABEL) + 14);
        double idxW = Style.textWidth(Integer.toString(Math.max(m, n)), Style.SMALL) + 6;
        int depthS = f.domain().depth();
        int depthT = f.codomain().depth();
        double zoneS = depthS * BRACKET_STEP + (depthS > 0 ? 2 : 0);
        double zoneT = depthT * BRACKET_STEP + (depthT > 0 ? 2 : 0);
        int maxSpan = Math.max(m, n);
        double gap = 150 + 3 * Math.min(maxSpan, 40);

        double domX = Style.MARGIN + zoneS + idxW;
        double codX = domX + boxW + gap;
        double contentRight = codX + boxW + idxW + zoneT + Style.MARGIN;

        List<String> lines = titleLines(f, title, contentRight);
        List<Sketch.TitleLine> titles = Sketch.wrap(lines, contentRight);
        double width = Math.max(contentRight, Sketch.titlesWidth(titles));
        Sketch k = new Sketch();
        double y = k.titles(titles, Style.MARGIN);
        double headerY = y + 8;
        double top = headerY + 14;

        // the basepoints side by side on top, the entries of the shorter column centred against the longer
        int first = star ? 1 : 0;
        int rows = first + Math.max(m, n);
        double offS = (Math.max(m, n) - m) * PITCH / 2;
        double offT = (Math.max(m, n) - n) * PITCH / 2;

        k.scene.add(new Scene.Text(domX + boxW / 2, headerY, "domain", Style.SMALL, Scene.Anchor.MIDDLE, Style.MUTED, false));
        k.scene.add(new Scene.Text(codX + boxW / 2, headerY, "codomain", Style.SMALL, Scene.Anchor.MIDDLE, Style.MUTED, false));

        // basepoints
        DiagramNode domStar = null;
        DiagramNode codStar = null;
        if (star) {
            domStar = star(k, "dom.*", domX + boxW / 2, top);
            codStar = star(k, "cod.*", codX + boxW / 2, top);
        }
        // entries
        List<DiagramNode> dom = new ArrayList<>();
        for (int i = 1; i <= m; i++) {
            Box b = new Box(domX, top + offS + (i - 1 + first) * PITCH, boxW, BOX_H);
            boolean toStar = f.map(i) == FinMorphism.STAR;
            dom.add(k.entry("dom." + i, DiagramNode.Kind.ENTRY, Long.toString(s[i - 1]), b,
                    toStar ? Style.UNUSED_FILL : Palette.fill(i - 1), toStar, Style.INK));
            index(k, Integer.toString(i), b.x() - 4, b.centerY(), Scene.Anchor.END);
        }
        List<DiagramNode> cod = new ArrayList<>();
        for (int j = 1; j <= n; j++) {
            Box b = new Box(codX, top + offT + (j - 1 + first) * PITCH, boxW, BOX_H);
            boolean hit = hitBy[j] != 0;
            cod.add(k.entry("cod." + j, DiagramNode.Kind.ENTRY, Long.toString(t[j - 1]), b,
                    hit ? Palette.fill(hitBy[j] - 1) : Style.PAPER, !hit, hit ? Style.INK : Style.MUTED));
            index(k, Integer.toString(j), b.right() + 4, b.centerY(), Scene.Anchor.START);
        }
        // nesting
        brackets(k, "dom.", f.domain(), dom, domX - idxW - 2, -1);
        brackets(k, "cod.", f.codomain(), cod, codX + boxW + idxW + 2, +1);
        // arrows
        if (star) {
            Scene.Curve c = k.arrow("arrow.*", new Point(domStar.box().right(), domStar.box().centerY()),
                    new Point(codStar.box().x(), codStar.box().centerY()), true);
            k.edge(c.id(), DiagramEdge.Kind.ARROW, domStar, codStar);
        }
        for (int i = 1; i <= m; i++) {
            DiagramNode from = dom.get(i - 1);
            int a = f.map(i);
            DiagramNode to = a == FinMorphism.STAR ? codStar : cod.get(a - 1);
            Scene.Curve c = k.arrow("arrow." + i, new Point(from.box().right(), from.box().centerY()),
                    new Point(to.box().x(), to.box().centerY()), a == FinMorphism.STAR);
            k.edge(c.id(), DiagramEdge.Kind.ARROW, from, to);
        }
        double height = top + rows * PITCH - (PITCH - BOX_H) + 6 + Style.MARGIN;
        return k.build(lines.get(0), width, height);
    }

    private static List<String> titleLines(NestMorphism f, String title, double contentWidth) {
        List<String> lines = new ArrayList<>();
        String encoded;
        try {
            encoded = "encodes L_f = " + f.encodedLayout();
        } catch (ArithmeticException e) {
            encoded = null; // the codomain's prefix products overflow: no layout to name
        }
        String one = f.toString();
        boolean fits = Style.textWidth(one, Style.TITLE) + 2 * Style.MARGIN <= Math.max(contentWidth, 640);
        if (title != null) {
            lines.add(title);
            if (fits) lines.add(one);
        } else if (fits) {
            lines.add(one);
        } else {
            lines.add("f : S → T");
        }
        if (!fits) {
            lines.add("S = " + f.domain());
            lines.add("α = " + f.alpha());
            lines.add("T = " + f.codomain());
        }
        if (encoded != null) lines.add(encoded);
        return lines;
    }

    private static DiagramNode star(Sketch k, String id, double cx, double y) {
        Box b = new Box(cx - BOX_H / 2, y, BOX_H, BOX_H);
        k.scene.add(new Scene.Rect(b, Style.PAPER, Style.MUTED, 1, BOX_H / 2, false, false));
        k.scene.add(new Scene.Text(b.centerX(), b.centerY(), "*", Style.LABEL, Scene.Anchor.MIDDLE, Style.MUTED, false));
        return k.node(id, DiagramNode.Kind.BASEPOINT, "*", b);
    }

    private static void index(Sketch k, String text, double x, double y, Scene.Anchor anchor) {
        k.scene.add(new Scene.Text(x, y, text, Style.SMALL, anchor, Style.MUTED, false));
    }

    /**
     * Brackets for every tuple node of {@code tuple}, spines at {@code edge} plus a step per height outward
     * ({@code dir} −1: to the left, arms pointing right; +1: to the right, arms pointing left).
     */
    static void brackets(Sketch k, String prefix, IntTuple tuple, List<DiagramNode> leaves, double edge, int dir) {
        List<TupleTree> nodes = TupleTree.nodes(tuple);
        java.util.Map<List<Integer>, DiagramNode> byPath = new java.util.HashMap<>();
        List<DiagramNode> made = new ArrayList<>();
        for (TupleTree t : nodes) {
            double x = edge + dir * (t.height() - 1) * BRACKET_STEP + dir * 2;
            if (t.lastLeaf() < t.firstLeaf()) continue; // empty tuple: nothing to span
            double y0 = leaves.get(t.firstLeaf()).box().y() - 2;
            double y1 = leaves.get(t.lastLeaf()).box().bottom() + 2;
            Box b = k.bracket(x, y0, y1, -dir * ARM);
            DiagramNode node = k.node(prefix + TupleTree.name(t.path()), DiagramNode.Kind.BRACKET,
                    TupleTree.at(tuple, t.path()).toString(), b);
            byPath.put(t.path(), node);
            made.add(node);
        }
        for (TupleTree t : nodes) {
            DiagramNode parent = byPath.get(t.path());
            if (parent == null) continue;
            for (List<Integer> c : t.children()) {
                DiagramNode child = byPath.get(c);
                if (child == null) {
                    if (!TupleTree.at(tuple, c).isLeaf()) continue; // an empty sub-tuple has no bracket
                    child = leaves.get(TupleTree.leafIndex(tuple, c));
                }
                k.edge("nest." + parent.id() + "." + TupleTree.name(c), DiagramEdge.Kind.NESTING, parent, child);
            }
        }
    }
}
