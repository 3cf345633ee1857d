package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/** Tiled MMAs of every mma.sync atom over random atom grids: what thread–value layouts of a tile must satisfy. */
class TiledMmaProperties {

    @Provide
    Arbitrary<MmaAtom> mmaSyncAtoms() {
        List<MmaAtom> atoms = Atoms.mmaAtoms().stream().filter(MmaAtom::registersAB).toList();
        return Arbitraries.of(atoms);
    }

    static long[] counts(Layout tv, long tile) {
        long[] seen = new long[(int) tile];
        for (long i = 0; i < tv.size(); i++) seen[(int) tv.apply(i)]++;
        return seen;
    }

    /**
     * C: every element of the tile once where there is one atom along K (SM70: at least once); A: once per atom along N; B: once per atom
     * along M. With several atoms along K, CuTe's own get_layoutC_TV leaves the tile unless M and N have one atom
     * each and the atom's threads are contiguous, and the library gives CuTe's layout
     * ({@link TiledMmaTest#withAtomsAlongKTheCLayoutIsCuTes}); C is then not checked.
     */
    @Property(tries = 60)
    void tiledLayoutsCoverTheirTilesAsOftenAsTheAtomsShareThem(@ForAll("mmaSyncAtoms") MmaAtom atom,
            @ForAll @IntRange(min = 1, max = 4) int am, @ForAll @IntRange(min = 1, max = 4) int an,
            @ForAll @IntRange(min = 1, max = 2) int ak) {
        boolean lanes = atom.thrID().equals(Layout.of(atom.threads(), 1));
        // SM70: quad pairs nest in a warp only in powers of two (3 atoms leave the lanes without a complement)
        Assume.that(lanes || (Long.bitCount(am) == 1 && Long.bitCount(an) == 1));
        TiledMma mma = TiledMma.of(atom, IntTuple.flat(am, an, ak));
        long m = mma.tileSize(0), n = mma.tileSize(1), k = mma.tileSize(2);
        assertEquals(IntTuple.flat(atom.m() * am, atom.n() * an, atom.k() * ak), mma.tileShape());
        assertEquals(atom.threads() * am * an * ak, mma.threads());
        // SM70's quad pairs: the TV layouts are indexed by lane, and lanes outside the atoms repeat others (stride 0),
        // as CuTe's are; there each element is held at least once
        if (ak == 1) {
            for (long c : counts(mma.layoutC(), m * n)) assertTrue(lanes ? c == 1 : c >= 1, "C of " + mma);
        }
        for (long c : counts(mma.layoutA(), m * k)) assertTrue(lanes ? c == an : c >= 1, "A of " + mma);
        for (long c : counts(mma.layoutB(), n * k)) assertTrue(lanes ? c == am : c >= 1, "B of " + mma);
    }

    /** A thread's partition of C holds exactly the elements layoutC gives it, at the partition's offset. */
    @Property(tries = 40)
    void partitionCIsTheThreadsRowOfLayoutC(@ForAll("mmaSyncAtoms") MmaAtom atom,
            @ForAll @IntRange(min = 1, max = 2) int am, @ForAll @IntRange(min = 1, max = 2) int an,
            @ForAll @IntRange(min = 0, max = 1_000_000) int seed) {
        TiledMma mma = TiledMma.of(atom, IntTuple.flat(am, an, 1));
        long m = mma.tileSize(0), n = mma.tileSize(1);
        Assume.that(atom.thrID().equals(Layout.of(atom.threads(), 1))); // SM70: lanes alias, see above
        Layout tile = Layout.colMajor(IntTuple.flat(m, n));
        long thread = seed % mma.threads();
        var p = mma.partitionC(tile, thread);
        Layout c = mma.layoutC();
        long values = c.mode(1).size();
        assertEquals(values, p.layout().size());
        java.util.Set<Long> want = new java.util.HashSet<>(), got = new java.util.HashSet<>();
        for (long v = 0; v < values; v++) {
            want.add(c.apply(IntTuple.flat(thread, v)));
            got.add(p.offset().value() + p.layout().apply(v));
        }
        assertEquals(want, got, "thread " + thread + " of " + mma);
    }
}
