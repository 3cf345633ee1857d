package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.category.compose.CompositionTrace;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Style;

/**
 * The composition walkthrough (paper §4.1.3), in CuTe's order: {@code A∘B}, B applied first, drawn from the
 * category module's {@link CompositionTrace} in labelled panels read left to right, top to bottom — f = f_B and
 * g = f_coal(A) with the mutual refinement (T′, U′) of T = codomain(f) and U = domain(g); f′ and g′; the
 * composite g′∘f′ and the resulting layout. Where the trace replaced A by the extension B~ (no mutual
 * refinement exists for coal(A)), panel 2 says so and a subtitle says how B~ agrees with A.
 */
public final class Walkthrough {
    private Walkthrough() {}

    /** Rows of panels wider than this are broken after a panel (pixels). */
    static final double MAX_ROW_WIDTH = 1400;

    /** The walkthrough of one trace, titled with {@code A∘B = result}. */
    public static Diagram of(CompositionTrace t) {
        return of(t.outer(), t.inner(), List.of(t), t.result(), null);
    }

    /**
     * The walkthrough of A∘B from its traces: one trace when the composite is tractable, else the traces of
     * A∘B_1, A∘B_2, ... over the modes of B, split as {@code CategoricalComposition.traces(A, B)} splits them, one
     * block of panels each.
     *
     * @param a the layout applied second
     * @param b the layout applied first
     * @param parts the traces, in the order of the modes of B they compose
     * @param result A∘B
     * @param title the title, or null for {@code A∘B = result}
     * @throws IllegalArgumentException for no trace, or a trace of another layout than A
     */
    public static Diagram of(Layout a, Layout b, List<CompositionTrace> parts, Layout result, String title) {
        return steps(a, b, parts, result).diagram(title);
    }

    /**
     * A walkthrough as steps: its title, the notes under it, and its panels in groups (a group is a row of the picture,
     * broken where it is too wide). The picture arranges them; the explorer shows them one panel at a time.
     *
     * @param title  the title: {@code A∘B = result (B applied first)}
     * @param notes  the subtitle lines, or the steps of CuTe's algorithm where the category does not compose
     * @param groups the panels, in reading order, grouped
     */
    public record Steps(String title, List<String> notes, List<List<Panels.Panel>> groups) {
        public Steps {
            notes = List.copyOf(notes);
            groups = groups.stream().map(List::copyOf).toList();
        }

        /** The panels in reading order. */
        public List<Panels.Panel> panels() {
            return groups.stream().flatMap(List::stream).toList();
        }

        /** The picture of these steps under {@code title} (null: the steps' own). */
        public Diagram diagram(String title) {
            return Panels.arrange(title != null ? title : this.title, notes, flow(groups));
        }
    }

    /**
     * The steps of A∘B from its traces (see {@link #of(Layout, Layout, List, Layout, String)}).
     *
     * @throws IllegalArgumentException for no trace, or a trace of another layout than A
     */
    public static Steps steps(Layout a, Layout b, List<CompositionTrace> parts, Layout result) {
        if (parts.isEmpty()) throw new IllegalArgumentException("a walkthrough of " + a + " o " + b + " needs at least one trace");
        for (CompositionTrace t : parts) {
            if (!t.outer().equals(a)) {
                throw new IllegalArgumentException("a walkthrough of " + a + " o " + b + " got a trace of " + t.outer() + " o " + t.inner());
            }
        }
        List<String> subtitles = new ArrayList<>();
        subtitles.add("A = " + a + " applied second, B = " + b + " applied first; computed in the category Nest");
        if (parts.size() > 1) {
            StringBuilder modes = new StringBuilder();
            for (int k = 1; k <= parts.size(); k++) modes.append(k > 1 ? ", " : "").append("B_").append(k).append(" = ").append(parts.get(k - 1).inner());
            subtitles.add("A∘B is not tractable as a whole: composition distributes over the modes of B (as in CuTe), "
                    + modes + ", each composed in Nest");
        }
        List<List<Panels.Panel>> groups = new ArrayList<>();
        for (int k = 1; k <= parts.size(); k++) {
            CompositionTrace t = parts.get(k - 1);
            String name = parts.size() > 1 ? "B_" + k : "B";
            String prefix = parts.size() > 1 ? "A∘" + name + " · " : "";
            if (t.extended()) {
                subtitles.add((parts.size() > 1 ? "A∘" + name + ": " : "") + extensionNote(t).replace("cosize B", "cosize " + name));
            }
            groups.addAll(steps(t, prefix, name));
        }
        return new Steps("A∘B = " + result + " (B applied first)", subtitles, groups);
    }

