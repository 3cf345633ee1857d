package org.layoutcat.gpu;

import java.util.List;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.gpu.ptx.NormalizedComposedLayout;
import org.layoutcat.gpu.ptx.NormalizedLayout;

/**
 * The preconditions every {@link Backend} checks before it moves data, in one place so that the backends reject the
 * same inputs with the same messages. Each check returns the normalized layout the operation runs on.
 */
public final class Operands {
    private Operands() {}

    /**
     * realize into an unsigned 32-bit array: {@code length = size(L)}, offsets in {@code [0, 2^32)}.
     *
     * @throws IllegalArgumentException where {@code length ≠ size(L)} or an offset lies outside {@code [0, 2^32)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static NormalizedLayout realize32(Layout l, int length) {
        NormalizedLayout n = realize64(l, length);
        long[] r = n.offsetRange(n.size() - 1);
        if (r[0] < 0 || r[1] > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("realize " + l + " into 32-bit offsets: its offsets span [" + r[0] + "," + r[1]
                    + "], outside [0, 2^32); use 64-bit offsets");
        }
        return n;
    }

    /**
     * realize into a 64-bit array: {@code length = size(L)} (offsets checked against overflow).
     *
     * @throws IllegalArgumentException where {@code length ≠ size(L)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static NormalizedLayout realize64(Layout l, int length) {
        requireLength("realize " + l, "out", length, l.size());
        NormalizedLayout n = NormalizedLayout.of(l);
        n.offsetRange(n.size() - 1);
        return n;
    }

    /**
     * gather: {@code dst} has {@code size(L)} elements and {@code src} holds every offset of L.
     *
     * @throws IllegalArgumentException where {@code dstLength ≠ size(L)} or an offset lies outside {@code [0,
     *         srcLength)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static NormalizedLayout gather(Layout l, int srcLength, int dstLength) {
        requireLength("gather through " + l, "dst", dstLength, l.size());
        NormalizedLayout n = NormalizedLayout.of(l);
        requireInside("gather through " + l, "src", n, srcLength);
        return n;
    }

    /**
     * scatter: {@code src} has {@code size(L)} elements, {@code dst} holds every offset, L is injective.
     *
     * @throws IllegalArgumentException where {@code srcLength ≠ size(L)}, an offset lies outside {@code [0,
     *         dstLength)}, or L is not injective
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static NormalizedLayout scatter(Layout l, int srcLength, int dstLength) {
        requireLength("scatter through " + l, "src", srcLength, l.size());
        NormalizedLayout n = NormalizedLayout.of(l);
        requireInside("scatter through " + l, "dst", n, dstLength);
        if (!n.toLayout().isInjective()) {
            throw new IllegalArgumentException("scatter through " + l + ": the layout is not injective, so two elements would land on one offset");
        }
        return n;
    }

    /**
     * realize a composed layout into an unsigned 32-bit array: {@code length = size(L)}, the swizzled offsets bounded
     * below {@code 2^32} by {@link NormalizedComposedLayout#maxOffsetBound()} (the bound the kernel's arithmetic uses).
     *
     * @throws IllegalArgumentException where {@code length ≠ size(L)}, {@code offset + L(i) < 0} somewhere, or the
     *         bound on the swizzled offsets passes {@code 2^32 − 1}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static NormalizedComposedLayout realize32(ComposedLayout c, int length) {
        NormalizedComposedLayout n = realize64(c, length);
        long hi = n.maxOffsetBound();
        if (hi > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("realize " + c + " into 32-bit offsets: its offsets may reach " + hi
                    + ", outside [0, 2^32); use 64-bit offsets");
        }
        return n;
    }

    /**
     * realize a composed layout into a 64-bit array: {@code length = size(L)}, {@code offset + L(i) ≥ 0}.
     *
     * @throws IllegalArgumentException where {@code length ≠ size(L)} or {@code offset + L(i) < 0} somewhere
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static NormalizedComposedLayout realize64(ComposedLayout c, int length) {
        requireLength("realize " + c, "out", length, c.size());
        return normalized(c, "realize");
    }

    /**
     * gather through a composed layout: {@code dst} has {@code size(L)} elements, {@code src} holds every swizzled
     * offset.
     *
     * @throws IllegalArgumentException where {@code dstLength ≠ size(L)}, {@code offset + L(i) < 0} somewhere, or a
     *         swizzled offset may reach {@code srcLength}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static NormalizedComposedLayout gather(ComposedLayout c, int srcLength, int dstLength) {
        requireLength("gather through " + c, "dst", dstLength, c.size());
        NormalizedComposedLayout n = normalized(c, "gather through");
        requireInside("gather through " + c, "src", n, srcLength);
        return n;
    }

    /**
     * scatter through a composed layout: {@code src} has {@code size(L)} elements, {@code dst} holds every swizzled
     * offset, and L is injective (the swizzle is a bijection, so then the whole is).
     *
     * @throws IllegalArgumentException where {@code srcLength ≠ size(L)}, {@code offset + L(i) < 0} somewhere, a
     *         swizzled offset may reach {@code dstLength}, or L is not injective
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static NormalizedComposedLayout scatter(ComposedLayout c, int srcLength, int dstLength) {
        requireLength("scatter through " + c, "src", srcLength, c.size());
        NormalizedComposedLayout n = normalized(c, "scatter through");
        requireInside("scatter through " + c, "dst", n, dstLength);
        if (!n.inner().toLayout().isInjective()) {
            throw new IllegalArgumentException("scatter through " + c + ": the inner layout is not injective, so two elements would land on one offset");
        }
        return n;
    }

    private static NormalizedComposedLayout normalized(ComposedLayout c, String what) {
        try {
            return NormalizedComposedLayout.of(c);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " " + c + ": " + e.getMessage(), e);
        }
    }

    /**
     * The largest swizzled offset, or a bound on it: the bound when it is below {@code limit}, else the exact maximum
     * found by visiting every point when there are at most {@value ComposedLayout#COSIZE_POINTS}, else the bound.
     */
    private static long largestOffset(NormalizedComposedLayout n, long limit) {
        long bound = n.maxOffsetBound();
        if (bound < limit || n.size() > ComposedLayout.COSIZE_POINTS) return bound;
        long max = 0;
        for (long i = 0; i < n.size(); i++) max = Math.max(max, n.apply(i));
        return max;
    }

