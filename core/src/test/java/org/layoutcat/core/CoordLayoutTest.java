package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.partition.Partition;

/**
 * Layouts with scaled-basis strides. Golden values: CuTe C++ (CUTLASS main; {@code make_identity_layout},
 * {@code composition}, {@code coalesce}, {@code logical_divide}, {@code zipped_divide}, and {@code local_tile} /
 * {@code local_partition} of {@code make_identity_tensor}) printed by a host program compiled here with static
 * integers; CuTe's own composition test {@code (4,4):(4,1) ∘ (4,4):(1@1,1@0) = (4,4):(1,4)} (the issue).
 */
class CoordLayoutTest {
    private static CoordLayout c(String s) {
        return CoordLayout.parse(s);
    }

    private static final CoordLayout I = CoordLayout.identity(IntTuple.parse("(4,8)"));
    private static final CoordLayout J = CoordLayout.identity(IntTuple.parse("(4,(2,3))"));

    @Test
    void identityLayoutsPrintAsCuTe() {
        assertEquals("(4,8):(1@0,1@1)", I.toString());
        assertEquals("(4,(2,3)):(1@0,(1@0@1,1@1@1))", J.toString());
        assertEquals("((2,3),4):((1@0@0,1@1@0),1@1)", CoordLayout.identity(IntTuple.parse("((2,3),4)")).toString());
        assertEquals("8:1", CoordLayout.identity(IntTuple.parse("8")).toString());
        assertEquals("1@0@1", ScaledBasis.of(1, 1, 0).toString()); // CuTe prints E<1,0> as _1@0@1
        assertEquals(ScaledBasis.of(3, 1, 0), ScaledBasis.parse("_3@0@1"));
        assertEquals(c("(4,8):(1@0,1@1)"), c("(_4,_8):(_1@0,_1@1)"));
    }

    @Test
    void valuesAreCoordinates() {
        assertEquals(IntTuple.parse("(1,1)"), I.apply(5));
        assertEquals(IntTuple.parse("(1,2)"), I.apply(IntTuple.parse("(1,2)")));
        assertEquals(IntTuple.parse("(3,7)"), I.apply(31));
        assertEquals(IntTuple.parse("(1,(1,1))"), J.apply(13));
        assertEquals(IntTuple.parse("(3,(1,2))"), J.apply(IntTuple.parse("(3,(1,2))")));
        assertEquals(IntTuple.parse("(4,1)"), c("(3,4):(2@0,1@1)").apply(5));
    }

    @Test
    void coalesceAgreesWithCuTe() {
        assertEquals(I, Coalesce.coalesce(I));
        assertEquals("(4,2,3):(1@0,1@0@1,1@1@1)", Coalesce.coalesce(J).toString());
        assertEquals("(4,4):(1@0,1@1)", Coalesce.coalesce(c("(2,2,4):(1@0,2@0,1@1)")).toString());
    }

    @Test
    void compositionAgreesWithCuTe() {
        // CuTe's test (the issue): (4,4):(4,1) o (4,4):(1@1,1@0) = (4,4):(1,4)
        assertEquals("(4,4):(1,4)", Composition.compose(c("(4,4):(4,1)"), c("(4,4):(1@1,1@0)")).toString());
        assertEquals("(2,4):(1@0,1@1)", Composition.compose(I, Tiler.parse("(2,4):(1,4)")).toString());
        assertEquals("(2,4):(2@0,1@1)", Composition.compose(I, Tiler.parse("8:2")).toString());
        assertEquals("(2,4):(1@0,2@1)", Composition.compose(I, Tiler.parse("<2:1,4:2>")).toString());
        assertEquals("(4,2):(1@0,1@0@1)", Composition.compose(J, Tiler.parse("8:1")).toString());
        assertEquals("(4,2):(1@1,1@0)", Composition.compose(I, c("(4,2):(1@1,1@0)")).toString());
    }

