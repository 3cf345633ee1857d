package org.layoutcat.examples;

import java.util.ArrayList;
import java.util.List;

/** Every worked example of every source, in the order of the sources. */
public final class Catalog {
    private Catalog() {}

    public static List<Example> all() {
        List<Example> out = new ArrayList<>();
        out.addAll(Seed000Complementation.examples());
        out.addAll(Seed001HierarchicalLayouts.examples());
        out.addAll(Seed002CategoricalFoundations.examples());
        out.addAll(Seed003ThreadValueLayouts.examples());
        out.addAll(Seed004LayoutAlgebra.examples());
        out.addAll(PaperNotesExamples.examples());
        out.addAll(TensorCoreAtoms.examples());
        out.addAll(SwizzleExamples.examples());
        return List.copyOf(out);
    }
}
