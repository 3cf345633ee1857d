package org.layoutcat.category.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.internal.ModeOrder;

/**
 * The category's kernels on flat arrays of shapes and strides, shared by {@link org.layoutcat.category.Tractability},
 * {@link org.layoutcat.category.StandardRepresentation}, {@link org.layoutcat.category.TupleMorphism}, the refinements
 * of {@link org.layoutcat.category.refine} and the categorical composition: tractability, the standard
 * representation's codomain and map, the encoded layout's strides, the mutual refinement walk, and the pullback and
 * pushforward along a refinement. Each is the one definition of its operation: the values (morphisms of Tuple and
 * Nest, {@link org.layoutcat.category.refine.Pullback}, {@link org.layoutcat.category.refine.Pushforward}) and the
 * composition walk call it. Maps are 1-based with {@link FinMorphism#STAR} for {@code *}. They write into arrays the
 * caller gives and allocate nothing but what their javadoc says. Not public API.
 */
public final class FlatMorphisms {
    private FlatMorphisms() {}

    /**
     * True when the flat layout {@code (s_0..s_(n-1)):(d_0..d_(n-1))} is tractable: no mode with {@code s ≠ 1}
     * has a negative stride, and along {@link #sortedModes} each {@code s_i·d_i} divides the next stride (an
     * overflowing product divides nothing). Reads the first n entries; writes nothing.
     */
    public static boolean isTractable(long[] s, long[] d, int n) {
        for (int k = 0; k < n; k++) if (s[k] != 1 && d[k] < 0) return false;
        int[] order = new int[n];
        int m = sortedModes(s, d, n, order);
        for (int i = 0; i + 1 < m; i++) if (reach(s, d, order[i], order[i + 1]) < 0) return false;
        return true;
    }

    /**
     * Writes into {@code order} the indices k of the modes with {@code s_k ≠ 1} and {@code d_k > 0}, in increasing
     * (stride, shape, index) order — a stable sort by (stride, shape) — and returns their number. Insertion sort over
     * shrinking gaps (layoutcat's one sort of modes, {@link ModeOrder}).
     */
    public static int sortedModes(long[] s, long[] d, int n, int[] order) {
        int m = 0;
        for (int k = 0; k < n; k++) if (s[k] != 1 && d[k] > 0) order[m++] = k;
        ModeOrder.sort(order, m, ModeOrder.byStrideThenShape(s, d));
        return m;
    }

    /** {@code s_a·d_a} when it fits in a long and divides {@code d_b}; -1 otherwise. */
    public static long reach(long[] s, long[] d, int a, int b) {
        long hi = Math.multiplyHigh(d[a], s[a]);
        long r = d[a] * s[a];
        return hi == 0 && r >= 0 && (d[b] == r || d[b] % r == 0) ? r : -1;
    }

    /**
     * f_L on flat arrays, for the flat layout {@code (s_0..s_(n-1)):(d_0..d_(n-1))}: writes the codomain entries
     * {@code t_1..t_m} into {@code t[0..m)} (t needs room for 2n) and {@code α} into {@code alpha[0..n)} (1-based,
     * {@link FinMorphism#STAR} for {@code *}), and returns m; returns -1, with the arrays left undefined, when the
     * layout is not tractable. {@code order} is scratch room for n indices. Overflow of an extent {@code s·d} is an
     * ArithmeticException naming {@code of}.
     */
    public static int codomainInto(long[] s, long[] d, int n, long[] t, int[] alpha, int[] order, Object of) {
        for (int k = 0; k < n; k++) if (s[k] != 1 && d[k] < 0) return -1;
        int modes = sortedModes(s, d, n, order);
        Arrays.fill(alpha, 0, n, FinMorphism.STAR);
        int m = 0;
        long reached = 1;
        for (int i = 0; i < modes; i++) {
            int k = order[i];
            long gap = d[k] == reached ? 1 : reached == 1 ? d[k] : d[k] / reached; // (a 64-bit division is slow)
            if (gap * reached != d[k]) return -1; // tractable: the extent reached so far divides the next stride
            if (gap != 1) t[m++] = gap;
            t[m++] = s[k];
            alpha[k] = m;
            if (!Checked.fits(s[k], d[k])) {
                if (i + 1 < modes) return -1; // an extent past the 64-bit range divides no stride
                Checked.mul(s[k], d[k], "the standard representation", of);
            }
            reached = s[k] * d[k];
        }
        return m;
    }

