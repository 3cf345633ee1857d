package org.layoutcat.core.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.swizzle.GmmaDescriptor;
import org.layoutcat.core.swizzle.GmmaSmemAtoms;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling;

/**
 * The wgmma doctor against layoutcat's own canonical operands: every GMMA atom (K and MN major, the four swizzles, 8-,
 * 16- and 32-bit elements) tiled to one dense wgmma operand of 64 to 256 rows (tile_to_shape, as CUTLASS lays its
 * stages), at shared addresses on and off the swizzle's boundaries: its descriptor ({@link GmmaDescriptor#of}) breaks
 * no rule, matches the layout, and the layout it implies gives it back.
 */
class GmmaDoctorTest {

    @Test
    void theDescriptorOfEveryCanonicalOperandBreaksNoRule() {
        int checked = 0;
        for (Major major : Major.values()) {
            for (Swizzling sw : Swizzling.values()) {
                for (int bits : new int[] {8, 16, 32}) {
                    ComposedLayout atom = GmmaSmemAtoms.atom(major, sw, bits);
                    for (long mn : new long[] {64, 128, 256}) {
                        long atomMn = atom.shape().mode(0).product(), atomK = atom.shape().mode(1).product(), k = 256 / bits;
                        if (mn % atomMn != 0) continue;
                        // the stage: the atom tiled to (MN, K) or to the atom's K where it is wider; its k-blocks as CuTe
                        // slices them, each its pointer advanced to the block's first element
                        long kTile = Math.max(k, atomK);
                        ComposedLayout tile = (ComposedLayout) TileToShape.tileToShape(atom, IntTuple.of(IntTuple.of(mn), IntTuple.of(kTile)), null);
                        Layout block = Composition.compose(tile.inner(), Tiler.ByMode.of(Layout.of(mn, 1), Layout.of(k, 1)));
                        for (long j = 0; j < kTile / k; j++) {
                            long offset = tile.inner().apply(mn * j * k) * (bits / 8);
                            for (long address : new long[] {0, 1024, 0x2400, 0x6000}) {
                                String where = major + " " + sw + " " + bits + "b " + mn + " rows, k-block " + j + " at " + address + ": " + tile;
                                CuTeNotation.Tensor t = CuTeNotation.Tensor.shared(tile.withInner(block), OptionalLong.of(address + offset), bits);
                                GmmaDescriptor d = GmmaDescriptor.of(major, t, bits, OptionalLong.empty());
                                GmmaDoctor.Diagnosis dx = GmmaDoctor.examine(d.value(), major, t, 0);
                                assertEquals(List.of(), dx.findings(), where);
                                assertTrue(dx.match().orElseThrow().matches(), where);
                                CuTeNotation.Tensor implied = CuTeNotation.parseTensor(dx.implied().orElseThrow());
                                assertEquals(d, GmmaDescriptor.of(major, implied, bits, OptionalLong.empty()), where + " implies " + dx.implied());
                                checked++;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(checked >= 200, checked + " operands");
    }

    /** The fields at their bits (PTX ISA): start 0–13, LBO 16–29, SBO 32–45, base offset 49–51, layout type 62–63. */
    @Test
    void theFieldsAreReadAtTheirBits() {
        GmmaDoctor.Decoded d = GmmaDoctor.Decoded.of(0x4000004000010040L | 5L << 49 | 1L << 14 | 1L << 60);
        assertEquals(0x40, d.startAddress());
        assertEquals(1, d.leadingByteOffset());
        assertEquals(64, d.strideByteOffset());
        assertEquals(5, d.baseOffset());
        assertEquals(GmmaDescriptor.LayoutType.B128, d.layoutType());
        assertEquals("14, 60", GmmaDoctor.bitList(d.reserved()));
        assertEquals(0x4000004000010040L, GmmaDoctor.parseDescriptor("4611686293305360448"));
        assertEquals(-1L, GmmaDoctor.parseDescriptor("0xffffffffffffffff"));
    }
}
