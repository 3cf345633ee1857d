package org.layoutcat.core.atom;

import static org.layoutcat.core.atom.Element.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.atom.AtomName.Arg;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * The SM100 UMMA catalog as CuTe C++ defines it ({@code cute/arch/mma_sm100_umma.hpp} and
 * {@code cute/atom/mma_traits_sm100.hpp}, CUTLASS 4.7.0): one {@code tcgen05.mma} per family, a template of its
 * element types, M, N, the majors of A and B and, after them, CuTe's defaulted arguments:
 * {@code SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>}. An atom is made when it is
 * named.
 *
 * <p>Every atom's traits are one thread's view of the whole tile. One CTA ({@code cta_group::1}): ThrID {@code 1:0},
 * {@code ALayout = (1,(M,K)):(0,(1,M))}, {@code BLayout = (1,(N,K)):(0,(1,N))}, {@code CLayout = (1,(M,N)):(0,(1,M))}.
 * Two CTAs ({@code _2x1SM_}, {@code cta_group::2}): ThrID {@code 2:1}, each CTA its half of A's rows and of B's
 * columns and of C's rows: {@code ALayout = (2,(M/2,K)):(M/2,(1,M))}, {@code BLayout = (2,(N/2,K)):(N/2,(1,N))},
 * {@code CLayout = (2,(M/2,N)):(M/2,(1,M))}. K is 256 bits of the input (TF32 8, F16BF16 16, S8 and F8F6F4 32, MXF4
 * 64: the 4-bit kinds count 4-bit elements), twice that for the {@code _SPARSE} forms (A's logical tile, of which the
 * instruction reads the kept half). {@code _SS} reads A and B from shared-memory descriptors; {@code _TS} reads A from
 * tensor memory (CuTe static_asserts that it is K-major) and B from a descriptor. C always lives in tensor memory.
 *
 * <p>The M, N and majors a family takes are its static_asserts' (the operation's in {@code mma_sm100_umma.hpp} and its
 * traits' in {@code mma_traits_sm100.hpp}); the element types are those CuTe's instruction descriptor names
 * ({@code UMMA::to_UMMAFormat}, {@code to_CFormat}, {@code to_ScaleFormat}) as far as the family's size asserts let them
 * through, narrowed where CuTe checks nothing to the types the PTX ISA gives the instruction's kind (kind::tf32 and
 * the block-scaled kinds accumulate in f32, kind::f16 in f16 or f32, a bf16 one in f32 only, kind::i8 in s32).
 */
public final class UmmaAtoms {
    private UmmaAtoms() {}

    /** The instruction's kind ({@code .kind::...}), with its K in elements (dense) and the types it takes. */
    enum Kind {
        TF32("tf32", 8), F16("f16", 16), I8("i8", 32), F8F6F4("f8f6f4", 32), MXF8F6F4("mxf8f6f4", 32), MXF4("mxf4", 64),
        MXF4NVF4("mxf4nvf4", 64);

        final String ptx;
        final int k;

        Kind(String ptx, int k) {
            this.ptx = ptx;
            this.k = k;
        }

        boolean blockScaled() {
            return this == MXF8F6F4 || this == MXF4 || this == MXF4NVF4;
        }

        /** Whether the template takes VS, the scale factors' vector size (the 4-bit block-scaled kinds). */
        boolean takesVs() {
            return this == MXF4 || this == MXF4NVF4;
        }
    }

    /** The template's defaulted parameters after the majors. */
    private enum Tail { SCALES, SCALES_SATURATE, SATURATE }

    /**
     * One family of CuTe's: its name, kind, CTAs, whether A comes from tensor memory, whether sparse, the M it takes,
     * and its N rule and the assert texts it refuses with.
     *
     * @param mRule  CuTe's static_assert text of M
     * @param nRule  CuTe's static_assert text of N
     */
    private record Family(String name, Kind kind, int ctas, boolean ts, boolean sparse, Set<Integer> ms, NRule n, Tail tail,
                          String mRule, String nRule) {
        int k() {
            return sparse ? 2 * kind.k : kind.k;
        }
    }

    /** Which N a family takes, for its M and the major of B. */
    @FunctionalInterface
    private interface NRule {
        boolean takes(int m, int n, Major b);

        static NRule steps(int step) {
            return (m, n, b) -> n % step == 0 && n >= step && n <= 256;
        }

        /** A multiple of 8 for M = 64, of 16 for M = 128 (the 1-CTA TS and some sparse forms). */
        static NRule byM() {
            return (m, n, b) -> m == 64 ? steps(8).takes(m, n, b) : steps(16).takes(m, n, b);
        }

        /** 8, or a multiple of 16 (the 1-CTA S8 forms). */
        static NRule s8() {
            return (m, n, b) -> n == 8 || steps(16).takes(m, n, b);
        }

        /** A multiple of {@code k} for a K-major B, of {@code mn} for an MN-major one (F8F6F4's traits). */
        static NRule byMajorB(int k, int mn) {
            return (m, n, b) -> steps(b == Major.K ? k : mn).takes(m, n, b);
        }
    }

    private static final List<Family> FAMILIES = families();

