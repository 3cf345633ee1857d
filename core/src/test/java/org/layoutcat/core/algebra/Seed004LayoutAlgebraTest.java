package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;

/**
 * Seed 004 ("Tensor-008 CuTe Layout代数", a Chinese article on CuTe's layout algebra): every example with a
 * printed or stated value. The article's C++ uses static integers ({@code Int<4>}, printed {@code _4}); the
 * notation parser accepts the marks, and the printed tensors ({@code print_tensor}) are checked entry by entry
 * as values of the layout function: a rank-2 tensor prints {@code L(m, n)} in row m, column n, a rank-1 one
 * prints {@code L(m)} in row m.
 */
class Seed004LayoutAlgebraTest {

    private static Layout parse(String cuteWithStaticMarks) {
        return Layout.parse(cuteWithStaticMarks);
    }

    /** Asserts a printed rank-2 tensor: row m, column n holds L(m, n). */
    private static void assertTensor(Layout l, long[][] rows) {
        assertEquals(2, l.rank(), "a matrix printout is of a rank-2 layout: " + l);
        assertEquals(rows.length, l.mode(0).size(), "rows of " + l);
        for (int m = 0; m < rows.length; m++) {
            assertEquals(rows[m].length, l.mode(1).size(), "columns of " + l);
            for (int n = 0; n < rows[m].length; n++) {
                assertEquals(rows[m][n], l.apply(IntTuple.of(IntTuple.of(m), IntTuple.of(n))), l + " at (" + m + "," + n + ")");
            }
        }
    }

    /** Asserts a printed rank-1 tensor (a column): row m holds L(m). */
    private static void assertColumn(Layout l, long... column) {
        assertEquals(column.length, l.size(), "rows of " + l);
        for (int m = 0; m < column.length; m++) assertEquals(column[m], l.apply(m), l + " at " + m);
    }

    /** R(c) = A(B(c)) for every c of B's domain (each B(c) inside A's domain). */
    private static void assertComposite(Layout a, Layout b, Layout r) {
        assertEquals(b.size(), r.size());
        for (long c = 0; c < b.size(); c++) {
            assertTrue(b.apply(c) < a.size(), "B(" + c + ") inside A");
            assertEquals(a.apply(b.apply(c)), r.apply(c), "R(" + c + ") = A(B(" + c + "))");
        }
    }

    // §1.1 --------------------------------------------------------------------------------------------------

    @Test
    void coordinatesOfShapeThreeTwoThree() {
        // seed 004 §1.1: the table x -> h-D coordinate of the shape (3,(2,3)), all 18 rows
        String[] printed = {"(0,(0,0))", "(1,(0,0))", "(2,(0,0))", "(0,(1,0))", "(1,(1,0))", "(2,(1,0))",
            "(0,(0,1))", "(1,(0,1))", "(2,(0,1))", "(0,(1,1))", "(1,(1,1))", "(2,(1,1))",
            "(0,(0,2))", "(1,(0,2))", "(2,(0,2))", "(0,(1,2))", "(1,(1,2))", "(2,(1,2))"};
        Layout l = Layout.colMajor(IntTuple.parse("(3,(2,3))"));
        assertEquals(18, l.size());
        for (int x = 0; x < printed.length; x++) {
            assertEquals(IntTuple.parse(printed[x]), l.idx2crd(x), "idx2crd(" + x + ")");
            assertEquals(x, l.crd2idx(IntTuple.parse(printed[x])), "crd2idx(" + printed[x] + ")");
        }
    }

    // §2 ----------------------------------------------------------------------------------------------------

    @Test
    void coalesceOfColumnMajorTwoByFour() {
        // seed 004 §2.1: "H-Layout :(_2,_4):(_1,_2)" -> "Coalesce-Layout :_8:_1"
        Layout a0 = parse("(_2,_4):(_1,_2)");
        assertEquals(parse("_8:_1"), Coalesce.coalesce(a0));
        assertEquals("8:1", Coalesce.coalesce(a0).toString());
    }

