package org.layoutcat.core.atom;

import static org.layoutcat.core.atom.Element.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * The SM90 GMMA catalog as CuTe C++ defines it ({@code cute/atom/mma_traits_sm90_gmma.hpp} and
 * {@code mma_traits_sm90_gmma_ext.hpp}, CUTLASS 7107b05): {@code SM90_64xNxK_<D><A><B>_<SS|RS>[_TN][_SATURATE]}, one
 * {@code wgmma.mma_async} m64nNkK per family, input width and N. An atom is made when it is named (1,056 of them).
 *
 * <p>Every family shares CuTe's layouts: 128 threads ({@code ThrID 128:1}); the accumulator
 * {@code GMMA::CLayout_64xN = ((4,8,4),(2,2,N/8)):((128,1,16),(64,8,512))}; a shared-memory operand
 * {@code GMMA::ABLayout<M,K> = (128,(M,K)):(0,(1,M))} (every thread names the whole tile); an A operand in registers
 * (RS) {@code GMMA::ALayout_64xK}: {@code ((4,8,4),(2,2)):((64,1,16),(8,256))} for 32-bit inputs (K = 8),
 * {@code ((4,8,4),(2,2,2)):((128,1,16),(64,8,512))} for 16-bit (K = 16),
 * {@code ((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))} for 8-bit (K = 32). K is 256 bits of the input type.
 *
 * <p>Families: F16F16F16, F32F16F16, F32BF16BF16 (K-major or MN-major operands, CuTe's template {@code <tnspA,tnspB>});
 * F32TF32TF32, F16/F32 by E4M3/E5M2 × E4M3/E5M2, and S32 by S8/U8 × S8/U8 (with {@code _SATURATE}), K-major only
 * ({@code _TN}). N runs over the multiples of 8 up to 256; the integer families take N = 8, 16, 24, 32, 48, 64, 80,
 * 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, as CuTe (and the PTX ISA) defines them.
 *
 * <p>An atom's type carries its template arguments ({@link MmaAtom.Arguments}, read by {@link AtomName}): the majors
 * of the 16-bit families (a bare name reads them K-major), the scales, and a sparse atom's selector. The majors change
 * no layout of the traits: CuTe's SS operands are {@code GMMA::ABLayout} for either major (CUTLASS 4.7.0).
 *
 * <p>The sparse catalog ({@code cute/atom/mma_traits_sm90_gmma_sparse.hpp} and {@code _sparse_ext.hpp}, CUTLASS 4.7.0):
 * {@code SM90::GMMA::SPARSE::GMMA_64xNxK_<D><A><B>_<SS|RS>[_TN][_SATURATE]}, one {@code wgmma.mma_async.sp} per
 * family and N, the dense catalog's families and N with K doubled (K is 512 bits of the input type: A's logical
 * tile, of which the instruction reads the kept half). The layouts are the dense ones of that K (an RS A of 16-bit
 * sparse inputs is {@code GMMA::ALayout_64x32}, of 8-bit ones {@code ALayout_64x64 =
 * ((4,8,4),(8,2,2)):((512,1,16),(64,8,2048))}), and each atom carries its traits' metadata layout
 * {@code GMMA::ELayout_64xK}, which CuTe's MMA_Atom and TiledMMA neither print nor tile.
 */
public final class GmmaAtoms {
    private GmmaAtoms() {}

    /** One family: the accumulator and input types, K, whether K-major only ({@code _TN}), whether integer. */
    private record Family(String types, Element d, Element a, Element b, int k, boolean tn) {
        boolean integer() {
            return d == S32;
        }

        /** The N this family takes. */
        boolean takes(int n) {
            if (n < 8 || n > 256 || n % 8 != 0) return false;
            return !integer() || n <= 32 || n % 16 == 0;
        }
    }

    private static final List<Family> FAMILIES = families();

