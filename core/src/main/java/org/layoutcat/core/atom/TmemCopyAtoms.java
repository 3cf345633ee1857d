package org.layoutcat.core.atom;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * CuTe's SM100 tensor-memory copy atoms, {@code SM100_TMEM_LOAD_<shape><n>x[_16b]} and
 * {@code SM100_TMEM_STORE_<shape><n>x[_16b]} ({@code cute/arch/copy_sm100.hpp}, their traits in
 * {@code cute/atom/copy_traits_sm100.hpp}, CUTLASS 4.7.0): 148 atoms, each a {@link CopyAtom} of the family
 * {@link CopyAtom.TmemLoad} or {@link CopyAtom.TmemStore}, with its {@code ValID}.
 *
 * <p>The PTX ISA ("Tensor Memory: tcgen05.ld / tcgen05.st", shapes {@code .16x256b}, {@code .16x128b}, {@code .16x64b},
 * {@code .16x32bx2}, {@code .32x32b}) gives each shape its lanes (16 or 32) and its bits per lane per repetition
 * (256, 128, 64, 2×32 and 32); an instruction {@code .xN} repeats that N times along the columns. Every layout here is
 * made from those numbers by the rule CuTe's traits follow, and a test holds each equal to what {@code cute::print}
 * prints for the trait (ops/src/test/resources/oracle/tmem-cute.jsonl):
 * <ul>
 * <li>{@code ValID}, bit of the atom → tensor-memory bit address: {@code (B,L):(1,DP_b)}, B the bits per lane, L the
 *     lanes and {@code DP_b = 2^21} a lane's stride in bits ({@code TMEM::DP_b}); with {@code .pack::16b} the 16 low
 *     bits of each 32-bit column, {@code ((16,B/16),L):((1,32),DP_b)};</li>
 * <li>the tensor-memory side ({@code SrcLayout} of a load, {@code DstLayout} of a store, and the {@code RefLayout}):
 *     {@code (32,L·B):(0,1)}, every thread of the warp naming the whole atom (one address per warp);</li>
 * <li>the register side, (thread, bit) → bit index {@code lane·B + b}: {@code 32x32b}: thread t holds lane t,
 *     {@code (32,B):(B,1)}; {@code 16x32bx2}: thread (l,h) holds half h of lane l, {@code ((16,2),B/2):((B,B/2),1)};
 *     {@code 16x64b}: thread (a,c,g) holds 32 bits at 32c of lane g+8a, repeated every 64 bits,
 *     {@code ((2,2,8),(32,N)):((8B,32,B),(1,64))}; {@code 16x128b} and {@code 16x256b}: thread (c,g) holds chunk c
 *     (32 or 64 bits) of lanes g and g+8, repeated every 128 or 256 bits, {@code ((4,8),(W,2,N)):((W,B),(1,8B,4W))}.
 *     Where N = 1 the traits leave the repetition mode out (CuTe prints them as written).</li>
 * </ul>
 * The {@code LOAD_STAT} atoms ({@code tcgen05.ld.red}, which also write a row's maximum) are not in this catalog.
 */
public final class TmemCopyAtoms {
    /** A lane's stride in tensor-memory bit addresses, CuTe's {@code TMEM::DP_b}: 2^21 (2^16 per 32-bit column). */
    public static final long DP_BITS = 1L << 21;

    /** The shapes of {@code tcgen05.ld/.st}: lanes, bits per lane per repetition, CuTe's name part and PTX's. */
    private enum Shape {
        DP16_256B(16, 256, 256, "16dp256b", "16x256b", 32),
        DP16_128B(16, 128, 128, "16dp128b", "16x128b", 64),
        DP16_64B(16, 64, 64, "16dp64b", "16x64b", 128),
        DP16_32B(16, 32, 64, "16dp32b", "16x32bx2", 128),
        DP32_32B(32, 32, 32, "32dp32b", "32x32b", 128);

        private final int lanes;
        private final int patternBits;
        private final int laneBits;
        private final String cute;
        private final String ptx;
        private final int maxRepeat;

        Shape(int lanes, int patternBits, int laneBits, String cute, String ptx, int maxRepeat) {
            this.lanes = lanes;
            this.patternBits = patternBits;
            this.laneBits = laneBits;
            this.cute = cute;
            this.ptx = ptx;
            this.maxRepeat = maxRepeat;
        }
    }

    private static final Map<String, CopyAtom> ATOMS = new LinkedHashMap<>();
    private static final Map<String, Layout> VAL_ID = new LinkedHashMap<>();

    static {
        for (boolean load : new boolean[] {true, false}) {
            for (Shape s : Shape.values()) {
                for (int n = 1; n <= s.maxRepeat; n *= 2) {
                    for (boolean pack : new boolean[] {false, true}) add(load, s, n, pack);
                }
            }
        }
    }

    private TmemCopyAtoms() {}

    private static void add(boolean load, Shape s, int n, boolean pack) {
        String name = "SM100_TMEM_" + (load ? "LOAD" : "STORE") + "_" + s.cute + n + "x" + (pack ? "_16b" : "");
        String ptx = "tcgen05." + (load ? "ld" : "st") + ".sync.aligned." + s.ptx + ".x" + n
                + (pack ? (load ? ".pack::16b" : ".unpack::16b") : "") + ".b32";
        long b = (long) s.laneBits * n;
        Layout tmem = Layout.of(IntTuple.flat(32, s.lanes * b), IntTuple.flat(0, 1));
        Layout regs = registers(s, n, b);
        CopyAtom.Family family = load ? new CopyAtom.TmemLoad(s.lanes, s.patternBits, n, pack) : new CopyAtom.TmemStore(s.lanes, s.patternBits, n, pack);
        CopyAtom atom = new CopyAtom(name, family, ptx, "PTX ISA: Tensor Memory, tcgen05." + (load ? "ld" : "st") + " (shape ." + s.ptx + ")",
                "sm_100a", s.lanes * b / 32, Layout.parse("32:1"), load ? tmem : regs, load ? regs : tmem);
        ATOMS.put(name, atom);
        Layout valId = pack
                ? Layout.of(IntTuple.of(IntTuple.flat(16, b / 16), IntTuple.of(s.lanes)), IntTuple.of(IntTuple.flat(1, 32), IntTuple.of(DP_BITS)))
                : Layout.of(IntTuple.flat(b, s.lanes), IntTuple.flat(1, DP_BITS));
        VAL_ID.put(name, valId);
    }

    /** The register side, (thread, bit) → {@code lane·B + bit}, as the traits write it (see the class comment). */
    private static Layout registers(Shape s, int n, long b) {
        return switch (s) {
            case DP32_32B -> Layout.of(IntTuple.flat(32, b), IntTuple.flat(b, 1));
            case DP16_32B -> Layout.parse("((16,2)," + b / 2 + "):((" + b + "," + b / 2 + "),1)");
            case DP16_64B -> n == 1 ? Layout.parse("((2,2,8),32):((" + 8 * b + ",32," + b + "),1)")
                    : Layout.parse("((2,2,8),(32," + n + ")):((" + 8 * b + ",32," + b + "),(1,64))");
            case DP16_128B, DP16_256B -> {
                int w = s.patternBits / 4; // each of 4 threads' chunk of a lane's pattern
                yield n == 1 ? Layout.parse("((4,8),(" + w + ",2)):((" + w + "," + b + "),(1," + 8 * b + "))")
                        : Layout.parse("((4,8),(" + w + ",2," + n + ")):((" + w + "," + b + "),(1," + 8 * b + "," + 4 * w + "))");
            }
        };
    }

    /** Every TMEM copy atom, loads then stores, each shape's repetitions in turn, the {@code _16b} form after the plain. */
    public static List<CopyAtom> all() {
        return List.copyOf(ATOMS.values());
    }

    /** The atom of CuTe's name, if it is one of the catalog's. */
    public static Optional<CopyAtom> named(String name) {
        return Optional.ofNullable(ATOMS.get(name.trim()));
    }

    /**
     * The atom's {@code ValID}: bit of the atom → tensor-memory bit address (lane·{@link #DP_BITS} + column·32 + bit).
     *
     * @throws IllegalArgumentException for an atom not of this catalog
     */
    public static Layout valId(CopyAtom atom) {
        Layout v = VAL_ID.get(atom.name());
        if (v == null) throw new IllegalArgumentException(atom.name() + " is not a TMEM copy atom");
        return v;
    }

    /** Whether the atom packs (loads) or unpacks (stores) 16-bit columns ({@code _16b}). */
    public static boolean packs16(CopyAtom atom) {
        return switch (atom.family()) {
            case CopyAtom.TmemLoad t -> t.pack16();
            case CopyAtom.TmemStore t -> t.unpack16();
            default -> throw new IllegalArgumentException(atom.name() + " is not a TMEM copy atom");
        };
    }

    /** The 32-bit registers each thread of the warp loads or stores: {@code L·B / (32·32)}. */
    public static long registersPerThread(CopyAtom atom) {
        return atom.bits() / 32;
    }

    static Map<String, CopyAtom> byName() {
        return Collections.unmodifiableMap(ATOMS);
    }
}
