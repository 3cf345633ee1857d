package org.layoutcat.examples;

import static org.layoutcat.examples.CategoryText.layout;
import static org.layoutcat.examples.CategoryText.morphism;
import static org.layoutcat.examples.CategoryText.tractability;
import static org.layoutcat.examples.CategoryText.tuple;
import static org.layoutcat.examples.Source.PAPER_NOTES;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.compose.CategoricalAlgebra;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.category.compose.CompositionTrace;
import org.layoutcat.category.refine.Pullback;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;

/**
 * The 21 worked examples of ../shared/PAPER-NOTES.md (each checked there by brute force against the layout
 * functions), and the two composites of its definitions that no mutual refinement reaches. Each is computed in
 * the category module — standard representations, operations on Nest morphisms, mutual refinement, pullback, the
 * categorical composition and algebra — except example 20, whose layouts are not tractable: CuTe, and so the
 * core, composes them anyway.
 *
 * <p>Order of composition: the notes write {@code B∘A} with A applied first ("A = …, B = … → B∘A"); that is
 * CuTe's {@code composition(B, A)}, here {@link CategoricalComposition#trace(org.layoutcat.core.Layout,
 * org.layoutcat.core.Layout) trace(B, A)}, and a {@code compose} figure names B then A.
 */
public final class PaperNotesExamples {
    private PaperNotesExamples() {}

