package org.layoutcat.examples;

import static org.layoutcat.examples.Source.SEED_004;

import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Product;
import org.layoutcat.diagrams.picture.TilingPicture.ProductKind;

/**
 * Seed 004, "Tensor-008: CuTe Layout Algebra": coalesce (also by mode), composition (also by mode, and the
 * inadmissible case CuTe rejects), complement, the divides and the products, each with the printout it shows.
 */
public final class Seed004LayoutAlgebra {
    private Seed004LayoutAlgebra() {}

    private static final String A_COL = "((2,(3,4)),(5,(6,7))):((1,(2,6)),(24,(120,720)))";
    private static final String A_ROW = "((2,(3,4)),(5,(6,7))):((2520,(840,210)),(42,(7,1)))";
    private static final String ROW_2_6_10_14 = "(2,6,10,14):(840,140,14,1)";
    private static final String A_2D = "(9,(4,8)):(59,(13,1))";
    private static final String TILER_2D = "<3:3,(2,4):(1,8)>";

    public static List<Example> examples() {
        return List.of(
            Example.of(SEED_004, "1.2 Layout function", "index -> hierarchical coordinate of the shape (3,(2,3))",
                "(3,(2,3))", table(SHAPE_3_2_3_COORDS), () -> Tables.indexCoords(Layout.parse("(3,(2,3))")), Figure.coords(Layout.parse("(3,(2,3))"))),
            op("2.2 Coalesce rules", "coalesce of a compact column-major 2x4", "coalesce((2,4):(1,2))", "8:1",
                () -> Coalesce.coalesce(Layout.parse("(2,4):(1,2)")), Figure.layout(Layout.parse("(2,4):(1,2)"))),
            op("2.2 Coalesce rules", "a generalized column-major layout coalesces to one mode", "coalesce(" + A_COL + ")", "5040:1",
                () -> Coalesce.coalesce(Layout.parse(A_COL)), null),
            op("2.2 Coalesce rules", "a row-major layout does not merge", "coalesce(" + A_ROW + ")",
                "(2,3,4,5,6,7):(2520,840,210,42,7,1)", () -> Coalesce.coalesce(Layout.parse(A_ROW)), null),
            op("2.3 Coalesce by mode", "coalesce(a_col, Step<_1,_1>): each top mode on its own", "coalesce(" + A_COL + ", (1,1))",
                "(24,210):(1,24)", () -> Coalesce.coalesce(Layout.parse(A_COL), IntTuple.parse("(1,1)")), null),
            op("2.3 Coalesce by mode", "coalesce(a_col, Step<_1,Step<_1,_1>>)", "coalesce(" + A_COL + ", (1,(1,1)))",
                "(24,(5,42)):(1,(24,120))", () -> Coalesce.coalesce(Layout.parse(A_COL), IntTuple.parse("(1,(1,1))")), null),
            op("3.1.2 Composability", "row-major (2,6,10,14) o (60):(4), checked by CuTe at compile time",
                "composition(" + ROW_2_6_10_14 + ", (60):(4))", "((3,10,2)):((280,14,1))",
                () -> Composition.compose(Layout.parse(ROW_2_6_10_14), Layout.parse("(60):(4)")),
                Figure.compose(Layout.parse(ROW_2_6_10_14), Layout.parse("(60):(4)"))),
            op("3.1.2 Composability", "the same with shape 70: CuTe's static shape_div check fails, no composite exists",
                "composition(" + ROW_2_6_10_14 + ", 70:4)", "error: shape divisibility",
                () -> Composition.compose(Layout.parse(ROW_2_6_10_14), Layout.parse("70:4")), null),
            op("3.1.2 Composability", "(4,6,8,10):(2,3,5,7) o 6:12 = (2,3):(9,5), which CuTe's stricter check refuses",
                "composition((4,6,8,10):(2,3,5,7), 6:12)", "(2,3):(9,5)",
                () -> Composition.compose(Layout.parse("(4,6,8,10):(2,3,5,7)"), Layout.parse("6:12")),
                Figure.layout(Layout.parse("(2,3):(9,5)"))),
            table("3.1.3 Composition example", "the reshape B = (5,4):(4,1) of [0,20)", "(5,4):(4,1)", """
                    0    1    2    3
                    4    5    6    7
                    8    9   10   11
                   12   13   14   15
                   16   17   18   19""", Layout.parse("(5,4):(4,1)")),
            op("3.1.3 Composition example", "20:2 o (5,4):(4,1) = (5:8, 4:2) by left distributivity",
                "composition(20:2, (5,4):(4,1))", "(5,4):(8,2)",
                () -> Composition.compose(Layout.parse("20:2"), Layout.parse("(5,4):(4,1)")), Figure.compose(Layout.parse("20:2"), Layout.parse("(5,4):(4,1)"))),
            table("3.1.3 Composition example", "the composite (5,4):(8,2) printed over [0,40)", "(5,4):(8,2)", """
                    0    2    4    6
                    8   10   12   14
                   16   18   20   22
                   24   26   28   30
                   32   34   36   38""", Composition.compose(Layout.parse("20:2"), Layout.parse("(5,4):(4,1)"))),
            op("3.1.4 Composition by mode", "a tiler <3:4, 8:2> composes mode by mode",
                "composition(" + "(12,(4,8)):(59,(13,1))" + ", <3:4,8:2>)", "(3,(2,4)):(236,(26,1))",
                () -> Composition.compose(Layout.parse("(12,(4,8)):(59,(13,1))"), Tiler.parse("<3:4,8:2>")), null),
            op("3.1.4 Composition by mode", "a shape (3,8) as tiler is <3:1, 8:1>",
                "composition((12,(4,8)):(59,(13,1)), (3,8))", "(3,(4,2)):(59,(13,1))",
                () -> Composition.compose(Layout.parse("(12,(4,8)):(59,(13,1))"), Tiler.parse("(3,8)")), null),
            table("4 Complement", "the codomain of (5,4):(4,2) reaches 23 = cosize", "(5,4):(4,2)", """
                    0    2    4    6
                    4    6    8   10
                    8   10   12   14
                   12   14   16   18
                   16   18   20   22""", Layout.parse("(5,4):(4,2)")),
            op("4.2 Complement example", "complement((2,2):(1,6), 24), CuTe's documented example",
                "complement((2,2):(1,6), 24)", "(3,2):(2,12)",
                () -> Complement.complement(Layout.parse("(2,2):(1,6)"), 24), Figure.layout(Layout.parse("((2,2),(3,2)):((1,6),(2,12))"))),
            table("4.2 Complement example", "print_tensor of the complement (3,2):(2,12)", "(3,2):(2,12)", """
                    0   12
                    2   14
                    4   16""", Complement.complement(Layout.parse("(2,2):(1,6)"), 24)),
            table("5.3 2-D logical divide", "mode 0 of logical_divide(A, <3:3,(2,4):(1,8)>): (3,3):(177,59)",
                "logical_divide(" + A_2D + ", " + TILER_2D + ")<0>", """
                    0   59  118
                  177  236  295
                  354  413  472""", Divide.logicalDivide(Layout.parse(A_2D), Tiler.parse(TILER_2D)).mode(0)),
            op("5.3 2-D logical divide", "((TileM,RestM),(TileN,RestN)) with shape ((3,3),(8,4))",
                "logical_divide(" + A_2D + ", " + TILER_2D + ")", "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))",
                () -> Divide.logicalDivide(Layout.parse(A_2D), Tiler.parse(TILER_2D)), Figure.divide(Layout.parse(A_2D), Tiler.parse(TILER_2D)))
                .noting("The post prints mode 0 and the shape ((3,3),(8,4)); the full layout is CuTe's documented result for this example."),
            table("5.4 Zipped, tiled, flat divides", "mode 0 of zipped_divide: the first tile, (3,(2,4)):(177,(13,2))",
                "zipped_divide(" + A_2D + ", " + TILER_2D + ")<0>", """
                    0   13    2   15    4   17    6   19
                  177  190  179  192  181  194  183  196
                  354  367  356  369  358  371  360  373""", Divide.zippedDivide(Layout.parse(A_2D), Tiler.parse(TILER_2D)).mode(0)),
            op("5.4 Zipped, tiled, flat divides", "zipped_divide: ((TileM,TileN),(RestM,RestN))",
                "zipped_divide(" + A_2D + ", " + TILER_2D + ")", "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))",
                () -> Divide.zippedDivide(Layout.parse(A_2D), Tiler.parse(TILER_2D)), Figure.divide(Layout.parse(A_2D), Tiler.parse(TILER_2D))),
            op("5.4 Zipped, tiled, flat divides", "tiled_divide: ((TileM,TileN),RestM,RestN)",
                "tiled_divide(" + A_2D + ", " + TILER_2D + ")", "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))",
                () -> Divide.tiledDivide(Layout.parse(A_2D), Tiler.parse(TILER_2D)), null),
            op("5.4 Zipped, tiled, flat divides", "flat_divide: (TileM,TileN,RestM,RestN)",
                "flat_divide(" + A_2D + ", " + TILER_2D + ")", "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))",
                () -> Divide.flatDivide(Layout.parse(A_2D), Tiler.parse(TILER_2D)), null),
            op("6.2 1-D logical product", "A = (2,2):(4,1) repeated by B = 6:1: the second mode fills [2,6,3,7], ...",
                "logical_product((2,2):(4,1), 6:1)", "((2,2),(2,3)):((4,1),(2,8))",
                () -> Product.logicalProduct(Layout.parse("(2,2):(4,1)"), Layout.parse("6:1")),
                Figure.product(Layout.parse("(2,2):(4,1)"), Tiler.parse("6:1"))),
            op("6.2 1-D logical product", "A* = complement(A, size(A)·cosize(B)) for A = (4,2):(1,16), B = (2,2):(2,1)",
                "complement((4,2):(1,16), 32)", "4:4",
                () -> Complement.complement(Layout.parse("(4,2):(1,16)"), 32), null),
            op("6.2 1-D logical product", "A* o B", "composition(4:4, (2,2):(2,1))", "(2,2):(8,4)",
                () -> Composition.compose(Layout.parse("4:4"), Layout.parse("(2,2):(2,1)")), null),
            op("6.2 1-D logical product", "logical_product((4,2):(1,16), (2,2):(2,1))",
                "logical_product((4,2):(1,16), (2,2):(2,1))", "((4,2),(2,2)):((1,16),(8,4))",
                () -> Product.logicalProduct(Layout.parse("(4,2):(1,16)"), Layout.parse("(2,2):(2,1)")),
                Figure.product(Layout.parse("(4,2):(1,16)"), Tiler.parse("(2,2):(2,1)"))),
            table("6.2 1-D logical product", "print_tensor of the logical product", "((4,2),(2,2)):((1,16),(8,4))", """
                    0    8    4   12
                    1    9    5   13
                    2   10    6   14
                    3   11    7   15
                   16   24   20   28
                   17   25   21   29
                   18   26   22   30
                   19   27   23   31""", Product.logicalProduct(Layout.parse("(4,2):(1,16)"), Layout.parse("(2,2):(2,1)"))),
            op("6.3 2-D logical product", "by-mode tiler <3:5,4:6>: ((xa,xb),(ya,yb))",
                "logical_product((2,5):(5,1), <3:5,4:6>)", "((2,3),(5,4)):((5,10),(1,30))",
                () -> Product.logicalProduct(Layout.parse("(2,5):(5,1)"), Tiler.parse("<3:5,4:6>")), null)
                .noting("The post names the tiler and the result's shape rule; the values are those of CuTe's documentation for this example."),
            op("6.3.1 Blocked product", "the same tiling said as B = (3,4):(1,3): blocked ((xa,xb),(ya,yb))",
                "blocked_product((2,5):(5,1), (3,4):(1,3))", "((2,3),(5,4)):((5,10),(1,30))",
                () -> Product.blockedProduct(Layout.parse("(2,5):(5,1)"), Layout.parse("(3,4):(1,3)")),
                Figure.product(Layout.parse("(2,5):(5,1)"), Tiler.parse("(3,4):(1,3)"), ProductKind.BLOCKED)),
            op("6.3.2 Raked product", "raked ((xb,xa),(yb,ya)): the modes of each pair swapped",
                "raked_product((2,5):(5,1), (3,4):(1,3))", "((3,2),(4,5)):((10,5),(30,1))",
                () -> Product.rakedProduct(Layout.parse("(2,5):(5,1)"), Layout.parse("(3,4):(1,3)")),
                Figure.product(Layout.parse("(2,5):(5,1)"), Tiler.parse("(3,4):(1,3)"), ProductKind.RAKED)),
            op("6.3.3 Zipped/tiled product", "zipped_product: ((M,N),(TileM,TileN))",
                "zipped_product((2,5):(5,1), <3:5,4:6>)", "((2,5),(3,4)):((5,1),(10,30))",
                () -> Product.zippedProduct(Layout.parse("(2,5):(5,1)"), Tiler.parse("<3:5,4:6>")), null),
            op("6.3.3 Zipped/tiled product", "tiled_product: ((M,N),TileM,TileN)",
                "tiled_product((2,5):(5,1), <3:5,4:6>)", "((2,5),3,4):((5,1),10,30)",
                () -> Product.tiledProduct(Layout.parse("(2,5):(5,1)"), Tiler.parse("<3:5,4:6>")), null),
            op("6.3.3 Zipped/tiled product", "flat_product: (M,N,TileM,TileN)",
                "flat_product((2,5):(5,1), <3:5,4:6>)", "(2,5,3,4):(5,1,10,30)",
                () -> Product.flatProduct(Layout.parse("(2,5):(5,1)"), Tiler.parse("<3:5,4:6>")), null));
    }

