package org.layoutcat.diagrams;

/**
 * The fill colours of cells and entries: eight light colours under dark text, repeating cyclically. They are Paul
 * Tol's "light" qualitative scheme (SRON, "Colour schemes", 2021: made for cells with labels printed on them, and
 * distinct to colour-blind readers) less its pale grey, which is too near the paper of cells no thread holds. Colour 0
 * is blue (thread 0 of a thread–value picture is blue, as in the pictures of seed 003). Eight, as CuTe's
 * {@code print_latex} cycles eight colours, and as 32 banks fall in 8 groups of 4.
 *
 * <p>Under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, severity 1) every
 * two of them stay at least 7.4 ΔE2000 apart, and 10.6 ΔE (CIE 1976) under deuteranopia, where the twelve colours
 * before them had two 3.8 ΔE apart (teal {@code #8dd3c7} and pink {@code #f7b6d2}).
 */
public final class Palette {
    private Palette() {}

    private static final String[] FILLS = {
        "#77aadd", "#ee8866", "#eedd88", "#ffaabb", "#99ddff", "#44bb99", "#bbcc33", "#aaaa00",
    };

    /** Number of distinct colours before the palette repeats. */
    public static int size() {
        return FILLS.length;
    }

    /** Colour {@code k mod size()} as {@code #rrggbb}; a negative {@code k} is the plain paper colour. */
    public static String fill(long k) {
        if (k < 0) return Style.PAPER;
        return FILLS[(int) Math.floorMod(k, (long) FILLS.length)];
    }
}
