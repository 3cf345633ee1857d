package org.layoutcat.category;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.category.compose.CategoricalAlgebra;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.category.compose.CompositionTrace;
import org.layoutcat.category.compose.CompositionTrace.Extension;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.category.refine.Pullback;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Composition;

/**
 * The 21 worked examples of ../shared/PAPER-NOTES.md (checked there by brute force) and the examples of seed 002,
 * the blog summary of "Categorical Foundations for CuTe Layouts". In the notes "A = …, B = … → B∘A" means A
 * applied first, which is {@code composition(B, A)} here.
 */
class PaperExamplesTest {

    static Layout l(String s) {
        return Layout.parse(s);
    }

    static NestMorphism m(String s) {
        return NestMorphism.parse(s);
    }

    static IntTuple t(String s) {
        return IntTuple.parse(s);
    }

    // notes, example 1
    @Test
    void example1StandardRepresentationAndANonTractableLayout() {
        assertEquals("(2,2,2) --(1,2,3)--> (2,2,2)", StandardRepresentation.of(l("(2,2,2):(1,2,4)")).toString());
        assertFalse(Tractability.isTractable(l("(2,2,2):(1,7,4)")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StandardRepresentation.of(l("(2,2,2):(1,7,4)")));
        assertTrue(e.getMessage().contains("flat mode 3 (2:4) reaches 8, which does not divide the stride 7 of flat mode 2 (2:7)"), e.getMessage());
    }

    // notes, example 2
    @Test
    void example2NestedEncodedLayout() {
        assertEquals(l("((5,5),8):((1,40),5)"), m("((5,5),8) --(1,3,2)--> (5,8,5)").encodedLayout());
    }

    // notes, example 3; seed 002, "Tuple morphisms" diagram
    @Test
    void example3() {
        assertEquals("(2,2) --(2,4)--> (3,2,5,2)", StandardRepresentation.of(l("(2,2):(3,30)")).toString());
    }

    // notes, example 4
    @Test
    void example4ZeroStrideGoesToTheBasepoint() {
        assertEquals("(2,2,2,2) --(4,*,2,6)--> (3,2,4,2,10,2)", StandardRepresentation.of(l("(2,2,2,2):(24,0,3,480)")).toString());
    }

    // notes, example 5; seed 002, "each of the tuple morphisms ... encodes the layout L = (4,5):(1,64)"
    @Test
    void example5ThreeMorphismsEncodeOneLayoutOnlyOneOfStandardForm() {
        NestMorphism f = m("(4,5) --(1,3)--> (4,16,5)");
        NestMorphism g = m("(4,5) --(1,3)--> (4,16,5,7)");
        NestMorphism h = m("(4,5) --(1,4)--> (4,2,8,5)");
        for (NestMorphism x : new NestMorphism[] {f, g, h}) assertEquals(l("(4,5):(1,64)"), x.encodedLayout());
        assertTrue(f.isStandardForm());
        assertFalse(g.isStandardForm());
        assertFalse(h.isStandardForm());
        assertEquals(f, StandardRepresentation.of(l("(4,5):(1,64)")));
    }

    // notes, example 6
    @Test
    void example6NestedStandardRepresentation() {
        assertEquals("(32,(2,2)) --(6,4,2)--> (3,2,4,2,4,32)", StandardRepresentation.of(l("(32,(2,2)):(192,(24,3))")).toString());
    }

    // notes, example 7
    @Test
    void example7NestedCodomain() {
        assertEquals(l("(128,(4,4,2)):(16,(1,4,0))"), m("(128,(4,4,2)) --(3,1,2,*)--> ((4,4),128)").encodedLayout());
    }

    // notes, example 8; seed 002, "Coalesce"
    @Test
    void example8Coalesce() {
        assertEquals(l("(4,125):(1,8)"), Coalesce.coalesce(l("(2,2,5,5,5):(1,2,8,40,200)")));
        NestMorphism f = m("(2,2,5,5,5) --(1,2,4,5,6)--> (2,2,2,5,5,5)");
        assertEquals("(4,125) --(1,3)--> (4,2,125)", f.coalesce().toString());
        assertEquals(l("(4,125):(1,8)"), f.coalesce().encodedLayout());
    }

    // notes, example 9
    @Test
    void example9CoalesceMergesRunsOutOfOrder() {
        NestMorphism c = m("((2,2),(3,3),(5,5)) --(5,6,3,4,1,2)--> (5,5,3,3,2,2)").coalesce();
        assertEquals("(4,9,25) --(3,2,1)--> (25,9,4)", c.toString());
        assertEquals(l("(4,9,25):(225,25,1)"), c.encodedLayout());
    }

    // notes, example 10; seed 002, "Complement": strides (2,20) for (2,2,2):(1,10,60)
    @Test
    void example10Complement() {
        NestMorphism f = m("(2,2,2) --(1,3,5)--> (2,3,2,5,2)");
        assertEquals("(3,5) --(2,4)--> (2,3,2,5,2)", f.complement().toString());
        assertEquals(l("(3,5):(2,12)"), f.complement().encodedLayout());
        assertEquals(l("(3,5):(2,12)"), CategoricalAlgebra.complement(l("(2,2,2):(1,6,60)")));
        assertEquals(l("(5,3):(2,20)"), CategoricalAlgebra.complement(l("(2,2,2):(1,10,60)")));
    }

    // notes, example 11
    @Test
    void example11ComplementWithACotarget() {
        assertEquals(l("(4,2,10):(1,40,240)"), CategoricalAlgebra.complement(l("(3,10):(80,4)"), 2400));
        assertEquals(l("(3,2):(2,12)"), CategoricalAlgebra.complement(l("(2,2):(1,6)"), 24));
        assertEquals(l("2:8"), CategoricalAlgebra.complement(l("(2,4):(1,2)"), 16));
    }

    // notes, example 12; seed 002, "Composition": B∘A = (2,2):(25,50)
    @Test
    void example12CompositionWithComposableStandardRepresentations() {
        CompositionTrace tr = CategoricalComposition.trace(l("(5,2,5,2):(1,25,5,50)"), l("(2,2):(5,50)"));
        assertEquals("(2,2) --(2,4)--> (5,2,5,2)", tr.f().toString());
        assertEquals("(5,2,5,2) --(1,3,2,4)--> (5,5,2,2)", tr.g().toString());
        assertEquals("(2,2) --(3,4)--> (5,5,2,2)", tr.composite().toString());
        assertEquals(l("(2,2):(25,50)"), tr.result());
        assertEquals(Extension.NONE, tr.extension());
    }

    // notes, example 13; seed 002, "The composition algorithm"
    @Test
    void example13CompositionThroughMutualRefinement() {
        CompositionTrace tr = CategoricalComposition.trace(l("(12,3,6):(1,72,12)"), l("(6,6):(6,1)"));
        assertEquals(t("(6,(2,3))"), tr.tPrime());
        assertEquals(t("((6,2),3,6)"), tr.uPrime());
        assertEquals("((2,3),6) --(2,3,1)--> ((6,2),3,6)", tr.fPrime().toString());
        assertEquals("((6,2),3,6) --(1,2,4,3)--> ((6,2),6,3)", tr.gPrime().toString());
        assertEquals(l("((2,3),6):((6,72),1)"), tr.result());
        // the blog states A = (6,6):(1,6); its composite is (6,(2,3)):(1,(6,72)) (checked in the notes)
        assertEquals(l("(6,(2,3)):(1,(6,72))"), CategoricalComposition.compose(l("(12,3,6):(1,72,12)"), l("(6,6):(1,6)")));
        assertEquals("(6,(2,3)) ((6,2),3,6)", MutualRefinement.require(t("(6,6)"), t("(12,3,6)")).toString());
    }

    // notes, example 14
    @Test
    void example14() {
        CompositionTrace tr = CategoricalComposition.trace(l("(10,360):(2,60)"), l("(6,6):(5,60)"));
        assertEquals(t("(5,(2,3),2,6)"), tr.tPrime());
        assertEquals(t("((5,2),(3,2,6,10))"), tr.uPrime());
        assertEquals(l("((2,3),6):((10,60),360)"), tr.result());
    }

    // notes, example 15 (the notes print the second as ((2,2)):((6,1)); CuTe and we give the leaf mode as (2,2):(6,1))
    @Test
    void example15() {
        assertEquals(l("((4,4),(2,2)):((2,64),(256,1))"), CategoricalComposition.compose(l("(8,64):(64,1)"), l("((4,4),4):((16,1),4)")));
        assertEquals(l("(2,2):(6,1)"), CategoricalComposition.compose(l("(2,2,6):(12,6,1)"), l("4:2")));
        assertEquals(Composition.compose(l("(2,2,6):(12,6,1)"), l("4:2")), CategoricalComposition.compose(l("(2,2,6):(12,6,1)"), l("4:2")));
    }

    // notes, example 16
    @Test
    void example16MutualRefinements() {
        assertEquals("((2,3),(2,3)) (2,(3,2),3)", MutualRefinement.require(t("(6,6)"), t("(2,6,3)")).toString());
        assertEquals("((2,4),(2,4),(2,4)) (2,(4,2),(4,2),(4,2))", MutualRefinement.require(t("(8,8,8)"), t("(2,8,8,8)")).toString());
        assertEquals("(4,2,2,(2,16)) ((4,2,2,2),(16,2))", MutualRefinement.require(t("(4,2,2,32)"), t("(32,32)")).toString());
        assertFalse(MutualRefinement.of(t("(8,8)"), t("(3,8,8)")).isPresent());
    }

    // notes, example 17
    @Test
    void example17Pullback() {
        NestMorphism f = m("(64,32) --(2,4)--> (4,64,4,32)");
        NestMorphism p = Pullback.along(f, t("((2,2),(16,4),(2,2),(16,2))"));
        assertEquals("((16,4),(16,2)) --(3,4,7,8)--> ((2,2),(16,4),(2,2),(16,2))", p.toString());
        Layout l = l("(64,32):(4,1024)");
        assertEquals(l, f.encodedLayout());
        for (long x = 0; x < l.size(); x++) assertEquals(l.apply(x), p.encodedLayout().apply(x));
    }

    // notes, example 18
    @Test
    void example18Divide() {
        assertEquals(l("((4,4),(8,8)):((1,32),(4,128))"), CategoricalAlgebra.logicalDivide(l("(4,8,4,8):(1,4,32,128)"), l("(4,4):(1,32)")));
        assertEquals(l("((4,4),(16,8)):((32,1),(128,4))"), CategoricalAlgebra.logicalDivide(l("(64,32):(32,1)"), l("(4,4):(1,64)")));
        assertEquals(l("((2,2),(2,4)):((1,4),(2,8))"), CategoricalAlgebra.logicalDivide(l("(4,8):(1,4)"), l("(2,2):(1,4)")));
        // the same through f ⊘ g: (4,8,4,8) --(1,2,3,4)--> (4,8,4,8) divided by (4,4) --(1,3)--> (4,8,4,8)
        NestMorphism f = StandardRepresentation.of(l("(4,8,4,8):(1,4,32,128)"));
        NestMorphism g = m("(4,4) --(1,3)--> (4,8,4,8)");
        assertEquals(l("(4,4,8,8):(1,32,4,128)"), Coalesce.coalesce(f.divide(g).encodedLayout()));
    }

    // notes, example 19
    @Test
    void example19Product() {
        assertEquals(l("((3,10,10),(2,2)):((200,1,20),(10,600))"), CategoricalAlgebra.logicalProduct(l("(3,10,10):(200,1,20)"), l("(2,2):(1,2)")));
        assertEquals(l("((2,2),(3,5)):((5,10),(20,1))"), CategoricalAlgebra.logicalProduct(l("(2,2):(5,10)"), l("(3,5):(5,1)")));
    }

    // notes, example 20: CuTe composes these non-tractable pairs; the category refuses them and says why
    @Test
    void example20NonTractablePairsAreRefused() {
        assertEquals(l("(2,3):(9,5)"), Composition.compose(l("(4,6,8,10):(2,3,5,7)"), l("6:12")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CategoricalComposition.compose(l("(4,6,8,10):(2,3,5,7)"), l("6:12")));
        assertTrue(e.getMessage().contains("the layout applied second, A = (4,6,8,10):(2,3,5,7) is not tractable"), e.getMessage());
        assertEquals(l("(2,3):(50,60)"), Composition.compose(l("80:10"), l("(2,3):(5,6)")));
        assertThrows(IllegalArgumentException.class, () -> CategoricalComposition.compose(l("80:10"), l("(2,3):(5,6)")));
    }

    // notes, example 21: no composite exists
    @Test
    void example21NoCompositeIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CategoricalComposition.compose(l("(4,5):(1,100)"), l("3:2")));
        assertTrue(e.getMessage().contains("B's mode 3:2 spans [2, 6) and crosses the boundary 4"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CategoricalComposition.compose(l("(6,6):(24,0)"), l("8:2")));
    }

    // notes, "When no mutual refinement exists the composite may still exist"
    @Test
    void compositesWithoutMutualRefinementAreFoundThroughBTilde() {
        CompositionTrace a = CategoricalComposition.trace(l("7:1"), l("4:2"));
        assertEquals(l("4:2"), a.result());
        assertEquals(Extension.AGREES_ON_PREFIX, a.extension());
        assertEquals(l("8:1"), a.bTilde());
        CompositionTrace b = CategoricalComposition.trace(l("100:7"), l("(3,5):(10,2)"));
        assertEquals(l("(3,5):(70,14)"), b.result());
        assertEquals(l("30:7"), b.bTilde());
        // coalescing the second layout first matters: (3,8,8):(1,3,24) has no refinement with (8,8), 192:1 has
        assertEquals(Extension.NONE, CategoricalComposition.trace(l("(3,8,8):(1,3,24)"), l("(8,8):(1,8)")).extension());
        // a cut of A (3, 6) inside a gap of f's codomain: A is read along the entries f hits
        CompositionTrace c = CategoricalComposition.trace(l("(3,4):(1,12)"), l("(2,2):(1,6)"));
        assertEquals(Extension.RESTRICTED_TO_IMAGE, c.extension());
        assertEquals(l("(2,3,2):(1,0,24)"), c.bTilde());
        assertEquals(l("(2,2):(1,24)"), c.result());
        assertEquals(l("(4,5):(1,36)"), CategoricalComposition.compose(l("(6,5):(1,18)"), l("(4,5):(1,12)")));
    }

    // a composite that is not tractable: no morphism encodes it; composition distributes over B's modes first
    @Test
    void nonTractableCompositesAreRefusedOrComposedModeByMode() {
        assertEquals(l("(2,2):(3,1)"), Composition.compose(l("(2,3):(3,1)"), l("4:1")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CategoricalComposition.compose(l("(2,3):(3,1)"), l("4:1")));
        assertTrue(e instanceof org.layoutcat.category.compose.UnrepresentableCompositeException);
        // (2,2):(4,2) o (6,4,6,2):(48,12,2,1) = (6,4,6,2):(48,12,2,4): each mode tractable, the whole not
        assertEquals(l("(6,4,6,2):(48,12,2,4)"), CategoricalComposition.compose(l("(2,2):(4,2)"), l("(6,4,6,2):(48,12,2,1)")));
        assertEquals(4, CategoricalComposition.traces(l("(2,2):(4,2)"), l("(6,4,6,2):(48,12,2,1)")).size());
    }
}
