package org.layoutcat.category;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;

/**
 * Reader of the morphism notation {@code S --(α)--> T}: S and T nested tuples in CuTe notation, α the list of
 * 1-based images with {@code *} for the basepoint. Spaces are ignored. A malformed text is an
 * IllegalArgumentException quoting the text and the position.
 */
final class MorphismNotation {
    private MorphismNotation() {}

    /**
     * Whether the text is written in this notation rather than as a layout: it has the arrow's {@code --} or
     * {@code ->}, which CuTe notation never has (a negative stride is one {@code -} before a digit).
     */
    static boolean isMorphismText(String text) {
        return text.contains("--") || text.contains("->");
    }

    static NestMorphism parse(String text) {
        if (text == null) throw new LayoutArgumentException("no morphism to parse (null)");
        int arrow = text.indexOf("--");
        if (arrow < 0) throw error(text, 0, "expected a morphism S --(α)--> T");
        int open = skip(text, arrow + 2);
        if (open >= text.length() || text.charAt(open) != '(') throw error(text, open, "expected '(' opening the map α after \"--\"");
        int close = text.indexOf(')', open);
        if (close < 0) throw error(text, open, "the map α is not closed by ')'");
        int tip = skip(text, close + 1);
        if (!text.startsWith("-->", tip)) throw error(text, tip, "expected \"-->\" after the map α");
        IntTuple domain = tuple(text, 0, arrow, "domain");
        IntTuple codomain = tuple(text, tip + 3, text.length(), "codomain");
        List<Integer> images = new ArrayList<>();
        String body = text.substring(open + 1, close);
        if (!body.isBlank()) {
            int at = open + 1;
            for (String part : body.split(",", -1)) {
                String p = part.strip();
                if (p.equals("*")) {
                    images.add(FinMorphism.STAR);
                } else {
                    try {
                        int v = Integer.parseInt(p);
                        if (v < 1) throw error(text, at, "an image of α is a positive index or *, got " + p);
                        images.add(v);
                    } catch (NumberFormatException e) {
                        throw error(text, at, "an image of α is a positive index or *, got \"" + p + "\"");
                    }
                }
                at += part.length() + 1;
            }
        }
        try {
            return NestMorphism.of(domain, codomain, FinMorphism.of(codomain.leafCount(), images));
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException("in \"" + text + "\": " + e.getMessage(), e);
        }
    }

    private static IntTuple tuple(String text, int from, int to, String what) {
        String part = text.substring(from, to);
        if (part.isBlank()) throw error(text, from, "the " + what + " is missing");
        try {
            IntTuple t = IntTuple.parse(part);
            if (!t.allPositive()) throw error(text, from, "the " + what + " " + t + " has a non-positive entry");
            return t;
        } catch (IllegalArgumentException e) {
            if (e.getMessage().startsWith("in \"" + text)) throw e;
            throw new LayoutArgumentException("in \"" + text + "\" at position " + from + ": the " + what + ": " + e.getMessage(), e);
        }
    }

    private static int skip(String text, int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
        return i;
    }

    private static IllegalArgumentException error(String text, int pos, String why) {
        return new LayoutArgumentException("in \"" + text + "\" at position " + pos + ": " + why);
    }
}
