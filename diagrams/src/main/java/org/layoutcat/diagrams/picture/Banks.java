package org.layoutcat.diagrams.picture;

import org.layoutcat.core.swizzle.BankConflicts;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Palette;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * Shared-memory banks as the pictures show them (the CUDA guide's 32 banks of 4-byte words, see
 * {@link BankConflicts}): an element's bank, and the colours of the bank groups with their legend. A group is the
 * four banks of one 16-byte chunk, so the 32 banks of a 128-byte row take 8 colours, as swizzle pictures colour
 * the chunks that a swizzle permutes.
 */
final class Banks {
    private Banks() {}

    /** Banks per colour: the four 4-byte banks of a 16-byte chunk. */
    static final int PER_COLOUR = 4;
    /** Colours of the bank groups. */
    static final int COLOURS = BankConflicts.BANKS / PER_COLOUR;

    /** Checks an element size in bytes: 1, 2, 4, 8 or 16, as {@link BankConflicts} takes. */
    static int elementBytes(int bytes) {
        return BankConflicts.elementBytes(bytes);
    }

    /** The bank of the element at {@code offset}: {@code ⌊offset·elementBytes / 4⌋ mod 32}, its first word's bank. */
    static long bank(long offset, int elementBytes) {
        return BankConflicts.bank(offset, elementBytes);
    }

    /** The palette colour of a bank: its group, {@code bank / 4}. */
    static long colour(long bank) {
        return bank / PER_COLOUR;
    }

    /** "banks 0–3", the group of colour {@code g}. */
    static String groupLabel(long g) {
        return "banks " + g * PER_COLOUR + "–" + (g * PER_COLOUR + PER_COLOUR - 1);
    }

    /** Width of {@link #legend}. */
    static double legendWidth() {
        double w = 0;
        for (int g = 0; g < COLOURS; g++) w += swatchWidth(g) + 6;
        return w - 6;
    }

    private static double swatchWidth(int g) {
        return Math.ceil(Style.textWidth(groupLabel(g), Style.SMALL) + 12);
    }

    /** Height of {@link #legend}. */
    static final double LEGEND_HEIGHT = 20;

    /** One swatch per bank group, left to right from (x, y), each filled with its colour and naming its banks. */
    static Box legend(Sketch k, double x, double y) {
        double at = x;
        for (int g = 0; g < COLOURS; g++) {
            double w = swatchWidth(g);
            k.scene.add(new Scene.Rect(new Box(at, y, w, LEGEND_HEIGHT), Palette.fill(g), Style.LINE, 0.6, 3, false, false));
            k.scene.add(new Scene.Text(at + w / 2, y + LEGEND_HEIGHT / 2, groupLabel(g), Style.SMALL, Scene.Anchor.MIDDLE, Style.INK, false));
            at += w + 6;
        }
        return new Box(x, y, at - 6 - x, LEGEND_HEIGHT);
    }
}
