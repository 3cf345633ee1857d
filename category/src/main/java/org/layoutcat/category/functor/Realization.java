package org.layoutcat.category.functor;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.TupleMorphism;
import org.layoutcat.category.refine.Refinement;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;

/**
 * The realization functor {@code |·|: Nest → FinSet} (paper §2.3, §3.1): an object S goes to
 * {@code [0, size S)}; a morphism {@code f: S → T} goes to {@code |f| = colex_T ∘ F(f) ∘ colex_S⁻¹}, where the
 * coordinate functor F sends a coordinate {@code x} of S to the coordinate {@code y} of T with
 * {@code y_α(i) = x_i} and 0 on the entries not hit. Computed here from that definition, not through the
 * encoded layout; the theorem is {@code |f| = Φ_(L_f)} and functoriality {@code |f∘g| = |f|∘|g|}.
 * A refinement realizes to the identity of {@code [0, size)}.
 */
public final class Realization {
    /** Largest domain a {@link #table} is built for. */
    public static final long TABLE_LIMIT = 1L << 24;

    private Realization() {}

    /**
     * {@code |S| = [0, size S)}, given by its size.
     *
     * @throws ArithmeticException where the size overflows a long
     */
    public static long object(IntTuple s) {
        return s.product();
    }

    /**
     * {@code |f|} as a function on {@code [0, size S)}; an index outside is an IllegalArgumentException.
     *
     * @throws ArithmeticException where the size of S or T overflows a long (the function throws
     *         LayoutArgumentException for an index outside {@code [0, size S)})
     */
    public static LongUnaryOperator of(NestMorphism f) {
        return of(f.flatten());
    }

    /**
     * {@code |f|} for a morphism of Tuple.
     *
     * @throws ArithmeticException where the size of S or T overflows a long (the function throws
     *         LayoutArgumentException for an index outside {@code [0, size S)})
     */
    public static LongUnaryOperator of(TupleMorphism f) {
        long[] s = f.domain().leaves();
        long[] t = f.codomain().leaves();
        long size = f.domainSize();
        long[] prefixT = new long[t.length + 1];
        prefixT[0] = 1;
        for (int j = 0; j < t.length; j++) prefixT[j + 1] = Checked.mul(prefixT[j], t[j], "the size", f.codomain());
        int[] alpha = new int[s.length];
        for (int i = 0; i < s.length; i++) alpha[i] = f.map(i + 1);
        return x -> {
            if (x < 0 || x >= size) throw new LayoutArgumentException(x + " is outside |S| = [0," + size + ") of " + f);
            long y = 0;
            long rest = x;
            for (int i = 0; i < s.length; i++) { // colex_S⁻¹, then F(f), then colex_T
                long xi = rest % s[i];
                rest /= s[i];
                if (alpha[i] != FinMorphism.STAR) y += xi * prefixT[alpha[i] - 1];
            }
            return y;
        };
    }

    /**
     * {@code |f|(x)}.
     *
     * @throws LayoutArgumentException for an x outside {@code [0, size S)}
     * @throws ArithmeticException where the size of S or T overflows a long
     */
    public static long apply(NestMorphism f, long x) {
        return of(f).applyAsLong(x);
    }

    /**
     * The table {@code (|f|(0), ..., |f|(size S − 1))}; at most {@link #TABLE_LIMIT} entries.
     *
     * @throws LayoutArgumentException where S has more than {@value #TABLE_LIMIT} points
     * @throws ArithmeticException where the size of S or T overflows a long
     */
    public static List<Long> table(NestMorphism f) {
        long size = f.flatten().domainSize();
        if (size > TABLE_LIMIT) {
            throw new LayoutArgumentException("the table of |" + f + "| has " + size + " entries (limit " + TABLE_LIMIT + ")");
        }
        LongUnaryOperator r = of(f);
        List<Long> out = new ArrayList<>((int) size);
        for (long x = 0; x < size; x++) out.add(r.applyAsLong(x));
        return List.copyOf(out);
    }

    /**
     * {@code |X' → X|}: the identity of {@code [0, size X)}.
     *
     * @throws ArithmeticException where the size of X overflows a long (the function throws LayoutArgumentException for
     *         an index outside {@code [0, size X)})
     */
    public static LongUnaryOperator of(Refinement r) {
        long size = r.coarse().product();
        return x -> {
            if (x < 0 || x >= size) throw new LayoutArgumentException(x + " is outside [0," + size + ") of " + r);
            return x;
        };
    }

    /**
     * The coordinate functor {@code F(f)}: a flat coordinate {@code x = (x_1..x_m)} of S ({@code 0 ≤ x_i < s_i})
     * goes to the flat coordinate y of T with {@code y_α(i) = x_i} and 0 elsewhere.
     *
     * @throws LayoutArgumentException where x has not as many entries as S has leaves, or an entry {@code x_i} lies
     *         outside {@code [0, s_i)}
     */
    public static IntTuple coordinates(NestMorphism f, IntTuple x) {
        long[] s = f.domain().leaves();
        long[] xs = x.leaves();
        if (xs.length != s.length) {
            throw new LayoutArgumentException("coordinate " + x + " has " + xs.length + " entries but " + f.domain() + " has " + s.length);
        }
        long[] y = new long[f.codomain().leafCount()];
        for (int i = 0; i < s.length; i++) {
            if (xs[i] < 0 || xs[i] >= s[i]) {
                throw new LayoutArgumentException("coordinate " + x + ": entry " + (i + 1) + " is outside [0," + s[i] + ")");
            }
            int j = f.map(i + 1);
            if (j != FinMorphism.STAR) y[j - 1] = xs[i];
        }
        return IntTuple.flat(y);
    }

    /**
     * {@code colex_S(x) = Σ x_i·s_1⋯s_(i−1)} for a flat coordinate x of S.
     *
     * @throws LayoutArgumentException where x has not as many entries as S has leaves
     * @throws ArithmeticException where the index or a product overflows a long
     */
    public static long colex(IntTuple s, IntTuple x) {
        long[] ss = s.leaves();
        long[] xs = x.leaves();
        if (xs.length != ss.length) throw new LayoutArgumentException("coordinate " + x + " does not fit " + s);
        long r = 0;
        long p = 1;
        for (int i = 0; i < ss.length; i++) {
            r = Checked.add(r, Checked.mul(xs[i], p, "colex", "a coordinate"), "colex", "a coordinate");
            p = Checked.mul(p, ss[i], "colex", "a shape");
        }
        return r;
    }

    /**
     * {@code colex_S⁻¹(x)}: the flat coordinate of {@code x ∈ [0, size S)}.
     *
     * @throws LayoutArgumentException for an x outside {@code [0, size S)}
     */
    public static IntTuple colexInverse(IntTuple s, long x) {
        long[] ss = s.leaves();
        long[] c = new long[ss.length];
        long rest = x;
        for (int i = 0; i < ss.length; i++) {
            c[i] = rest % ss[i];
            rest /= ss[i];
        }
        if (x < 0 || rest != 0) throw new LayoutArgumentException(x + " is outside [0," + s.product() + ")");
        return IntTuple.flat(c);
    }
}