    @Test
    void dividesAndPartitionsOfAnIdentityLayoutAgreeWithCuTe() {
        assertEquals("((2,2),(4,2)):((1@0,2@0),(1@1,4@1))", Divide.logicalDivide(I, Tiler.parse("(2,4)")).toString());
        assertEquals("((2,4),(2,2)):((1@0,1@1),(2@0,4@1))", Divide.zippedDivide(I, Tiler.parse("(2,4)")).toString());
        assertEquals("((4,2),4):((1@0,1@1),2@1)", Divide.logicalDivide(I, Tiler.parse("8:1")).toString());
        CoordLayout t = CoordLayout.identity(IntTuple.parse("(16,64)"));
        Sliced<AnyLayout> tile = Partition.localTile(t, Tiler.parse("(4,8)"), SliceCoord.parse("(1,2)"));
        assertEquals("(4,8):(1@0,1@1)", tile.layout().toString());
        assertEquals(IntTuple.parse("(4,16)"), tile.offset()); // CuTe: ArithTuple(_4,_16)
        // CuTe: the tile's element (1,1) is (_5,_17)
        IntTuple at = tile.layout().value(IntTuple.parse("(1,1)"));
        assertEquals(IntTuple.parse("(5,17)"), IntTuple.of(IntTuple.of(tile.offset().mode(0).value() + at.mode(0).value()),
                IntTuple.of(tile.offset().mode(1).value() + at.mode(1).value())));
        Sliced<AnyLayout> part = Partition.localPartition(t, Layout.parse("(2,16):(1,2)"), 5);
        assertEquals("(8,4):(2@0,16@1)", part.layout().toString());
        assertEquals(IntTuple.parse("(1,2)"), part.offset()); // CuTe: ArithTuple(1,2)
    }

    @Test
    void mixedOrMisplacedStridesAreRefused() {
        String m = assertThrows(IllegalArgumentException.class, () -> c("(2,4):(1,1@1)").apply(5)).getMessage();
        assertTrue(m.contains("mixes integer and basis strides"), m);
        m = assertThrows(IllegalArgumentException.class, () -> Composition.compose(c("4:1"), c("(4,4):(1@1,1@0)"))).getMessage();
        assertTrue(m.contains("names mode 1"), m);
        assertThrows(IllegalArgumentException.class, () -> c("(4,8):(1@0,(1@1))"));
    }

    @Provide
    Arbitrary<IntTuple> shapes() {
        return LayoutArbitraries.shapes();
    }

    @Property
    void identityLayoutMapsEveryIndexToItsCoordinate(@ForAll("shapes") IntTuple shape) {
        CoordLayout id = CoordLayout.identity(shape);
        assertEquals(id, CoordLayout.parse(id.toString()));
        Layout col = Layout.colMajor(shape);
        for (long i = 0; i < Math.min(col.size(), 256); i++) {
            IntTuple want = col.idx2crd(i);
            assertEquals(want, id.apply(i), id + " at " + i);
        }
        // coalesce keeps the values (as vectors: a dropped extent-1 mode takes its always-0 position with it, as in CuTe)
        AnyLayout co = Coalesce.coalesce(id);
        for (long i = 0; i < Math.min(col.size(), 64); i++) assertEquals(entries(id.apply(i)), entries(co.value(IntTuple.of(i))), id + " at " + i);
    }

    /** The non-zero entries of a coordinate by position: equal vectors of the coordinate space. */
    private static java.util.Map<String, Long> entries(IntTuple t) {
        java.util.Map<String, Long> out = new java.util.TreeMap<>();
        entries(t, "", out);
        return out;
    }

    private static void entries(IntTuple t, String at, java.util.Map<String, Long> out) {
        if (t.isLeaf()) {
            if (t.value() != 0) out.put(at, t.value());
            return;
        }
        for (int i = 0; i < t.rank(); i++) entries(t.mode(i), at + "/" + i, out);
    }

    @Provide
    Arbitrary<CoordLayout> coordLayouts() {
        return LayoutArbitraries.shapes().flatMap(shape -> net.jqwik.api.Arbitraries.longs().map(seed -> {
            java.util.Random r = new java.util.Random(seed);
            java.util.List<ScaledBasis> d = new java.util.ArrayList<>();
            for (int k = 0; k < shape.leafCount(); k++) {
                int[] path = new int[r.nextInt(3)];
                for (int j = 0; j < path.length; j++) path[j] = r.nextInt(4);
                d.add(ScaledBasis.of(r.nextInt(17) - 8, path));
            }
            return CoordLayout.of(shape, d);
        }));
    }

