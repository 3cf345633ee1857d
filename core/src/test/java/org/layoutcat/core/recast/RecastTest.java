package org.layoutcat.core.recast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArbitraries;

/**
 * upcast, downcast, recast_layout, max_common_vector, max_common_layout. Golden values: CuTe C++ (CUTLASS main,
 * {@code cute/layout.hpp}) printed by a host program compiled here with static integers
 * ({@code recast_layout<uint8_t,uint32_t>} and friends; {@code cute::array<uint8_t,3>} for 24 bits).
 */
class RecastTest {
    private static Layout l(String s) {
        return Layout.parse(s);
    }

    @Test
    void upcastAndDowncastAgreeWithCuTe() {
        assertEquals(l("(2,3):(1,2)"), Recast.upcast(l("(4,3):(1,4)"), 2));
        assertEquals(l("(2,3):(1,2)"), Recast.upcast(l("(3,3):(1,4)"), 2)); // the extent rounds up
        assertEquals(l("((1,2),8):((1,1),4)"), Recast.upcast(l("((2,4),8):((1,2),16)"), 4));
        assertEquals(l("(2,2):(1,0)"), Recast.upcast(l("(4,2):(1,0)"), 2));
        assertEquals(l("2:-1"), Recast.upcast(l("4:-1"), 2));
        assertEquals(l("(1,5):(1,2)"), Recast.upcast(l("(3,5):(1,8)"), 4));
        assertEquals(l("(8,3):(1,8)"), Recast.downcast(l("(4,3):(1,4)"), 2));
        assertEquals(l("(4,16):(16,1)"), Recast.downcast(l("(4,4):(4,1)"), 4));
        assertEquals(l("(4,3):(1,0)"), Recast.downcast(l("(2,3):(1,0)"), 2));
    }

    @Test
    void recastLayoutAgreesWithCuTe() {
        assertEquals(l("(4,4):(1,4)"), Recast.recastLayout(8, 32, l("(16,4):(1,16)")));
        assertEquals(l("(16,4):(1,16)"), Recast.recastLayout(32, 8, l("(4,4):(1,4)")));
        assertEquals(l("(4,4):(1,4)"), Recast.recastLayout(16, 16, l("(4,4):(1,4)")));
        assertEquals(l("(4,4):(1,4)"), Recast.recastLayout(16, 24, l("(6,4):(1,6)")));
    }

    @Test
    void castsCuTeWouldNotCompileAreRefused() {
        String m = assertThrows(IllegalArgumentException.class, () -> Recast.upcast(l("(4,3):(1,6)"), 4)).getMessage();
        assertTrue(m.contains("divisibility condition"), m);
        m = assertThrows(IllegalArgumentException.class, () -> Recast.downcast(l("(4,3):(2,8)"), 2)).getMessage();
        assertTrue(m.contains("requires adjacent elements"), m);
    }

    @Test
    void maxCommonVectorAndLayoutAgreeWithCuTe() {
        assertEquals(1, Vectorization.maxCommonVector(l("(4,8):(1,4)"), l("(4,8):(8,1)")));
        assertEquals(64, Vectorization.maxCommonVector(l("(8,8):(1,8)"), l("(8,8):(1,8)")));
        assertEquals(l("64:1"), Vectorization.maxCommonLayout(l("(8,8):(1,8)"), l("(8,8):(1,8)")));
        assertEquals(32, Vectorization.maxCommonVector(l("(4,8):(1,4)"), l("((2,2),8):((1,2),4)")));
        assertEquals(4, Vectorization.maxCommonVector(l("(4,8):(1,4)"), l("(4,8):(1,8)")));
        assertEquals(l("4:1"), Vectorization.maxCommonLayout(l("(4,8):(1,4)"), l("(4,8):(1,8)")));
        assertEquals(1, Vectorization.maxCommonVector(l("(8,4):(1,8)"), l("(8,4):(4,1)")));
        assertEquals(Layout.TRIVIAL, Vectorization.maxCommonLayout(l("(8,4):(1,8)"), l("(8,4):(4,1)")));
        assertEquals(l("(8,4):(4,1)"), Vectorization.maxCommonLayout(l("(4,8):(8,1)"), l("(4,8):(8,1)")));
        assertEquals(32, Vectorization.maxCommonVector(l("(4,8):(8,1)"), l("(4,8):(8,1)")));
        assertEquals(Layout.TRIVIAL, Vectorization.maxCommonLayout(l("(4,8):(1,4)"), l("(4,8):(8,1)")));
    }

    @Provide
    Arbitrary<Layout> compact() {
        return LayoutArbitraries.compactLayouts();
    }

    @Property
    void maxCommonLayoutMapsToTheSameOffsetsInBoth(@ForAll("compact") Layout a, @ForAll("compact") Layout b) {
        // CuTe's postcondition: a(R(i)) == i and b(R(i)) == i for i < size(R); and max_common_vector = size(R)
        Layout r;
        try {
            r = Vectorization.maxCommonLayout(a, b);
        } catch (IllegalArgumentException refused) {
            return; // a composition the engine refuses (its reason is tested with the composition)
        }
        if (r.equals(Layout.TRIVIAL)) return;
        for (long i = 0; i < r.size(); i++) {
            assertEquals(i, a.apply(r.apply(i)), a + " " + b + " R=" + r);
            assertEquals(i, b.apply(r.apply(i)), a + " " + b + " R=" + r);
        }
        assertEquals(r.size(), Vectorization.maxCommonVector(a, b));
    }

    @Property
    void downcastThenUpcastIsTheIdentityOnCompactLayouts(@ForAll("compact") Layout a, @ForAll @IntRange(min = 1, max = 8) int n) {
        // a stride-1 mode exists in a compact layout; downcast<n> then upcast<n> gives it back
        assertEquals(a.toString(), Recast.upcast(Recast.downcast(a, n), n).toString());
    }
}