    private static List<Family> families() {
        List<Family> f = new ArrayList<>();
        Set<Integer> m1 = Set.of(64, 128), m2 = Set.of(128, 256), m128 = Set.of(128), m256 = Set.of(256);
        String mx8 = " N-mode size should be a multiple of 8 between 8 and 256.";
        String mx16 = " N-mode size should be a multiple of 16 between 16 and 256.";
        String mx32 = " N-mode size should be a multiple of 32 between 32 and 256.";
        String byM = " N-mode size should be a multiple of 8 between 8 and 256 for M=64, or a multiple of 16 between 16 and 256 for M=128.";
        String s8 = " N-mode size should be 8 or a multiple of 16 between 16 and 256.";
        String one = " M-mode size should be 64 or 128 for 1 CTA cluster MMA.";
        String two = " M-mode size should be 128 or 256 for 2 CTA cluster MMA.";
        // 1 CTA, A and B from shared memory
        f.add(new Family("SM100_MMA_TF32_SS", Kind.TF32, 1, false, false, m1, NRule.steps(8), Tail.SCALES, "SM100_MMA_TF32" + one, "SM100_MMA_TF32" + mx8));
        f.add(new Family("SM100_MMA_F16BF16_SS", Kind.F16, 1, false, false, m1, NRule.steps(8), Tail.SCALES, "SM100_MMA_F16BF16" + one, "SM100_MMA_F16BF16" + mx8));
        f.add(new Family("SM100_MMA_S8_SS", Kind.I8, 1, false, false, m1, NRule.s8(), Tail.SATURATE, "SM100_MMA_S8_SS" + one, "SM100_MMA_S8_SS" + s8));
        f.add(new Family("SM100_MMA_F8F6F4_SS", Kind.F8F6F4, 1, false, false, m1, NRule.byMajorB(8, 16), Tail.SCALES, "SM100_MMA_F8F6F4_SS" + one,
                "SM100_MMA_F8F6F4_SS N-mode size should be a multiple of 8 between 8 and 256 when B is K major."
                        + " SM100_MMA_F8F6F4_SS N-mode size should be a multiple of 16 between 16 and 256 when B is MN major."));
        f.add(new Family("SM100_MMA_MXF8F6F4_SS", Kind.MXF8F6F4, 1, false, false, m128, NRule.steps(8), Tail.SCALES,
                "SM100_MMA_MXF8F6F4_SS" + one + " (its condition: M == 128)", "SM100_MMA_MXF8F6F4_SS" + mx8));
        f.add(new Family("SM100_MMA_MXF4_SS", Kind.MXF4, 1, false, false, m128, NRule.steps(8), Tail.SCALES,
                "SM100_MMA_MXF4_SS M-mode size should be 128 for 1 CTA cluster MMA.", "SM100_MMA_MXF4_SS" + mx8));
        // 1 CTA, A from tensor memory
        f.add(new Family("SM100_MMA_TF32_TS", Kind.TF32, 1, true, false, m1, NRule.byM(), Tail.SCALES_SATURATE, "SM100_MMA_TF32" + one, "SM100_MMA_TF32" + byM));
        f.add(new Family("SM100_MMA_F16BF16_TS", Kind.F16, 1, true, false, m1, NRule.byM(), Tail.SCALES_SATURATE, "SM100_MMA_F16BF16" + one, "SM100_MMA_F16BF16" + byM));
        f.add(new Family("SM100_MMA_S8_TS", Kind.I8, 1, true, false, m1, NRule.s8(), Tail.SCALES_SATURATE, "SM100_MMA_S8_TS" + one, "SM100_MMA_S8_TS" + s8));
        f.add(new Family("SM100_MMA_F8F6F4_TS", Kind.F8F6F4, 1, true, false, m1, NRule.byM(), Tail.SCALES_SATURATE, "SM100_MMA_F8F6F4_TS" + one, "SM100_MMA_F8F6F4_TS" + byM));
        // 1 CTA, sparse
        f.add(new Family("SM100_MMA_TF32_SS_SPARSE", Kind.TF32, 1, false, true, m1, NRule.steps(8), Tail.SCALES, "SM100_MMA_TF32_SS_SPARSE" + one, "SM100_MMA_TF32_SS_SPARSE" + mx8));
        f.add(new Family("SM100_MMA_F16BF16_SS_SPARSE", Kind.F16, 1, false, true, m1, NRule.steps(8), Tail.SCALES, "SM100_MMA_F16BF16_SS_SPARSE" + one, "SM100_MMA_F16BF16_SS_SPARSE" + mx8));
        f.add(new Family("SM100_MMA_S8_SS_SPARSE", Kind.I8, 1, false, true, m1, NRule.s8(), Tail.SATURATE, "SM100_MMA_S8_SS_SPARSE" + one, "SM100_MMA_S8_SS_SPARSE" + s8));
        f.add(new Family("SM100_MMA_F8F6F4_SS_SPARSE", Kind.F8F6F4, 1, false, true, m1, NRule.byM(), Tail.SCALES, "SM100_MMA_F8F6F4_SS_SPARSE" + one, "SM100_MMA_F8F6F4_SS_SPARSE" + byM));
        f.add(new Family("SM100_MMA_MXF8F6F4_SS_SPARSE", Kind.MXF8F6F4, 1, false, true, m128, NRule.steps(8), Tail.SCALES,
                "SM100_MMA_MXF8F6F4_SS_SPARSE M-mode size should be 128 for 1 CTA cluster MMA.", "SM100_MMA_MXF8F6F4_SS_SPARSE" + mx8));
        f.add(new Family("SM100_MMA_MXF4NVF4_SS_SPARSE", Kind.MXF4NVF4, 1, false, true, m128, NRule.steps(8), Tail.SCALES,
                "SM100_MMA_MXF4NVF4_SS_SPARSE M-mode size should be 128 for 1 CTA cluster MMA.", "SM100_MMA_MXF4NVF4_SS_SPARSE" + mx8));
        // 2 CTAs
        f.add(new Family("SM100_MMA_TF32_2x1SM_SS", Kind.TF32, 2, false, false, m2, NRule.steps(16), Tail.SCALES, "SM100_MMA_TF32_2x1SM_SS" + two, "SM100_MMA_TF32_2x1SM_SS" + mx16));
        f.add(new Family("SM100_MMA_F16BF16_2x1SM_SS", Kind.F16, 2, false, false, m2, NRule.steps(16), Tail.SCALES, "SM100_MMA_F16BF16_2x1SM_SS" + two, "SM100_MMA_F16BF16_2x1SM_SS" + mx16));
        f.add(new Family("SM100_MMA_S8_2x1SM_SS", Kind.I8, 2, false, false, m2, NRule.steps(32), Tail.SATURATE, "SM100_MMA_S8_2x1SM_SS" + two, "SM100_MMA_S8_2x1SM_SS" + mx32));
        f.add(new Family("SM100_MMA_F8F6F4_2x1SM_SS", Kind.F8F6F4, 2, false, false, m2, NRule.byMajorB(16, 32), Tail.SCALES,
                "SM100_MMA_F8F6F4_2x1SM_SS M-mode size should be 64 or 128 for 1 CTA cluster MMA. (its condition: M == 128 || M == 256)",
                "SM100_MMA_F8F6F4_2x1SM_SS N-mode size should be a multiple of 16 between 16 and 256 when B is K major."
                        + " SM100_MMA_F8F6F4_2x1SM_SS N-mode size should be a multiple of 32 between 32 and 256 when B is MN major."));
        f.add(new Family("SM100_MMA_MXF8F6F4_2x1SM_SS", Kind.MXF8F6F4, 2, false, false, m256, NRule.steps(16), Tail.SCALES,
                "SM100_MMA_MXF8F6F4_2x1SM_SS" + two + " (its condition: M == 256)", "SM100_MMA_MXF8F6F4_2x1SM_SS" + mx16));
        f.add(new Family("SM100_MMA_MXF4_2x1SM_SS", Kind.MXF4, 2, false, false, m2, NRule.steps(16), Tail.SCALES, "SM100_MMA_MXF4_2x1SM_SS" + two, "SM100_MMA_MXF4_2x1SM_SS" + mx16));
        f.add(new Family("SM100_MMA_TF32_2x1SM_TS", Kind.TF32, 2, true, false, m2, NRule.steps(32), Tail.SCALES_SATURATE, "SM100_MMA_TF32_2x1SM_TS" + two, "SM100_MMA_TF32_2x1SM_TS" + mx32));
        f.add(new Family("SM100_MMA_F16BF16_2x1SM_TS", Kind.F16, 2, true, false, m2, NRule.steps(32), Tail.SCALES_SATURATE, "SM100_MMA_F16BF16_2x1SM_TS" + two, "SM100_MMA_F16BF16_2x1SM_TS" + mx32));
        f.add(new Family("SM100_MMA_S8_2x1SM_TS", Kind.I8, 2, true, false, m2, NRule.steps(32), Tail.SCALES_SATURATE, "SM100_MMA_S8_2x1SM_TS" + two, "SM100_MMA_S8_2x1SM_TS" + mx32));
        f.add(new Family("SM100_MMA_F8F6F4_2x1SM_TS", Kind.F8F6F4, 2, true, false, m2, NRule.steps(32), Tail.SCALES_SATURATE,
                "SM100_MMA_F8F6F4_2x1SM_TS M-mode size should be 64 or 128 for 1 CTA cluster MMA. (its condition: M == 128 || M == 256)",
                "SM100_MMA_F8F6F4_2x1SM_TS" + mx32));
        f.add(new Family("SM100_MMA_TF32_2x1SM_SS_SPARSE", Kind.TF32, 2, false, true, m2, NRule.steps(16), Tail.SCALES, "SM100_MMA_TF32_2x1SM_SS_SPARSE" + two, "SM100_MMA_TF32_2x1SM_SS_SPARSE" + mx16));
        f.add(new Family("SM100_MMA_F16BF16_2x1SM_SS_SPARSE", Kind.F16, 2, false, true, m2, NRule.steps(16), Tail.SCALES, "SM100_MMA_F16BF16_2x1SM_SS_SPARSE" + two, "SM100_MMA_F16BF16_2x1SM_SS_SPARSE" + mx16));
        f.add(new Family("SM100_MMA_S8_2x1SM_SS_SPARSE", Kind.I8, 2, false, true, m2, NRule.steps(32), Tail.SATURATE, "SM100_MMA_S8" + two, "SM100_MMA_S8" + mx32));
        f.add(new Family("SM100_MMA_F8F6F4_2x1SM_SS_SPARSE", Kind.F8F6F4, 2, false, true, m2, NRule.steps(32), Tail.SCALES, "SM100_MMA_F8F6F4_2x1SM_SS_SPARSE" + two, "SM100_MMA_F8F6F4_2x1SM_SS_SPARSE" + mx32));
        f.add(new Family("SM100_MMA_MXF8F6F4_2x1SM_SS_SPARSE", Kind.MXF8F6F4, 2, false, true, m256, NRule.steps(16), Tail.SCALES,
                "SM100_MMA_MXF8F6F4_2x1SM_SS_SPARSE M-mode size should be 256 for 2 CTA cluster MMA.", "SM100_MMA_MXF8F6F4_2x1SM_SS_SPARSE" + mx16));
        f.add(new Family("SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE", Kind.MXF4NVF4, 2, false, true, m2, NRule.steps(16), Tail.SCALES,
                "SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE states no M; cta_group::2 takes M = 128 or 256 (the PTX ISA)",
                "SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE" + mx16));
        return List.copyOf(f);
    }

