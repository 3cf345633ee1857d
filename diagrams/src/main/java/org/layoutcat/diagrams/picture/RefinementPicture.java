package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * The picture of a mutual refinement (paper §4): T′ refining T and U′ refining U with T′♭ a prefix of U′♭. The
 * middle column is the shared refined flattening U′♭; on the left each entry of T is joined by a bracket to the
 * piece mode_i(T′, T) that replaces it, on the right each entry of U to mode_j(U′, U); the nesting of T and U is
 * drawn as outer brackets. Entries of U′♭ beyond T′♭ are dashed.
 *
 * <p>Graph: nodes {@code T.i}, {@code U.j}, {@code ref.k} (1-based), brackets {@code T.(path)}, {@code U.(path)}
 * for the nesting of T and U, {@code T.i.(path)} and {@code U.j.(path)} for the pieces; refinement edges from each
 * entry of T and U to its piece; nesting edges.
 */
public final class RefinementPicture {
    private RefinementPicture() {}

    private static final double PITCH = MorphismPicture.PITCH;
    private static final double BOX_H = MorphismPicture.BOX_H;
    private static final double STEP = MorphismPicture.BRACKET_STEP;

    /**
     * The picture of the mutual refinement (T′, U′) of (T, U).
     *
     * @throws IllegalArgumentException when T′ does not refine T, U′ does not refine U, or T′♭ is not a prefix
     *     of U′♭
     */
    public static Diagram of(IntTuple t, IntTuple u, IntTuple tPrime, IntTuple uPrime, String title) {
        List<IntTuple> pt = pieces("T′", tPrime, "T", t);
        List<IntTuple> pu = pieces("U′", uPrime, "U", u);
        long[] tf = tPrime.leaves();
        long[] uf = uPrime.leaves();
        boolean prefix = tf.length <= uf.length;
        for (int i = 0; prefix && i < tf.length; i++) prefix = tf[i] == uf[i];
        if (!prefix) {
            throw new IllegalArgumentException("T′ = " + tPrime + " and U′ = " + uPrime + " are not a mutual refinement: T′♭ = "
                    + tPrime.flatten() + " is not a prefix of U′♭ = " + uPrime.flatten());
        }
        int rows = uf.length;
        int[] startT = starts(pt);
        int[] startU = starts(pu);

        double wT = boxWidth(t.leaves());
        double wU = boxWidth(u.leaves());
        double wS = boxWidth(uf);
        double zoneT = t.depth() * STEP + 6;
        double zoneU = u.depth() * STEP + 6;
        double linkT = 24 + maxDepth(pt) * STEP;
        double linkU = 24 + maxDepth(pu) * STEP;
        double xT = Style.MARGIN + zoneT;
        double xS = xT + wT + linkT;
        double xU = xS + wS + linkU;
        double right = xU + wU + zoneU + Style.MARGIN;

        List<String> titles = new ArrayList<>();
        titles.add(title != null ? title : "mutual refinement of T = " + t + " and U = " + u);
        titles.add("T′ = " + tPrime + ", U′ = " + uPrime);
        boolean tail = tf.length < uf.length;
        if (tail) titles.add("dashed: the entries of U′ beyond those of T′");
        List<Sketch.TitleLine> block = Sketch.wrap(titles, right);
        double width = Math.max(right, Sketch.titlesWidth(block));

        Sketch k = new Sketch();
        double headerY = k.titles(block, Style.MARGIN) + 8;
        double top = headerY + 14;
        k.scene.add(new Scene.Text(xT + wT / 2, headerY, "T", Style.SMALL, Scene.Anchor.MIDDLE, Style.MUTED, false));
        k.scene.add(new Scene.Text(xS + wS / 2, headerY, "refined", Style.SMALL, Scene.Anchor.MIDDLE, Style.MUTED, false));
        k.scene.add(new Scene.Text(xU + wU / 2, headerY, "U", Style.SMALL, Scene.Anchor.MIDDLE, Style.MUTED, false));

        int[] ownerT = new int[rows];
        java.util.Arrays.fill(ownerT, -1);
        for (int i = 0; i < pt.size(); i++) {
            for (int r = startT[i]; r < startT[i] + pt.get(i).leafCount(); r++) ownerT[r] = i;
        }
        List<DiagramNode> shared = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            Box b = new Box(xS, top + r * PITCH, wS, BOX_H);
            boolean inT = r < tf.length;
            shared.add(k.entry("ref." + (r + 1), DiagramNode.Kind.ENTRY, Long.toString(uf[r]), b,
                    inT ? Palette.fill(ownerT[r]) : Style.UNUSED_FILL, !inT, Style.INK));
        }
        List<DiagramNode> tBoxes = side(k, "T.", t.leaves(), pt, startT, shared, xT, wT, xS, -1, top, true);
        List<DiagramNode> uBoxes = side(k, "U.", u.leaves(), pu, startU, shared, xU, wU, xS + wS, +1, top, false);
        MorphismPicture.brackets(k, "T.", t, tBoxes, xT - 4, -1);
        MorphismPicture.brackets(k, "U.", u, uBoxes, xU + wU + 4, +1);