    @Test
    void coalesceOfGeneralizedColumnMajorIsOneMode() {
        // seed 004 §2.1: make_layout(((2,(3,4)),(5,(6,7))), GenColMajor{}) prints its strides and coalesces to _5040:_1
        Layout aCol = Layout.colMajor(IntTuple.parse("((_2,(_3,_4)),(_5,(_6,_7)))"));
        assertEquals(parse("((_2,(_3,_4)),(_5,(_6,_7))):((_1,(_2,_6)),(_24,(_120,_720)))"), aCol);
        assertEquals(parse("_5040:_1"), Coalesce.coalesce(aCol));
    }

    @Test
    void coalesceOfGeneralizedRowMajorKeepsSixModes() {
        // seed 004 §2.1: GenRowMajor gives strides ((2520,(840,210)),(42,(7,1))); coalesce cannot merge any mode
        Layout aRow = Layout.rowMajor(IntTuple.parse("((_2,(_3,_4)),(_5,(_6,_7)))"));
        assertEquals(parse("((_2,(_3,_4)),(_5,(_6,_7))):((_2520,(_840,_210)),(_42,(_7,_1)))"), aRow);
        assertEquals(parse("(_2,_3,_4,_5,_6,_7):(_2520,_840,_210,_42,_7,_1)"), Coalesce.coalesce(aRow));
    }

    @Test
    void coalesceRulesForTwoModes() {
        // seed 004 §2.2, the rules for s0:d0 ++ s1:d1 (here s0:d0 = 3:5, s1 = 4)
        // rule 1: a shape-1 mode disappears, on either side
        assertEquals(parse("3:5"), Coalesce.coalesce(parse("(3,1):(5,7)")));
        assertEquals(parse("4:7"), Coalesce.coalesce(parse("(1,4):(5,7)")));
        // rule 2: d1 = s0*d0 merges into s0*s1:d0
        assertEquals(parse("12:5"), Coalesce.coalesce(parse("(3,4):(5,15)")));
        // rule 3: otherwise both modes stay, (s0,s1):(d0,d1)
        assertEquals(parse("(3,4):(5,7)"), Coalesce.coalesce(parse("(3,4):(5,7)")));
    }

    @Test
    void coalesceByMode() {
        // seed 004 §2.3: coalesce(a_col, Step<_1,_1>{}) = (_24,_210):(_1,_24), the same as coalescing each mode
        Layout aCol = Layout.colMajor(IntTuple.parse("((2,(3,4)),(5,(6,7)))"));
        Layout result = Coalesce.coalesce(aCol, IntTuple.parse("(_1,_1)"));
        assertEquals(parse("(_24,_210):(_1,_24)"), result);
        Layout sameR = Layout.concat(Coalesce.coalesce(aCol.mode(0)), Coalesce.coalesce(aCol.mode(1)));
        assertEquals(sameR, result);
        // seed 004 §2.3: coalesce(a_col, Step<_1,Step<_1,_1>>{}) = (_24,(_5,_42)):(_1,(_24,_120))
        assertEquals(parse("(_24,(_5,_42)):(_1,(_24,_120))"), Coalesce.coalesce(aCol, IntTuple.parse("(_1,(_1,_1))")));
    }

    // §3 ----------------------------------------------------------------------------------------------------

    @Test
    void compositionWithRowMajorTwoSixTenFourteen() {
        // seed 004 §3.1.2: a2 = (2,6,10,14) row major, b2 = (60):(4) -> ((_3,_10,_2)):((_280,_14,_1))
        Layout a2 = Layout.rowMajor(IntTuple.parse("(_2,_6,_10,_14)"));
        assertEquals(parse("(2,6,10,14):(840,140,14,1)"), a2);
        Layout b2 = Layout.of(IntTuple.parse("(_60)"), IntTuple.parse("(_4)"));
        Layout c2 = Composition.compose(a2, b2);
        assertEquals("((3,10,2)):((280,14,1))", c2.toString());
        assertComposite(a2, b2, c2);
    }

