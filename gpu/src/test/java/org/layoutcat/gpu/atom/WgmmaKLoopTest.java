package org.layoutcat.gpu.atom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling;

/** The K-loop cases on the host: what the GPU run ({@code gpu atoms --verify}) is given. */
class WgmmaKLoopTest {

    /**
     * Every case of the matrix places each operand one-to-one in its tile (a swizzle permutes the bytes of a 128-byte
     * row), and its descriptor's base offset is the PTX ISA's: 0 with the pattern at the addresses or at a tile on a
     * repeat, and {@code (place >> 7) & 7} with the pattern at a tile off one (A's at 384: 3; B's at 512: 4 for SW128).
     */
    @Test
    void everyCasePlacesItsTilesOneToOneWithTheIsasBaseOffset() {
        List<WgmmaKLoop> loops = WgmmaKLoop.matrix();
        assertEquals(76, loops.size());
        int differ = 0;
        for (WgmmaKLoop l : loops) {
            for (WgmmaKLoop.Tile t : List.of(l.tileA(), l.tileB())) {
                int[] offsets = t.byteOffsets();
                int width = t.elementBits() / 8;
                Set<Integer> seen = new HashSet<>();
                for (int o : offsets) {
                    assertTrue(o >= 0 && o + width <= t.tileBytes(), l.label() + ": byte " + o + " outside the tile of " + t.tileBytes());
                    assertTrue(seen.add(o), l.label() + ": byte " + o + " placed twice");
                }
                int base = t.descriptor().baseOffset();
                boolean offBoundary = l.anchor() == WgmmaKLoop.Anchor.TILE && t.place() % (128 << swizzleBits(l.swizzling())) != 0;
                assertEquals(offBoundary ? (t.place() >> 7) & 7 : 0, base, l.label());
                assertEquals(0, t.descriptor().startAddress(), l.label());
            }
            if (l.cuteDiffers()) differ++;
        }
        assertEquals(24, differ, "the cases with the pattern at a tile off a boundary: 8 pairs of atom and majors x 3 swizzles");
    }

    private static int swizzleBits(Swizzling s) {
        return s.ordinal();
    }

    /**
     * Each k-block's descriptor offset is CuTe's partition_fragment_A along K (ops' gmma-kloop-cute.jsonl, CUTLASS
     * 4.7.0, a tile at 0x400): (_4):(_2) for K-major SW128 halves, (_4):(_128) for MN-major SW64, and (_2,_2):(_2,_256)
     * for K-major SW64, whose 64 halves of K lie in two atoms.
     */
    @Test
    void theAdvanceIsCuTesFragmentAlongK() {
        var f16 = Atoms.mma("SM90_64x64x16_F32F16F16_SS");
        assertEquals(List.of(0L, 2L, 4L, 6L), new WgmmaKLoop(f16, Swizzling.SW128, 4, WgmmaKLoop.Places.AT_BOUNDARY, WgmmaKLoop.Anchor.ADDRESSES).tileA().advance());
        assertEquals(List.of(0L, 128L, 256L, 384L), new WgmmaKLoop(f16.withMajors(Major.MN, Major.K), Swizzling.SW64, 4, WgmmaKLoop.Places.AT_BOUNDARY, WgmmaKLoop.Anchor.ADDRESSES).tileA().advance());
        assertEquals(List.of(0L, 2L, 256L, 258L), new WgmmaKLoop(f16, Swizzling.SW64, 4, WgmmaKLoop.Places.AT_BOUNDARY, WgmmaKLoop.Anchor.ADDRESSES).tileA().advance());
        assertThrows(IllegalArgumentException.class, () -> new WgmmaKLoop.Places(16, 0));
        assertThrows(IllegalArgumentException.class, () -> new WgmmaKLoop(Atoms.mma("SM90_64x64x16_F32F16F16_RS"), Swizzling.SW128, 4,
                WgmmaKLoop.Places.AT_BOUNDARY, WgmmaKLoop.Anchor.TILE));
    }
}
