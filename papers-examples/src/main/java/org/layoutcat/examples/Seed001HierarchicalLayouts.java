package org.layoutcat.examples;

import static org.layoutcat.examples.Source.SEED_001;

import java.util.List;
import org.layoutcat.core.Layout;

/** Seed 001, "Intuition behind Hierarchical Layouts": index → hierarchical coordinate tables (get_hier_coord). */
public final class Seed001HierarchicalLayouts {
    private Seed001HierarchicalLayouts() {}

    public static List<Example> examples() {
        return List.of(
            table("a cube of two K-major planes", "(2,2,2):(2,1,4)", """
                0 -> (0,0,0)
                1 -> (0,1,0)
                2 -> (1,0,0)
                3 -> (1,1,0)
                4 -> (0,0,1)
                5 -> (0,1,1)
                6 -> (1,0,1)
                7 -> (1,1,1)"""),
            table("the cube as a 4x2 matrix, a 2-d index in mode 0", "((2,2),2):((2,4),1)", """
                0 -> ((0,0),0)
                1 -> ((0,0),1)
                2 -> ((1,0),0)
                3 -> ((1,0),1)
                4 -> ((0,1),0)
                5 -> ((0,1),1)
                6 -> ((1,1),0)
                7 -> ((1,1),1)"""),
            table("the cube as a 2x4 matrix, a 2-d index in mode 1", "(2,(2,2)):(2,(1,4))", """
                0 -> (0,(0,0))
                1 -> (0,(1,0))
                2 -> (1,(0,0))
                3 -> (1,(1,0))
                4 -> (0,(0,1))
                5 -> (0,(1,1))
                6 -> (1,(0,1))
                7 -> (1,(1,1))"""),
            table("a sub-layout (2,2):(4,2) in mode 1", "(2,(2,2)):(1,(4,2))", """
                0 -> (0,(0,0))
                1 -> (1,(0,0))
                2 -> (0,(0,1))
                3 -> (1,(0,1))
                4 -> (0,(1,0))
                5 -> (1,(1,0))
                6 -> (0,(1,1))
                7 -> (1,(1,1))"""),
            table("a 4x4 pattern with nested modes in both", "((2,2),(2,2)):((1,8),(2,4))", """
                0 -> ((0,0),(0,0))
                1 -> ((1,0),(0,0))
                2 -> ((0,0),(1,0))
                3 -> ((1,0),(1,0))
                4 -> ((0,0),(0,1))
                5 -> ((1,0),(0,1))
                6 -> ((0,0),(1,1))
                7 -> ((1,0),(1,1))
                8 -> ((0,1),(0,0))
                9 -> ((1,1),(0,0))
                10 -> ((0,1),(1,0))
                11 -> ((1,1),(1,0))
                12 -> ((0,1),(0,1))
                13 -> ((1,1),(0,1))
                14 -> ((0,1),(1,1))
                15 -> ((1,1),(1,1))"""));
    }

    private static Example table(String title, String layout, String printed) {
        return Example.of(SEED_001, "Intuitive Understanding of Layouts", title, layout, printed,
                () -> Tables.coords(Layout.parse(layout)), Figure.coords(Layout.parse(layout)));
    }
}