    public static List<Example> examples() {
        return List.of(
            // Definitions: "When no mutual refinement exists the composite may still exist"
            compose("Definitions: composition", "no mutual refinement of (2,4) and 7, yet B∘A exists: B~ agrees with B on A's values",
                    "4:2", "7:1", "4:2"),
            compose("Definitions: composition", "B∘A through a B~ that agrees with B = 100:7 on [0, cosize A)",
                    "(3,5):(10,2)", "100:7", "(3,5):(70,14)"),

            // 1
            ex("Example 1", "the standard representation of (2,2,2):(1,2,4)", "(2,2,2):(1,2,4)", "(2,2,2) --(1,2,3)--> (2,2,2)",
                    () -> StandardRepresentation.of(layout("(2,2,2):(1,2,4)")), Figure.morphism(layout("(2,2,2):(1,2,4)"))),
            ex("Example 1", "(2,2,2):(1,7,4) is not tractable: sorted, its mode 2:4 reaches 8, which does not divide the next stride 7",
                    "(2,2,2):(1,7,4)", "not tractable", () -> tractability(layout("(2,2,2):(1,7,4)")),
                    Figure.layout(layout("(2,2,2):(1,7,4)"))),
            // 2
            encodes("Example 2", "a nested domain: the encoded layout keeps its nesting", "((5,5),8) --(1,3,2)--> (5,8,5)",
                    "((5,5),8):((1,40),5)"),
            // 3, 4
            standard("Example 3", "a gap in the strides becomes an unhit codomain entry", "(2,2):(3,30)",
                    "(2,2) --(2,4)--> (3,2,5,2)"),
            standard("Example 4", "a zero stride maps to the basepoint *", "(2,2,2,2):(24,0,3,480)",
                    "(2,2,2,2) --(4,*,2,6)--> (3,2,4,2,10,2)"),
            // 5
            standard("Example 5", "the morphism f of standard form that encodes it", "(4,5):(1,64)",
                    "(4,5) --(1,3)--> (4,16,5)"),
            encodes("Example 5", "g, with a superfluous 7, encodes the same layout (not standard)", "(4,5) --(1,3)--> (4,16,5,7)",
                    "(4,5):(1,64)"),
            encodes("Example 5", "h, with the unhit entries 2 and 8 split, encodes the same layout (not standard)",
                    "(4,5) --(1,4)--> (4,2,8,5)", "(4,5):(1,64)"),
            // 6, 7
            standard("Example 6", "a nested layout: nested domain, flat codomain", "(32,(2,2)):(192,(24,3))",
                    "(32,(2,2)) --(6,4,2)--> (3,2,4,2,4,32)"),
            encodes("Example 7", "a nested codomain, and * giving stride 0", "(128,(4,4,2)) --(3,1,2,*)--> ((4,4),128)",
                    "(128,(4,4,2)):(16,(1,4,0))"),
            // 8
            ex("Example 8", "coalesce of a layout, as L_coal(f_L)", "coalesce((2,2,5,5,5):(1,2,8,40,200))", "(4,125):(1,8)",
                    () -> StandardRepresentation.of(layout("(2,2,5,5,5):(1,2,8,40,200)")).coalesce().encodedLayout(),
                    Figure.morphism(layout("(2,2,5,5,5):(1,2,8,40,200)"))),
            coalesce("Example 8", "the same coalesce on its standard representation",
                    "(2,2,5,5,5) --(1,2,4,5,6)--> (2,2,2,5,5,5)", "(4,125) --(1,3)--> (4,2,125)"),
            // 9
            coalesce("Example 9", "coalesce merges runs whose images are consecutive, in any order",
                    "((2,2),(3,3),(5,5)) --(5,6,3,4,1,2)--> (5,5,3,3,2,2)", "(4,9,25) --(3,2,1)--> (25,9,4)"),
            ex("Example 9", "the coalesced morphism encodes (4,9,25):(225,25,1)",
                    "L_coal(f), f = ((2,2),(3,3),(5,5)) --(5,6,3,4,1,2)--> (5,5,3,3,2,2)", "(4,9,25):(225,25,1)",
                    () -> morphism("((2,2),(3,3),(5,5)) --(5,6,3,4,1,2)--> (5,5,3,3,2,2)").coalesce().encodedLayout(),
                    Figure.morphism(morphism("(4,9,25) --(3,2,1)--> (25,9,4)"))),
            // 10
            ex("Example 10", "complement of (2,2,2):(1,6,60), through f_L^c", "complement((2,2,2):(1,6,60))", "(3,5):(2,12)",
                    () -> CategoricalAlgebra.complement(layout("(2,2,2):(1,6,60)")), Figure.morphism(layout("(2,2,2):(1,6,60)"))),
            ex("Example 10", "the complement of a morphism: the unhit codomain entries", "(2,2,2) --(1,3,5)--> (2,3,2,5,2)",
                    "(3,5) --(2,4)--> (2,3,2,5,2)", () -> morphism("(2,2,2) --(1,3,5)--> (2,3,2,5,2)").complement(),
                    Figure.morphism(morphism("(3,5) --(2,4)--> (2,3,2,5,2)"))),
            // 11
            complement("Example 11", "(3,10):(80,4)", 2400, "(4,2,10):(1,40,240)"),
            complement("Example 11", "(2,2):(1,6)", 24, "(3,2):(2,12)"),
            complement("Example 11", "(2,4):(1,2)", 16, "2:8"),
            // 12
            step("Example 12", "f = f_A", "(2,2):(5,50)", "(5,2,5,2):(1,25,5,50)", "(2,2) --(2,4)--> (5,2,5,2)",
                    t -> t.f(), Figure.morphism(layout("(2,2):(5,50)"))),
            step("Example 12", "g = f_B", "(2,2):(5,50)", "(5,2,5,2):(1,25,5,50)", "(5,2,5,2) --(1,3,2,4)--> (5,5,2,2)",
                    t -> t.g(), Figure.morphism(layout("(5,2,5,2):(1,25,5,50)"))),
            step("Example 12", "g∘f, composable as they are", "(2,2):(5,50)", "(5,2,5,2):(1,25,5,50)",
                    "(2,2) --(3,4)--> (5,5,2,2)", t -> t.composite(), Figure.morphism(morphism("(2,2) --(3,4)--> (5,5,2,2)"))),
            compose("Example 12", "B∘A = L_(g∘f)", "(2,2):(5,50)", "(5,2,5,2):(1,25,5,50)", "(2,2):(25,50)"),
            // 13
            step("Example 13", "the mutual refinement T' U' of T = (6,6) and U = (12,3,6)", "(6,6):(6,1)", "(12,3,6):(1,72,12)",
                    "(6,(2,3)) ((6,2),3,6)", t -> t.tPrime() + " " + t.uPrime(), Figure.refinement(tuple("(6,6)"), tuple("(12,3,6)"))),
            step("Example 13", "f' = (T' ⊂ U') ∘ pullback of f", "(6,6):(6,1)", "(12,3,6):(1,72,12)",
                    "((2,3),6) --(2,3,1)--> ((6,2),3,6)", t -> t.fPrime(),
                    Figure.morphism(morphism("((2,3),6) --(2,3,1)--> ((6,2),3,6)"))),
            step("Example 13", "g' = pushforward of g = f_B", "(6,6):(6,1)", "(12,3,6):(1,72,12)",
                    "((6,2),3,6) --(1,2,4,3)--> ((6,2),6,3)", t -> t.gPrime(),
                    Figure.morphism(morphism("((6,2),3,6) --(1,2,4,3)--> ((6,2),6,3)"))),
            compose("Example 13", "B∘A = L_(g'∘f')", "(6,6):(6,1)", "(12,3,6):(1,72,12)", "((2,3),6):((6,72),1)"),
            compose("Example 13", "the blog's A = (6,6):(1,6) has another composite", "(6,6):(1,6)", "(12,3,6):(1,72,12)",
                    "(6,(2,3)):(1,(6,72))"),
            // 14
            step("Example 14", "the mutual refinement T' U' of T = (5,6,2,6) and U = (10,360)", "(6,6):(5,60)", "(10,360):(2,60)",
                    "(5,(2,3),2,6) ((5,2),(3,2,6,10))", t -> t.tPrime() + " " + t.uPrime(),
                    Figure.refinement(tuple("(5,6,2,6)"), tuple("(10,360)"))),
            compose("Example 14", "B∘A", "(6,6):(5,60)", "(10,360):(2,60)", "((2,3),6):((10,60),360)"),
            // 15
            compose("Example 15", "B∘A with a nested A", "((4,4),4):((16,1),4)", "(8,64):(64,1)", "((4,4),(2,2)):((2,64),(256,1))"),
            compose("Example 15", "B∘A refines the single mode of A = 4:2 into (2,2)", "4:2", "(2,2,6):(12,6,1)", "((2,2)):((6,1))")
                .correcting("(2,2):(6,1)", "The notes print ((2,2)):((6,1)), a rank-1 layout whose one mode is (2,2):(6,1): "
                        + "the same layout function, one level of nesting more. CuTe's composition(B, A) for an A of integral "
                        + "shape returns the refined mode itself, (2,2):(6,1), and so does the categorical composition."),
            // 16
            refinement("Example 16", "(6,6)", "(2,6,3)", "((2,3),(2,3)) (2,(3,2),3)"),
            refinement("Example 16", "(8,8,8)", "(2,8,8,8)", "((2,4),(2,4),(2,4)) (2,(4,2),(4,2),(4,2))"),
            refinement("Example 16", "(4,2,2,32)", "(32,32)", "(4,2,2,(2,16)) ((4,2,2,2),(16,2))"),
            ex("Example 16", "(8,8) and (3,8,8) have no mutual refinement: 8 and 3 do not divide one another", "(8,8) & (3,8,8)",
                    "none", () -> CategoryText.mutualRefinement("(8,8)", "(3,8,8)"), null),
            // 17
            ex("Example 17", "the pullback of f along a refinement of its codomain",
                    "pullback of (64,32) --(2,4)--> (4,64,4,32) along ((2,2),(16,4),(2,2),(16,2))",
                    "((16,4),(16,2)) --(3,4,7,8)--> ((2,2),(16,4),(2,2),(16,2))", PaperNotesExamples::pullback17,
                    Figure.morphism(morphism("((16,4),(16,2)) --(3,4,7,8)--> ((2,2),(16,4),(2,2),(16,2))"))),
            encodes("Example 17", "f encodes (64,32):(4,1024)", "(64,32) --(2,4)--> (4,64,4,32)", "(64,32):(4,1024)"),
            ex("Example 17", "the pullback encodes the same function: its coalesce encodes (64,32):(4,1024)",
                    "L_coal(f'), f' the pullback above", "(64,32):(4,1024)", () -> pullback17().coalesce().encodedLayout(),
                    Figure.morphism(layout("(64,32):(4,1024)"))),
            // 18
            divide("(4,8,4,8):(1,4,32,128)", "(4,4):(1,32)", "((4,4),(8,8)):((1,32),(4,128))"),
            divide("(64,32):(32,1)", "(4,4):(1,64)", "((4,4),(16,8)):((32,1),(128,4))"),
            divide("(4,8):(1,4)", "(2,2):(1,4)", "((2,2),(2,4)):((1,4),(2,8))"),
            // 19
            product("(3,10,10):(200,1,20)", "(2,2):(1,2)", "((3,10,10),(2,2)):((200,1,20),(10,600))"),
            product("(2,2):(5,10)", "(3,5):(5,1)", "((2,2),(3,5)):((5,10),(20,1))"),
            // 20
            ex("Example 20", "(4,6,8,10):(2,3,5,7) is not tractable", "(4,6,8,10):(2,3,5,7)", "not tractable",
                    () -> tractability(layout("(4,6,8,10):(2,3,5,7)")), Figure.layout(layout("(4,6,8,10):(2,3,5,7)"))),
            ex("Example 20", "CuTe composes it anyway: (4,6,8,10):(2,3,5,7) ∘ 6:12", "composition((4,6,8,10):(2,3,5,7), 6:12)",
                    "(2,3):(9,5)", () -> Composition.compose(layout("(4,6,8,10):(2,3,5,7)"), layout("6:12")),
                    Figure.layout(layout("(2,3):(9,5)")))
                .noting("Computed by the core composition: no morphism encodes a non-tractable layout, so the category "
                        + "module refuses the pair and says which modes break tractability."),
            ex("Example 20", "(2,3):(5,6) is not tractable", "(2,3):(5,6)", "not tractable",
                    () -> tractability(layout("(2,3):(5,6)")), Figure.layout(layout("(2,3):(5,6)"))),
            ex("Example 20", "CuTe composes it anyway: (2,3):(5,6) under 80:10", "composition(80:10, (2,3):(5,6))",
                    "(2,3):(50,60)", () -> Composition.compose(layout("80:10"), layout("(2,3):(5,6)")),
                    Figure.layout(layout("(2,3):(50,60)")))
                .noting("Computed by the core composition, as the pair above."),
            // 21
            ex("Example 21", "no composite: A = 3:2 under B = (4,5):(1,100) takes the values 0, 2, 100",
                    "composition((4,5):(1,100), 3:2)", "error: no composite",
                    () -> CategoricalComposition.compose(layout("(4,5):(1,100)"), layout("3:2")), Figure.layout(layout("(4,5):(1,100)"))),
            ex("Example 21", "no composite: A = 8:2 under B = (6,6):(24,0)", "composition((6,6):(24,0), 8:2)",
                    "error: no composite",
                    () -> CategoricalComposition.compose(layout("(6,6):(24,0)"), layout("8:2")), Figure.layout(layout("(6,6):(24,0)"))));
    }

