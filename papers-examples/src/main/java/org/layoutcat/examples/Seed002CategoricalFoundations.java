package org.layoutcat.examples;

import static org.layoutcat.examples.CategoryText.layout;
import static org.layoutcat.examples.CategoryText.morphism;
import static org.layoutcat.examples.CategoryText.tuple;
import static org.layoutcat.examples.Source.SEED_002;

import java.util.List;
import java.util.StringJoiner;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.compose.CategoricalAlgebra;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.category.compose.CompositionTrace;

/**
 * Seed 002, "Categorical Foundations for CuTe Layouts" (the blog summary of the paper): tuple morphisms and the
 * layouts they encode, standard form, coalesce, complement and composition of morphisms, nested tuples, and the
 * composition algorithm walked through (mutual refinement, pullback, pushforward), all computed in the category
 * module.
 *
 * <p>The blog's diagrams are pictures that the text of the seed lost, and so are the shapes of the layouts it
 * writes as shape-over-stride formulas (only the strides survive). Where an example needs them, they are
 * recovered from ../shared/PAPER-NOTES.md, which works the same examples, and the note says so.
 *
 * <p>Order of composition: the blog writes {@code B∘A} with A applied first; here that is CuTe's
 * {@code composition(B, A)}, {@link CategoricalComposition#compose(org.layoutcat.core.Layout,
 * org.layoutcat.core.Layout) compose(B, A)}, and a {@code compose} figure names B then A.
 */
public final class Seed002CategoricalFoundations {
    private Seed002CategoricalFoundations() {}

    private static final String L_4_5 = "(4,5):(1,64)";
    private static final String F = "(4,5) --(1,3)--> (4,16,5)";
    private static final String G = "(4,5) --(1,3)--> (4,16,5,7)";
    private static final String H = "(4,5) --(1,4)--> (4,2,8,5)";

    private static final String COAL_L = "(2,2,5,5,5):(1,2,8,40,200)";
    private static final String COAL_F = "(2,2,5,5,5) --(1,2,4,5,6)--> (2,2,2,5,5,5)";
    private static final String COMP_L = "(2,2,2):(1,10,60)";

    /** §Composition: A applied first, B second. */
    private static final String A = "(2,2):(5,50)";
    private static final String B = "(5,2,5,2):(1,25,5,50)";

    /** §The composition algorithm, A as the blog states it (see {@link #SLIP}). */
    private static final String WALK_A = "(6,6):(1,6)";
    /** The A whose composite the blog prints (PAPER-NOTES example 13). */
    private static final String WALK_A_PRINTED = "(6,6):(6,1)";
    private static final String WALK_B = "(12,3,6):(1,72,12)";
    private static final String WALK_INPUT = "A = " + WALK_A + ", B = " + WALK_B;

    private static final String SLIP = "The blog states A = (6,6):(1,6), but its walkthrough (\"factor the first 6 into (2,3)\") "
            + "and its result ((6,72),1) belong to A = (6,6):(6,1) (PAPER-NOTES example 13). For the A it states, B∘A — "
            + "composition(B, A) here, A applied first — ";

