package org.layoutcat.core.internal;

import java.util.Collection;
import java.util.Optional;

/**
 * The nearest of some names to a misspelt one, by Levenshtein distance (insertions, deletions and substitutions of
 * one character each): what a refusal offers as "did you mean".
 */
public final class Spelling {
    private Spelling() {}

    /**
     * The name nearest to {@code typed} among {@code names}, where it is at most {@code max(2, |typed| / 3)} edits
     * away (the first of equally near ones); empty where none is that near, or the typed name is longer than 200
     * characters (no one misspells that much).
     */
    public static Optional<String> nearest(String typed, Collection<String> names) {
        if (typed == null || typed.length() > 200) return Optional.empty();
        int bound = Math.max(2, typed.length() / 3);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String n : names) {
            if (Math.abs(n.length() - typed.length()) > bound) continue; // at least that many edits
            int d = distance(n, typed);
            if (d < bestDistance) {
                best = n;
                bestDistance = d;
            }
        }
        return bestDistance <= bound ? Optional.of(best) : Optional.empty();
    }

    /** The Levenshtein distance between a and b. */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
