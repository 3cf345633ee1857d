package org.layoutcat.diagrams.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Drawings;

/** A whole stage's banks are drawn as its worst warp instruction, the stage's totals in the caption. */
class StageBanksPictureTest {

    /**
     * 128 threads reading a 32×32 float tile by columns (threads down a column, 8 columns each): every warp instruction
     * is a column, 32 wavefronts in bank 0 of the first; the stage: 32 instructions, 1024 wavefronts against 32.
     */
    @Test
    void aStageDrawsItsWorstInstruction() {
        Diagram d = Drawings.banks(AnyLayout.parse("(32,32):(32,1)"), Layout.parse("((32,4),1,8):((1,32),0,128)"), 4, 0, null);
        for (int r = 0; r < 32; r++) assertEquals("T" + r + " e" + 32 * r, d.node("cell." + r + ".0").label());
        String svg = org.layoutcat.diagrams.svg.SvgWriter.write(d);
        assertTrue(svg.contains("the worst of the stage’s 32 warp instructions") || svg.contains("the worst of the stage&apos;s 32 warp instructions")
                || svg.contains("the worst of the stage's 32 warp instructions"), "caption");
        assertTrue(svg.contains("1024 wavefronts, at least 32"), "totals");
    }
}
