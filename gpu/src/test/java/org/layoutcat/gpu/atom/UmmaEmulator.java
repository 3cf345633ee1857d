package org.layoutcat.gpu.atom;

import org.layoutcat.gpu.ptx.UmmaKernels;

/**
 * One CTA that runs the UMMA tile kernel ({@link UmmaKernels}) as the PTX ISA defines its instructions, written out
 * from the ISA's text and independent of {@code UmmaDescriptor}, {@code UmmaInstrDescriptor} and the atoms' layouts:
 * <ul>
 *   <li>shared memory holds element e's bits at byte {@code ia[e]} (and {@code ib[e]}), zeros elsewhere;</li>
 *   <li>{@code tcgen05.st.32x32b} by the thread of lane t writes its values to TMEM lane t, one column each
 *       (C's element {@code ic[t·N + v]} at column v), and {@code tcgen05.ld.32x32b} reads them back the same way;</li>
 *   <li>{@code tcgen05.mma.cta_group::1} with M = 128 (instruction descriptor bits 24–28, M/16) and N (bits 17–22,
 *       N/8) accumulates D[m][n] += Σ_k A[m][k]·B[n][k] into TMEM lane m, column n (the ISA's data-path layout of
 *       M = 128); A's and B's formats are bits 7–9 and 10–12 of the instruction descriptor (kind::f16: 0 f16, 1 bf16;
 *       kind::tf32: 2 tf32; kind::f8f6f4: 0 e4m3, 1 e5m2; kind::i8: 0 u8, 1 s8), their majors bits 15 and 16;</li>
 *   <li>a shared-memory descriptor gives the start address (bits 0–13), LBO (16–29) and SBO (32–45) in 16-byte units
 *       and the layout (bits 61–63: 0 none, 2 128-byte, 4 64-byte, 6 32-byte swizzle), read by the canonical layouts
 *       of the ISA, as {@link WgmmaEmulator#read} reads wgmma's, from the start address on (the swizzle XORs address
 *       bits 4… with bits 7… of the absolute address); K step s adds {@code koff[2s]} (A) and {@code koff[2s+1]} (B)
 *       to the start address.</li>
 * </ul>
 */
final class UmmaEmulator {
    private UmmaEmulator() {}

    static double[] run(UmmaKernels.Tile t, int[] a, int[] b, int[] c, int[] ia, int[] ib, int[] ic, int[] koff, long adesc, long bdesc, int idesc) {
        int n = ((idesc >>> 17) & 0x3F) << 3, m = ((idesc >>> 24) & 0x1F) << 4;
        if (m != 128 || n != t.n()) throw new IllegalArgumentException("the instruction descriptor says M = " + m + ", N = " + n);
        String at = type(t.kind(), (idesc >>> 7) & 7), bt = type(t.kind(), (idesc >>> 10) & 7);
        boolean aMn = ((idesc >>> 15) & 1) != 0, bMn = ((idesc >>> 16) & 1) != 0;
        boolean integer = t.kind() == UmmaKernels.Kind.I8;
        int width = WgmmaEmulator.width(at);
        byte[] sa = WgmmaEmulator.place(t.aBytes(), a, ia, width), sb = WgmmaEmulator.place(t.bBytes(), b, ib, width);
        double[][] tmem = new double[128][n];
        for (int lane = 0; lane < 128; lane++) {
            for (int v = 0; v < n; v++) {
                int bits = c[ic[lane * n + v]];
                tmem[lane][v] = integer ? bits : Float.intBitsToFloat(bits);
            }
        }
        int kk = 256 / width;
        for (int s = 0; s < t.kSteps(); s++) {
            double[][] am = new double[128][kk], bm = new double[n][kk];
            read(am, at, sa, adesc + koff[2 * s], aMn);
            read(bm, bt, sb, bdesc + koff[2 * s + 1], bMn);
            for (int i = 0; i < 128; i++) {
                for (int j = 0; j < n; j++) {
                    double sum = 0;
                    for (int k = 0; k < kk; k++) sum += am[i][k] * bm[j][k];
                    tmem[i][j] += sum;
                }
            }
        }
        double[] d = new double[128 * n];
        for (int lane = 0; lane < 128; lane++) for (int v = 0; v < n; v++) d[ic[lane * n + v]] = tmem[lane][v];
        return d;
    }

    private static String type(UmmaKernels.Kind kind, int code) {
        return switch (kind) {
            case F16 -> code == 0 ? "f16" : code == 1 ? "bf16" : bad(kind, code);
            case TF32 -> code == 2 ? "tf32" : bad(kind, code);
            case F8F6F4 -> code == 0 ? "e4m3" : code == 1 ? "e5m2" : bad(kind, code);
            case I8 -> code == 0 ? "u8" : code == 1 ? "s8" : bad(kind, code);
        };
    }

    private static String bad(UmmaKernels.Kind kind, int code) {
        throw new IllegalArgumentException("format " + code + " is none of kind::" + kind.ptx + "'s here");
    }

    /** Reads an (MN, K) operand through a descriptor, from its start address. */
    static void read(double[][] out, String type, byte[] smem, long desc, boolean mnMajor) {
        int bytes = WgmmaEmulator.width(type) / 8, tt = 16 / bytes;
        int start = (int) (desc & 0x3FFF) * 16;
        int lbo = (int) ((desc >>> 16) & 0x3FFF) * 16, sbo = (int) ((desc >>> 32) & 0x3FFF) * 16;
        int w = switch ((int) (desc >>> 61)) {
            case 0 -> 1;
            case 2 -> 8;
            case 4 -> 4;
            case 6 -> 2;
            default -> throw new IllegalArgumentException("layout type " + (desc >>> 61) + " is none of the four read here");
        };
        if (((desc >>> 46) & 3) != 1) throw new IllegalArgumentException("the descriptor's version is not 1 (Blackwell's)");
        for (int mn = 0; mn < out.length; mn++) {
            for (int k = 0; k < out[mn].length; k++) {
                int addr;
                if (!mnMajor) {
                    addr = w == 1 ? (mn % 8) * 16 + (mn / 8) * sbo + (k % tt) * bytes + (k / tt) * lbo
                            : (mn % 8) * 16 * w + (mn / 8) * sbo + k * bytes;
                } else {
                    addr = w == 1 ? (mn % tt) * bytes + (mn / tt) * sbo + (k % 8) * 16 + (k / 8) * lbo
                            : (mn % (tt * w)) * bytes + (mn / (tt * w)) * lbo + (k % 8) * 16 * w + (k / 8) * sbo;
                }
                addr += start;
                addr ^= ((addr >> 7) & (w - 1)) << 4;
                int v = 0; // shared memory past the tile reads as zeros here
                for (int j = 0; j < bytes && addr + j < smem.length; j++) v |= (smem[addr + j] & 0xFF) << (8 * j);
                out[mn][k] = WgmmaEmulator.value(type, v);
            }
        }
    }
}