    private static void requireInside(String what, String name, NormalizedComposedLayout n, long length) {
        long hi = largestOffset(n, length);
        if (hi >= length) {
            throw new IllegalArgumentException(what + ": offsets reach " + hi + " but " + name + " has " + length + " elements");
        }
    }

    /**
     * The thread and value modes of a TV layout (rank 2), each normalized.
     *
     * @throws IllegalArgumentException where TV does not have rank 2
     */
    public static NormalizedLayout[] tvModes(Layout tv) {
        if (tv.rank() != 2) {
            throw new IllegalArgumentException("partition by " + tv + ": a TV layout has rank 2 (thread mode, value mode), not " + tv.rank());
        }
        return new NormalizedLayout[] {NormalizedLayout.of(tv.mode(0)), NormalizedLayout.of(tv.mode(1))};
    }

    /**
     * partition: TV has rank 2, {@code dst} has {@code size(TV)} elements, {@code src} holds every offset.
     *
     * @throws IllegalArgumentException where TV does not have rank 2, {@code dstLength ≠ size(TV)}, or an offset lies
     *         outside {@code [0, srcLength)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static NormalizedLayout[] partition(Layout tv, int srcLength, int dstLength) {
        NormalizedLayout[] modes = tvModes(tv);
        requireLength("partition by " + tv, "dst", dstLength, tv.size());
        NormalizedLayout t = modes[0];
        NormalizedLayout v = modes[1];
        long[] tr = t.offsetRange(t.size() - 1);
        long[] vr = v.offsetRange(v.size() - 1);
        long lo = Math.addExact(tr[0], vr[0]);
        long hi = Math.addExact(tr[1], vr[1]);
        if (lo < 0 || hi >= srcLength) {
            throw new IllegalArgumentException("partition by " + tv + ": offsets span [" + lo + "," + hi + "] but src has " + srcLength + " elements");
        }
        return modes;
    }

    /**
     * compare: the two chains normalized for {@code [0, n)}, {@code n ≥ 1}.
     *
     * @throws IllegalArgumentException for {@code n < 1}, or where an inner layout of a chain reaches a negative offset
     *         on the indices it is given
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public static List<List<NormalizedLayout>> compare(LayoutChain lhs, LayoutChain rhs, long n) {
        if (n < 1) throw new IllegalArgumentException("compare " + lhs + " and " + rhs + " on " + n + " points: the domain is empty");
        return List.of(lhs.normalized(n), rhs.normalized(n));
    }

    private static void requireLength(String what, String name, long length, long size) {
        if (length != size) {
            throw new IllegalArgumentException(what + ": " + name + " has " + length + " elements, the layout's size is " + size);
        }
    }

    private static void requireInside(String what, String name, NormalizedLayout n, long length) {
        long[] r = n.offsetRange(n.size() - 1);
        if (r[0] < 0 || r[1] >= length) {
            throw new IllegalArgumentException(what + ": offsets span [" + r[0] + "," + r[1] + "] but " + name + " has " + length + " elements");
        }
    }
}
