package org.layoutcat.diagrams.picture;

import java.util.List;
import org.layoutcat.diagrams.Diagram;

/**
 * The composition walkthrough (paper §4): one picture of every step of B∘A, in labelled panels that read left to
 * right, top to bottom — f and g; the mutual refinement; f′ and g′; the composite g′∘f′ and the resulting layout.
 */
public final class Walkthrough {
    private Walkthrough() {}

    /** The walkthrough of the given steps. */
    public static Diagram of(CompositionSteps s) {
        String title = "B∘A (A first) for A = " + s.a() + ", B = " + s.b();
        Diagram refinement = RefinementPicture.of(s.f().codomain(), s.g().domain(), s.tPrime(), s.uPrime(),
                "T = codomain(f), U = domain(g)");
        List<List<Panels.Panel>> rows = List.of(
                List.of(new Panels.Panel("1 · f = f_A", MorphismPicture.of(s.f())),
                        new Panels.Panel("2 · g = f_coal(B)", MorphismPicture.of(s.g()))),
                List.of(new Panels.Panel("3 · mutual refinement (T′, U′)", refinement)),
                List.of(new Panels.Panel("4 · f′: f pulled back along T′ → T, into U′", MorphismPicture.of(s.fPrime())),
                        new Panels.Panel("5 · g′: g pushed forward along U′ → U", MorphismPicture.of(s.gPrime()))),
                List.of(new Panels.Panel("6 · g′∘f′", MorphismPicture.of(s.composite())),
                        new Panels.Panel("7 · B∘A = L_g′∘f′ coalesced to shape(A)", LayoutPicture.of(s.result()))));
        return Panels.arrange(title, List.of("= " + s.result()), rows);
    }

    /** A walkthrough of the caller's own panels, in rows. */
    public static Diagram of(String title, List<String> subtitles, List<List<Panels.Panel>> rows) {
        return Panels.arrange(title, subtitles, rows);
    }
}
