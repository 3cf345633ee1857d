package org.layoutcat.gpu;

import java.util.List;
import org.layoutcat.core.Layout;
import org.layoutcat.gpu.ptx.NormalizedLayout;

/**
 * The preconditions every {@link Backend} checks before it moves data, in one place so that the backends reject the
 * same inputs with the same messages. Each check returns the normalized layout the operation runs on.
 */
public final class Operands {
    private Operands() {}

    /** realize into an unsigned 32-bit array: {@code length = size(L)}, offsets in {@code [0, 2^32)}. */
    public static NormalizedLayout realize32(Layout l, int length) {
        NormalizedLayout n = realize64(l, length);
        long[] r = n.offsetRange(n.size() - 1);
        if (r[0] < 0 || r[1] > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("realize " + l + " into 32-bit offsets: its offsets span [" + r[0] + "," + r[1]
                    + "], outside [0, 2^32); use 64-bit offsets");
        }
        return n;
    }

    /** realize into a 64-bit array: {@code length = size(L)} (offsets checked against overflow). */
    public static NormalizedLayout realize64(Layout l, int length) {
        requireLength("realize " + l, "out", length, l.size());
        NormalizedLayout n = NormalizedLayout.of(l);
        n.offsetRange(n.size() - 1);
        return n;
    }

    /** gather: {@code dst} has {@code size(L)} elements and {@code src} holds every offset of L. */
    public static NormalizedLayout gather(Layout l, int srcLength, int dstLength) {
        requireLength("gather through " + l, "dst", dstLength, l.size());
        NormalizedLayout n = NormalizedLayout.of(l);
        requireInside("gather through " + l, "src", n, srcLength);
        return n;
    }

    /** scatter: {@code src} has {@code size(L)} elements, {@code dst} holds every offset, L is injective. */
    public static NormalizedLayout scatter(Layout l, int srcLength, int dstLength) {
        requireLength("scatter through " + l, "src", srcLength, l.size());
        NormalizedLayout n = NormalizedLayout.of(l);
        requireInside("scatter through " + l, "dst", n, dstLength);
        if (!n.toLayout().isInjective()) {
            throw new IllegalArgumentException("scatter through " + l + ": the layout is not injective, so two elements would land on one offset");
        }
        return n;
    }

    /** The thread and value modes of a TV layout (rank 2), each normalized. */
    public static NormalizedLayout[] tvModes(Layout tv) {
        if (tv.rank() != 2) {
            throw new IllegalArgumentException("partition by " + tv + ": a TV layout has rank 2 (thread mode, value mode), not " + tv.rank());
        }
        return new NormalizedLayout[] {NormalizedLayout.of(tv.mode(0)), NormalizedLayout.of(tv.mode(1))};
    }

    /** partition: TV has rank 2, {@code dst} has {@code size(TV)} elements, {@code src} holds every offset. */
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

    /** compare: the two chains normalized for {@code [0, n)}, {@code n ≥ 1}. */
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