    @Test
    void compositionThatCuTeRejectsForShapeDivisibility() {
        // seed 004 §3.1.2: with B = 70:4 instead, CuTe fails "Static shape_div failure" (shape_div(70, 3)):
        // B takes 3 of A's mode 6 at stride 2 and 70 is not a multiple of 3, so no layout R of size 70 works.
        Layout a2 = Layout.rowMajor(IntTuple.parse("(_2,_6,_10,_14)"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Composition.compose(a2, parse("(_70):(_4)")));
        assertTrue(e.getMessage().contains("(2,6,10,14):(840,140,14,1)"), e.getMessage());
        assertTrue(e.getMessage().contains("70:4"), e.getMessage());
        assertTrue(e.getMessage().contains("not divisible by 3"), e.getMessage());
        assertTrue(e.getMessage().contains("shape divisibility"), e.getMessage());
    }

    @Test
    void compositionThatSatisfiesDefinitionThreeOneThoughCuTesStaticCheckFails() {
        // seed 004 §3.1.2 (after the note [1]): (4,6,8,10):(2,3,5,7) o 6:12 "satisfies definition 3.1 with
        // C = (2,3):(9,5) but Cutlass's check fails". The composite exists and is exactly that layout.
        Layout a = parse("(_4,_6,_8,_10):(_2,_3,_5,_7)");
        Layout b = parse("_6:_12");
        Layout c = Composition.compose(a, b);
        assertEquals(parse("(2,3):(9,5)"), c);
        assertComposite(a, b, c);
    }

    @Test
    void reshapeByComposition() {
        // seed 004 §3.1.3: 20:2 o (5,4):(4,1) = (5:8, 4:2) = (5,4):(8,2), with both printed tensors
        Layout a = parse("(_20):(_2)");
        Layout b = parse("(_5,_4):(_4,_1)");
        assertTensor(b, new long[][] {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15}, {16, 17, 18, 19}});
        Layout c = Composition.compose(a, b);
        assertEquals(parse("(_5,_4):(_8,_2)"), c);
        assertTensor(c, new long[][] {{0, 2, 4, 6}, {8, 10, 12, 14}, {16, 18, 20, 22}, {24, 26, 28, 30}, {32, 34, 36, 38}});
        // the left distributivity the section uses: (20:2 o 5:4, 20:2 o 4:1) = (5:8, 4:2)
        assertEquals(parse("5:8"), Composition.compose(parse("20:2"), parse("5:4")));
        assertEquals(parse("4:2"), Composition.compose(parse("20:2"), parse("4:1")));
        assertEquals(c, Layout.concat(parse("5:8"), parse("4:2")));
    }

    @Test
    void compositionByMode() {
        // seed 004 §3.1.4: (12,(4,8)):(59,(13,1)) o <3:4, 8:2> = (_3,(2,4)):(236,(26,1))
        Layout a = parse("(12,(4,8)):(59,(13,1))");
        Tiler tiler = Tiler.parse("<_3:_4, _8:_2>");
        Layout result = Composition.compose(a, tiler);
        assertEquals(parse("(_3,(2,4)):(236,(26,1))"), result);
        // "Identical to make_layout(composition(layout<0>(a), get<0>(tiler)), composition(layout<1>(a), get<1>(tiler)))"
        Layout sameR = Layout.concat(Composition.compose(a.mode(0), parse("3:4")), Composition.compose(a.mode(1), parse("8:2")));
        assertEquals(sameR, result);
        assertComposite(a.mode(0), parse("3:4"), result.mode(0));
        assertComposite(a.mode(1), parse("8:2"), result.mode(1));
    }

    @Test
    void compositionByAShapeTiler() {
        // seed 004 §3.1.4: a shape (3,8) as a tiler is <3:1, 8:1>; result (_3,(4,2)):(59,(13,1))
        Layout a = parse("(12,(4,8)):(59,(13,1))");
        Tiler shape = Tiler.parse("(_3,_8)");
        assertEquals(Tiler.parse("<3:1,8:1>"), shape);
        assertEquals(parse("(_3,(4,2)):(59,(13,1))"), Composition.compose(a, shape));
    }

    // §4 ----------------------------------------------------------------------------------------------------

