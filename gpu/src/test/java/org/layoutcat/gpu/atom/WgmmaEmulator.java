package org.layoutcat.gpu.atom;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.layoutcat.gpu.ptx.Kernel;

/**
 * A warp group that runs a wgmma kernel's instruction as the PTX ISA defines it, written out from the ISA's text and
 * independent of the catalog's layouts and of {@code GmmaDescriptor}: it reads from the kernel's text the instruction
 * (shape, types, SS or RS, imm-trans), the descriptors' constants and the tiles' sizes; fills the tiles as the kernel
 * does (zeros, then element e's bits at byte {@code ia[e]}); reads A and B back through the descriptors by the ISA's
 * canonical layouts (section "Shared Memory Matrix Layout" of wgmma, T elements in 16 bytes, LBO and SBO in bytes):
 * <ul>
 *   <li>K-major, no swizzle: {@code ((8,m),(T,2k)):((1T,SBO),(1,LBO))}; swizzled, W units of 16 bytes a row:
 *       {@code ((8,m),(T,2k)):((WT,SBO),(1,T))};</li>
 *   <li>MN-major, no swizzle: {@code ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))}; swizzled:
 *       {@code ((T,W,m),(8,k)):((1,T,LBO),(WT,SBO))};</li>
 * </ul>
 * the swizzle of 32, 64 and 128 bytes XORs address bits 4… with bits 7… (1, 2, 3 bits); an A in registers by the
 * ISA's register fragment of A (16-bit: row {@code g + 8·⌊i/2⌋ mod 2}, col {@code 2t + i%2 + 8·⌊i/4⌋}; tf32: row
 * {@code g + 8·(i%2)}, col {@code t + 4·⌊i/2⌋}; 8-bit: row {@code g + 8·(⌊i/4⌋ mod 2)}, col {@code 4t + i%4 + 16·⌊i/8⌋};
 * plus 16 rows a warp); and stores D by the ISA's fragment of D (row {@code 16·warp + g + 8·(⌊i/2⌋ mod 2)}, col
 * {@code 8·⌊i/4⌋ + 2t + i%2}), g the lane's quad and t its place in the quad.
 */
final class WgmmaEmulator {
    private WgmmaEmulator() {}

    private static final Pattern INSTRUCTION = Pattern.compile(
            "\twgmma\\.mma_async\\.sync\\.aligned\\.m64n(\\d+)k(\\d+)\\.(\\w+)\\.(\\w+)\\.(\\w+)(?:\\.satfinite)? \\{[^}]*\\}, (\\{[^}]*\\}|%rd\\d+), %rd\\d+, %p\\d+([^;]*);");
    private static final Pattern DESCRIPTOR = Pattern.compile("// ([AB]): [^\\n]*descriptor (0x[0-9a-f]{16})");
    private static final Pattern TILE = Pattern.compile("\\.b8 tile([AB])\\[(\\d+)\\]");

    static double[] run(Kernel k, int[] a, int[] b, int[] ia, int[] ib, int[] ic, int cLength) {
        Matcher m = INSTRUCTION.matcher(k.ptx());
        if (!m.find()) throw new IllegalArgumentException("no wgmma instruction in " + k.entry());
        int n = Integer.parseInt(m.group(1)), kk = Integer.parseInt(m.group(2));
        String at = m.group(4), bt = m.group(5);
        boolean rs = m.group(6).startsWith("{");
        String[] imm = m.group(7).isEmpty() ? new String[0] : m.group(7).substring(2).split(", ");
        boolean sixteen = at.equals("f16") || at.equals("bf16");
        boolean transA = sixteen && !rs && imm[2].equals("1");
        boolean transB = sixteen && imm[imm.length - 1].equals("1");
        long descA = 0, descB = 0;
        Matcher d = DESCRIPTOR.matcher(k.ptx());
        while (d.find()) {
            long v = Long.parseUnsignedLong(d.group(2).substring(2), 16);
            if (d.group(1).equals("A")) descA = v;
            else descB = v;
        }
        int tileA = 0, tileB = 0;
        Matcher t = TILE.matcher(k.ptx());
        while (t.find()) {
            if (t.group(1).equals("A")) tileA = Integer.parseInt(t.group(2));
            else tileB = Integer.parseInt(t.group(2));
        }
        double[][] am = new double[64][kk], bm = new double[n][kk];
        if (rs) {
            int va = 64 * kk / 128;
            for (int tid = 0; tid < 128; tid++) {
                for (int i = 0; i < va; i++) {
                    int[] rc = fragmentA(width(at), tid, i);
                    am[rc[0]][rc[1]] = value(at, a[ia[tid * va + i]]);
                }
            }
        } else {
            read(am, at, place(tileA, a, ia, width(at)), descA, transA);
        }
        read(bm, bt, place(tileB, b, ib, width(bt)), descB, transB);
        double[] c = new double[cLength];
        int vc = n / 2;
        for (int tid = 0; tid < 128; tid++) {
            int warp = tid / 32, lane = tid % 32, g = lane >> 2, q = lane & 3;
            for (int i = 0; i < vc; i++) {
                int row = 16 * warp + g + 8 * ((i / 2) % 2), col = 8 * (i / 4) + 2 * q + i % 2;
                double s = 0;
                for (int l = 0; l < kk; l++) s += am[row][l] * bm[col][l];
                c[ic[tid * vc + i]] = s;
            }
        }
        return c;
    }

