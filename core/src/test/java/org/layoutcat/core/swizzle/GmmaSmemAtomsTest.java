package org.layoutcat.core.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling;

/** CuTe's GMMA shared-memory atoms and tile_to_shape, against CuTe C++'s printouts (CUTLASS headers, host programs). */
class GmmaSmemAtomsTest {

    @Test
    void theAtomsPrintAsCuTeCppPrintsThem() {
        // CuTe C++ prints, e.g., GMMA::Layout_K_SW128_Atom<half_t>{} = Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)
        String[][] printed = {
            {"K", "INTER", "32", "Sw<0,4,3> o smem_ptr[32b](unset) o (8,4):(4,1)"},
            {"K", "INTER", "16", "Sw<0,4,3> o smem_ptr[16b](unset) o (8,8):(8,1)"},
            {"K", "INTER", "8", "Sw<0,4,3> o smem_ptr[8b](unset) o (8,16):(16,1)"},
            {"K", "SW32", "16", "Sw<1,4,3> o smem_ptr[16b](unset) o (8,16):(16,1)"},
            {"K", "SW64", "32", "Sw<2,4,3> o smem_ptr[32b](unset) o (8,16):(16,1)"},
            {"K", "SW128", "8", "Sw<3,4,3> o smem_ptr[8b](unset) o (8,128):(128,1)"},
            {"K", "SW128", "16", "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)"},
            {"K", "SW128", "32", "Sw<3,4,3> o smem_ptr[32b](unset) o (8,32):(32,1)"},
            {"MN", "INTER", "32", "Sw<0,4,3> o smem_ptr[32b](unset) o (4,8):(1,4)"},
            {"MN", "SW32", "8", "Sw<1,4,3> o smem_ptr[8b](unset) o (32,8):(1,32)"},
            {"MN", "SW64", "16", "Sw<2,4,3> o smem_ptr[16b](unset) o (32,8):(1,32)"},
            {"MN", "SW128", "16", "Sw<3,4,3> o smem_ptr[16b](unset) o (64,8):(1,64)"},
        };
        for (String[] p : printed) {
            ComposedLayout atom = GmmaSmemAtoms.atom(Major.valueOf(p[0]), Swizzling.valueOf(p[1]), Integer.parseInt(p[2]));
            assertEquals(p[3], atom.toString());
            assertEquals(p[3], GmmaSmemAtoms.cuteForm(Major.valueOf(p[0]), Swizzling.valueOf(p[1]), Integer.parseInt(p[2])));
        }
        // in element offsets: the 128-byte K-major atom of halves is the SM80 idiom Swizzle<3,3,3> o (8,64):(64,1)
        assertEquals("Sw<3,3,3> o 0 o (8,64):(64,1)", GmmaSmemAtoms.atom(Major.K, Swizzling.SW128, 16).inOffsetForm().toString());
        assertEquals("Sw<3,2,3> o 0 o (8,32):(32,1)", GmmaSmemAtoms.atom(Major.K, Swizzling.SW128, 32).inOffsetForm().toString());
    }

    @Test
    void tileToShapeIsCuTes() {
        // CuTe C++: tile_to_shape((8,64):(64,1), (128,128)) = ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))
        assertEquals(Layout.parse("((8,16),(64,2)):((64,512),(1,8192))"),
                TileToShape.tileToShape(Layout.parse("(8,64):(64,1)"), IntTuple.parse("(128,128)"), null));
        // with Step<_2,_1>: ((_8,_2),(_64,_2)):((_64,_1024),(_1,_512))
        assertEquals(Layout.parse("((8,2),(64,2)):((64,1024),(1,512))"),
                TileToShape.tileToShape(Layout.parse("(8,64):(64,1)"), IntTuple.parse("(16,128)"), IntTuple.parse("(2,1)")));
        // and of the swizzled atom: Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))
        assertEquals("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))",
                TileToShape.tileToShape(GmmaSmemAtoms.atom(Major.K, Swizzling.SW128, 16), IntTuple.parse("(128,64)"), null).toString());
    }
}