    private static List<Family> families() {
        List<Family> f = new ArrayList<>();
        f.add(new Family("F16F16F16", F16, F16, F16, 16, false));
        f.add(new Family("F32F16F16", F32, F16, F16, 16, false));
        f.add(new Family("F32BF16BF16", F32, BF16, BF16, 16, false));
        f.add(new Family("F32TF32TF32", F32, TF32, TF32, 8, true));
        for (Element d : new Element[] {F16, F32}) {
            for (Element a : new Element[] {E4M3, E5M2}) {
                for (Element b : new Element[] {E4M3, E5M2}) f.add(new Family(d.name() + a.name() + b.name(), d, a, b, 32, true));
            }
        }
        for (Element a : new Element[] {S8, U8}) {
            for (Element b : new Element[] {S8, U8}) f.add(new Family("S32" + a.name() + b.name(), S32, a, b, 32, true));
        }
        return List.copyOf(f);
    }

    private static final Pattern NAME = Pattern.compile("SM90_64x([1-9]\\d{0,2})x([1-9]\\d?)_([A-Z0-9]+)_(SS|RS)(_TN)?(_SATURATE)?");
    private static final Pattern SPARSE_NAME = Pattern.compile("GMMA_64x([1-9]\\d{0,2})x([1-9]\\d?)_([A-Z0-9]+)_(SS|RS)(_TN)?(_SATURATE)?");
    private static final Map<String, MmaAtom> MADE = new ConcurrentHashMap<>();

    /**
     * The atom of CuTe's type as {@code name} reads it, or null where no GMMA atom has its name.
     *
     * @param name the name read ({@link AtomName#parse}), its text for messages
     * @throws LayoutArgumentException where the name is a GMMA atom's and its template arguments are not the type's
     *         (see {@link AtomName#arguments}), or make an atom CuTe refuses (an MN-major A in registers)
     */
    static MmaAtom named(AtomName name, String text) {
        Matcher m = (name.sparse() ? SPARSE_NAME : NAME).matcher(name.local());
        if (!m.matches()) return null;
        int n = Integer.parseInt(m.group(1));
        int k = Integer.parseInt(m.group(2));
        boolean rs = m.group(4).equals("RS");
        boolean tn = m.group(5) != null;
        boolean saturate = m.group(6) != null;
        boolean sparse = name.sparse();
        for (Family f : FAMILIES) {
            if (f.types.equals(m.group(3)) && (sparse ? 2 * f.k : f.k) == k && f.tn == tn && (!saturate || f.integer()) && f.takes(n)) {
                MmaAtom.Family family = family(sparse, rs);
                MmaAtom.Arguments args = name.arguments(AtomName.params(family, f.d, f.a, f.b), text);
                String key = name(f, n, rs, saturate, sparse) + " " + args;
                MmaAtom made = MADE.get(key);
                if (made != null) return made;
                try {
                    return MADE.computeIfAbsent(key, x -> atom(f, n, rs, saturate, sparse, args));
                } catch (LayoutArgumentException e) { // a type CuTe refuses: an MN-major A in registers
                    throw new LayoutArgumentException("MMA atom \"" + LayoutArgumentException.quote(text) + "\": " + e.getMessage());
                }
            }
        }
        return null;
    }

    /** The atom of CuTe's name as the catalog writes it, K-major: a name {@link #all} lists. */
    static MmaAtom named(String name) {
        return named(AtomName.parse(name), name);
    }

    private static MmaAtom.Family family(boolean sparse, boolean rs) {
        if (sparse) return rs ? MmaAtom.Family.WGMMA_SP_RS : MmaAtom.Family.WGMMA_SP_SS;
        return rs ? MmaAtom.Family.WGMMA_RS : MmaAtom.Family.WGMMA_SS;
    }

    /** Every GMMA atom, family by family, SS before RS, N increasing (the integer families' plain before _SATURATE), K-major. */
    static List<MmaAtom> all() {
        return all(false);
    }