    private static Example ex(String section, String title, String input, String printed, Supplier<Object> compute,
                              Figure figure) {
        return Example.of(PAPER_NOTES, section, title, input, printed, () -> compute.get().toString(), figure);
    }

    /** f_L, the standard representation of a tractable layout. */
    private static Example standard(String section, String title, String layout, String printed) {
        return ex(section, "f_L for " + layout + ": " + title, layout, printed,
                () -> StandardRepresentation.of(layout(layout)), Figure.morphism(layout(layout)));
    }

    /** L_f, the layout a morphism encodes. */
    private static Example encodes(String section, String title, String morphism, String printed) {
        return ex(section, title, morphism, printed, () -> morphism(morphism).encodedLayout(), Figure.morphism(morphism(morphism)));
    }

    /** coal(f) of a Nest morphism. */
    private static Example coalesce(String section, String title, String morphism, String printed) {
        return ex(section, title, "coal(" + morphism + ")", printed, () -> morphism(morphism).coalesce(),
                Figure.morphism(morphism(morphism)));
    }

    /** comp(L, N) through the complement of f_L. */
    private static Example complement(String section, String l, long n, String printed) {
        return ex(section, "comp(" + l + ", " + n + ") through f_L^c", "complement(" + l + ", " + n + ")", printed,
                () -> CategoricalAlgebra.complement(layout(l), n), Figure.morphism(layout(l)));
    }

