package org.layoutcat.gpu.ptx;

import java.util.ArrayList;
import java.util.List;

/**
 * The compiled evaluation of a composite {@code L_1∘L_2∘…∘L_k} of normalized layouts ({@code L_k} applied first)
 * on the indices {@code 0 ≤ x ≤ maxIndex}: one {@link MixedRadix} and one linear form per factor, in one width.
 * Each factor's input bound is the previous factor's largest offset; a factor that feeds another must have
 * non-negative offsets. The result equals the exact composite wherever that lies in the width's range
 * ({@link #range()} says whether it does), since all arithmetic is exact modulo {@code 2^w}.
 */
public final class OffsetProgram {
    private final Width width;
    private final List<NormalizedLayout> factors; // outermost first
    private final List<MixedRadix> radices; // innermost first
    private final List<long[]> coefficients; // innermost first
    private final long lo;
    private final long hi;

    private OffsetProgram(Width width, List<NormalizedLayout> factors, long maxIndex) {
        this.width = width;
        this.factors = List.copyOf(factors);
        this.radices = new ArrayList<>();
        this.coefficients = new ArrayList<>();
        long[] r = ranges(factors, maxIndex);
        this.lo = r[0];
        this.hi = r[1];
        long bound = maxIndex;
        for (int j = factors.size() - 1; j >= 0; j--) {
            NormalizedLayout f = factors.get(j);
            long[] s = new long[f.rank()];
            long[] d = new long[f.rank()];
            for (int k = 0; k < s.length; k++) {
                s[k] = f.shape(k);
                d[k] = f.stride(k);
            }
            MixedRadix m = MixedRadix.of(s, bound, width);
            radices.add(m);
            coefficients.add(m.coefficients(d));
            bound = f.offsetRange(bound)[1];
        }
    }

    /**
     * The program for {@code factors} (outermost first, at least one) on {@code [0, maxIndex]} in {@code width};
     * IllegalArgumentException when an inner factor can produce a negative offset or when the indices or the
     * inner offsets do not fit the width.
     *
     * @throws IllegalArgumentException where the factors are empty, an inner factor can produce a negative offset, or
     *         the indices or inner offsets do not fit the width
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static OffsetProgram of(List<NormalizedLayout> factors, long maxIndex, Width width) {
        if (!fits(factors, maxIndex, width)) {
            throw new IllegalArgumentException("the composite " + factors + " on [0," + maxIndex + "] does not fit "
                    + width.bits + "-bit arithmetic");
        }
        return new OffsetProgram(width, factors, maxIndex);
    }

    /**
     * Whether the composite can be evaluated exactly in {@code width} on {@code [0, maxIndex]}: the indices and every
     * factor's offsets lie in {@code [0, 2^w)} (for 64 bits: in the {@code long} range, the outermost factor's
     * offsets may be negative).
     *
     * @throws IllegalArgumentException where the factors are empty, or an inner factor can produce a negative offset
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static boolean fits(List<NormalizedLayout> factors, long maxIndex, Width width) {
        if (factors.isEmpty()) throw new IllegalArgumentException("a composite needs at least one layout");
        if (!width.holds(maxIndex)) return false;
        long bound = maxIndex;
        for (int j = factors.size() - 1; j >= 0; j--) {
            long[] r = factors.get(j).offsetRange(bound);
            if (j > 0 && r[0] < 0) {
                throw new IllegalArgumentException("the layout " + factors.get(j) + " produces the negative offset bound "
                        + r[0] + " but feeds " + factors.get(j - 1) + ", whose indices must be non-negative");
            }
            if (width == Width.W32 && (r[0] < 0 || r[1] > width.max())) return false;
            bound = r[1];
        }
        return true;
    }

    /**
     * 32 bits when {@link #fits} allows, else 64.
     *
     * @throws IllegalArgumentException where the factors are empty, or an inner factor can produce a negative offset
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static Width widthFor(List<NormalizedLayout> factors, long maxIndex) {
        return fits(factors, maxIndex, Width.W32) ? Width.W32 : Width.W64;
    }

    /**
     * The bounds {@code [lo, hi]} of the composite over {@code [0, maxIndex]} (exact arithmetic, overflow checked).
     *
     * @throws ArithmeticException where a bound overflows a long
     */
    public static long[] ranges(List<NormalizedLayout> factors, long maxIndex) {
        long bound = maxIndex;
        long[] r = null;
        for (int j = factors.size() - 1; j >= 0; j--) {
            r = factors.get(j).offsetRange(bound);
            bound = r[1];
        }
        return r;
    }

    public Width width() {
        return width;
    }

    /** The factors, outermost first. */
    public List<NormalizedLayout> factors() {
        return factors;
    }

    /** The smallest possible offset. */
    public long lo() {
        return lo;
    }

    /** The largest possible offset. */
    public long hi() {
        return hi;
    }

    /** {@code [lo, hi]}. */
    public long[] range() {
        return new long[] {lo, hi};
    }

    /** The innermost factor's mixed radix (the one applied to the index). */
    public MixedRadix innerRadix() {
        return radices.get(0);
    }

    /** The composite at {@code x}, computed exactly as the emitted code does (mod {@code 2^w}, as unsigned). */
    public long evaluate(long x) {
        long v = x;
        for (int j = 0; j < radices.size(); j++) v = radices.get(j).evaluate(v, coefficients.get(j));
        return v;
    }

    /** Emits the composite applied to register {@code x} (of this width); returns the result register. */
    String emit(PtxWriter w, String x) {
        String v = x;
        for (int j = 0; j < radices.size(); j++) {
            MixedRadix m = radices.get(j);
            w.comment(factors.get(factors.size() - 1 - j) + ": " + (m.quotientCount() - 1) + " divisions");
            v = m.emitForm(w, m.emitQuotients(w, v), coefficients.get(j));
        }
        return v;
    }

    @Override
    public String toString() {
        return factors + " in " + width.bits + " bits, offsets in [" + lo + "," + hi + "]";
    }
}
