package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.statistics.Statistics;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArbitraries;
import org.layoutcat.core.Tiler;

/**
 * logical_divide(A, B) = A ∘ (B, comp(B, size A)), mode by mode for a by-mode tiler; the zipped, tiled and flat
 * divides are regroupings of its modes (seed 004 §5.4's table).
 */
class DivideProperties {

    @Provide
    Arbitrary<Tuple2<Layout, Tiler>> alignedPairs() {
        return Arbitraries.oneOf(
                LayoutArbitraries.alignedPairs().map(p -> Tuple.<Layout, Tiler>of(p.get1(), p.get2())),
                LayoutArbitraries.alignedByModePairs());
    }

    @Provide
    Arbitrary<Tuple2<Layout, Layout>> arbitraryPairs() {
        return LayoutArbitraries.arbitraryPairs();
    }

    /**
     * The definition, for a layout B, as CuTe C++ writes logical_divide: {@code A ∘ (B, comp(B, shape(coalesce(A))))},
     * the complement taken in the shape of coalesce(A), whose ceil_div can reach past size(A) (a complement in size(A)
     * alone differs there: ceil_div((3,5), 2) is (2,5), of size 10, not 8).
     */
    static Layout definition(Layout a, Layout b) {
        return Composition.compose(a, Layout.concat(b, rest(a, b)));
    }

    /** {@code comp(B, shape(coalesce(A)))}. */
    static Layout rest(Layout a, Layout b) {
        return Complement.complement(b, Coalesce.coalesce(a).shape());
    }

    @Property
    void logicalDivideMatchesDefinition(@ForAll("alignedPairs") Tuple2<Layout, Tiler> pair) {
        Layout a = pair.get1();
        Tiler b = pair.get2();
        Layout r = Divide.logicalDivide(a, b);
        if (b instanceof Layout bl) {
            assertEquals(definition(a, bl), r);
            assertTileAndRest(a, bl, r);
        } else {
            Tiler.ByMode t = (Tiler.ByMode) b;
            assertEquals(a.rank(), r.rank());
            for (int i = 0; i < a.rank(); i++) {
                if (i < t.rank()) {
                    Layout bi = (Layout) t.mode(i);
                    assertEquals(definition(a.mode(i), bi), r.mode(i), "mode " + i);
                    assertTileAndRest(a.mode(i), bi, r.mode(i));
                } else {
                    assertEquals(a.mode(i), r.mode(i), "mode " + i + " past the tiler is kept");
                }
            }
        }
    }

    /** R = (Tile, Rest): Tile(c) = A(B(c)); Rest(j) = A(comp(j)); (Tile, Rest) covers A's offsets. */
    private static void assertTileAndRest(Layout a, Layout b, Layout r) {
        assertEquals(2, r.rank(), r.toString());
        Layout comp = rest(a, b);
        CompositionProperties.assertPointwise(a, b, r.mode(0));
        CompositionProperties.assertPointwise(a, comp, r.mode(1));
        assertTrue(r.size() >= a.size(), "the divide of " + a + " by " + b + " = " + r + " tiles all of A");
    }

    @Property
    void logicalDivideMatchesDefinitionOrIsRefusedByName(@ForAll("arbitraryPairs") Tuple2<Layout, Layout> pair) {
        Layout a = pair.get1(), b = pair.get2();
        Layout expected;
        try {
            expected = definition(a, b);
        } catch (IllegalArgumentException e) {
            expected = null;
        }
        try {
            Layout r = Divide.logicalDivide(a, b);
            Statistics.collect("divided");
            assertEquals(expected, r);
        } catch (IllegalArgumentException e) {
            Statistics.collect("refused");
            assertEquals(null, expected, "refused but the definition gives " + expected + ": " + e.getMessage());
            String m = e.getMessage();
            assertTrue(m.startsWith("logical_divide of " + a + " by " + b) || m.startsWith("complement of " + b), m);
        }
    }

    @Property
    void zippedTiledAndFlatDividesRegroupTheLogicalDivide(@ForAll("alignedPairs") Tuple2<Layout, Tiler> pair) {
        Layout a = pair.get1();
        Tiler b = pair.get2();
        assertRegroupings(Divide.logicalDivide(a, b), b, Divide.zippedDivide(a, b), Divide.tiledDivide(a, b),
                Divide.flatDivide(a, b));
    }

    /**
     * For a logical result {@code ((T0,R0),(T1,R1),...,L...)} of a by-mode tiler of rank k (or {@code (T,R)} of a
     * layout): zipped {@code Z = ((T0,T1,...),(R0,R1,...,L...))}, tiled {@code (Z0,R0,R1,...,L...)}, flat
     * {@code (T0,T1,...,R0,R1,...,L...)}, where a part of rank 1 stays whole as in CuTe (whose {@code repeat<1>(_)}
     * is {@code _}: {@code flat_divide((8,6):(1,8), <2>)} is {@code ((2),4,6):((1),2,8)}); all four have the same
     * modes, so the same multiset of offsets.
     */
    static void assertRegroupings(Layout logical, Tiler b, Layout zipped, Layout tiled, Layout flat) {
        Layout tiles, rests;
        if (b instanceof Tiler.ByMode t) {
            List<Layout> ts = new ArrayList<>();
            List<Layout> rs = new ArrayList<>();
            for (int i = 0; i < logical.rank(); i++) {
                if (i < t.rank()) {
                    ts.add(logical.mode(i).mode(0));
                    rs.add(logical.mode(i).mode(1));
                } else {
                    rs.add(logical.mode(i));
                }
            }
            tiles = Layout.concat(ts);
            rests = Layout.concat(rs);
            assertEquals(Layout.concat(tiles, rests), zipped);
        } else {
            tiles = logical.mode(0);
            rests = logical.mode(1);
            assertEquals(logical, zipped, "zipped = logical for a layout tiler");
        }
        List<Layout> tiledModes = new ArrayList<>();
        tiledModes.add(tiles);
        tiledModes.addAll(unpacked(rests));
        assertEquals(Layout.concat(tiledModes), tiled);
        List<Layout> flatModes = new ArrayList<>(unpacked(tiles));
        flatModes.addAll(unpacked(rests));
        assertEquals(Layout.concat(flatModes), flat);
        long[] image = LayoutArbitraries.image(logical);
        for (Layout form : List.of(zipped, tiled, flat)) {
            assertEquals(logical.size(), form.size());
            assertArrayEquals(image, LayoutArbitraries.image(form), form + " has the offsets of " + logical);
        }
    }

    /** CuTe's {@code repeat<R>(_)} slice of a part: its modes where its rank R > 1, else the part whole. */
    private static List<Layout> unpacked(Layout part) {
        return part.rank() > 1 ? part.modes() : List.of(part);
    }
}
