package org.layoutcat.examples;

/** The source documents whose worked examples the catalog reproduces (files under {@code shared/seeds/}). */
public enum Source {
    SEED_000("000", "Bridging Math and Code: CuTe Layout Algebra in CuTeDSL — Complementation"),
    SEED_001("001", "Intuition behind Hierarchical Layouts"),
    SEED_002("002", "Categorical Foundations for CuTe Layouts (blog summary of the paper)"),
    SEED_003("003", "Thread Value Layouts in CuTe"),
    SEED_004("004", "Tensor-008: CuTe Layout Algebra (a Chinese-language article)"),
    PAPER_NOTES("notes", "Notes on the categorical theory of CuTe layouts (PAPER-NOTES.md, worked examples)"),
    ATOMS("atoms", "Tensor-core atoms: CuTe's MMA and copy traits and their tilings, as CuTe C++ prints them"),
    SWIZZLE("swizzle", "Swizzled shared memory: CuTe's swizzled layouts, and one instruction's bank conflicts");

    private final String key;
    private final String title;

    Source(String key, String title) {
        this.key = key;
        this.title = title;
    }

    /** Short key: the seed's number, or {@code notes}. */
    public String key() {
        return key;
    }

    public String title() {
        return title;
    }
}