    private static final Map<String, MmaAtom> MADE = new ConcurrentHashMap<>();

    /** The type arguments and values of one atom, as read from its name. */
    private record Parts(Family f, Arg.OfType a, Arg.OfType b, Arg.OfType c, Arg.OfType sf, int m, int n, int vs, Major majorA,
                         Major majorB, MmaAtom.ScaleIn scaleA, MmaAtom.ScaleIn scaleB, boolean saturate) {
        /** The type as CuTe spells it, CuTe's defaulted arguments left out where they are the defaults. */
        String spell() {
            List<String> w = new ArrayList<>(List.of(a.cute(), b.cute(), c.cute()));
            if (sf != null) w.add(sf.cute());
            w.add(String.valueOf(m));
            w.add(String.valueOf(n));
            if (f.kind.takesVs()) w.add(String.valueOf(vs));
            w.add("UMMA::Major::" + majorA);
            w.add("UMMA::Major::" + majorB);
            List<String> tail = new ArrayList<>();
            if (f.tail != Tail.SATURATE) {
                tail.add("UMMA::ScaleIn::" + scaleA);
                tail.add("UMMA::ScaleIn::" + scaleB);
            }
            if (f.tail != Tail.SCALES) tail.add("UMMA::Saturate::" + (saturate ? "True" : "False"));
            int keep = tail.size();
            while (keep > 0 && (tail.get(keep - 1).endsWith("::One") || tail.get(keep - 1).endsWith("::False"))) keep--;
            w.addAll(tail.subList(0, keep));
            return f.name + "<" + String.join(",", w) + ">";
        }
    }

