package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/** Golden coalesce and filter results with provenance, and the error of a profile of too high a rank. */
class CoalesceTest {

    @Test
    void coalesceOfThePaperNotes() {
        // PAPER-NOTES example 8: (2,2,5,5,5):(1,2,8,40,200) coalesces to (4,125):(1,8)
        assertEquals(Layout.parse("(4,125):(1,8)"), Coalesce.coalesce(Layout.parse("(2,2,5,5,5):(1,2,8,40,200)")));
        // PAPER-NOTES example 9: ((2,2),(3,3),(5,5)) ... encodes (4,9,25):(225,25,1), already coalesced
        assertEquals(Layout.parse("(4,9,25):(225,25,1)"), Coalesce.coalesce(Layout.parse("((2,2),(3,3),(5,5)):((225,450),(25,75),(1,5))")));
    }

    @Test
    void allTrivialModesCoalesceToTheTrivialLayout() {
        assertEquals(Layout.TRIVIAL, Coalesce.coalesce(Layout.parse("(1,(1,1)):(3,(0,7))")));
    }

    @Test
    void strideZeroModesMerge() {
        assertEquals(Layout.parse("(6,4):(0,1)"), Coalesce.coalesce(Layout.parse("(2,3,4):(0,0,1)")));
    }

    @Test
    void filterDropsStrideZeroAndShapeOne() {
        // the first oracle case of the filter op: ((2,4),2,1,(1,3,2)):((3,32),7,7,(8,3,5)) -> (2,4,2,3,2):(3,32,7,3,5)
        assertEquals(Layout.parse("(2,4,2,3,2):(3,32,7,3,5)"), Coalesce.filter(Layout.parse("((2,4),2,1,(1,3,2)):((3,32),7,7,(8,3,5))")));
        assertEquals(Layout.parse("8:1"), Coalesce.filter(Layout.parse("(2,5,4):(1,0,2)")));
        assertEquals(Layout.TRIVIAL, Coalesce.filter(Layout.parse("(3,4):(0,0)")));
    }

    @Test
    void profileOfTooHighRankIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Coalesce.coalesce(Layout.parse("(2,3):(1,2)"), IntTuple.parse("(1,1,1)")));
        assertTrue(e.getMessage().contains("coalesce of (2,3):(1,2) by profile (1,1,1)"), e.getMessage());
        assertTrue(e.getMessage().contains("rank 3 > the layout's rank 2"), e.getMessage());
    }
}
