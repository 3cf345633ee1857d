package org.layoutcat.category;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.LayoutArgumentException;

/**
 * Reader of the morphism notation {@code S --(α)--> T}: S and T nested tuples in CuTe notation, α the list of
 * 1-based images with {@code *} for the basepoint, read by the one reader of CuTe notation ({@link
 * CuTeNotation#parseArrow}). Spaces are ignored. A malformed text is an IllegalArgumentException quoting the text and
 * the position.
 */
final class MorphismNotation {
    private MorphismNotation() {}

    /**
     * Whether the text is written in this notation rather than as a layout, as the one reader of CuTe notation decides
     * ({@link CuTeNotation#beginsArrow}): a leading tuple followed by {@code --}. For the pictures that route a text to
     * the operation of its kind before it is read; {@link #parseLayoutOrMorphism} returns the kind the reader read.
     */
    static boolean isMorphismText(String text) {
        return CuTeNotation.beginsArrow(text);
    }

    /** The morphism of the arrow the one reader of CuTe notation reads ({@link CuTeNotation#parseArrow}). */
    static NestMorphism parse(String text) {
        return of(text, CuTeNotation.parseArrow(text));
    }

    /** A layout or a morphism, as the reader decides by the token after the leading tuple. */
    static NestMorphism.LayoutOrMorphism parseLayoutOrMorphism(String text) {
        return switch (CuTeNotation.parseLayoutOrArrow(text)) {
            case CuTeNotation.LayoutOrArrow.OfLayout(AnyLayout l) -> new NestMorphism.LayoutOrMorphism.OfLayout(l);
            case CuTeNotation.LayoutOrArrow.OfArrow(CuTeNotation.Arrow a) -> new NestMorphism.LayoutOrMorphism.OfMorphism(of(text, a));
        };
    }

    private static NestMorphism of(String text, CuTeNotation.Arrow a) {
        try {
            return NestMorphism.of(a.domain(), a.codomain(), FinMorphism.of(a.codomain().leafCount(), a.images()));
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException("in \"" + text + "\": " + e.getMessage(), e);
        }
    }
}