    @Test
    void cosizeOfFiveFourStrideFourTwo() {
        // seed 004 §4: (_5,_4):(_4,_2) has size 5x4 = 20 and the printed codomain below; its cosize is 22+1 = 23
        Layout l = parse("(_5,_4):(_4,_2)");
        assertEquals(20, l.size());
        assertTensor(l, new long[][] {{0, 2, 4, 6}, {4, 6, 8, 10}, {8, 10, 12, 14}, {12, 14, 16, 18}, {16, 18, 20, 22}});
        assertEquals(23, l.cosize());
    }

    @Test
    void complementOfTwoTwoStrideOneSixWithRespectToTwentyFour() {
        // seed 004 §4.2: complement((2,2):(1,6), 24) = (_3,2):(_2,_12), with both printed tensors
        Layout a = parse("(_2,_2):(_1,_6)");
        assertTensor(a, new long[][] {{0, 6}, {1, 7}});
        Layout c = Complement.complement(a, 24);
        assertEquals(parse("(_3,2):(_2,_12)"), c);
        assertTensor(c, new long[][] {{0, 12}, {2, 14}, {4, 16}});
    }

    // §5 ----------------------------------------------------------------------------------------------------

    @Test
    void oneDimensionalLogicalDivide() {
        // seed 004 §5.2: A = (4,2,3):(2,1,8), B = 4:2 ("take 4 elements at stride 2"). The article shows the
        // tensors only as pictures; the values are those of the definitions, checked pointwise here.
        Layout a = parse("(_4,_2,_3):(_2,_1,_8)");
        Layout b = parse("(_4):(_2)");
        Layout bStar = Complement.complement(b, a.size());
        assertEquals(parse("(2,3):(1,8)"), bStar);
        Layout c1 = Composition.compose(a, b);
        assertEquals(parse("((2,2)):((4,1))"), c1);
        assertComposite(a, b, c1);
        assertColumn(c1, 0, 4, 1, 5);
        Layout c2 = Composition.compose(a, bStar);
        assertEquals(parse("(2,3):(2,8)"), c2);
        assertComposite(a, bStar, c2);
        Layout d = Divide.logicalDivide(a, b);
        // logical_divide = composition(layout, make_layout(tiler, complement(tiler, size(layout))))
        assertEquals(Composition.compose(a, Layout.concat(b, bStar)), d);
        assertEquals(Layout.concat(c1, c2), d);
        assertEquals(parse("(((2,2)),(2,3)):(((4,1)),(2,8))"), d);
    }

    @Test
    void twoDimensionalLogicalDivide() {
        // seed 004 §5.3: A = (9,(4,8)):(59,(13,1)), B = <3:3, (2,4):(1,8)>; "((TileM,RestM), (TileN,RestN)) with
        // shape ((3,3), (8,4))"
        Layout a = parse("(_9,(_4,_8)):(_59,(_13,_1))");
        Tiler tiler = Tiler.parse("<_3:_3, (_2,_4):(_1,_8)>");
        Layout ld = Divide.logicalDivide(a, tiler);
        assertEquals(3, ld.mode(0).mode(0).size());
        assertEquals(3, ld.mode(0).mode(1).size());
        assertEquals(8, ld.mode(1).mode(0).size());
        assertEquals(4, ld.mode(1).mode(1).size());
        assertEquals(parse("((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"), ld);
        // by mode: each mode is the 1-D divide of that mode
        assertEquals(Divide.logicalDivide(a.mode(0), parse("3:3")), ld.mode(0));
        assertEquals(Divide.logicalDivide(a.mode(1), parse("(2,4):(1,8)")), ld.mode(1));
        // seed 004 §5.4: print_tensor(tensor<0>(tld)) = "(_3,_3):(_177,_59)" with the printed values
        assertEquals(parse("(_3,_3):(_177,_59)"), ld.mode(0));
        assertTensor(ld.mode(0), new long[][] {{0, 59, 118}, {177, 236, 295}, {354, 413, 472}});
    }

