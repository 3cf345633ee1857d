package org.layoutcat.gpu.atom;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.atom.Element;
import org.layoutcat.gpu.ptx.Kernel;
import org.layoutcat.gpu.ptx.UmmaKernels;

/**
 * The Blackwell check ({@code gpu blackwell --verify}): every tile of {@link UmmaTile#matrix} run by the UMMA kernel,
 * its accumulator read back and compared with C + A·B, exact. A wrong atom layout, smem atom, descriptor, K-block
 * offset, instruction descriptor or TMEM layout puts a value in the wrong place, and the comparison names the first.
 */
public final class UmmaVerification {
    private UmmaVerification() {}

    /** A device that runs the UMMA tile kernel once (one CTA of 128 threads). */
    public interface Device {
        /**
         * Runs the kernel {@code (a, b, c, d, ia, ib, ic, koff, adesc, bdesc, idesc)}; returns d's {@code 128·N} values
         * (f32 or s32 bits read as numbers), then the flag word (1 done, 2 the mbarrier timed out).
         */
        double[] umma(Kernel k, UmmaKernels.Tile t, int[] a, int[] b, int[] c, int[] ia, int[] ib, int[] ic, int[] koff, long adesc, long bdesc,
                      int idesc, boolean integer);

        String description();
    }

    /** The outcome of one tile. */
    public record Outcome(String name, boolean passed, String line) {}

    /** Every tile on the device. */
    public static List<Outcome> verifyAll(Device device) {
        List<Outcome> out = new ArrayList<>();
        for (UmmaTile u : UmmaTile.matrix()) {
            try {
                out.add(verify(device, u));
            } catch (RuntimeException e) {
                out.add(new Outcome(u.name(), false, "FAIL " + u.name() + ": " + e.getMessage()));
            }
        }
        return out;
    }

    /** One tile on the device. */
    public static Outcome verify(Device device, UmmaTile u) {
        UmmaKernels.Tile t = u.kernelTile();
        Kernel k = UmmaKernels.umma(t);
        long adesc = u.descriptor(u.aMajor(), UmmaTile.M).value(), bdesc = u.descriptor(u.bMajor(), u.n()).value();
        int idesc = u.instrDescriptor().value();
        double[] got = device.umma(k, t, u.bits(true, UmmaTile.M), u.bits(false, u.n()), u.cBits(), u.table(u.aMajor(), UmmaTile.M),
                u.table(u.bMajor(), u.n()), u.accumulatorTable(), u.kOffsets(), adesc, bdesc, idesc, u.c() == Element.S32);
        double[] want = u.expected();
        String what = String.format("M=128 N=%d, %d K-blocks, kind::%s, A desc 0x%016x, B desc 0x%016x, idesc 0x%08x", u.n(), u.kSteps(),
                t.kind().ptx, adesc, bdesc, idesc);
        if (got.length > want.length && got[want.length] != 1) {
            return new Outcome(u.name(), false, "FAIL " + u.name() + ": the MMAs did not complete (flag " + (long) got[want.length] + "), " + what);
        }
        int wrong = 0, first = -1;
        for (int i = 0; i < want.length; i++) {
            if (got[i] != want[i]) {
                if (first < 0) first = i;
                wrong++;
            }
        }
        boolean ok = wrong == 0;
        return new Outcome(u.name(), ok, (ok ? "PASS " : "FAIL ") + u.name() + ": " + what + (ok ? ": D = C + A·B in every element"
                : ": " + wrong + " of " + want.length + " elements differ, the first (" + first % UmmaTile.M + "," + first / UmmaTile.M
                + ") " + got[first] + " for " + want[first]));
    }
}