    /**
     * Every dense ({@code sparse} false) or sparse GMMA atom, family by family, SS before RS, N increasing (the integer
     * families' plain before _SATURATE), K-major.
     */
    static List<MmaAtom> all(boolean sparse) {
        List<MmaAtom> out = new ArrayList<>();
        for (Family f : FAMILIES) {
            for (boolean saturate : f.integer() ? new boolean[] {false, true} : new boolean[] {false}) {
                for (boolean rs : new boolean[] {false, true}) {
                    for (int n = 8; n <= 256; n += 8) {
                        if (f.takes(n)) out.add(named(name(f, n, rs, saturate, sparse)));
                    }
                }
            }
        }
        return out;
    }

    private static String name(Family f, int n, boolean rs, boolean saturate, boolean sparse) {
        String local = "64x" + n + "x" + (sparse ? 2 * f.k : f.k) + "_" + f.types + (rs ? "_RS" : "_SS") + (f.tn ? "_TN" : "")
                + (saturate ? "_SATURATE" : "");
        return sparse ? AtomName.sparseName("GMMA_" + local) : "SM90_" + local;
    }

    private static MmaAtom atom(Family f, int n, boolean rs, boolean saturate, boolean sparse, MmaAtom.Arguments args) {
        int k = sparse ? 2 * f.k : f.k;
        String ptx = "wgmma.mma_async" + (sparse ? ".sp" : "") + ".sync.aligned.m64n" + n + "k" + k + "." + f.d.ptx() + "." + f.a.ptx()
                + "." + f.b.ptx() + (saturate ? ".satfinite" : "");
        String section = "PTX ISA: Asynchronous Warpgroup Level Matrix Multiply-Accumulate: "
                + (sparse ? "wgmma.mma_async.sp (.m64nNk" + k + ": structured-sparse A" + (rs ? " in registers" : "")
                        + ", its metadata E, accumulator D)"
                        : "Register Fragments (wgmma .m64nNk" + k + (rs ? ": A in registers, accumulator D)" : " accumulator D)"));
        Layout a = rs ? registerA(k) : Layout.parse("(128,(64," + k + ")):(0,(1,64))");
        Layout b = Layout.parse("(128,(" + n + "," + k + ")):(0,(1," + n + "))");
        Layout c = Layout.parse("((4,8,4),(2,2," + n / 8 + ")):((128,1,16),(64,8,512))");
        return new MmaAtom(name(f, n, rs, saturate, sparse), family(sparse, rs), ptx, section, "sm_90a", f.d, f.a,
                IntTuple.flat(64, n, k), Layout.of(128, 1), a, b, c, f.b, args, sparse ? metadata(k) : null);
    }

    /**
     * CuTe's {@code GMMA::ALayout_64xK}: A in registers, m = g + 16·warp + 8·(row half), k in steps of the width (K =
     * 8 for 32-bit values, 16 for 16-bit, 32 for 8-bit; a sparse atom's K is twice its values', 64 for sparse 8-bit).
     */
    private static Layout registerA(int k) {
        return Layout.parse(switch (k) {
            case 8 -> "((4,8,4),(2,2)):((64,1,16),(8,256))";
            case 16 -> "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";
            case 32 -> "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))";
            default -> "((4,8,4),(8,2,2)):((512,1,16),(64,8,2048))";
        });
    }

    /**
     * CuTe's {@code GMMA::ELayout_64xK} of a sparse atom's metadata ({@code mma_traits_sm90_gmma_sparse.hpp}): K = 16
     * (tf32), 32 (16-bit), 64 (8-bit), (thread, value) → {@code m + 64·k} of the logical 64×K tile of A; of each pair
     * of threads one mode has stride 0 or names the other half of K, as CuTe writes them.
     */
    private static Layout metadata(int k) {
        return Layout.parse(switch (k) {
            case 16 -> "((2,2,8,4),(8,2)):((512,0,1,16),(64,8))";
            case 32 -> "((2,2,8,4),(16,2)):((1024,0,1,16),(64,8))";
            default -> "((2,2,8,4),(32)):((8,2048,1,16),(64))";
        });
    }
}
