package org.layoutcat.gpu.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.swizzle.SwizzleSearch;

/**
 * The stage table's searches without a GPU. The bounds are hand-derived (one wavefront per 128 bytes a phase); the
 * stage where the search beats CUTLASS's selector was measured on an H200 (gpu/BENCHMARKS.md: 384 against 256
 * cycles, as predicted).
 */
class StageCaseTest {

    private static SwizzleSearch.Result search(String prefix) {
        return StageCase.catalog().stream().filter(c -> c.name().startsWith(prefix)).findFirst().orElseThrow().search();
    }

    /** A 128×K half operand: 128·K·2 bytes written once and read twice (two warps share each A row block). */
    @Test
    void operandStagesMeetTheirBounds() {
        for (int k : List.of(32, 64, 128)) {
            SwizzleSearch.Result r = search("SM80 A operand 128x" + k + " ");
            assertEquals(3L * 128 * k * 2 / 128, r.lowerBound(), "K = " + k);
            assertTrue(r.meetsBound());
            assertEquals(r.lowerBound(), r.cutlass().wavefronts());
        }
    }

    /** The float epilogue: 64·64·4 bytes written and read, 256 wavefronts; Sw<2,3,3> meets it, the SW128 atom takes 384. */
    @Test
    void theFloatEpilogueBeatsCutlasssSelector() {
        SwizzleSearch.Result r = search("SM80 epilogue 64x64 float");
        assertEquals(256, r.lowerBound());
        assertEquals(256, r.best().wavefronts());
        assertEquals(384, r.cutlass().wavefronts());
    }

    @Test
    void theTransposeSaysItsBoundIsNotMet() {
        assertFalse(search("transpose").meetsBound());
    }

    /** Every warp instruction of a stage is replayed: the write's and the read's. */
    @Test
    void aStageReplaysEveryWarpInstruction() {
        StageCase c = StageCase.catalog().getFirst();
        SwizzleSearch.Result r = c.search();
        List<StageCase.Instruction> all = c.instructions(r.best().smem());
        assertEquals(4 * 4 + 4 * 8, all.size()); // cp.async: 4 warps x 4; ldmatrix.x4: 4 warps x (128x32 / (4 warps x 32 x 8) x 2)
    }
}