    /**
     * The greedy walk of {@link org.layoutcat.category.refine.MutualRefinement}, on positive flat entries: {@code x[0..xn)}, the flattening of T, and
     * {@code y[0..yn)}, that of U. Writes the pieces of U'♭ into {@code pieces} (room for {@code xn + yn}) and
     * returns their number; T'♭ is their prefix. The pieces of {@code x_i} (the relative mode
     * {@code mode_(i+1)(T', T)}) are {@code pieces[xOff[i] .. xOff[i+1])}, those of {@code y_j} are
     * {@code pieces[yOff[j] .. yOff[j+1])}; the offset arrays need room for {@code xn + 1} and {@code yn + 1}
     * entries. Returns -1 when no mutual refinement exists, and then appends the reason to {@code why} unless it is
     * null. Allocates nothing.
     */
    public static int mutualRefinement(long[] x, int xn, long[] y, int yn, long[] pieces, int[] xOff, int[] yOff, StringBuilder why) {
        xOff[0] = 0;
        yOff[0] = 0;
        int n = 0;
        int i = 0;
        int j = 0;
        long xi = xn > 0 ? x[0] : 0;
        long yj = yn > 0 ? y[0] : 0;
        while (i < xn && j < yn) {
            if (xi == yj) {
                pieces[n++] = xi;
                xOff[++i] = n;
                yOff[++j] = n;
                if (i < xn) xi = x[i];
                if (j < yn) yj = y[j];
            } else if (yj > xi && yj / xi * xi == yj) { // of two positive entries only the larger can be a multiple
                pieces[n++] = xi;
                xOff[++i] = n;
                yj /= xi;
                if (i < xn) xi = x[i];
            } else if (xi > yj && xi / yj * yj == xi) {
                pieces[n++] = yj;
                yOff[++j] = n;
                xi /= yj;
                if (j < yn) yj = y[j];
            } else {
                if (why != null) {
                    why.append("at leaf ").append(i + 1).append(" of T and leaf ").append(j + 1)
                            .append(" of U the parts left, ").append(xi).append(" and ").append(yj)
                            .append(", do not divide one another");
                }
                return -1;
            }
        }
        // entries 1 left in x ride along with the last piece of y used so far
        while (i < xn && xi == 1 && (j < yn || j > 0)) {
            pieces[n++] = 1;
            xOff[++i] = n;
            if (j == yn) yOff[j] = n;
            if (i < xn) xi = x[i];
        }
        if (i < xn) {
            if (why != null) {
                why.append("U is used up before T (at leaf ").append(i + 1).append(" of T, ").append(xi).append(" is left)");
            }
            return -1;
        }
        // y's open group is closed by its remainder (y_j itself where the group is empty); the rest of y is kept
        if (j < yn) {
            pieces[n++] = yj;
            yOff[++j] = n;
        }
        for (; j < yn; j++) {
            pieces[n++] = y[j];
            yOff[j + 1] = n;
        }
        return n;
    }

