package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;

/** Golden products with provenance and the errors of inadmissible ones. */
class ProductTest {

    @Test
    void productsOfThePaperNotes() {
        // PAPER-NOTES example 19
        assertEquals(Layout.parse("((3,10,10),(2,2)):((200,1,20),(10,600))"),
                Product.logicalProduct(Layout.parse("(3,10,10):(200,1,20)"), Layout.parse("(2,2):(1,2)")));
        assertEquals(Layout.parse("((2,2),(3,5)):((5,10),(20,1))"),
                Product.logicalProduct(Layout.parse("(2,2):(5,10)"), Layout.parse("(3,5):(5,1)")));
    }

    @Test
    void blockedAndRakedProductsPadTheRanks() {
        // rank 1 A with a rank 2 B: A is padded with 1:0 (CuTe's append<R>)
        Layout a = Layout.parse("4:1");
        Layout b = Layout.parse("(2,3):(1,2)");
        assertEquals(Layout.parse("((4,2),(1,3)):((1,4),(0,8))"), Product.blockedProduct(a, b));
        assertEquals(Layout.parse("((2,4),(3,1)):((4,1),(8,0))"), Product.rakedProduct(a, b));
    }

    @Test
    void productOfALayoutWhoseModesDoNotNestTakesCuTesComplement() {
        // CuTe C++: logical_product((2,2):(1,3), 3:1) = ((_2,_2),_3):((_1,_3),_6)
        assertEquals(Layout.parse("((2,2),3):((1,3),6)"),
                Product.logicalProduct(Layout.parse("(2,2):(1,3)"), Layout.parse("3:1")));
        // the example: logical_product(((4,6)):((1,6)), 3:1)
        assertEquals(Layout.parse("(((4,6)),3):(((1,6)),36)"),
                Product.logicalProduct(Layout.parse("((4,6)):((1,6))"), Layout.parse("3:1")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Product.logicalProduct(Layout.parse("(2,2):(1,1)"), Layout.parse("3:1")));
        assertTrue(e.getMessage().contains("complement of (2,2):(1,1)"), e.getMessage());
    }

    @Test
    void byModeTilerOfTooHighRankIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Product.zippedProduct(Layout.parse("4:1"), Tiler.parse("<2:1,3:1>")));
        assertTrue(e.getMessage().contains("zipped_product of 4:1 by <2:1,3:1>"), e.getMessage());
    }

    @Test
    void blockedAndRakedProductsTakeCuTeCppsForm() {
        // CuTe C++ (CUTLASS main, 2026-08, static Int<>): blocked_product((2,5):(5,1), (3,4):(1,3)) prints
        // ((_2,_3),(_5,_4)):((_5,_10),(_1,_30)): zip of the logical product, not coalesced per mode (an older CuTe
        // coalesced it to (6,(5,4)):(5,(1,30)), the same function)
        assertEquals(Layout.parse("((2,3),(5,4)):((5,10),(1,30))"),
                Product.blockedProduct(Layout.parse("(2,5):(5,1)"), Layout.parse("(3,4):(1,3)")));
        // CuTe C++: raked_product of the same = ((_3,_2),(_4,_5)):((_10,_5),(_30,_1))
        assertEquals(Layout.parse("((3,2),(4,5)):((10,5),(30,1))"),
                Product.rakedProduct(Layout.parse("(2,5):(5,1)"), Layout.parse("(3,4):(1,3)")));
    }

    @Test
    void aModeThatIsATupleOfOneModeKeepsItsWrapperAsInCuTe() {
        // CuTe C++ (CUTLASS 7107b05, static Int<>): repeat<1>(_) is _ itself, so tiled and flat products keep a mode
        // of rank 1 whole, and zip pairs an integral block with the whole tiler (append<1> of a non-tuple is itself)
        Layout a = Layout.parse("6:1"), b = Layout.parse("((2,4)):((4,1))");
        Layout c = Layout.parse("(6):(4)"), d = Layout.parse("(2,4):(1,2)");
        assertEquals(Layout.parse("((6,((2,4)))):((1,((24,6))))"), Product.blockedProduct(a, b));
        assertEquals(Layout.parse("((6,((2,4)))):((8,((4,1))))"), Product.rakedProduct(b, a));
        assertEquals(Layout.parse("(6,((2,4))):(1,((24,6)))"), Product.tiledProduct(a, b));
        assertEquals(Layout.parse("(6,((2,4))):(1,((24,6)))"), Product.flatProduct(a, b));
        assertEquals(Layout.parse("((6),2,(2,2)):((4),1,(2,24))"), Product.flatProduct(c, d));
        assertEquals(Layout.parse("((6),2,(2,2)):((4),1,(2,24))"), Product.tiledProduct(c, d));
        assertEquals(Layout.parse("((6),(2,(2,2))):((4),(1,(2,24)))"), Product.zippedProduct(c, d));
        assertEquals(Layout.parse("((6,2),(1,(2,2))):((4,1),(0,(2,24)))"), Product.blockedProduct(c, d));
        assertEquals(Layout.parse("((2,6),((2,2),1)):((1,4),((2,24),0))"), Product.rakedProduct(c, d));
        // CuTe C++: blocked_product(4:2, 6:1) = ((_4,(_2,_3))):((_2,(_1,_8))); its raked_product does not compile
        // (zip(get<1>) of an integer); layoutcat pairs the two parts whole, as CuTe's zip does for an integral first
        assertEquals(Layout.parse("((4,(2,3))):((2,(1,8)))"), Product.blockedProduct(Layout.parse("4:2"), Layout.parse("6:1")));
        assertEquals(Layout.parse("(((2,3),4)):(((1,8),2))"), Product.rakedProduct(Layout.parse("4:2"), Layout.parse("6:1")));
    }
}