    /**
     * The atom of CuTe's type as {@code name} reads it, or null where no UMMA family has its name.
     *
     * @param name the name read ({@link AtomName#parse}), {@code text} as written, for messages
     * @throws LayoutArgumentException where the name is a UMMA family's and its template arguments are not the
     *         template's, or make a type CuTe (or, where CuTe checks nothing, the PTX ISA) refuses: M, N, an MN-major
     *         A from tensor memory, an element type the kind does not take, a scale-factor vector size
     */
    static MmaAtom named(AtomName name, String text) {
        Family family = null;
        for (Family f : FAMILIES) if (f.name.equals(name.name())) family = f;
        if (family == null) return null;
        Parts p = read(family, name, text);
        String key = p.spell();
        MmaAtom made = MADE.get(key);
        if (made != null) return made;
        return MADE.computeIfAbsent(key, x -> atom(p));
    }

    /** The atom {@code atom} of another pair of majors: CuTe's type of the same template with {@code a_major, b_major}. */
    static MmaAtom withMajors(MmaAtom atom, Major a, Major b) {
        AtomName n = AtomName.parse(atom.name());
        List<Arg> args = new ArrayList<>(n.args());
        int seen = 0;
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i) instanceof Arg.OfUmmaMajor) args.set(i, new Arg.OfUmmaMajor(seen++ == 0 ? a : b));
        }
        StringBuilder sb = new StringBuilder(n.name()).append('<');
        for (int i = 0; i < args.size(); i++) sb.append(i == 0 ? "" : ",").append(AtomName.describe(args.get(i)));
        String text = sb.append('>').toString();
        return named(AtomName.parse(text), text);
    }

    /** The template's parameters, in CuTe's order, as text for messages. */
    private static String signature(Family f) {
        List<String> w = new ArrayList<>(List.of("class a_type", "class b_type", "class c_type"));
        if (f.kind.blockScaled()) w.add("class sf_type");
        w.add("int M");
        w.add("int N");
        if (f.kind.takesVs()) w.add("int VS");
        w.add("UMMA::Major a_major");
        w.add("UMMA::Major b_major");
        if (f.tail != Tail.SATURATE) {
            w.add("UMMA::ScaleIn a_neg = UMMA::ScaleIn::One");
            w.add("UMMA::ScaleIn b_neg = UMMA::ScaleIn::One");
        }
        if (f.tail != Tail.SCALES) w.add("UMMA::Saturate c_sat = UMMA::Saturate::False");
        return "template <" + String.join(", ", w) + ">";
    }

    private static Parts read(Family f, AtomName name, String text) {
        String where = "MMA atom \"" + LayoutArgumentException.quote(text) + "\": ";
        String sig = where + "CuTe's " + f.name + " is " + signature(f);
        List<Arg> args = name.args();
        int required = 7 + (f.kind.blockScaled() ? 1 : 0) + (f.kind.takesVs() ? 1 : 0);
        int tail = switch (f.tail) {
            case SCALES -> 2;
            case SCALES_SATURATE -> 3;
            case SATURATE -> 1;
        };
        if (!name.templated()) {
            throw new LayoutArgumentException(sig + "; name its element types, M, N and majors, e.g. "
                    + example(f));
        }
        if (args.size() < required || args.size() > required + tail) {
            throw new LayoutArgumentException(sig + ": " + required + " to " + (required + tail) + " template arguments, not "
                    + args.size());
        }
        int i = 0;
        Arg.OfType a = type(sig, args, i++), b = type(sig, args, i++), c = type(sig, args, i++);
        Arg.OfType sf = f.kind.blockScaled() ? type(sig, args, i++) : null;
        int m = integer(sig, args, i++), n = integer(sig, args, i++);
        int vs = f.kind.takesVs() ? integer(sig, args, i++) : 0;
        Major ma = major(sig, args, i++), mb = major(sig, args, i++);
        MmaAtom.ScaleIn sa = MmaAtom.ScaleIn.One, sb = MmaAtom.ScaleIn.One;
        boolean sat = false;
        if (f.tail != Tail.SATURATE) {
            if (i < args.size()) sa = scale(sig, args, i++);
            if (i < args.size()) sb = scale(sig, args, i++);
        }
        if (f.tail != Tail.SCALES && i < args.size()) {
            if (!(args.get(i) instanceof Arg.OfSaturate(boolean s))) {
                throw new LayoutArgumentException(sig + ": its template argument " + (i + 1) + " is a UMMA::Saturate, not "
                        + AtomName.describe(args.get(i)));
            }
            sat = s;
        }
        Parts p = new Parts(f, a, b, c, sf, m, n, vs, ma, mb, sa, sb, sat);
        check("MMA atom \"" + LayoutArgumentException.quote(text) + "\"", p);
        return p;
    }

    private static String example(Family f) {
        Kind k = f.kind;
        String types = switch (k) {
            case TF32 -> "tfloat32_t,tfloat32_t,float";
            case F16 -> "half_t,half_t,float";
            case I8 -> "int8_t,int8_t,int32_t";
            case F8F6F4 -> "float_e4m3_t,float_e4m3_t,float";
            case MXF8F6F4 -> "float_e4m3_t,float_e4m3_t,float,float_ue8m0_t";
            case MXF4, MXF4NVF4 -> "float_e2m1_t,float_e2m1_t,float,float_ue8m0_t";
        };
        int m = f.ms.stream().max(Integer::compare).orElseThrow();
        String vs = k == Kind.MXF4 ? ",32" : k == Kind.MXF4NVF4 ? ",64" : "";
        return f.name + "<" + types + "," + m + ",128" + vs + ",UMMA::Major::K,UMMA::Major::K>";
    }

    private static Arg.OfType type(String sig, List<Arg> args, int i) {
        if (args.get(i) instanceof Arg.OfType t) return t;
        throw new LayoutArgumentException(sig + ": its template argument " + (i + 1) + " is an element type, not "
                + AtomName.describe(args.get(i)));
    }

    private static int integer(String sig, List<Arg> args, int i) {
        if (args.get(i) instanceof Arg.OfInt(int v)) return v;
        throw new LayoutArgumentException(sig + ": its template argument " + (i + 1) + " is an int, not "
                + AtomName.describe(args.get(i)));
    }

    private static Major major(String sig, List<Arg> args, int i) {
        if (args.get(i) instanceof Arg.OfUmmaMajor(Major m)) return m;
        throw new LayoutArgumentException(sig + ": its template argument " + (i + 1) + " is a UMMA::Major, not "
                + AtomName.describe(args.get(i)));
    }

    private static MmaAtom.ScaleIn scale(String sig, List<Arg> args, int i) {
        if (args.get(i) instanceof Arg.OfUmmaScale(MmaAtom.ScaleIn s)) return s;
        throw new LayoutArgumentException(sig + ": its template argument " + (i + 1) + " is a UMMA::ScaleIn, not "
                + AtomName.describe(args.get(i)));
    }

    private static final Set<Element> F8F6F4_TYPES = Set.of(E4M3, E5M2, E2M3, E3M2, E2M1, DYNAMIC_F8, DYNAMIC_F6, DYNAMIC_F4);

    /** CuTe's static_asserts of the family (and the PTX ISA's types of its kind, where CuTe checks none), in CuTe's order. */
    private static void check(String where, Parts p) {
        Family f = p.f;
        Element a = p.a.element(), b = p.b.element(), c = p.c.element();
        String kind = "tcgen05.mma .kind::" + f.kind.ptx;
        switch (f.kind) {
            case TF32 -> {
                if (a.bits() != 32 || b.bits() != 32) refuse(where, "A and B are " + p.a.cute() + " and " + p.b.cute()
                        + ", and the family takes 32-bit types (CuTe static_asserts \"" + f.name + " supports 32bit types\")");
                if (a != TF32 || b != TF32) refuse(where, "A and B are " + p.a.cute() + " and " + p.b.cute() + "; the instruction"
                        + " descriptor names tfloat32_t only (CuTe's UMMA::to_UMMAFormat: \"Unknown type for UMMAFormat\")");
                if (c != F32) refuse(where, "the accumulator is " + p.c.cute() + "; " + kind + " accumulates in f32 (float) only (PTX ISA)");
            }
            case F16 -> {
                if (a.bits() != 16 || b.bits() != 16) refuse(where, "A and B are " + p.a.cute() + " and " + p.b.cute()
                        + ", and the family takes 16-bit types (CuTe static_asserts \"" + f.name + " supports 16bit types\")");
                if (a != b) refuse(where, "A is " + p.a.cute() + " and B " + p.b.cute() + "; " + kind + " reads A and B of one type (PTX ISA)");
                if (c != F32 && c != F16) refuse(where, "the accumulator is " + p.c.cute() + "; " + kind + " accumulates in half_t or float"
                        + " (PTX ISA)");
                if (a == BF16 && c != F32) refuse(where, "bfloat16_t inputs accumulate in float only (PTX ISA: " + kind + " with .bf16)");
            }
            case I8 -> {
                if (a.bits() != 8 || b.bits() != 8) {
                    refuse(where, "A and B are " + p.a.cute() + " and " + p.b.cute() + "; the family takes int8_t or uint8_t (CuTe static_asserts \""
                            + f.name + " supports 8bit types\")");
                }
                if (!Set.of(S8, U8).contains(a) || !Set.of(S8, U8).contains(b)) {
                    refuse(where, "A and B are " + p.a.cute() + " and " + p.b.cute() + "; " + kind + " reads int8_t or uint8_t (PTX ISA: .s8, .u8)");
                }
                boolean asserts = f.name.equals("SM100_MMA_S8_SS") || f.name.equals("SM100_MMA_S8_SS_SPARSE"); // mma_sm100_umma.hpp:970, :1051
                if (c != S32) refuse(where, "the accumulator is " + p.c.cute() + "; the result type can only be int32_t (" + (asserts
                        ? "CuTe static_asserts \"" + f.name + " result type can only be int32_t.\"; " : "") + kind + " accumulates in s32"
                        + (asserts ? "" : "; CuTe's " + f.name + " checks nothing") + ")");
            }
            case F8F6F4, MXF8F6F4 -> {
                if (!F8F6F4_TYPES.contains(a) || !F8F6F4_TYPES.contains(b)) {
                    refuse(where, "A and B are " + p.a.cute() + " and " + p.b.cute() + "; " + kind + " reads 8-, 6- and 4-bit floats"
                            + " (float_e4m3_t, float_e5m2_t, float_e2m3_t, float_e3m2_t, float_e2m1_t, or CuTe's type_erased_dynamic_float8_t/6/4)"
                            + (a.bits() > 8 || b.bits() > 8 ? " (CuTe static_asserts \"" + f.name + " supports types with leq 8bit types\")"
                                    : " (PTX ISA)"));
                }
                if (f.kind == Kind.F8F6F4 && c != F32 && c != F16) refuse(where, "the accumulator is " + p.c.cute() + "; " + kind
                        + " accumulates in half_t or float (PTX ISA)");
                if (f.kind == Kind.MXF8F6F4) {
                    if (c != F32) refuse(where, "the accumulator is " + p.c.cute() + "; " + kind + " accumulates in float only (PTX ISA)");
                    if (p.sf.element() != UE8M0) refuse(where, "the scale factors are " + p.sf.cute() + "; " + kind
                            + " scales by float_ue8m0_t, one per 32 elements (PTX ISA)");
                }
            }
            case MXF4, MXF4NVF4 -> {
                Set<Element> four = Set.of(E2M1, DYNAMIC_F4);
                if (a.bits() != 4 || b.bits() != 4 || !four.contains(a) || !four.contains(b)) {
                    refuse(where, "A and B are " + p.a.cute() + " and " + p.b.cute() + "; the family takes 4-bit types, float_e2m1_t or"
                            + " type_erased_dynamic_float4_t (CuTe static_asserts \"" + f.name + " supports 4bit types\")");
                }
                if (c != F32) refuse(where, "the accumulator is " + p.c.cute() + "; the block-scaled kinds accumulate in float only (PTX ISA)");
                if (p.sf.element() != UE8M0 && p.sf.element() != UE4M3) refuse(where, "the scale factors are " + p.sf.cute()
                        + "; the instruction descriptor names float_ue8m0_t or float_ue4m3_t (CuTe's UMMA::to_ScaleFormat)");
            }
        }
        if (!f.ms.contains(p.m)) {
            boolean stated = !f.name.equals("SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE");
            refuse(where, "M = " + p.m + ", and " + f.name + " takes M = " + String.join(" or ", f.ms.stream().sorted().map(String::valueOf).toList())
                    + (stated ? " (CuTe static_asserts \"" + f.mRule + "\")" : " (" + f.mRule + ")"));
        }
        if (!f.n.takes(p.m, p.n, p.majorB)) {
            refuse(where, "N = " + p.n + " is not one " + f.name + " takes for M = " + p.m + (f.kind == Kind.F8F6F4 && !f.sparse && !f.ts
                    ? " and a " + p.majorB + "-major B" : "") + " (CuTe static_asserts \"" + f.nRule + "\")");
        }
        if (f.kind.takesVs()) {
            boolean twoX = f.kind == Kind.MXF4 ? p.vs == 32 : p.vs == 64;
            boolean fourX = f.kind == Kind.MXF4 ? p.vs == 16 : p.vs == 32;
            int big = f.kind == Kind.MXF4 ? 32 : 64, small = big / 2;
            // the operation asserts VS (mma_sm100_umma.hpp), but not SM100_MMA_MXF4NVF4_SS_SPARSE, whose traits' 2x-mode
            // assert refuses it; SM100_MMA_MXF4_2x1SM_SS's traits have no 2x-mode assert (the PTX ISA's kind::mxf4 refuses)
            String twoXRule = "2x mode (VectorSize=" + big + ") only supports a_type and b_type=float_e2m1_t or"
                    + " cutlass::type_erased_dynamic_float4_t and sf_type=ue8m0_t";
            boolean vsAssert = !f.name.equals("SM100_MMA_MXF4NVF4_SS_SPARSE");
            boolean twoXAssert = !f.name.equals("SM100_MMA_MXF4_2x1SM_SS");
            if (!twoX && !fourX) {
                refuse(where, "VS = " + p.vs + ", and " + f.name + "'s vector size can only be " + small + " or " + big + " (CuTe static_asserts \""
                        + (vsAssert ? f.name + " Vector size can only be " + small + " or " + big + "." : twoXRule) + "\")");
            }
            if (twoX && (a != E2M1 && a != DYNAMIC_F4 || b != E2M1 && b != DYNAMIC_F4 || p.sf.element() != UE8M0)) {
                refuse(where, "VS = " + big + " (the 2x mode, kind::mxf4) takes float_e2m1_t or type_erased_dynamic_float4_t A and B and"
                        + " float_ue8m0_t scale factors (" + (twoXAssert ? "CuTe static_asserts \"" + twoXRule + "\""
                                : "the PTX ISA's tcgen05.mma .kind::mxf4 with .block32 scales by ue8m0; CuTe's " + f.name + " checks nothing") + ")");
            }
        }
        if (f.ts && p.majorA != Major.K) {
            String op = f.ctas == 1 && (f.kind == Kind.TF32 || f.kind == Kind.F16) ? f.name.replace("_TS", "") : f.name;
            refuse(where, "A comes from tensor memory, which holds it K-major; A cannot be MN-major (CuTe static_asserts \""
                    + op + " A from TMEM can't be transposed\")");
        }
    }

    private static void refuse(String where, String why) {
        throw new LayoutArgumentException(where + ": " + why);
    }

    private static MmaAtom atom(Parts p) {
        Family f = p.f;
        int m = p.m, n = p.n, k = f.k();
        String ptx = ptx(p);
        String section = "PTX ISA: TensorCore 5th Generation Family Instructions: tcgen05.mma" + (f.sparse ? ".sp" : "")
                + " (.cta_group::" + f.ctas + ", .kind::" + f.kind.ptx + "): " + (f.ts ? "A in tensor memory" : "A")
                + " and B " + (f.ts ? "a shared-memory descriptor" : "shared-memory descriptors") + ", D in tensor memory";
        Layout thr, a, b, c;
        if (f.ctas == 1) {
            thr = Layout.of(IntTuple.of(1), IntTuple.of(0));
            a = Layout.parse("(1,(" + m + "," + k + ")):(0,(1," + m + "))");
            b = Layout.parse("(1,(" + n + "," + k + ")):(0,(1," + n + "))");
            c = Layout.parse("(1,(" + m + "," + n + ")):(0,(1," + m + "))");
        } else {
            thr = Layout.of(IntTuple.of(2), IntTuple.of(1));
            a = Layout.parse("(2,(" + m / 2 + "," + k + ")):(" + m / 2 + ",(1," + m + "))");
            b = Layout.parse("(2,(" + n / 2 + "," + k + ")):(" + n / 2 + ",(1," + n + "))");
            c = Layout.parse("(2,(" + m / 2 + "," + n + ")):(" + m / 2 + ",(1," + m + "))");
        }
        MmaAtom.Arguments args = new MmaAtom.Arguments(p.majorA, p.majorB, p.scaleA, p.scaleB, MmaAtom.SparseSel.Zero);
        return new MmaAtom(p.spell(), f.ts ? MmaAtom.Family.UMMA_TS : MmaAtom.Family.UMMA_SS, ptx, section, "sm_100a", p.c.element(),
                p.a.element(), IntTuple.flat(m, n, k), thr, a, b, c, p.b.element(), args, null);
    }

    /** The instruction as CuTe's operation writes it (CUDA 12.9 and later, for the 4-bit block-scaled kinds). */
    private static String ptx(Parts p) {
        Family f = p.f;
        String head = "tcgen05.mma" + (f.sparse ? ".sp" : "") + ".cta_group::" + f.ctas + ".kind::";
        return switch (f.kind) {
            case TF32, F16, I8, F8F6F4 -> head + f.kind.ptx;
            case MXF8F6F4 -> head + "mxf8f6f4.block_scale";
            case MXF4, MXF4NVF4 -> {
                boolean twoX = f.kind == Kind.MXF4 ? p.vs == 32 : p.vs == 64;
                yield head + (twoX ? "mxf4.block_scale.block32" : "mxf4nvf4.block_scale.block16");
            }
        };
    }

    /**
     * The families as lines a person reads: each family's name, its template, the M and N it takes and K; the
     * catalog's listing (the families hold thousands of atoms).
     */
    static List<String> catalog() {
        List<String> out = new ArrayList<>();
        for (Family f : FAMILIES) {
            List<Integer> ms = f.ms.stream().sorted().toList();
            out.add(f.name + "<" + params(f) + ">  M = "
                    + String.join("|", ms.stream().map(String::valueOf).toList()) + ", " + nRange(f, ms) + ", K = " + f.k() + ", "
                    + (f.ts ? "A in tensor memory (K-major), B in shared memory" : "A and B in shared memory") + ", C in tensor memory, "
                    + f.ctas + " CTA" + (f.ctas == 1 ? "" : "s") + "  " + ptxFamily(f));
        }
        return out;
    }

    /** The template's parameters by name, the defaulted ones in brackets: {@code a_type,...,b_major[,a_neg,b_neg]}. */
    private static String params(Family f) {
        List<String> w = new ArrayList<>(List.of("a_type", "b_type", "c_type"));
        if (f.kind.blockScaled()) w.add("sf_type");
        w.addAll(List.of("M", "N"));
        if (f.kind.takesVs()) w.add("VS");
        w.addAll(List.of("a_major", "b_major"));
        String tail = switch (f.tail) {
            case SCALES -> "[,a_neg,b_neg]";
            case SCALES_SATURATE -> "[,a_neg,b_neg,c_sat]";
            case SATURATE -> "[,c_sat]";
        };
        return String.join(",", w) + tail;
    }

    private static String ptxFamily(Family f) {
        String head = "tcgen05.mma" + (f.sparse ? ".sp" : "") + ".cta_group::" + f.ctas + ".kind::";
        return switch (f.kind) {
            case TF32, F16, I8, F8F6F4 -> head + f.kind.ptx;
            case MXF8F6F4 -> head + "mxf8f6f4.block_scale";
            case MXF4, MXF4NVF4 -> head + "mxf4.block_scale.block32|mxf4nvf4.block_scale.block16";
        };
    }

    /** The N a family takes, as "N = 8..256 step 8", by M and the major of B where the rule depends on them. */
    private static String nRange(Family f, List<Integer> ms) {
        boolean byM = false, byB = false;
        for (int n = 8; n <= 256; n += 8) {
            for (Major b : Major.values()) if (f.n.takes(ms.getFirst(), n, b) != f.n.takes(ms.getLast(), n, b)) byM = true;
            for (int m : ms) if (f.n.takes(m, n, Major.K) != f.n.takes(m, n, Major.MN)) byB = true;
        }
        List<String> out = new ArrayList<>();
        for (int m : byM ? ms : List.of(ms.getFirst())) {
            for (Major b : byB ? List.of(Major.K, Major.MN) : List.of(Major.K)) {
                List<Integer> ns = new ArrayList<>();
                for (int n = 8; n <= 256; n += 8) if (f.n.takes(m, n, b)) ns.add(n);
                int step = ns.get(ns.size() - 1) - ns.get(ns.size() - 2);
                String r = ns.getFirst() == 8 && step == 16 ? "N = 8 or 16..256 step 16" : "N = " + ns.getFirst() + "..256 step " + step;
                String label = ((byM ? "M=" + m : "") + (byM && byB ? " " : "") + (byB ? b + "-major B" : "")).strip();
                out.add(label.isEmpty() ? r : label + ": " + r);
            }
        }
        return String.join("; ", out);
    }

    /**
     * One atom of each family, at its largest M and N = 128 (or the nearest N it takes), K-major, with the example
     * types of the family's kind.
     */
    static List<MmaAtom> samples() {
        List<MmaAtom> out = new ArrayList<>();
        for (Family f : FAMILIES) out.add(named(AtomName.parse(example(f)), example(f)));
        return out;
    }
}
