package org.layoutcat.core.atom;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.atom.MmaAtom.Arguments;
import org.layoutcat.core.atom.MmaAtom.ScaleIn;
import org.layoutcat.core.atom.MmaAtom.SparseSel;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * An MMA atom's name as a person writes CuTe's type, read: the operation's name and its template arguments, if any
 * ({@code SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>},
 * {@code cute::SM90_64x64x16_F32F16F16_SS<cute::GMMA::Major::K,cute::GMMA::Major::MN, GMMA::ScaleIn::Neg, GMMA::ScaleIn::One>},
 * {@code GMMA::SPARSE::GMMA_64x8x32_F16F16F16_SS<GMMA::Major::K, GMMA::Major::K>}). The catalog's one reader of names,
 * and its writer ({@link #spell}). Immutable.
 *
 * <p>The name loses a leading {@code cute::}; a sparse GMMA atom's is written from CuTe's namespace,
 * {@code SM90::GMMA::SPARSE::GMMA_...} (CuTe opens {@code SM90}, so {@code GMMA::SPARSE::GMMA_...} reads the same).
 * An argument is {@code [cute::][SM90::]GMMA::Major::K|MN}, {@code GMMA::ScaleIn::One|Neg} or
 * {@code GMMA::SparseSel::Zero|One}; spaces around names, brackets and commas are free.
 *
 * @param name      the operation's name, e.g. {@code SM90_64x64x16_F32F16F16_SS}
 * @param templated whether the text gave a template argument list, {@code <>} included
 * @param args      the arguments, in order
 */
record AtomName(String name, boolean templated, List<Arg> args) {
    /** One template argument: a value of one of CuTe's GMMA enums. */
    sealed interface Arg {
        /** {@code GMMA::Major::K} or {@code ::MN}. */
        record OfMajor(Major major) implements Arg {}

        /** {@code GMMA::ScaleIn::One} or {@code ::Neg}. */
        record OfScale(ScaleIn scale) implements Arg {}

        /** {@code GMMA::SparseSel::Zero} or {@code ::One}. */
        record OfSparseSel(SparseSel sel) implements Arg {}

        /** {@code UMMA::Major::K} or {@code ::MN}: a UMMA atom's major of A or B. */
        record OfUmmaMajor(Major major) implements Arg {}

        /** {@code UMMA::ScaleIn::One} or {@code ::Neg}: a UMMA atom's {@code a_neg} or {@code b_neg}. */
        record OfUmmaScale(ScaleIn scale) implements Arg {}

        /** {@code UMMA::Saturate::False} or {@code ::True}: a UMMA atom's {@code c_sat}. */
        record OfSaturate(boolean saturate) implements Arg {}

        /** An integer argument: a UMMA atom's M, N or scale-factor vector size VS, an SM120 atom's VS. */
        record OfInt(int value) implements Arg {}

        /** An element type, as CuTe names it ({@code half_t}, {@code float_e4m3_t}, {@code type_erased_dynamic_float8_t}). */
        record OfType(String cute, Element element) implements Arg {}
    }

    /**
     * The element types a UMMA or SM120 atom's template takes, by CuTe's names (in namespace {@code cute}, or
     * {@code cutlass} where CuTe takes them from).
     */
    static final java.util.Map<String, Element> TYPES = java.util.Map.ofEntries(
            java.util.Map.entry("half_t", Element.F16), java.util.Map.entry("bfloat16_t", Element.BF16),
            java.util.Map.entry("tfloat32_t", Element.TF32), java.util.Map.entry("float", Element.F32),
            java.util.Map.entry("int32_t", Element.S32), java.util.Map.entry("int8_t", Element.S8),
            java.util.Map.entry("uint8_t", Element.U8), java.util.Map.entry("float_e4m3_t", Element.E4M3),
            java.util.Map.entry("float_e5m2_t", Element.E5M2), java.util.Map.entry("float_e2m3_t", Element.E2M3),
            java.util.Map.entry("float_e3m2_t", Element.E3M2), java.util.Map.entry("float_e2m1_t", Element.E2M1),
            java.util.Map.entry("float_ue8m0_t", Element.UE8M0), java.util.Map.entry("float_ue4m3_t", Element.UE4M3),
            java.util.Map.entry("type_erased_dynamic_float8_t", Element.DYNAMIC_F8),
            java.util.Map.entry("type_erased_dynamic_float6_t", Element.DYNAMIC_F6),
            java.util.Map.entry("type_erased_dynamic_float4_t", Element.DYNAMIC_F4));

    /** The kinds of a GMMA template's parameters, in CuTe's order. */
    enum Param {
        MAJOR("GMMA::Major", "tnsp"), SCALE("GMMA::ScaleIn", "scale"), SPARSE_SEL("GMMA::SparseSel", "spsel");

        private final String kind;
        private final String cute;

        Param(String kind, String name) {
            this.kind = kind;
            this.cute = kind + " " + name;
        }
    }

    AtomName {
        args = List.copyOf(args);
    }

    private static final String SPARSE_NAMESPACE = "SM90::GMMA::SPARSE::";

    /**
     * The name and arguments of {@code text}.
     *
     * @throws LayoutArgumentException where the brackets do not close, or an argument is none of CuTe's GMMA enums' values
     */
    static AtomName parse(String text) {
        String t = text.strip();
        int open = t.indexOf('<');
        String name = (open < 0 ? t : t.substring(0, open)).strip();
        if (name.startsWith("cute::")) name = name.substring("cute::".length()).strip();
        if (name.startsWith("GMMA::SPARSE::")) name = "SM90::" + name;
        if (name.startsWith("BLOCKSCALED::")) name = "SM120::" + name;
        if (open < 0) return new AtomName(name, false, List.of());
        if (!t.endsWith(">") || t.indexOf('<', open + 1) >= 0 || t.indexOf('>') != t.length() - 1) {
            throw new LayoutArgumentException("MMA atom \"" + LayoutArgumentException.quote(text) + "\": the template argument list"
                    + " opened at position " + open + " does not close once, at the end, with '>'");
        }
        String inner = t.substring(open + 1, t.length() - 1).strip();
        List<Arg> args = new ArrayList<>();
        if (!inner.isEmpty()) {
            for (String word : inner.split(",", -1)) args.add(arg(text, word.strip()));
        }
        return new AtomName(name, true, args);
    }

    /** One argument, its namespaces ({@code cute::}, {@code SM90::}) dropped. */
    private static Arg arg(String text, String word) {
        String w = word;
        if (w.startsWith("cute::")) w = w.substring("cute::".length());
        if (w.startsWith("cutlass::")) w = w.substring("cutlass::".length());
        if (w.startsWith("SM90::")) w = w.substring("SM90::".length());
        w = w.replace(" ", "");
        if (w.matches("[0-9]{1,6}")) return new Arg.OfInt(Integer.parseInt(w));
        Element type = TYPES.get(w);
        if (type != null) return new Arg.OfType(w, type);
        Arg a = switch (w) {
            case "UMMA::Major::K" -> new Arg.OfUmmaMajor(Major.K);
            case "UMMA::Major::MN" -> new Arg.OfUmmaMajor(Major.MN);
            case "UMMA::ScaleIn::One" -> new Arg.OfUmmaScale(ScaleIn.One);
            case "UMMA::ScaleIn::Neg" -> new Arg.OfUmmaScale(ScaleIn.Neg);
            case "UMMA::Saturate::False" -> new Arg.OfSaturate(false);
            case "UMMA::Saturate::True" -> new Arg.OfSaturate(true);
            case "GMMA::Major::K" -> new Arg.OfMajor(Major.K);
            case "GMMA::Major::MN" -> new Arg.OfMajor(Major.MN);
            case "GMMA::ScaleIn::One" -> new Arg.OfScale(ScaleIn.One);
            case "GMMA::ScaleIn::Neg" -> new Arg.OfScale(ScaleIn.Neg);
            case "GMMA::SparseSel::Zero" -> new Arg.OfSparseSel(SparseSel.Zero);
            case "GMMA::SparseSel::One" -> new Arg.OfSparseSel(SparseSel.One);
            default -> null;
        };
        if (a == null) {
            throw new LayoutArgumentException("MMA atom \"" + LayoutArgumentException.quote(text) + "\": template argument \""
                    + LayoutArgumentException.quote(word) + "\" is none of GMMA::Major::K|MN, GMMA::ScaleIn::One|Neg,"
                    + " GMMA::SparseSel::Zero|One, UMMA::Major::K|MN, UMMA::ScaleIn::One|Neg, UMMA::Saturate::False|True,"
                    + " an integer, or an element type of CuTe's (" + String.join(", ", new java.util.TreeSet<>(TYPES.keySet())) + ")");
        }
        return a;
    }

    /** Whether the name is of CuTe's sparse GMMA namespace. */
    boolean sparse() {
        return name.startsWith(SPARSE_NAMESPACE);
    }

    /** The name without the sparse namespace, {@code GMMA_64x...} for a sparse atom. */
    String local() {
        return sparse() ? name.substring(SPARSE_NAMESPACE.length()) : name;
    }

    /** The name of a sparse GMMA atom whose local name is {@code local}. */
    static String sparseName(String local) {
        return SPARSE_NAMESPACE + local;
    }

    /**
     * The arguments of the type whose template takes {@code params}, read from these (a bare name of a template that
     * needs majors reads them K-major, the catalog's shorthand, where CuTe wants them written); the rest take CuTe's
     * defaults.
     *
     * @param params the template's parameters in order; empty where the type is no template
     * @throws LayoutArgumentException where an argument list is given to a type that is no template, an argument is of
     *         another kind than its parameter, there are more arguments than parameters, or majors are missing from a
     *         list that is given
     */
    Arguments arguments(List<Param> params, String text) {
        String where = "MMA atom \"" + LayoutArgumentException.quote(text) + "\": ";
        if (params.isEmpty() && templated) {
            throw new LayoutArgumentException(where + "CuTe's " + name + " is no template; write it without <...>");
        }
        if (args.size() > params.size()) {
            throw new LayoutArgumentException(where + "CuTe's " + name + " takes " + params.size() + " template argument"
                    + (params.size() == 1 ? "" : "s") + " (" + signature(params).strip() + "), not " + args.size()
                    + (params.contains(Param.MAJOR) ? "" : ": wgmma reads its operands K-major only (_TN), and its type takes no majors"));
        }
        boolean majors = params.contains(Param.MAJOR);
        if (templated && majors && args.size() < 2) {
            throw new LayoutArgumentException(where + "CuTe's " + name + " needs the majors of A and B (" + signature(params).strip()
                    + "), e.g. " + name + "<GMMA::Major::K, GMMA::Major::K>");
        }
        Major a = Major.K, b = Major.K;
        ScaleIn scaleA = ScaleIn.One, scaleB = ScaleIn.One;
        SparseSel sel = SparseSel.Zero;
        int majorsSeen = 0, scalesSeen = 0;
        for (int i = 0; i < args.size(); i++) {
            Param p = params.get(i);
            Arg arg = args.get(i);
            switch (arg) {
                case Arg.OfMajor(Major m) when p == Param.MAJOR -> {
                    if (majorsSeen++ == 0) a = m; else b = m;
                }
                case Arg.OfScale(ScaleIn s) when p == Param.SCALE -> {
                    if (scalesSeen++ == 0) scaleA = s; else scaleB = s;
                }
                case Arg.OfSparseSel(SparseSel s) when p == Param.SPARSE_SEL -> sel = s;
                default -> throw new LayoutArgumentException(where + "CuTe's " + name + " is" + signature(params)
                        + ": its template argument " + (i + 1) + " is a " + p.kind + ", not " + describe(arg)
                        + (arg instanceof Arg.OfMajor && !majors ? "; wgmma reads " + name + "'s operands K-major only (_TN),"
                                + " and its type takes no majors" : ""));
            }
        }
        return new Arguments(a, b, scaleA, scaleB, sel);
    }

    /** An argument as CuTe writes it: {@code UMMA::Major::MN}, {@code 128}, {@code half_t}. */
    static String describe(Arg a) {
        return switch (a) {
            case Arg.OfMajor(Major m) -> "GMMA::Major::" + m;
            case Arg.OfScale(ScaleIn s) -> "GMMA::ScaleIn::" + s;
            case Arg.OfSparseSel(SparseSel s) -> "GMMA::SparseSel::" + s;
            case Arg.OfUmmaMajor(Major m) -> "UMMA::Major::" + m;
            case Arg.OfUmmaScale(ScaleIn s) -> "UMMA::ScaleIn::" + s;
            case Arg.OfSaturate(boolean b) -> "UMMA::Saturate::" + (b ? "True" : "False");
            case Arg.OfInt(int v) -> String.valueOf(v);
            case Arg.OfType(String t, Element e) -> t;
        };
    }

    private static String signature(List<Param> params) {
        List<String> out = new ArrayList<>();
        int majors = 0, scales = 0;
        for (Param p : params) {
            out.add(p.cute + switch (p) {
                case MAJOR -> majors++ == 0 ? "A" : "B";
                case SCALE -> scales++ == 0 ? "A" : "B";
                case SPARSE_SEL -> "";
            });
        }
        return " template <" + String.join(", ", out) + ">";
    }

    /** The parameters of a GMMA template: majors for 16-bit A and B, scales for floating-point inputs, the selector when sparse. */
    static List<Param> params(MmaAtom.Family family, Element d, Element a, Element b) {
        List<Param> out = new ArrayList<>();
        if (family == MmaAtom.Family.MMA_SYNC || family == MmaAtom.Family.UMMA_SS || family == MmaAtom.Family.UMMA_TS) return out;
        if (MmaAtom.takesMajors(family, a, b)) {
            out.add(Param.MAJOR);
            out.add(Param.MAJOR);
        }
        if (d != Element.S32) {
            out.add(Param.SCALE);
            out.add(Param.SCALE);
        }
        if (family.sparse()) out.add(Param.SPARSE_SEL);
        return out;
    }

    /**
     * The atom's type as CuTe spells it: its name, then, for a template, its arguments as far as one differs from
     * CuTe's default (the majors always), separated by ", ": {@code SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>},
     * {@code SM90_64x64x8_F32TF32TF32_SS_TN<>}, {@code SM90_64x64x32_S32S8S8_SS_TN}.
     */
    static String spell(MmaAtom atom) {
        if (atom.umma()) return atom.name(); // the name is the whole type
        List<Param> params = params(atom.family(), atom.d(), atom.ab(), atom.bType());
        if (params.isEmpty()) return atom.name();
        Arguments g = atom.args();
        List<String> words = new ArrayList<>();
        List<Boolean> defaults = new ArrayList<>();
        int scales = 0, majors = 0;
        for (Param p : params) {
            switch (p) {
                case MAJOR -> {
                    words.add("GMMA::Major::" + (majors++ == 0 ? g.a() : g.b()));
                    defaults.add(false); // the majors have no default in CuTe
                }
                case SCALE -> {
                    ScaleIn s = scales++ == 0 ? g.scaleA() : g.scaleB();
                    words.add("GMMA::ScaleIn::" + s);
                    defaults.add(s == ScaleIn.One);
                }
                case SPARSE_SEL -> {
                    words.add("GMMA::SparseSel::" + g.sparseSel());
                    defaults.add(g.sparseSel() == SparseSel.Zero);
                }
            }
        }
        int keep = words.size(); // trailing arguments at CuTe's defaults are left out
        while (keep > 0 && defaults.get(keep - 1)) keep--;
        return atom.name() + "<" + String.join(", ", words.subList(0, keep)) + ">";
    }
}
