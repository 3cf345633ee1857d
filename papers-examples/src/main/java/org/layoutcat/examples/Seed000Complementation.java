package org.layoutcat.examples;

import static org.layoutcat.examples.Source.SEED_000;

import java.util.List;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;

/** Seed 000, "Bridging Math and Code: CuTe Layout Algebra in CuTeDSL": layout function, sorting, coalesce, complement. */
public final class Seed000Complementation {
    private Seed000Complementation() {}

    public static List<Example> examples() {
        Layout l = Layout.parse("(2,4):(2,2)");
        return List.of(
            Example.of(SEED_000, "Layout function", "the layout function of (2,4):(2,2), fL(0..7)", "(2,4):(2,2)",
                "0,2,2,4,4,6,6,8", () -> Tables.values(l), Figure.layout(l)),
            Example.of(SEED_000, "Sorted layouts", "(2,2):(3,1) is row-major: fL1 = 0,3,1,4", "(2,2):(3,1)",
                "0,3,1,4", () -> Tables.values(Layout.parse("(2,2):(3,1)")), Figure.layout(Layout.parse("(2,2):(3,1)"))),
            Example.of(SEED_000, "Sorted layouts", "(2,2):(1,3), its sorted form, is column-major: fL2 = 0,1,3,4", "(2,2):(1,3)",
                "0,1,3,4", () -> Tables.values(Layout.parse("(2,2):(1,3)")), Figure.layout(Layout.parse("(2,2):(1,3)"))),
            Example.of(SEED_000, "Coalescing", "a shape-1 mode never moves the layout function", "coalesce((2,1):(3,1))",
                "2:3", () -> Coalesce.coalesce(Layout.parse("(2,1):(3,1)")).toString(), Figure.layout(Layout.parse("(2,1):(3,1)"))),
            Example.of(SEED_000, "Complement", "complement of (2,4):(1,2) with respect to 16", "complement((2,4):(1,2), 16)",
                "2:8", () -> Complement.complement(Layout.parse("(2,4):(1,2)"), 16).toString(),
                Figure.layout(Layout.parse("(2,4,2):(1,2,8)"))),
            Example.of(SEED_000, "Complement", "(L, comp(L,16)) = (2,4,2):(1,2,8) is a bijection of [0,16): the identity",
                "(2,4,2):(1,2,8)", Tables.map(Layout.colMajor(org.layoutcat.core.IntTuple.of(16))),
                () -> Tables.map(Layout.concat(Layout.parse("(2,4):(1,2)"), Complement.complement(Layout.parse("(2,4):(1,2)"), 16))),
                Figure.layout(Layout.parse("(2,4,2):(1,2,8)"))),
            Example.of(SEED_000, "Complement", "(8:2, comp(8:2, 32)) is a bijection of [0,32) other than the identity",
                "(8:2, complement(8:2, 32))", BIJECTION_32,
                () -> Tables.map(Layout.concat(Layout.parse("8:2"), Complement.complement(Layout.parse("8:2"), 32))),
                Figure.layout(Layout.parse("(8,2,2):(2,1,16)")))
                .noting("The post's formulas were lost in the text; the layout 8:2 and cotarget 32 are recovered from "
                        + "the printed table (0 -> 0, 1 -> 2, ..., 8 -> 1, 16 -> 16): comp(8:2, 32) = (2,2):(1,16)."));
    }

    private static final String BIJECTION_32 = """
            0 -> 0
            1 -> 2
            2 -> 4
            3 -> 6
            4 -> 8
            5 -> 10
            6 -> 12
            7 -> 14
            8 -> 1
            9 -> 3
            10 -> 5
            11 -> 7
            12 -> 9
            13 -> 11
            14 -> 13
            15 -> 15
            16 -> 16
            17 -> 18
            18 -> 20
            19 -> 22
            20 -> 24
            21 -> 26
            22 -> 28
            23 -> 30
            24 -> 17
            25 -> 19
            26 -> 21
            27 -> 23
            28 -> 25
            29 -> 27
            30 -> 29
            31 -> 31""";
}