    @Property
    void notationRoundTrips(@ForAll("coordLayouts") CoordLayout l) {
        assertEquals(l, CoordLayout.parse(l.toString()));
        assertEquals(l, CoordLayout.parse(l.toString().replace(",", " , ").replace("(", "( _")
                .replace("_(", "(").replace("_-", "-"))); // spaces and CuTe's static marks
        for (ScaledBasis d : l.flatStrides()) assertEquals(d, ScaledBasis.parse(d.toString()));
    }

    @Property
    void compositionWithAnIdentityLayoutIsPointwise(@ForAll("shapes") IntTuple shape) {
        // I ∘ B for B = a compact layout of size(I): R(i) = I(B(i)) = idx2crd(B(i)) on every point
        CoordLayout id = CoordLayout.identity(shape);
        Layout b = Layout.rowMajor(shape);
        AnyLayout r;
        try {
            r = Composition.compose(id, b);
        } catch (IllegalArgumentException refused) {
            return;
        }
        for (long i = 0; i < Math.min(b.size(), 256); i++) {
            assertEquals(entries(id.apply(b.apply(i))), entries(r.value(IntTuple.of(i))), id + " o " + b + " = " + r + " at " + i);
        }
    }

    /**
     * CuTe C++'s value of a layout with basis strides is one scaled basis element where one stride alone is a basis
     * element, else an ArithmeticTuple; printed by a host program against CUTLASS 7107b05: {@code (4):(1@0)} at 3 is
     * {@code 3@0}, {@code (4,2):(1@1,0)} at 5 is {@code 1@1}, {@code ((4)):((1@0))} at 3 is {@code 3@0},
     * {@code (2):(1@0)} at 0 is {@code 0@0} (kernel oracle kdev-0767); {@code (4,3):(1@0,4@0)} at 5 is {@code (5)} and
     * {@code (4,1):(1@0,1@1)} at 3 is {@code (3,0)}.
     */
    @Test
    void aValueOfOneBasisStrideIsCuTesScaledBasisElement() {
        assertEquals("3@0", c("(4):(1@0)").scaledBasisValue(IntTuple.of(3)).orElseThrow().toString());
        assertEquals("1@1", c("(4,2):(1@1,0)").scaledBasisValue(IntTuple.of(5)).orElseThrow().toString());
        assertEquals("3@0", c("((4)):((1@0))").scaledBasisValue(IntTuple.of(3)).orElseThrow().toString());
        assertEquals("0@0", c("(2):(1@0)").scaledBasisValue(IntTuple.of(0)).orElseThrow().toString());
        assertTrue(c("(4,3):(1@0,4@0)").scaledBasisValue(IntTuple.of(5)).isEmpty());
        assertEquals(IntTuple.parse("(5)"), c("(4,3):(1@0,4@0)").value(IntTuple.of(5)));
        assertTrue(c("(4,1):(1@0,1@1)").scaledBasisValue(IntTuple.of(3)).isEmpty());
        assertEquals(IntTuple.parse("(3,0)"), c("(4,1):(1@0,1@1)").value(IntTuple.of(3)));
    }

    /**
     * A tile's offset keeps the coordinate rank of the identity tensor it comes from, as CuTe's ArithmeticTuple
     * iterator does (kernel oracle kdev-0350, kdev-0352): local_tile of {@code (24,1):(1@0,1@1)} by (8,1) at (0,0)
     * starts at {@code (0,0)}, though the tile {@code (8,1):(1@0,0)} names position 0 alone.
     */
    @Test
    void aTilesOffsetHasTheCoordinateRankOfItsTensor() {
        Sliced<AnyLayout> t = Partition.localTile(c("(24,1):(1@0,1@1)"), Tiler.parse("(8,1)"), SliceCoord.parse("(0,0)"));
        assertEquals("(8,1):(1@0,0)", t.layout().toString());
        assertEquals(IntTuple.parse("(0,0)"), t.offset());
        Sliced<AnyLayout> p = Partition.localPartition(c("(8,1):(1@0,1@1)"), Layout.parse("(4,1):(1,4)"), 1);
        assertEquals("(2,1):(4@0,0)", p.layout().toString());
        assertEquals(IntTuple.parse("(1,0)"), p.offset());
        assertEquals(IntTuple.parse("(0,2,0)"), c("(2,3,3):(1@0,1@1,1@2)").widen(IntTuple.parse("(0,2)")));
    }
}
