package org.layoutcat.gpu;

/**
 * The outcome of comparing two layout functions pointwise over {@code [0, points)}.
 *
 * @param points     the number of indices checked
 * @param mismatches the number of indices where the two differ
 * @param first      the smallest such index, or −1 when there is none
 */
public record Comparison(long points, long mismatches, long first) {
    /**
     * The outcome; the three numbers must agree.
     *
     * @throws IllegalArgumentException unless {@code 0 ≤ mismatches ≤ points}, and {@code first} is −1 exactly when
     *         there is no mismatch and otherwise lies in {@code [0, points)}
     */
    public Comparison {
        if (points < 0 || mismatches < 0 || mismatches > points) {
            throw new IllegalArgumentException("a comparison of " + points + " points cannot have " + mismatches + " mismatches");
        }
        if ((mismatches == 0) != (first == -1) || first < -1 || first >= points) {
            throw new IllegalArgumentException("first mismatch " + first + " is inconsistent with " + mismatches + " mismatches in " + points + " points");
        }
    }

    /** True when the two functions agree on every point. */
    public boolean agrees() {
        return mismatches == 0;
    }
}