    /** A walkthrough of the caller's own panels, in rows. */
    public static Diagram of(String title, List<String> subtitles, List<List<Panels.Panel>> rows) {
        return Panels.arrange(title, subtitles, rows);
    }

    /** The seven steps of one trace, grouped: (f, g, refinement), (f′, g′), (g′∘f′, result). */
    private static List<List<Panels.Panel>> steps(CompositionTrace t, String part, String b) {
        Diagram refinement = RefinementPicture.of(t.t(), t.u(), t.tPrime(), t.uPrime(),
                "T = " + t.t() + ", U = " + t.u());
        Panels.Panel g = t.extended()
                ? new Panels.Panel(part + "2 · extension: g = f_B~, B~ = " + t.bTilde() + " stands for A",
                        MorphismPicture.of(t.g()))
                : new Panels.Panel(part + "2 · g = f_coal(A), coal(A) = " + t.bTilde(), MorphismPicture.of(t.g()));
        return List.of(
                List.of(new Panels.Panel(part + "1 · f = f_" + b + ", " + b + " = " + t.inner(), MorphismPicture.of(t.f())),
                        g,
                        new Panels.Panel(part + "3 · mutual refinement of T = codomain(f), U = domain(g)", refinement)),
                List.of(new Panels.Panel(part + "4 · f′ = (T′ ⊂ U′) ∘ (f pulled back along T′ → T)", MorphismPicture.of(t.fPrime())),
                        new Panels.Panel(part + "5 · g′ = g pushed forward along U′ → U", MorphismPicture.of(t.gPrime()))),
                List.of(new Panels.Panel(part + "6 · g′∘f′", MorphismPicture.of(t.composite())),
                        new Panels.Panel(part + "7 · A∘" + b + " = L_(g′∘f′) coalesced within shape(" + b + ")",
                                LayoutPicture.of(t.result()))));
    }

    /** How B~ was obtained from A, in words. */
    static String extensionNote(CompositionTrace t) {
        String why = "extension: coal(A) = " + Coalesce.coalesce(t.outer()) + " has no mutual refinement with T = " + t.t()
                + "; B~ = " + t.bTilde() + " stands for A: ";
        return switch (t.extension()) {
            case AGREES_ON_PREFIX -> why + "it has size T and agrees with A on [0, cosize B) = [0, " + t.inner().cosize() + ")";
            case RESTRICTED_TO_IMAGE -> why + "it reads A along the entries of T hit by f (stride 0 on the others), so it agrees "
                    + "with A on the values of B";
            case NONE -> throw new IllegalStateException("no extension in " + t.outer() + " o " + t.inner());
        };
    }

    /** Each group as one row, or broken into several where it is wider than {@link #MAX_ROW_WIDTH}. */
    private static List<List<Panels.Panel>> flow(List<List<Panels.Panel>> groups) {
        List<List<Panels.Panel>> rows = new ArrayList<>();
        for (List<Panels.Panel> group : groups) {
            List<Panels.Panel> row = new ArrayList<>();
            double w = Style.MARGIN;
            for (Panels.Panel p : group) {
                double pw = Panels.frameWidth(p) + Panels.GAP;
                if (!row.isEmpty() && w + pw > MAX_ROW_WIDTH) {
                    rows.add(row);
                    row = new ArrayList<>();
                    w = Style.MARGIN;
                }
                row.add(p);
                w += pw;
            }
            rows.add(row);
        }
        return rows;
    }
}