    @Test
    void zippedTiledAndFlatDivides() {
        // seed 004 §5.4: zipped_divide "((TileM,TileN), (RestM,RestN)) with shape ((3,8), (3,4))", and the
        // printed mode 0 "(_3,(_2,_4)):(_177,(_13,_2))"
        Layout a = parse("(_9,(_4,_8)):(_59,(_13,_1))");
        Tiler tiler = Tiler.parse("<_3:_3, (_2,_4):(_1,_8)>");
        Layout zd = Divide.zippedDivide(a, tiler);
        assertEquals(3, zd.mode(0).mode(0).size());
        assertEquals(8, zd.mode(0).mode(1).size());
        assertEquals(3, zd.mode(1).mode(0).size());
        assertEquals(4, zd.mode(1).mode(1).size());
        assertEquals(parse("(_3,(_2,_4)):(_177,(_13,_2))"), zd.mode(0));
        assertTensor(zd.mode(0), new long[][] {
            {0, 13, 2, 15, 4, 17, 6, 19},
            {177, 190, 179, 192, 181, 194, 183, 196},
            {354, 367, 356, 369, 358, 371, 360, 373}});
        // seed 004 §5.4, the table of forms: logical ((TileM,RestM),(TileN,RestN)), zipped ((TileM,TileN),
        // (RestM,RestN)), tiled ((TileM,TileN),RestM,RestN), flat (TileM,TileN,RestM,RestN)
        Layout ld = Divide.logicalDivide(a, tiler);
        Layout tileM = ld.mode(0).mode(0), restM = ld.mode(0).mode(1);
        Layout tileN = ld.mode(1).mode(0), restN = ld.mode(1).mode(1);
        assertEquals(Layout.concat(Layout.concat(tileM, tileN), Layout.concat(restM, restN)), zd);
        assertEquals(Layout.concat(Layout.concat(tileM, tileN), restM, restN), Divide.tiledDivide(a, tiler));
        assertEquals(Layout.concat(tileM, tileN, restM, restN), Divide.flatDivide(a, tiler));
    }

    // §6 ----------------------------------------------------------------------------------------------------

    @Test
    void oneDimensionalLogicalProduct() {
        // seed 004 §6.2: A = (2,2):(4,1) is [0,4,1,5]; with B = 6:1 the first copy is A itself and the next
        // one [2,6,3,7]
        Layout a = parse("(_2,_2):(_4,_1)");
        Layout lp = Product.logicalProduct(a, parse("_6:_1"));
        assertEquals(parse("((2,2),(2,3)):((4,1),(2,8))"), lp);
        long[] first = new long[4], second = new long[4];
        for (int i = 0; i < 4; i++) {
            first[i] = lp.apply(i);
            second[i] = lp.apply(4 + i);
        }
        assertArrayEquals(new long[] {0, 4, 1, 5}, first);
        assertArrayEquals(new long[] {2, 6, 3, 7}, second);
        // logical_product = make_layout(layout, composition(complement(layout, size(layout)*cosize(tiler)), tiler))
        assertEquals(Layout.concat(a, Composition.compose(Complement.complement(a, 4 * 6), parse("6:1"))), lp);
    }

    @Test
    void oneDimensionalLogicalProductByATwoDimensionalB() {
        // seed 004 §6.2: "we further make B the 2-D shape B = (4,2):(2,1)" (shown as a picture only): the value
        // of the definition, each copy of A placed at comp(A, 4*8)(B(j))
        Layout a = parse("(_2,_2):(_4,_1)");
        Layout b = parse("(_4,_2):(_2,_1)");
        Layout lp = Product.logicalProduct(a, b);
        Layout comp = Complement.complement(a, a.size() * b.cosize());
        assertEquals(parse("(2,4):(2,8)"), comp);
        assertEquals(parse("((2,2),(4,2)):((4,1),(8,2))"), lp);
        for (long j = 0; j < b.size(); j++) assertEquals(comp.apply(b.apply(j)), lp.mode(1).apply(j));
    }