    public static List<Example> examples() {
        return List.of(
            // ---- Tractable layouts: tuple morphisms and the layouts they encode
            Example.of(SEED_002, "Tractable layouts", "the tuple morphism f encodes L = (4,5):(1,64)", F, L_4_5,
                    () -> morphism(F).encodedLayout().toString(), Figure.morphism(morphism(F)))
                .noting(LOST_4_5),
            Example.of(SEED_002, "Tractable layouts", "g, with a superfluous entry 7, encodes the same L", G, L_4_5,
                    () -> morphism(G).encodedLayout().toString(), Figure.morphism(morphism(G)))
                .noting(LOST_4_5),
            Example.of(SEED_002, "Tractable layouts", "h, with the unhit entries 2 and 8 not consolidated, encodes the same L",
                    H, L_4_5, () -> morphism(H).encodedLayout().toString(), Figure.morphism(morphism(H)))
                .noting(LOST_4_5),
            Example.of(SEED_002, "Tractable layouts", "of f, g and h only f has standard form", "f, g, h", "f",
                    Seed002CategoricalFoundations::standardOnes, Figure.morphism(morphism(F))),
            Example.of(SEED_002, "Tractable layouts", "the standard representation f_L of L = (4,5):(1,64) is f", L_4_5, F,
                    () -> StandardRepresentation.of(layout(L_4_5)).toString(), Figure.morphism(layout(L_4_5))),

            // ---- Coalesce
            Example.of(SEED_002, "Coalesce", "coal((2,2,5,5,5):(1,2,8,40,200)) = (4,125):(1,8), as L_coal(f_L)",
                    "coalesce(" + COAL_L + ")", "(4,125):(1,8)",
                    () -> StandardRepresentation.of(layout(COAL_L)).coalesce().encodedLayout().toString(),
                    Figure.morphism(layout(COAL_L)))
                .noting("The text keeps only the strides (1,2,8,40,200) and (1,8); the shapes are PAPER-NOTES example 8's. "
                        + "Computed as the layout encoded by the coalesced standard representation: L_coal(f) = coal(L_f)."),
            Example.of(SEED_002, "Coalesce", "coalescing a tuple morphism collapses parallel arrows", COAL_F,
                    "(4,125) --(1,3)--> (4,2,125)", () -> morphism(COAL_F).coalesce().toString(), Figure.morphism(morphism(COAL_F)))
                .noting("The diagram is lost in the text; this is f_L of the layout above, as PAPER-NOTES example 8 works it."),

            // ---- Complement
            Example.of(SEED_002, "Complement", "comp((2,2,2):(1,10,60)) = (5,3):(2,20)", "complement(" + COMP_L + ")",
                    "(5,3):(2,20)", () -> CategoricalAlgebra.complement(layout(COMP_L)).toString(), Figure.morphism(layout(COMP_L)))
                .noting("The text keeps only the strides (1,10,60) and (2,20); the shapes (2,2,2) and (5,3) are the ones "
                        + "these strides force. Computed through the complement of the standard representation."),
            Example.of(SEED_002, "Complement", "the complement f^c of f_L includes the entries f_L does not hit",
                    "f_L = " + StandardRepresentation.of(layout(COMP_L)), "(5,3) --(2,4)--> (2,5,2,3,2)",
                    () -> StandardRepresentation.of(layout(COMP_L)).complement().toString(),
                    Figure.morphism(morphism("(5,3) --(2,4)--> (2,5,2,3,2)")))
                .noting("The diagram is lost in the text; this is the complement of f_L for the layout above, which "
                        + "encodes comp(L) = (5,3):(2,20) as the theorem L_(f^c) = comp(L_f) says."),

            // ---- Composition
            Example.of(SEED_002, "Composition", "B∘A for A = (2,2):(5,50), B = (5,2,5,2):(1,25,5,50) (A applied first)",
                    "composition(" + B + ", " + A + ")", "(2,2):(25,50)",
                    () -> CategoricalComposition.compose(layout(B), layout(A)).toString(), Figure.compose(layout(B), layout(A))),
            Example.of(SEED_002, "Composition", "f = f_A, the standard representation of A", A, "(2,2) --(2,4)--> (5,2,5,2)",
                    () -> StandardRepresentation.of(layout(A)).toString(), Figure.morphism(layout(A)))
                .noting(LOST_12),
            Example.of(SEED_002, "Composition", "g = f_B, the standard representation of B", B,
                    "(5,2,5,2) --(1,3,2,4)--> (5,5,2,2)", () -> StandardRepresentation.of(layout(B)).toString(),
                    Figure.morphism(layout(B)))
                .noting(LOST_12),
            Example.of(SEED_002, "Composition", "f and g are composable; their composite g∘f", "g∘f, f = f_A, g = f_B",
                    "(2,2) --(3,4)--> (5,5,2,2)",
                    () -> StandardRepresentation.of(layout(B)).compose(StandardRepresentation.of(layout(A))).toString(),
                    Figure.morphism(morphism("(2,2) --(3,4)--> (5,5,2,2)")))
                .noting(LOST_12),
            Example.of(SEED_002, "Composition", "L_(g∘f) = L_g ∘ L_f: the composite morphism encodes B∘A", "L_(g∘f)",
                    "(2,2):(25,50)",
                    () -> StandardRepresentation.of(layout(B)).compose(StandardRepresentation.of(layout(A))).encodedLayout().toString(),
                    Figure.compose(layout(B), layout(A))),

            // ---- Nested tuples
            Example.of(SEED_002, "Nested layouts and nested tuple morphisms",
                    "S = ((2,2),(5,5)) is its flattening with the profile P = ((*,*),(*,*))", "((2,2),(5,5))",
                    "(2,2,5,5)_((*,*),(*,*))", () -> CategoryText.flatteningWithProfile(tuple("((2,2),(5,5))")),
                    Figure.coords(layout("((2,2),(5,5))"))),

            // ---- The composition algorithm, walked through
            Example.of(SEED_002, "The composition algorithm", "f = f_A and g = f_B are not composable", WALK_INPUT,
                    "codomain(f) = (6,6), domain(g) = (12,3,6)",
                    () -> "codomain(f) = " + StandardRepresentation.of(layout(WALK_A)).codomain()
                            + ", domain(g) = " + StandardRepresentation.of(layout(WALK_B)).domain(),
                    Figure.morphism(layout(WALK_A))),
            Example.of(SEED_002, "The composition algorithm", "g = f_B, the standard representation of B", WALK_B,
                    "(12,3,6) --(1,3,2)--> (12,6,3)", () -> walk().g().toString(), Figure.morphism(layout(WALK_B)))
                .noting("The diagram is lost in the text; g is f_B, which the pushforward below refines (PAPER-NOTES example 13)."),
            Example.of(SEED_002, "The composition algorithm", "a mutual refinement of (6,6) and (12,3,6)", "(6,6) & (12,3,6)",
                    "(6,(2,3)) ((6,2),3,6)", () -> walk().tPrime() + " " + walk().uPrime(),
                    Figure.refinement(tuple("(6,6)"), tuple("(12,3,6)")))
                .noting("Printed as T' U'. The diagram is lost in the text, which says: factor a 6 into (2,3), factor 12 as "
                        + "(6,2), and include an extra 6 in the codomain of f (PAPER-NOTES example 13)."),
            Example.of(SEED_002, "The composition algorithm", "f' = (T' ⊂ U') ∘ pullback of f along T' → T", WALK_INPUT,
                    "((2,3),6) --(2,3,1)--> ((6,2),3,6)", () -> walk().fPrime().toString(),
                    Figure.morphism(morphism("(6,(2,3)) --(1,2,3)--> ((6,2),3,6)")))
                .correcting("(6,(2,3)) --(1,2,3)--> ((6,2),3,6)", "The diagram is lost; the text (\"factor the first 6 "
                        + "into (2,3)\") describes ((2,3),6) --(2,3,1)--> ((6,2),3,6), which is f' for A = (6,6):(6,1). "
                        + "For the stated A = (6,6):(1,6), f = (6,6) --(1,2)--> (6,6) sends its second 6 to the refined entry, "
                        + "so f' = (6,(2,3)) --(1,2,3)--> ((6,2),3,6)."),
            Example.of(SEED_002, "The composition algorithm", "g' = pushforward of g along U' → U", WALK_B,
                    "((6,2),3,6) --(1,2,4,3)--> ((6,2),6,3)", () -> walk().gPrime().toString(),
                    Figure.morphism(morphism("((6,2),3,6) --(1,2,4,3)--> ((6,2),6,3)")))
                .noting("The diagram is lost in the text, which says: factor 12 as (6,2) (PAPER-NOTES example 13)."),
            Example.of(SEED_002, "The composition algorithm", "the composite g'∘f'", WALK_INPUT,
                    "((2,3),6) --(2,4,1)--> ((6,2),6,3)", () -> walk().composite().toString(),
                    Figure.morphism(morphism("(6,(2,3)) --(1,2,4)--> ((6,2),6,3)")))
                .correcting("(6,(2,3)) --(1,2,4)--> ((6,2),6,3)", "The diagram is lost; the morphism that encodes the "
                        + "printed ((6,72),1) is ((2,3),6) --(2,4,1)--> ((6,2),6,3), the composite for A = (6,6):(6,1). "
                        + "For the stated A = (6,6):(1,6) it is (6,(2,3)) --(1,2,4)--> ((6,2),6,3)."),
            Example.of(SEED_002, "The composition algorithm", "the encoded layout L_(g'∘f') = B∘A", "composition("
                    + WALK_B + ", " + WALK_A + ")", "((2,3),6):((6,72),1)", () -> walk().result().toString(),
                    Figure.compose(layout(WALK_B), layout(WALK_A)))
                .correcting("(6,(2,3)):(1,(6,72))", SLIP + "is (6,(2,3)):(1,(6,72)); ((2,3),6):((6,72),1) is "
                        + "composition(B, " + WALK_A_PRINTED + "). The text keeps only the strides ((6,72),1) of the printed "
                        + "layout; its shape ((2,3),6) is the domain of f'."));
    }

    private static final String LOST_4_5 = "The three diagrams are lost in the text; the morphisms are PAPER-NOTES "
            + "example 5's, which match the text's \"7\" in g and \"2\" and \"8\" in h.";

    private static final String LOST_12 = "The diagrams are lost in the text; f and g are the standard representations "
            + "the text names, as PAPER-NOTES example 12 works them.";

    /** The trace of {@code composition(B, A)} for the walkthrough's A as stated (A applied first). */
    private static CompositionTrace walk() {
        return CategoricalComposition.trace(layout(WALK_B), layout(WALK_A));
    }

    /** The names among f, g, h whose morphism has standard form. */
    private static String standardOnes() {
        StringJoiner out = new StringJoiner(", ");
        List<String> names = List.of("f", "g", "h");
        List<String> ms = List.of(F, G, H);
        for (int i = 0; i < ms.size(); i++) if (morphism(ms.get(i)).isStandardForm()) out.add(names.get(i));
        return out.toString();
    }
}