        double height = top + rows * PITCH - (PITCH - BOX_H) + 6 + Style.MARGIN;
        return k.build(titles.get(0), width, height);
    }

    /** The entries of one side, each joined to its piece of the shared column by brackets (or a line). */
    private static List<DiagramNode> side(Sketch k, String prefix, long[] values, List<IntTuple> pieces, int[] start,
                                          List<DiagramNode> shared, double x, double w, double sharedEdge, int dir,
                                          double top, boolean coloured) {
        List<DiagramNode> out = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            IntTuple piece = pieces.get(i);
            int first = start[i];
            int last = first + piece.leafCount() - 1;
            double cy = (shared.get(first).box().centerY() + shared.get(last).box().centerY()) / 2;
            Box b = new Box(x, cy - BOX_H / 2, w, BOX_H);
            DiagramNode entry = k.entry(prefix + (i + 1), DiagramNode.Kind.ENTRY, Long.toString(values[i]), b,
                    coloured ? Palette.fill(i) : Style.PAPER, false, Style.INK);
            out.add(entry);
            double entryEdge = dir < 0 ? b.right() : b.x();
            if (piece.isLeaf()) {
                DiagramNode to = shared.get(first);
                k.scene.line(new Point(entryEdge, cy), new Point(dir < 0 ? to.box().x() : to.box().right(), cy), Style.LINE, 1.2);
                k.edge("refines." + entry.id(), DiagramEdge.Kind.REFINES, entry, to);
                continue;
            }
            // brackets of the piece, spines stepping away from the shared column, arms pointing at it
            Map<List<Integer>, DiagramNode> byPath = new HashMap<>();
            List<TupleTree> nodes = TupleTree.nodes(piece);
            for (TupleTree tn : nodes) {
                double spine = sharedEdge + dir * (6 + (tn.height() - 1) * STEP);
                double y0 = shared.get(first + tn.firstLeaf()).box().y() - 2;
                double y1 = shared.get(first + tn.lastLeaf()).box().bottom() + 2;
                Box bb = k.bracket(spine, y0, y1, -dir * MorphismPicture.ARM);
                byPath.put(tn.path(), k.node(prefix + (i + 1) + "." + TupleTree.name(tn.path()), DiagramNode.Kind.BRACKET,
                        TupleTree.at(piece, tn.path()).toString(), bb));
            }
            double rootSpine = sharedEdge + dir * (6 + (piece.depth() - 1) * STEP);
            k.scene.line(new Point(entryEdge, cy), new Point(rootSpine, cy), Style.LINE, 1.2);
            k.edge("refines." + entry.id(), DiagramEdge.Kind.REFINES, entry, byPath.get(List.of()));
            for (TupleTree tn : nodes) {
                DiagramNode parent = byPath.get(tn.path());
                for (List<Integer> c : tn.children()) {
                    DiagramNode child = byPath.get(c);
                    if (child == null) child = shared.get(first + TupleTree.leafIndex(piece, c));
                    k.edge("nest." + parent.id() + "." + TupleTree.name(c), DiagramEdge.Kind.NESTING, parent, child);
                }
            }
        }
        return out;
    }

    /**
     * The pieces mode_i(X′, X), one per leaf of X in order: X′ refines X iff X is the integer size(X′), or both
     * are tuples of equal rank whose modes refine one another (paper §4).
     */
    static List<IntTuple> pieces(String primeName, IntTuple prime, String name, IntTuple x) {
        List<IntTuple> out = new ArrayList<>();
        collect(primeName, prime, name, x, prime, x, new ArrayList<>(), out);
        return out;
    }

    private static void collect(String pn, IntTuple p, String n, IntTuple x, IntTuple wholeP, IntTuple wholeX,
                                List<Integer> path, List<IntTuple> out) {
        String where = path.isEmpty() ? "" : " at mode " + TupleTree.name(path);
        if (x.isLeaf()) {
            long size = p.product();
            if (size != x.value()) {
                throw new IllegalArgumentException(pn + " = " + wholeP + " does not refine " + n + " = " + wholeX + where + ": "
                        + p + " has size " + size + ", not " + x.value());
            }
            if (p.leafCount() == 0) {
                throw new IllegalArgumentException(pn + " = " + wholeP + where + " replaces " + x + " by the empty tuple; "
                        + "a picture needs an entry for it");
            }
            out.add(p);
            return;
        }
        if (p.isLeaf() || p.rank() != x.rank()) {
            throw new IllegalArgumentException(pn + " = " + wholeP + " does not refine " + n + " = " + wholeX + where + ": "
                    + p + " is not a tuple of rank " + x.rank());
        }
        for (int i = 0; i < x.rank(); i++) {
            List<Integer> q = new ArrayList<>(path);
            q.add(i);
            collect(pn, p.mode(i), n, x.mode(i), wholeP, wholeX, q, out);
        }
    }

    private static int[] starts(List<IntTuple> pieces) {
        int[] s = new int[pieces.size()];
        int at = 0;
        for (int i = 0; i < s.length; i++) {
            s[i] = at;
            at += pieces.get(i).leafCount();
        }
        return s;
    }

    private static int maxDepth(List<IntTuple> pieces) {
        int d = 0;
        for (IntTuple p : pieces) d = Math.max(d, p.depth());
        return d;
    }

    private static double boxWidth(long[] values) {
        double w = 34;
        for (long v : values) w = Math.max(w, Style.textWidth(Long.toString(v), Style.LABEL) + 14);
        return w;
    }
}
