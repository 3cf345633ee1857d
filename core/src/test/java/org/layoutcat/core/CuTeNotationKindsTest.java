package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.CuTeNotation.ShapeOrLayout;
import org.layoutcat.core.modes.SliceCoord;

/**
 * The kinds the one reader of CuTe notation returns for the forms read in narrower places: text in, kind out. Each
 * decision here was once made by looking at the text (a regex, a split, a parse tried and caught) outside the reader.
 */
class CuTeNotationKindsTest {

    private static String refusal(Runnable r) {
        return assertThrows(LayoutArgumentException.class, r::run).getMessage();
    }

    @Test
    void anAtomLayoutIsAShapeWithoutAStrideAndALayoutWithOne() {
        // make_tiled_mma's atom_layout_MNK: 2x2x1 is this form's own writing of the shape (2,2,1)
        assertEquals(new ShapeOrLayout.Shape(IntTuple.flat(2, 2, 1)), CuTeNotation.parseShapeOrLayout("2x2x1"));
        assertEquals(new ShapeOrLayout.Shape(IntTuple.flat(4, 2)), CuTeNotation.parseShapeOrLayout("4x2"));
        assertEquals(new ShapeOrLayout.Shape(IntTuple.of(4)), CuTeNotation.parseShapeOrLayout("4"));
        assertEquals(new ShapeOrLayout.Shape(IntTuple.parse("(2,(2,1))")), CuTeNotation.parseShapeOrLayout("(2,(2,1))"));
        assertEquals(new ShapeOrLayout.Strided(Layout.parse("(2,2,1):(2,1,0)")), CuTeNotation.parseShapeOrLayout("(2,2,1):(2,1,0)"));
        // MxNxK is written with digits and x alone; anything else is read as a layout, which words what is wrong
        assertTrue(refusal(() -> CuTeNotation.parseShapeOrLayout("2x2x2x2")).contains("at position 1 ('x'): unexpected text after the end"));
        assertTrue(refusal(() -> CuTeNotation.parseShapeOrLayout("2 x 2")).contains("at position 2 ('x'): unexpected text after the end"));
        assertTrue(refusal(() -> CuTeNotation.parseShapeOrLayout("-2x2")).contains("shape -2 has a negative entry"));
    }

    @Test
    void anAtomLayoutOfAnotherKindIsRefusedByItsKind() {
        assertTrue(refusal(() -> CuTeNotation.parseShapeOrLayout("(2,2):(1@0,1@1)")).contains("is a layout with scaled-basis strides"));
        assertTrue(refusal(() -> CuTeNotation.parseShapeOrLayout("Sw<1,2,3> o 0 o (8,8):(8,1)"))
                .contains("where a layout with integer strides is read"));
    }

    @Test
    void aCompositeIsReadAsItsFactorsOutermostFirst() {
        assertEquals(List.of(Layout.parse("(4,6):(1,4)"), Layout.parse("12:1")), CuTeNotation.parseCompositionFactors("(4,6):(1,4) o 12:1"));
        assertEquals(List.of(Layout.parse("(2,2):(1,2)"), Layout.parse("(4,6):(1,4)"), Layout.parse("24:1")),
                CuTeNotation.parseCompositionFactors("(2,2):(1,2)∘(4,6):(1,4) ∘ 24:1"));
        assertEquals(List.of(Layout.parse("(4,6):(1,4)")), CuTeNotation.parseCompositionFactors(" (4,6):(1,4) "));
        assertEquals(List.of(Layout.parse("(4,6)")), CuTeNotation.parseCompositionFactors("(4,6)")); // no stride: column-major
        assertTrue(refusal(() -> CuTeNotation.parseCompositionFactors("(4,6):(1,4) o (2,2):(1@0,1@1)"))
                .contains("at position 14 ('('): a factor of A o B has integer strides; (2,2):(1@0,1@1) is a layout with scaled-basis strides"));
        assertTrue(refusal(() -> CuTeNotation.parseCompositionFactors("(4,6):(1,4) o Sw<1,2,3> o 0 o 12:1")).contains("at position 14 ('S')"));
        assertTrue(refusal(() -> CuTeNotation.parseCompositionFactors("(4,6):(1,4) o")).contains("at position 13 (end of text)"));
    }

