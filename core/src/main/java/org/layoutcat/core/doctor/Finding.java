package org.layoutcat.core.doctor;

import java.util.Objects;

/**
 * One rule a descriptor breaks: the rule's stable name, what is wrong in the descriptor's numbers, and the nearest
 * values that keep the rule. Immutable.
 *
 * @param rule    the rule's stable name, e.g. {@code reserved-bits}
 * @param problem what breaks it, with the numbers
 * @param nearest the nearest valid values
 */
public record Finding(String rule, String problem, String nearest) {
    public Finding {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(nearest, "nearest");
    }

    /** {@code rule: problem; nearest valid: nearest}. */
    @Override
    public String toString() {
        return rule + ": " + problem + "; nearest valid: " + nearest;
    }
}
