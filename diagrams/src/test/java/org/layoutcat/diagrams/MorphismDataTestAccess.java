package org.layoutcat.diagrams;

import java.util.Random;
import org.layoutcat.core.Layout;

/** The random layouts of {@link MorphismDataTest} for tests in other packages. */
public final class MorphismDataTestAccess {
    private MorphismDataTestAccess() {}

    public static Layout randomLayout(long seed) {
        return MorphismDataTest.randomLayout(new Random(seed));
    }
}