    @Test
    void aCoordinateHoldsWildcardsWhereAnIntegerMayStand() {
        SliceCoord c = SliceCoord.parse("(_,(1,_))");
        assertEquals(SliceCoord.of(SliceCoord.WILDCARD, SliceCoord.of(SliceCoord.of(1), SliceCoord.WILDCARD)), c);
        assertEquals(SliceCoord.WILDCARD, SliceCoord.parse(" _ "));
        assertEquals(SliceCoord.of(3), SliceCoord.parse("_3")); // CuTe's static mark, not a wildcard
        assertEquals(SliceCoord.of(), SliceCoord.parse("()"));
        assertEquals("cannot parse coordinate \"-1\" at position 0 ('-'): expected a non-negative integer, '_' or '('",
                refusal(() -> SliceCoord.parse("-1")));
        assertEquals("cannot parse coordinate \"(_,(1,x))\" at position 6 ('x'): expected a non-negative integer, '_' or '('",
                refusal(() -> SliceCoord.parse("(_,(1,x))")));
        assertEquals("cannot parse coordinate \"(1,2\" at position 4 (end of text): expected ',' or ')' in a coordinate",
                refusal(() -> SliceCoord.parse("(1,2")));
        assertEquals("cannot parse coordinate \"99999999999999999999\" at position 0 ('9'): integer does not fit in 64 bits",
                refusal(() -> SliceCoord.parse("99999999999999999999")));
    }

    @Test
    void aStrideIsAnIntegerOrAScaledBasisElement() {
        // CuTe prints the basis element E<1,0> scaled by 3 as 3@0@1: innermost index first
        assertEquals(ScaledBasis.of(3, 1, 0), ScaledBasis.parse("_3@0@1"));
        assertEquals(ScaledBasis.of(-2), ScaledBasis.parse("-2"));
        assertInstanceOf(LayoutArgumentException.class, assertThrows(IllegalArgumentException.class, () -> ScaledBasis.parse("1@x")));
        assertTrue(refusal(() -> ScaledBasis.parse("1@0 2")).contains("at position 4 ('2'): unexpected text after the end"));
    }

    /**
     * A stage's access is an access layout where it begins as a layout does (a digit or '('), and a tiled copy's
     * '/'-separated fields otherwise, each trimmed, the atom's name first.
     */
    @Test
    void aStagesAccessIsALayoutOrACopysFieldsByHowItBegins() {
        assertEquals(new CuTeNotation.AccessOrCopy.Access(Layout.parse("(32,8):(8,1)")), CuTeNotation.parseAccessOrCopy(" (32,8):(8,1)"));
        assertEquals(new CuTeNotation.AccessOrCopy.Access(Layout.parse("32:1")), CuTeNotation.parseAccessOrCopy("32"));
        assertEquals(new CuTeNotation.AccessOrCopy.Copy(List.of("SM75_U32x4_LDSM_N", "A", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1")),
                CuTeNotation.parseAccessOrCopy("SM75_U32x4_LDSM_N / A / SM80_16x8x16_F32F16F16F32_TN / 2x2x1"));
        assertEquals(new CuTeNotation.AccessOrCopy.Copy(List.of("UniversalCopy_U32")), CuTeNotation.parseAccessOrCopy("UniversalCopy_U32"));
        assertTrue(refusal(() -> CuTeNotation.parseAccessOrCopy("(32,8):(8,x)")).contains("(32,8):(8,x)"));
        assertTrue(refusal(() -> CuTeNotation.parseAccessOrCopy("(8,8):(1@0,1@1)")).contains("where a layout with integer strides is read"));
    }
}