    /**
     * The relative modes {@code mode_k(X', X)} that a kernel wrote flat, for {@code k < n}: the run
     * {@code pieces[off[k] .. off[k+1])}, a leaf where the run has one entry, else the flat tuple of the run (empty
     * for an empty run). {@link org.layoutcat.category.refine.Refinement#substitute} puts them in place of the leaves
     * of X. Allocates the list and its tuples.
     */
    public static List<IntTuple> runs(long[] pieces, int[] off, int n) {
        List<IntTuple> parts = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int from = off[k];
            int to = off[k + 1];
            parts.add(to - from == 1 ? IntTuple.of(pieces[from]) : IntTuple.flat(Arrays.copyOfRange(pieces, from, to)));
        }
        return parts;
    }

    /**
     * The map of α as an array: {@code α(1), ..., α(m)}, {@link FinMorphism#STAR} for {@code *}. Allocates it.
     */
    public static int[] images(FinMorphism alpha) {
        int[] m = new int[alpha.domainSize()];
        for (int i = 0; i < m.length; i++) m[i] = alpha.apply(i + 1);
        return m;
    }

    /**
     * The strides of the encoded layout {@code L_f} (paper §2.2) of {@code f: (s_1..s_n) → (t_1..t_m)} with the map
     * {@code alpha[0..n)}: {@code d_i = t_1⋯t_(α(i)−1)}, and {@code d_i = 0} where {@code α(i) = *}. Writes them into
     * {@code stride[0..n)}, and the prefix products {@code P_j = t_1⋯t_j} into {@code prefix[0..m]} (room for
     * {@code m + 1}; {@code P_0 = 1}). Every prefix product is computed, size T included: one that overflows is an
     * ArithmeticException "overflow computing the prefix products of {of}". Allocates nothing.
     */
    public static void encodedStrides(int[] alpha, int n, long[] t, int m, long[] prefix, long[] stride, Object of) {
        prefix[0] = 1;
        for (int j = 0; j < m; j++) prefix[j + 1] = Checked.mul(prefix[j], t[j], "the prefix products", of);
        for (int i = 0; i < n; i++) stride[i] = alpha[i] == FinMorphism.STAR ? 0 : prefix[alpha[i] - 1];
    }

    /**
     * The pullback {@code f': S' → T'} of {@code f: S → T} along a refinement {@code T' → T} (paper §4.1.2), flat:
     * f is {@code s[0..ns)} with the map {@code alpha[0..ns)} into T; T'♭ is {@code pieces}, the pieces of
     * {@code t_j} (the relative mode {@code mode_j(T', T)}) at {@code [tOff[j−1], tOff[j])}, {@code tOff[0] = 0}.
     * S' replaces each {@code s_k} with {@code α(k) = j ≠ *} by the pieces of {@code t_j}, the p-th of them sent to
     * the p-th piece of {@code t_j} in T'♭, and keeps {@code s_k}, sent to {@code *}, where {@code α(k) = *}. Writes
     * S'♭ into {@code sPrime} and the map of f' into {@code alphaPrime} (each with room for {@code ns + |T'♭|}),
     * where the entries of S' that replace {@code s_k} start into {@code sOff} ({@code [sOff[k], sOff[k+1])}; room
     * for {@code ns + 1}), and returns the length of S'♭. Postconditions: S' refines S, and {@code L_(f')} has the
     * layout function of {@code L_f}. Allocates nothing.
     */
    public static int pullback(int[] alpha, long[] s, int ns, long[] pieces, int[] tOff, long[] sPrime, int[] sOff,
            int[] alphaPrime) {
        int n = 0;
        for (int k = 0; k < ns; k++) {
            sOff[k] = n;
            int j = alpha[k];
            if (j == FinMorphism.STAR) {
                sPrime[n] = s[k];
                alphaPrime[n++] = FinMorphism.STAR;
            } else {
                for (int q = tOff[j - 1]; q < tOff[j]; q++) {
                    sPrime[n] = pieces[q];
                    alphaPrime[n++] = q + 1;
                }
            }
        }
        sOff[ns] = n;
        return n;
    }

    /**
     * A refinement {@code X' → X} of a flat X as the kernels read it: X'♭ is {@code pieces}, the pieces of
     * {@code x_k} at {@code [offsets[k], offsets[k+1])} with {@code offsets[0] = 0}. It views the arrays it is given
     * (a caller's reused buffers); it copies nothing.
     *
     * @param pieces  X'♭
     * @param offsets where the pieces of each entry of X start, one more than X's entries
     */
    public record Pieces(long[] pieces, int[] offsets) {
    }

    /**
     * Where {@link #pushforward} writes {@code g': U' → V'}: V'♭ into {@code vPrime}, where the entries of V' that
     * replace {@code v_j} start into {@code vOff} ({@code [vOff[j], vOff[j+1])}), and the map of g' into
     * {@code alphaPrime}. It views the arrays it is given (a caller's reused buffers); it copies nothing.
     *
     * @param vPrime     room for {@code nv + uOff[nu]} entries
     * @param vOff       room for {@code nv + 1}
     * @param alphaPrime room for {@code uOff[nu]}
     */
    public record Pushed(long[] vPrime, int[] vOff, int[] alphaPrime) {
    }

    /**
     * The pushforward {@code g': U' → V'} of {@code g: U → V} along a refinement {@code U' → U} (paper §4.1.2),
     * flat: g has the map {@code alpha[0..nu)} into {@code v[0..nv)}; U'♭ is {@code uPrime.pieces()}, the pieces of
     * {@code u_i} (the relative mode {@code mode_i(U', U)}) at {@code [uOff[i], uOff[i+1])} with {@code uOff[0] = 0}
     * ({@code uOff = uPrime.offsets()}). V' replaces each {@code v_j} hit by {@code u_i} ({@code α(i) = j}) by the
     * pieces of {@code u_i}, and keeps the entries not hit; g' sends the p-th piece of {@code u_i} to the p-th of those
     * copies, or to {@code *} where {@code α(i) = *}. Writes V'♭, its runs over V and the map of g' into {@code out}
     * ({@link Pushed}), and returns the length of V'♭. Postconditions: V' refines V, and {@code L_(g')} has the layout
     * function of {@code L_g}. Allocates nothing.
     */
    public static int pushforward(int[] alpha, int nu, long[] v, int nv, Pieces uPrime, Pushed out) {
        long[] pieces = uPrime.pieces();
        int[] uOff = uPrime.offsets();
        long[] vPrime = out.vPrime();
        int[] vOff = out.vOff();
        int[] alphaPrime = out.alphaPrime();
        // vOff[j + 1] holds the preimage of v_j (i + 1, or * where none) until the pass over V puts the offset there
        Arrays.fill(vOff, 1, nv + 1, FinMorphism.STAR);
        for (int i = 0; i < nu; i++) {
            if (alpha[i] != FinMorphism.STAR) vOff[alpha[i]] = i + 1;
            else Arrays.fill(alphaPrime, uOff[i], uOff[i + 1], FinMorphism.STAR);
        }
        vOff[0] = 0;
        int n = 0;
        for (int j = 0; j < nv; j++) {
            int i = vOff[j + 1];
            if (i == FinMorphism.STAR) {
                vPrime[n++] = v[j];
            } else {
                for (int q = uOff[i - 1]; q < uOff[i]; q++) { // the p-th piece of u_i to the p-th entry of the run
                    vPrime[n] = pieces[q];
                    alphaPrime[q] = ++n;
                }
            }
            vOff[j + 1] = n;
        }
        return n;
    }
}
