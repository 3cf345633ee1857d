package org.layoutcat.category.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.Gen;
import org.layoutcat.category.TupleMorphism;
import org.layoutcat.core.IntTuple;

/**
 * The array kernels that the values and the composition walk share, on flat arrays against their definitions: the
 * encoded layout (paper §2.2) and the pullback and pushforward along a refinement (paper §4.1.2).
 */
class FlatMorphismsProperties {

    @Provide
    Arbitrary<Random> randoms() {
        return Arbitraries.randoms();
    }

    /** encodedStridesIsTheDefinition: {@code d_i = t_1⋯t_(α(i)−1)}, each product taken afresh, and 0 at {@code *}. */
    @Property(tries = 1000)
    void encodedStridesIsTheDefinition(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.morphism(r);
        long[] t = f.codomain().leaves();
        int[] alpha = FlatMorphisms.images(f.alpha());
        long[] stride = new long[alpha.length];
        long[] prefix = new long[t.length + 1];
        FlatMorphisms.encodedStrides(alpha, alpha.length, t, t.length, prefix, stride, f);
        for (int i = 0; i < alpha.length; i++) {
            long d = 0;
            if (alpha[i] != FinMorphism.STAR) {
                d = 1;
                for (int j = 0; j < alpha[i] - 1; j++) d *= t[j];
            }
            assertEquals(d, stride[i], f + " at " + (i + 1));
        }
        assertEquals(f.codomainSize(), prefix[t.length], f.toString());
    }

    // every prefix product is computed, size T included, and an overflow names what was given
    @Test
    void encodedStridesOverflowIsAnErrorWithWords() {
        long[] t = {4, 1L << 62};
        ArithmeticException e = assertThrows(ArithmeticException.class,
                () -> FlatMorphisms.encodedStrides(new int[] {1}, 1, t, 2, new long[3], new long[1], "T"));
        assertEquals("overflow computing the prefix products of T: 4 * 4611686018427387904 exceeds the 64-bit range", e.getMessage());
    }

    /**
     * pullbackKernelRefinesAndPreservesTheLayoutFunction (§4.1.2, flat): the runs of S' multiply to the entries of S
     * (S' refines S), an entry sent to {@code *} stays alone, f' is a morphism {@code S'♭ → T'♭} of Tuple, and
     * {@code L_(f')} has the layout function of {@code L_f}.
     */
    @Property(tries = 1000)
    void pullbackKernelRefinesAndPreservesTheLayoutFunction(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.morphism(r);
        long[] s = f.domain().leaves();
        int[] alpha = FlatMorphisms.images(f.alpha());
        Runs tPrime = Runs.refining(r, f.codomain().leaves());
        long[] sPrime = new long[s.length + tPrime.pieces.length];
        int[] sOff = new int[s.length + 1];
        int[] alphaPrime = new int[sPrime.length];
        int n = FlatMorphisms.pullback(alpha, s, s.length, tPrime.pieces, tPrime.off, sPrime, sOff, alphaPrime);
        Statistics.label("an entry of T refined by no piece").collect(tPrime.hasEmptyRun());
        assertEquals(n, sOff[s.length]);
        for (int k = 0; k < s.length; k++) {
            assertEquals(s[k], product(sPrime, sOff[k], sOff[k + 1]), f + ": the run of s_" + (k + 1));
            if (alpha[k] == FinMorphism.STAR) {
                assertEquals(1, sOff[k + 1] - sOff[k]);
                assertEquals(FinMorphism.STAR, alphaPrime[sOff[k]]);
            }
        }
        TupleMorphism fPrime = TupleMorphism.of(Arrays.copyOf(sPrime, n), tPrime.pieces, Arrays.copyOf(alphaPrime, n));
        assertTrue(Gen.sameFunction(f.encodedLayout(), fPrime.encodedLayout(), f.domainSize()), f + " and " + fPrime);
    }

    /**
     * pushforwardKernelRefinesAndPreservesTheLayoutFunction (§4.1.2, flat): the runs of V' multiply to the entries of
     * V (V' refines V), an entry not hit stays alone, g' is a morphism {@code U'♭ → V'♭} of Tuple, and
     * {@code L_(g')} has the layout function of {@code L_g}.
     */
    @Property(tries = 1000)
    void pushforwardKernelRefinesAndPreservesTheLayoutFunction(@ForAll("randoms") Random r) {
        TupleMorphism g = Gen.morphism(r);
        long[] v = g.codomain().leaves();
        int[] alpha = FlatMorphisms.images(g.alpha());
        Runs uPrime = Runs.refining(r, g.domain().leaves());
        long[] vPrime = new long[v.length + uPrime.pieces.length];
        int[] vOff = new int[v.length + 1];
        int[] alphaPrime = new int[uPrime.pieces.length];
        int n = FlatMorphisms.pushforward(alpha, alpha.length, v, v.length, new FlatMorphisms.Pieces(uPrime.pieces, uPrime.off),
                new FlatMorphisms.Pushed(vPrime, vOff, alphaPrime));
        Statistics.label("an entry of U refined by no piece").collect(uPrime.hasEmptyRun());
        assertEquals(n, vOff[v.length]);
        for (int j = 0; j < v.length; j++) {
            assertEquals(v[j], product(vPrime, vOff[j], vOff[j + 1]), g + ": the run of v_" + (j + 1));
            if (!g.alpha().hits(j + 1)) assertEquals(1, vOff[j + 1] - vOff[j]);
        }
        TupleMorphism gPrime = TupleMorphism.of(uPrime.pieces, Arrays.copyOf(vPrime, n), alphaPrime);
        assertTrue(Gen.sameFunction(g.encodedLayout(), gPrime.encodedLayout(), g.domainSize()), g + " and " + gPrime);
    }

    /**
     * A refinement X' → X of a flat X as the kernels take it: X'♭ = {@code pieces}, those of {@code x_k} at
     * {@code [off[k], off[k+1])}; an entry 1 is now and then refined by no piece at all (the empty tuple).
     */
    record Runs(long[] pieces, int[] off) {
        static Runs refining(Random r, long[] x) {
            long[] pieces = new long[0];
            int[] off = new int[x.length + 1];
            for (int k = 0; k < x.length; k++) {
                long[] run = x[k] == 1 && r.nextInt(4) == 0 ? new long[0] : Gen.refine(r, IntTuple.of(x[k])).leaves();
                pieces = Arrays.copyOf(pieces, pieces.length + run.length);
                System.arraycopy(run, 0, pieces, off[k], run.length);
                off[k + 1] = off[k] + run.length;
            }
            return new Runs(pieces, off);
        }

        boolean hasEmptyRun() {
            for (int k = 0; k + 1 < off.length; k++) if (off[k] == off[k + 1]) return true;
            return false;
        }
    }

    private static long product(long[] x, int from, int to) {
        long p = 1;
        for (int i = from; i < to; i++) p *= x[i];
        return p;
    }
}
