package org.layoutcat.core.atom;

import static org.layoutcat.core.atom.Element.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.atom.AtomName.Arg;

/**
 * The SM120 {@code mma.sync} atoms of 8-, 6- and 4-bit floats as CuTe C++ defines them ({@code cute/arch/mma_sm120.hpp}
 * and {@code cute/atom/mma_traits_sm120.hpp}, CUTLASS 4.7.0), templates of their element types:
 * <ul>
 *   <li>{@code SM120_16x8x32_TN<a_type, b_type, c_type>}: {@code mma.sync.aligned.kind::f8f6f4.m16n8k32}, A and B each
 *       of float_e2m1_t, float_e3m2_t, float_e2m3_t, float_e4m3_t, float_e5m2_t, C float or half_t (50 types, one
 *       specialization each); the traits are those of {@code SM80_16x8x32_S32S8S8S32_TN} (every input is one byte of
 *       a register: the 6- and 4-bit values are held in 8-bit containers).</li>
 *   <li>{@code SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<a_type, b_type, float, float_ue8m0_t, VS>}: the same fragments,
 *       block-scaled ({@code kind::mxf8f6f4.block_scale.scale_vec::1X}), VS = 32 (25 types).</li>
 *   <li>{@code SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t, float_e2m1_t, float, sf_type, VS>}: 4-bit A and
 *       B packed eight to a register, {@code kind::mxf4nvf4}, scale factors float_ue8m0_t (VS = 16: scale_vec::4X, VS =
 *       32: scale_vec::2X) or float_ue4m3_t (scale_vec::4X).</li>
 * </ul>
 * The scale factors' layouts (the traits' SFALayout, SFBLayout) are not part of the atom's MMA_Atom layouts.
 */
public final class Sm120Atoms {
    private Sm120Atoms() {}

    private static final String DENSE = "SM120_16x8x32_TN";
    private static final String MX32 = "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS";
    private static final String MX64 = "SM120::BLOCKSCALED::SM120_16x8x64_TN_VS";
    private static final List<Element> F8F6F4 = List.of(E2M1, E3M2, E2M3, E4M3, E5M2);
    private static final Map<String, MmaAtom> MADE = new ConcurrentHashMap<>();

