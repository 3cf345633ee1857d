package org.layoutcat.category;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;

/** Construction checks and error messages: each names the input and the violated condition. */
class MorphismValidationTest {

    static void assertMessage(String expectedPart, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(expectedPart), e.getMessage());
    }

    @Test
    void aTextIsAMorphismByItsArrowAndALayoutOtherwise() {
        assertTrue(NestMorphism.isMorphismText("(2,2) --(1,2)--> (2,2)"));
        assertTrue(NestMorphism.isMorphismText("(2,2) -> (2,2)")); // an arrow parse refuses, in the morphism's words
        // a layout, a negative stride among its strides: no arrow
        assertTrue(!NestMorphism.isMorphismText("(4,2):(1,-4)"));
        assertTrue(!NestMorphism.isMorphismText("(2,2):(2,1)"));
        // the parser decides by the token after the leading tuple, not by "--" anywhere: a layout with a typo stays a
        // layout, whose reader says where it went wrong; a swizzle begins no arrow
        assertTrue(!NestMorphism.isMorphismText("(4,2):(1,--4)"));
        assertTrue(!NestMorphism.isMorphismText("Sw<3,3,3> o 0 o (8,64):(64,1)"));
        assertTrue(!NestMorphism.isMorphismText("(2,2"));
    }

    @Test
    void theReaderSaysWhetherATextIsALayoutOrAMorphism() {
        // paper §2: (2,2) --(1,2)--> (2,2) is the identity of (2,2); CuTe's (2,2):(1,2) is a layout, its f_L that morphism
        assertEquals(new NestMorphism.LayoutOrMorphism.OfMorphism(NestMorphism.of(IntTuple.parse("(2,2)"), IntTuple.parse("(2,2)"),
                FinMorphism.of(2, 1, 2))), NestMorphism.parseLayoutOrMorphism("(2,2) --(1,2)--> (2,2)"));
        assertEquals(new NestMorphism.LayoutOrMorphism.OfLayout(org.layoutcat.core.Layout.parse("(4,2):(1,-4)")),
                NestMorphism.parseLayoutOrMorphism("(4,2):(1,-4)")); // a negative stride is no arrow
        assertEquals(new NestMorphism.LayoutOrMorphism.OfLayout(org.layoutcat.core.Layout.parse("(4,2)")), NestMorphism.parseLayoutOrMorphism("(4,2)"));
        assertTrue(NestMorphism.parseLayoutOrMorphism("Sw<1,2,3> o 0 o (8,8):(8,1)") instanceof NestMorphism.LayoutOrMorphism.OfLayout);
        assertTrue(NestMorphism.parseLayoutOrMorphism("(2) --(*)--> (3)") instanceof NestMorphism.LayoutOrMorphism.OfMorphism);
        // a text that began as an arrow is refused as one; one that began as a layout, as a layout
        assertMessage("expected \"-->\" after the map α", () -> NestMorphism.parseLayoutOrMorphism("(2) --(1)-> (2)"));
        // "->" after the leading tuple begins no layout: the text is an arrow drawn wrong, refused as one
        assertMessage("in \"(2,2) -> (2,2)\" at position 0: expected a morphism S --(α)--> T",
                () -> NestMorphism.parseLayoutOrMorphism("(2,2) -> (2,2)"));
    }

    @Test
    void finMorphismIsInjectiveAwayFromTheBasepoint() {
        assertMessage("not injective away from *: 2 is hit twice", () -> FinMorphism.of(3, 2, 0, 2));
        assertMessage("α(1) = 4 is outside {*,1..3}", () -> FinMorphism.of(3, 4));
        FinMorphism a = FinMorphism.of(3, 2, 0, 1);
        FinMorphism b = FinMorphism.of(3, 3, 1);
        assertEquals(List.of(1, 2), a.compose(b).images()); // a∘b: b first
        assertEquals("(2,*,1)", a.toString());
        assertMessage("the codomain of β is not the domain of α", () -> b.compose(a));
    }

    @Test
    void tupleMorphismNeedsMatchingEntries() {
        assertMessage("s_1 = 3 but α(1) = 2 and t_2 = 4", () -> TupleMorphism.of(new long[] {3}, new long[] {3, 4}, 2));
        assertMessage("has 1 entries but the domain (2,2) has length 2", () -> TupleMorphism.of(new long[] {2, 2}, new long[] {2}, 1));
        assertMessage("is not positive", () -> TupleMorphism.of(new long[] {0}, new long[] {}, 0));
    }

    @Test
    void compositionChecksTheObjects() {
        TupleMorphism f = TupleMorphism.parse("(2,3) --(1,2)--> (2,3)");
        TupleMorphism g = TupleMorphism.parse("(3) --(2)--> (2,3)");
        assertEquals("(3) --(2)--> (2,3)", f.compose(g).toString());
        assertMessage("the codomain (2,3) of g is not the domain (3) of f", () -> g.compose(f));
        NestMorphism n = NestMorphism.parse("((2,3)) --(1,2)--> (2,3)");
        assertMessage("is not the domain ((2,3)) of f", () -> n.compose(NestMorphism.parse("(2,3) --(1,2)--> (2,3)")));
    }

    @Test
    void parseErrorsGiveTheTextAndThePosition() {
        assertMessage("in \"(2,2) (1,2) (2,2)\" at position 0: expected a morphism S --(α)--> T",
                () -> NestMorphism.parse("(2,2) (1,2) (2,2)"));
        // one '-' after the domain is no arrow (the reader once found the "--" of "-->" and wanted a '(' after it)
        assertMessage("in \"(2,2) -(1,2)--> (2,2)\" at position 0: expected a morphism S --(α)--> T",
                () -> NestMorphism.parse("(2,2) -(1,2)--> (2,2)"));
        assertMessage("in \"(2,2) --1,2)--> (2,2)\" at position 8: expected '(' opening the map α",
                () -> NestMorphism.parse("(2,2) --1,2)--> (2,2)"));
        assertMessage("in \"(2) --(1, 2\" at position 6: the map α is not closed by ')'", () -> NestMorphism.parse("(2) --(1, 2"));
        assertMessage("in \"(2) --(0)--> (2)\" at position 7: an image of α is a positive index or *, got 0", () -> NestMorphism.parse("(2) --(0)--> (2)"));
        assertMessage("in \" --(1)--> (2)\" at position 0: the domain is missing", () -> NestMorphism.parse(" --(1)--> (2)"));
        assertMessage("in \"(2) --(1)--> \" at position 12: the codomain is missing", () -> NestMorphism.parse("(2) --(1)--> "));
        assertMessage("in \"(0) --(1)--> (2)\" at position 0: the domain (0) has a non-positive entry", () -> NestMorphism.parse("(0) --(1)--> (2)"));
        assertMessage("an image of α is a positive index or *, got \"x\"", () -> NestMorphism.parse("(2) --(x)--> (2)"));
        assertMessage("expected \"-->\" after the map α", () -> NestMorphism.parse("(2) --(1)-> (2)"));
        assertMessage("is a nested morphism", () -> TupleMorphism.parse("((2,2)) --(1,2)--> (2,2)"));
        assertEquals(NestMorphism.parse("() --()--> ()"), NestMorphism.of(IntTuple.EMPTY, IntTuple.EMPTY));
        assertEquals("(4,5) --(*,2)--> (3,5)", NestMorphism.parse(" (4, 5)--( *, 2 )-->(3 ,5) ").toString());
    }

    @Test
    void admissibilityOfDivideAndProduct() {
        NestMorphism f = NestMorphism.parse("(4,8) --(1,2)--> (4,8)");
        assertMessage("g maps an entry to *", () -> f.divide(NestMorphism.parse("(4,3) --(1,*)--> (4,8)")));
        assertMessage("g does not divide f", () -> f.divide(NestMorphism.parse("(4) --(1)--> (4,2)")));
        assertMessage("f maps an entry to *", () -> NestMorphism.parse("(4,3) --(1,*)--> (4,8)").product(f));
        assertMessage("is not the domain (8) of f^c", () -> NestMorphism.parse("(4) --(1)--> (4,8)").product(f));
        assertMessage("needs a map without *", () -> TupleMorphism.parse("(3) --(*)--> (2)").complement());
    }

    @Test
    void predicates() {
        TupleMorphism iso = TupleMorphism.parse("(3,2) --(2,1)--> (2,3)");
        assertTrue(iso.isIsomorphism() && !iso.isSorted() && iso.sort().isSorted());
        assertEquals("(2,3) --(1,2)--> (2,3)", iso.sort().toString());
        TupleMorphism deg = TupleMorphism.parse("(1,2) --(1,2)--> (1,2)");
        assertTrue(!deg.isNonDegenerate() && !deg.isCoalesced());
        assertEquals("(2) --(1)--> (2)", deg.coalesce().toString());
        assertEquals("(1) --(*)--> ()", TupleMorphism.parse("(1,1) --(*,1)--> (1)").coalesce().toString());
        assertEquals("1 --(*)--> ()", NestMorphism.parse("(1,1) --(*,1)--> (1)").coalesce().toString());
    }
}