    @Test
    void productOfTheOfficialSlides() {
        // seed 004 §6.2, "the example of the official PPT": A = (4,2):(1,16), B = (2,2):(2,1), size(A) = 8,
        // cosize(B) = 4, with all five printed tensors
        Layout a = parse("(_4,_2):(_1,_16)");
        Layout b = parse("(_2,_2):(_2,_1)");
        assertEquals(8, a.size());
        assertEquals(4, b.cosize());
        assertTensor(a, new long[][] {{0, 16}, {1, 17}, {2, 18}, {3, 19}});
        assertTensor(b, new long[][] {{0, 1}, {2, 3}});
        Layout aStar = Complement.complement(a, a.size() * b.cosize());
        assertEquals(parse("_4:_4"), aStar);
        assertColumn(aStar, 0, 4, 8, 12);
        Layout aStar2 = Composition.compose(aStar, b);
        assertEquals(parse("(_2,_2):(_8,_4)"), aStar2);
        assertTensor(aStar2, new long[][] {{0, 4}, {8, 12}});
        Layout lp = Product.logicalProduct(a, b);
        assertEquals(parse("((_4,_2),(_2,_2)):((_1,_16),(_8,_4))"), lp);
        assertTensor(lp, new long[][] {
            {0, 8, 4, 12}, {1, 9, 5, 13}, {2, 10, 6, 14}, {3, 11, 7, 15},
            {16, 24, 20, 28}, {17, 25, 21, 29}, {18, 26, 22, 30}, {19, 27, 23, 31}});
    }

    @Test
    void blockedAndRakedProductsRegroupTheLogicalProduct() {
        // seed 004 §6.3: logical ((xa,ya),(xb,yb)), blocked ((xa,xb),(ya,yb)), raked ((xb,xa),(yb,ya)); and §6.3.1:
        // the by-mode tiler <3:5,4:6> "more intuitively" written as the block layout (3,4):(1,3). The article
        // leaves A out; A = (2,5):(5,1) is the tile of the CuTe tutorial it follows, for which <3:5,4:6> and
        // (3,4):(1,3) describe the same tiling.
        Layout a = parse("(_2,_5):(_5,_1)");
        Layout block = parse("(_3,_4):(_1,_3)");
        Layout logical = Product.logicalProduct(a, block);
        Layout xa = logical.mode(0).mode(0), ya = logical.mode(0).mode(1);
        Layout xb = logical.mode(1).mode(0), yb = logical.mode(1).mode(1);
        Layout blocked = Product.blockedProduct(a, block);
        Layout raked = Product.rakedProduct(a, block);
        assertEquals(Layout.concat(Layout.concat(xa, xb), Layout.concat(ya, yb)), blocked);
        assertEquals(Layout.concat(Layout.concat(xb, xa), Layout.concat(yb, ya)), raked);
        assertEquals(parse("((2,3),(5,4)):((5,10),(1,30))"), blocked);
        assertEquals(parse("((3,2),(4,5)):((10,5),(30,1))"), raked);
        assertEquals(blocked, Product.logicalProduct(a, Tiler.parse("<_3:_5, _4:_6>")));
    }

    @Test
    void zippedTiledAndFlatProducts() {
        // seed 004 §6.3.3, the table of forms: logical ((M,TileM),(N,TileN)), zipped ((M,N),(TileM,TileN)),
        // tiled ((M,N),TileM,TileN), flat (M,N,TileM,TileN); A and the tiler as in §6.3.1
        Layout a = parse("(_2,_5):(_5,_1)");
        Tiler tiler = Tiler.parse("<_3:_5, _4:_6>");
        Layout lp = Product.logicalProduct(a, tiler);
        Layout m = lp.mode(0).mode(0), tileM = lp.mode(0).mode(1);
        Layout n = lp.mode(1).mode(0), tileN = lp.mode(1).mode(1);
        assertEquals(a.mode(0), m);
        assertEquals(a.mode(1), n);
        assertEquals(Layout.concat(Layout.concat(m, n), Layout.concat(tileM, tileN)), Product.zippedProduct(a, tiler));
        assertEquals(Layout.concat(Layout.concat(m, n), tileM, tileN), Product.tiledProduct(a, tiler));
        assertEquals(Layout.concat(m, n, tileM, tileN), Product.flatProduct(a, tiler));
        assertEquals(parse("((2,5),(3,4)):((5,1),(10,30))"), Product.zippedProduct(a, tiler));
    }
}