    static int width(String type) {
        return switch (type) {
            case "f16", "bf16" -> 16;
            case "tf32" -> 32;
            default -> 8;
        };
    }

    /** (row, col) of A value i of thread tid, by the ISA's register fragment of A. */
    static int[] fragmentA(int bits, int tid, int i) {
        int warp = tid / 32, lane = tid % 32, g = lane >> 2, q = lane & 3;
        int[] rc = switch (bits) {
            case 16 -> new int[] {g + 8 * ((i / 2) % 2), 2 * q + i % 2 + 8 * (i / 4)};
            case 32 -> new int[] {g + 8 * (i % 2), q + 4 * (i / 2)};
            default -> new int[] {g + 8 * ((i / 4) % 2), 4 * q + i % 4 + 16 * (i / 8)};
        };
        rc[0] += 16 * warp;
        return rc;
    }

    /** A tile of {@code bytes} zeros with element e's bits at byte {@code table[e]}, little-endian. */
    static byte[] place(int bytes, int[] bits, int[] table, int width) {
        byte[] s = new byte[bytes];
        for (int e = 0; e < table.length; e++) {
            for (int j = 0; j < width / 8; j++) s[table[e] + j] = (byte) (bits[e] >>> (8 * j));
        }
        return s;
    }

    /** Reads an (MN, K) operand through a descriptor (start address 0: the kernel adds the tile's address). */
    static void read(double[][] out, String type, byte[] smem, long desc, boolean mnMajor) {
        int bytes = width(type) / 8, tt = 16 / bytes;
        int lbo = (int) ((desc >>> 16) & 0x3FFF) * 16, sbo = (int) ((desc >>> 32) & 0x3FFF) * 16;
        int layout = (int) (desc >>> 62);
        int w = switch (layout) {
            case 0 -> 1;
            case 1 -> 8;
            case 2 -> 4;
            default -> 2;
        };
        if ((desc & 0x3FFF) != 0 || ((desc >>> 49) & 7) != 0) throw new IllegalArgumentException("start or base offset not 0");
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
                addr ^= ((addr >> 7) & (w - 1)) << 4;
                int v = 0;
                for (int j = 0; j < bytes; j++) v |= (smem[addr + j] & 0xFF) << (8 * j);
                out[mn][k] = value(type, v);
            }
        }
    }

    /** The value of an element's bits, by each format's definition. */
    static double value(String type, int bits) {
        return switch (type) {
            case "f16" -> Float.float16ToFloat((short) bits);
            case "bf16" -> Float.intBitsToFloat(bits << 16);
            case "tf32" -> Float.intBitsToFloat(bits & ~0x1FFF);
            case "e4m3" -> minifloat(bits, 4, 3);
            case "e5m2" -> minifloat(bits, 5, 2);
            case "s8" -> (byte) bits;
            case "u8" -> bits & 0xFF;
            default -> throw new IllegalArgumentException(type);
        };
    }

    private static double minifloat(int bits, int e, int m) {
        int bias = (1 << (e - 1)) - 1;
        int exp = (bits >> m) & ((1 << e) - 1), man = bits & ((1 << m) - 1);
        double v = exp == 0 ? Math.scalb((double) man / (1 << m), 1 - bias) : Math.scalb(1 + (double) man / (1 << m), exp - bias);
        return (bits & 0x80) != 0 ? -v : v;
    }
}
