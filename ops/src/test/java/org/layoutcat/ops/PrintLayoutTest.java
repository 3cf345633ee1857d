package org.layoutcat.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** print_layout answers the text CuTe C++ prints, and refuses what CuTe does not compile. */
class PrintLayoutTest {
    private static String print(String layout) {
        return Operations.answer(new Request("print_layout", List.of(layout), "auto")).result();
    }

    @Test
    void printLayoutPrintsWhatCuTePrints() {
        // CuTe C++ (cute/util/print_tensor.hpp), host program against CUTLASS:
        // print_layout(make_layout(make_shape(4,8), make_stride(1,4)))
        assertEquals("""
                (4,8):(1,4)
                       0    1    2    3    4    5    6    7\s
                    +----+----+----+----+----+----+----+----+
                 0  |  0 |  4 |  8 | 12 | 16 | 20 | 24 | 28 |
                    +----+----+----+----+----+----+----+----+
                 1  |  1 |  5 |  9 | 13 | 17 | 21 | 25 | 29 |
                    +----+----+----+----+----+----+----+----+
                 2  |  2 |  6 | 10 | 14 | 18 | 22 | 26 | 30 |
                    +----+----+----+----+----+----+----+----+
                 3  |  3 |  7 | 11 | 15 | 19 | 23 | 27 | 31 |
                    +----+----+----+----+----+----+----+----+
                """, print("(4,8):(1,4)"));
        // print_layout(make_layout(make_shape(2,make_shape(2,2)), make_stride(2,make_stride(1,4)))): a nested mode indexed by n
        assertEquals("""
                (2,(2,2)):(2,(1,4))
                      0   1   2   3\s
                    +---+---+---+---+
                 0  | 0 | 1 | 4 | 5 |
                    +---+---+---+---+
                 1  | 2 | 3 | 6 | 7 |
                    +---+---+---+---+
                """, print("(2,(2,2)):(2,(1,4))"));
        // print_layout(composition(Swizzle<1,1,1>{}, make_layout(make_shape(4,4), make_stride(4,1)))): CuTe's first line
        // is "Sw<1,1,1> o _0 o (4,4):(4,1)", layoutcat's notation drops the static mark
        String swizzled = print("Sw<1,1,1> o 0 o (4,4):(4,1)");
        assertTrue(swizzled.endsWith("""
                 0  |  0 |  1 |  2 |  3 |
                    +----+----+----+----+
                 1  |  6 |  7 |  4 |  5 |
                    +----+----+----+----+
                 2  |  8 |  9 | 10 | 11 |
                    +----+----+----+----+
                 3  | 14 | 15 | 12 | 13 |
                    +----+----+----+----+
                """), swizzled);
    }

    @Test
    void printLayoutRefusesARankOtherThanTwoAsCuTeDoes() {
        // CuTe: CUTE_STATIC_ASSERT_V(rank(layout) == Int<2>{})
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> print("(2,2,2):(1,2,4)"));
        assertTrue(e.getMessage().contains("rank 3"), e.getMessage());
    }
}