    /** B∘A, A applied first: {@code composition(B, A)}, computed by the categorical algorithm. */
    private static Example compose(String section, String title, String a, String b, String printed) {
        return ex(section, title + " (A = " + a + " first, B = " + b + ")", "composition(" + b + ", " + a + ")", printed,
                () -> CategoricalComposition.compose(layout(b), layout(a)), Figure.compose(layout(b), layout(a)));
    }

    /** One intermediate of the categorical composition B∘A (A applied first). */
    private static Example step(String section, String title, String a, String b, String printed,
                                Function<CompositionTrace, Object> part, Figure figure) {
        return ex(section, title, "A = " + a + ", B = " + b + " (A applied first)", printed,
                () -> part.apply(CategoricalComposition.trace(layout(b), layout(a))), figure);
    }

    private static Example refinement(String section, String t, String u, String printed) {
        return ex(section, "a mutual refinement T' U' of " + t + " and " + u, t + " & " + u, printed,
                () -> CategoryText.mutualRefinement(t, u), Figure.refinement(tuple(t), tuple(u)));
    }

    private static Example divide(String a, String b, String printed) {
        return ex("Example 18", "A ⊘ B through the categorical composition A ∘ (B, comp(B, size A))",
                "logical_divide(" + a + ", " + b + ")", printed, () -> CategoricalAlgebra.logicalDivide(layout(a), layout(b)),
                Figure.divide(layout(a), Tiler.parse(b)));
    }

    private static Example product(String a, String b, String printed) {
        return ex("Example 19", "A ⊗ B through the categorical composition (A, comp(A, size A·cosize B) ∘ B)",
                "logical_product(" + a + ", " + b + ")", printed, () -> CategoricalAlgebra.logicalProduct(layout(a), layout(b)),
                Figure.product(layout(a), Tiler.parse(b)));
    }

    private static NestMorphism pullback17() {
        return Pullback.along(morphism("(64,32) --(2,4)--> (4,64,4,32)"), tuple("((2,2),(16,4),(2,2),(16,2))"));
    }
}
