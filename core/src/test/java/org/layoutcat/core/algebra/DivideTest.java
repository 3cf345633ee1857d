package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;

/** Golden divides with provenance and the errors that name the divide and its operands. */
class DivideTest {

    private static Layout divide(String a, String b) {
        return Divide.logicalDivide(Layout.parse(a), Tiler.parse(b));
    }

    @Test
    void dividesOfThePaperNotes() {
        // PAPER-NOTES example 18
        assertEquals(Layout.parse("((4,4),(8,8)):((1,32),(4,128))"), divide("(4,8,4,8):(1,4,32,128)", "(4,4):(1,32)"));
        assertEquals(Layout.parse("((4,4),(16,8)):((32,1),(128,4))"), divide("(64,32):(32,1)", "(4,4):(1,64)"));
        assertEquals(Layout.parse("((2,2),(2,4)):((1,4),(2,8))"), divide("(4,8):(1,4)", "(2,2):(1,4)"));
    }

    @Test
    void inadmissibleDivideNamesTheDivideAndItsOperands() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> divide("(4,6):(1,5)", "3:2"));
        assertTrue(e.getMessage().startsWith("logical_divide of (4,6):(1,5) by 3:2"), e.getMessage());
        assertTrue(e.getMessage().contains("(B, comp(B, (4,6))) = (3,(2,3)):(2,(1,6))"), e.getMessage());
        assertTrue(e.getMessage().contains("shape divisibility"), e.getMessage());
    }

    @Test
    void byModeTilerOfTooHighRankIsAnError() {
        for (String op : new String[] {"logical_divide", "zipped_divide"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
                Layout a = Layout.parse("(4,6):(1,4)");
                Tiler t = Tiler.parse("<2:1,3:1,1:0>");
                if (op.equals("logical_divide")) Divide.logicalDivide(a, t);
                else Divide.zippedDivide(a, t);
            });
            assertTrue(e.getMessage().contains(op + " of (4,6):(1,4) by <2:1,3:1,1:0>"), e.getMessage());
            assertTrue(e.getMessage().contains("3 modes but the layout only 2"), e.getMessage());
        }
    }

    @Test
    void byModeDivideKeepsTheModesPastTheTiler() {
        // seed 004 §5.4's table with an L mode: ((TileM,TileN),(RestM,RestN,L))
        Layout a = Layout.parse("(8,6,5):(1,8,48)");
        Layout z = Divide.zippedDivide(a, Tiler.parse("<2:1,3:2>"));
        assertEquals(Layout.parse("((2,3),(4,2,5)):((1,16),(2,8,48))"), z);
        assertEquals(Layout.parse("((2,3),4,2,5):((1,16),2,8,48)"), Divide.tiledDivide(a, Tiler.parse("<2:1,3:2>")));
        assertEquals(Layout.parse("(2,3,4,2,5):(1,16,2,8,48)"), Divide.flatDivide(a, Tiler.parse("<2:1,3:2>")));
    }

    /**
     * CuTe C++'s {@code evenly_divides}, compiled and printed against CUTLASS 7107b05 (static Int values): a layout in
     * the tiler divides a mode S where {@code size(S) = size(B)·size(ceil_div(S, B))}, ceil_div by a layout being the
     * shape of {@code complement(B, S)}.
     */
    @Test
    void evenlyDividesAgreesWithCuTe() {
        String[][] cases = {
            {"(8,32)", "<8:2,32>", "false"}, {"(8,32)", "<4:2,32>", "true"}, {"(8,32)", "<3:2,32>", "false"},
            {"(12,32)", "<3:2,32>", "true"}, {"(12,32)", "<(2,2):(1,4),32>", "false"}, {"(12,32)", "4:2", "false"},
            {"(12,32)", "<5:2>", "false"}, {"(8,32)", "<8:1,32>", "true"}, {"(16,32)", "<8:2,32>", "true"},
            {"(8,6)", "(4,3)", "true"}, {"(8,6)", "(4,4)", "false"}, {"(8,6)", "16", "true"}, {"(8,6)", "5", "false"},
            {"(8,6)", "(4,3,2)", "false"}, {"(8,6)", "(4)", "true"}, {"((4,2),6)", "(4,3)", "true"},
            {"((4,2),6)", "(3,3)", "false"},
        };
        for (String[] c : cases) {
            assertEquals(Boolean.parseBoolean(c[2]), Divide.evenlyDivides(IntTuple.parse(c[0]), Tiler.parse(c[1])),
                    "evenly_divides(" + c[0] + ", " + c[1] + ")");
        }
    }

    @Test
    void evenlyDividesRefusesATilerOfScaledBasisStrides() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Divide.evenlyDivides(IntTuple.parse("(8,8)"), Tiler.parse("<4:1@0,8>")));
        assertTrue(e.getMessage().startsWith("evenly_divides of 4:1@0"), e.getMessage());
    }
}