    /**
     * The atom of CuTe's type as {@code name} reads it, or null where the name is none of the SM120 templates.
     *
     * @throws LayoutArgumentException where the template arguments are none CuTe specializes the operation for (its
     *         primary template static_asserts "No MMA matches ... for given data types."), or VS is one the operation
     *         static_asserts against
     */
    static MmaAtom named(AtomName name, String text) {
        String n = name.name();
        if (n.equals("SM120_16x8x32_TN_VS") || n.equals("SM120_16x8x64_TN_VS")) n = "SM120::BLOCKSCALED::" + n;
        if (!n.equals(DENSE) && !n.equals(MX32) && !n.equals(MX64)) return null;
        String where = "MMA atom \"" + LayoutArgumentException.quote(text) + "\": ";
        boolean scaled = !n.equals(DENSE);
        String sig = where + "CuTe's " + n + " is template <class a_type, class b_type, class c_type" + (scaled ? ", class sf_type, int VS" : "") + ">";
        List<Arg> args = name.args();
        int want = scaled ? 5 : 3;
        if (!name.templated() || args.size() != want) {
            throw new LayoutArgumentException(sig + "; name its " + want + " template arguments, e.g. " + (scaled
                    ? n + (n.equals(MX32) ? "<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,32>" : "<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,16>")
                    : n + "<float_e4m3_t,float_e4m3_t,float>"));
        }
        Arg.OfType[] t = new Arg.OfType[scaled ? 4 : 3];
        for (int i = 0; i < t.length; i++) {
            if (!(args.get(i) instanceof Arg.OfType ty)) {
                throw new LayoutArgumentException(sig + ": its template argument " + (i + 1) + " is an element type, not "
                        + AtomName.describe(args.get(i)));
            }
            t[i] = ty;
        }
        int vs = 0;
        if (scaled) {
            if (!(args.get(4) instanceof Arg.OfInt(int v))) {
                throw new LayoutArgumentException(sig + ": its template argument 5 is an int, not " + AtomName.describe(args.get(4)));
            }
            vs = v;
        }
        Element a = t[0].element(), b = t[1].element(), c = t[2].element();
        String type = n + "<" + t[0].cute() + "," + t[1].cute() + "," + t[2].cute() + (scaled ? "," + t[3].cute() + "," + vs : "") + ">";
        String noMatch = where + "CuTe specializes " + n.substring(n.lastIndexOf(':') + 1) + " for ";
        String ptx;
        switch (n) {
            case DENSE -> {
                if (!F8F6F4.contains(a) || !F8F6F4.contains(b) || (c != F32 && c != F16)) {
                    throw new LayoutArgumentException(noMatch + "A and B each of float_e2m1_t, float_e3m2_t, float_e2m3_t, float_e4m3_t,"
                            + " float_e5m2_t and C float or half_t, not " + t[0].cute() + ", " + t[1].cute() + ", " + t[2].cute()
                            + " (its primary template static_asserts \"No MMA matches SM120_16x8x32_TN for given data types.\")");
                }
                ptx = "mma.sync.aligned.kind::f8f6f4.m16n8k32.row.col." + c.ptx() + "." + a.ptx() + "." + b.ptx() + "." + c.ptx();
            }
            case MX32 -> {
                if (!F8F6F4.contains(a) || !F8F6F4.contains(b) || c != F32 || t[3].element() != UE8M0) {
                    throw new LayoutArgumentException(noMatch + "A and B each of float_e2m1_t, float_e3m2_t, float_e2m3_t, float_e4m3_t,"
                            + " float_e5m2_t, C float and scale factors float_ue8m0_t, not " + t[0].cute() + ", " + t[1].cute() + ", "
                            + t[2].cute() + ", " + t[3].cute() + " (its primary template static_asserts \"No MMA matches"
                            + " SM120_16x8x32_TN_VS for given data types.\")");
                }
                if (vs != 32) {
                    throw new LayoutArgumentException(where + "VS = " + vs + "; the MXF8F6F4 MMA scales each 32 elements of K"
                            + " (CuTe's fma static_asserts \"Scaling factor vector size has to be 32 for MXF8F6F4 MMA.\")");
                }
                ptx = "mma.sync.aligned.kind::mxf8f6f4.block_scale.scale_vec::1X.m16n8k32.row.col.f32." + a.ptx() + "." + b.ptx() + ".f32.ue8m0";
            }
            default -> {
                Element sf = t[3].element();
                if (a != E2M1 || b != E2M1 || c != F32 || (sf != UE8M0 && sf != UE4M3)) {
                    throw new LayoutArgumentException(noMatch + "float_e2m1_t A and B, C float and scale factors float_ue8m0_t or"
                            + " float_ue4m3_t, not " + t[0].cute() + ", " + t[1].cute() + ", " + t[2].cute() + ", " + t[3].cute()
                            + " (its primary template static_asserts \"No MMA matches SM120_16x8x64_TN_VS for given data types.\")");
                }
                if (vs != 16 && vs != 32) {
                    throw new LayoutArgumentException(where + "VS = " + vs + "; the MXF4NVF4 MMA scales each 16 or 32 elements of K"
                            + " (CuTe's fma static_asserts \"Scaling factor vector size has to be 16 or 32 for MXF4NVF4 MMA.\")");
                }
                ptx = sf == UE4M3 ? "mma.sync.aligned.kind::mxf4nvf4.block_scale.scale_vec::4X.m16n8k64.row.col.f32.e2m1.e2m1.f32.ue4m3"
                        : vs == 16 ? "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0"
                        : "mma.sync.aligned.kind::mxf4nvf4.block_scale.scale_vec::2X.m16n8k64.row.col.f32.e2m1.e2m1.f32.ue8m0";
            }
        }
        String key = type, instruction = ptx, form = n;
        MmaAtom made = MADE.get(key);
        if (made != null) return made;
        boolean k64 = n.equals(MX64);
        return MADE.computeIfAbsent(key, x -> k64
                ? new MmaAtom(type, MmaAtom.Family.MMA_SYNC, instruction, "PTX ISA: Matrix Fragments for mma.m16n8k64 (.e2m1, block-scaled)", "sm_120a",
                        c, a, IntTuple.flat(16, 8, 64), Layout.of(IntTuple.of(32), IntTuple.of(1)),
                        Layout.parse("((4,8),(8,2,2)):((128,1),(16,8,512))"), Layout.parse("((4,8),(8,2)):((64,1),(8,256))"),
                        Layout.parse("((4,8),(2,2)):((32,1),(16,8))"), b, MmaAtom.Arguments.DEFAULT, null)
                : new MmaAtom(type, MmaAtom.Family.MMA_SYNC, instruction, "PTX ISA: Matrix Fragments for mma.m16n8k32 (.kind::f8f6f4"
                        + (form.equals(MX32) ? ", block-scaled" : "") + ")", "sm_120a", c, a, IntTuple.flat(16, 8, 32),
                        Layout.of(IntTuple.of(32), IntTuple.of(1)), Layout.parse("((4,8),(4,2,2)):((64,1),(16,8,256))"),
                        Layout.parse("((4,8),(4,2)):((32,1),(8,128))"), Layout.parse("((4,8),(2,2)):((32,1),(16,8))"), b,
                        MmaAtom.Arguments.DEFAULT, null));
    }

    /** Every SM120 atom: the 50 of SM120_16x8x32_TN, the 25 of SM120_16x8x32_TN_VS, the 4 of SM120_16x8x64_TN_VS. */
    static List<MmaAtom> all() {
        List<MmaAtom> out = new ArrayList<>();
        for (String c : List.of("float", "half_t")) {
            for (Element x : F8F6F4) for (Element y : F8F6F4) out.add(of(DENSE + "<" + cute(x) + "," + cute(y) + "," + c + ">"));
        }
        for (Element x : F8F6F4) {
            for (Element y : F8F6F4) out.add(of(MX32 + "<" + cute(x) + "," + cute(y) + ",float,float_ue8m0_t,32>"));
        }
        for (String sf : List.of("float_ue8m0_t", "float_ue4m3_t")) {
            for (int vs : new int[] {16, 32}) out.add(of(MX64 + "<float_e2m1_t,float_e2m1_t,float," + sf + "," + vs + ">"));
        }
        return out;
    }

    private static MmaAtom of(String type) {
        return named(AtomName.parse(type), type);
    }

    private static String cute(Element e) {
        return "float_" + e.ptx() + "_t";
    }
}