    private static Example op(String section, String title, String input, String printed,
                              java.util.function.Supplier<Object> compute, Figure figure) {
        return Example.of(SEED_004, section, title, input, printed, () -> compute.get().toString(), figure);
    }

    private static Example table(String section, String title, String input, String printed, Layout layout) {
        return Example.of(SEED_004, section, title, input, Tables.normalize(printed), () -> Tables.matrix(layout),
                Figure.layout(layout));
    }

    private static String table(String printed) {
        return Tables.normalize(printed);
    }

    /** The table of §1.2, rearranged from the post's two columns into index order. */
    private static final String SHAPE_3_2_3_COORDS = """
            0 -> (0,(0,0))
            1 -> (1,(0,0))
            2 -> (2,(0,0))
            3 -> (0,(1,0))
            4 -> (1,(1,0))
            5 -> (2,(1,0))
            6 -> (0,(0,1))
            7 -> (1,(0,1))
            8 -> (2,(0,1))
            9 -> (0,(1,1))
            10 -> (1,(1,1))
            11 -> (2,(1,1))
            12 -> (0,(0,2))
            13 -> (1,(0,2))
            14 -> (2,(0,2))
            15 -> (0,(1,2))
            16 -> (1,(1,2))
            17 -> (2,(1,2))""";
}
