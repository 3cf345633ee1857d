package org.layoutcat.ops.code;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.layoutcat.ops.Answer;
import org.layoutcat.ops.Args;
import org.layoutcat.ops.CodeForm;
import org.layoutcat.ops.Field;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Param;
import org.layoutcat.ops.Request;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.ScaledBasis;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.core.modes.SliceCoord;

/**
 * The bridge to kernel code: a request and layoutcat's answer written as a self-contained CuTe C++ test
 * ({@code #include <cute/tensor.hpp>}, static integers {@code Int<N>{}}, {@code CUTE_STATIC_ASSERT_V} on every part
 * known at compile time, a runtime check for the offsets CuTe keeps in a tensor's iterator) or as its CuTe DSL
 * (Python) equivalent, from the operation's {@link CodeForm} in the table. The C++ is C++17 host code for g++
 * against the CUTLASS headers (which include CUDA's headers): a kernel engineer drops it into a test suite, and the
 * build fails where CuTe disagrees with layoutcat.
 *
 * <p>Values are written by their type: a layout as {@code make_layout} with basis strides {@code Int<v>{} * E<i>{}},
 * a swizzled layout as {@code make_composed_layout(Swizzle<B,M,S>{}, Int<off>{}, layout)}, tilers, tuples and
 * coordinates with CuTe's makers, an atom as its operation's type. A swizzled answer is compared part by part
 * ({@code layout_a()}, {@code offset()}, {@code layout_b()}) by a helper the program defines.
 *
 * <p>An operation without a form of that language, or an answer layoutcat refuses, is an IllegalArgumentException
 * saying so.
 */
public final class CodeWriter {
    private CodeWriter() {}

    private static final Pattern SLOT = Pattern.compile("\\{(\\w+)(?::(\\w+))?(?:=(-?\\d+))?}");
    private static final Pattern OPTIONAL = Pattern.compile("⟦([^⟦⟧]*)⟧");

    /** The C++ test of {@code op(args)}, asserting layoutcat's answer. */
    public static String cpp(String op, List<String> args) {
        return program(op, args).text();
    }

    /**
     * The answer of {@code op(args)}, where it is a layout, as a CuTe C++ type:
     * {@code using Layout = decltype(make_layout(make_shape(Int<8>{}, Int<64>{}), make_stride(Int<64>{}, Int<1>{})));},
     * every integer static, so that the type is the layout (a shared-memory layout's declaration, say).
     *
     * @throws IllegalArgumentException where the operation is refused, or answers something else than a layout
     */
    public static String declaration(String op, List<String> args) {
        Object v = Operations.answer(new Request(op, args, "auto")).value();
        return switch (v) {
            case Layout _, ComposedLayout _, CoordLayout _ -> "// " + v + "\nusing Layout = decltype(" + Cpp.INSTANCE.value(v) + ");\n";
            default -> throw new IllegalArgumentException(op + " answers " + v + ", no layout to declare as a C++ type");
        };
    }

    /**
     * A generated C++ test in parts, so that several can share one translation unit.
     *
     * @param heading  the comment lines naming the request and layoutcat's answer
     * @param defines  the preprocessor lines that must come before {@code <cute/tensor.hpp>}
     * @param helpers  the definitions the checks call, after the includes
     * @param body     the lines of {@code main} before its {@code printf("ok")}: each check returns 1 or fails to
     *                 compile where CuTe's answer differs
     */
    public record Program(List<String> heading, Set<String> defines, Set<String> helpers, List<String> body) {
        public Program {
            heading = List.copyOf(heading);
            defines = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(defines));
            helpers = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(helpers));
            body = List.copyOf(body);
        }

        /** The self-contained program. */
        String text() {
            StringBuilder sb = new StringBuilder();
            for (String h : heading) sb.append(h).append('\n');
            for (String d : defines) sb.append(d).append('\n');
            sb.append("#include <cstdio>\n#include <cute/tensor.hpp>\n\nusing namespace cute;\n\n");
            for (String h : helpers) sb.append(h).append("\n\n");
            sb.append("int main() {\n");
            for (String l : body) sb.append(l).append('\n');
            sb.append("  printf(\"ok\\n\");\n  return 0;\n}\n");
            return sb.toString();
        }
    }

    /** The C++ test of {@code op(args)} in parts. */
    public static Program program(String op, List<String> args) {
        Answered answered = Answered.of(op, args, "cpp", "CuTe C++", Operation::cpp);
        Operation o = answered.operation();
        Args a = answered.args();
        Answer answer = answered.answer();
        CodeForm.Call form = answered.form();
        Map<String, String> declared = new LinkedHashMap<>();
        List<String> setup = new ArrayList<>();
        for (String s : form.setup()) setup.add("  " + fill(s, a, declared, Cpp.INSTANCE));
        String call = fill(form.call(), a, declared, Cpp.INSTANCE);
        List<String> body = new ArrayList<>();
        declared.forEach((name, value) -> body.add("  auto " + name + " = " + value + ";"));
        body.addAll(setup);
        body.add("  auto r = " + call + ";");
        Set<String> helpers = new LinkedHashSet<>();
        form.checks().forEach((part, check) -> {
            Object want = checked(answer, part);
            if (want == null && !presentIn(o, part, answer)) return; // a conditional part this answer has not
            if (want == null) throw new IllegalStateException(op + ": no reply part " + part + " to check");
            if (want instanceof ComposedLayout) helpers.add(Cpp.IS_SWIZZLED);
            if (CodeForm.IDENTITY.equals(check.valueOf())) body.add(Cpp.identityCheck(check, want));
            else body.addAll(Cpp.check(check, want, check.valueOf() == null ? null : valueOfLayout(a, check.valueOf())));
        });
        Set<String> defines = new LinkedHashSet<>();
        for (Param<?> p : o.params()) if (a.has(p)) defines.addAll(Cpp.defines(a.get(p)));
        for (String h : form.headers()) defines.add("#include <" + h + ">");
        StringBuilder head = new StringBuilder("// layoutcat cpp ").append(op);
        for (String x : args) head.append(" \"").append(x).append('"');
        StringBuilder said = new StringBuilder("// layoutcat's answer: ").append(answer.result());
        answer.fields().forEach((k, v) -> said.append(", ").append(k).append(' ').append(v));
        return new Program(List.of(head.toString(), said.toString(),
                "// A host program for CuTe C++ (CUTLASS's include/): it does not compile, or returns 1, where CuTe's answer differs."),
                defines, helpers, body);
    }

    /** The CuTe DSL (Python) version of {@code op(args)}, asserting layoutcat's answer on the printed value. */
    public static String dsl(String op, List<String> args) {
        Answered answered = Answered.of(op, args, "dsl", "CuTe DSL", Operation::dsl);
        Args a = answered.args();
        Answer answer = answered.answer();
        CodeForm.Call form = answered.form();
        Map<String, String> declared = new LinkedHashMap<>();
        List<String> setup = new ArrayList<>();
        for (String s : form.setup()) setup.add(fill(s, a, declared, Dsl.INSTANCE));
        String call = fill(form.call(), a, declared, Dsl.INSTANCE);
        StringBuilder sb = new StringBuilder();
        sb.append("# layoutcat cpp --dsl ").append(op);
        for (String x : args) sb.append(" \"").append(x).append('"');
        sb.append("\n# layoutcat's answer: ").append(answer.result());
        answer.fields().forEach((k, v) -> sb.append(", ").append(k).append(' ').append(v));
        sb.append("\nimport cutlass\nimport cutlass.cute as cute\n\n\n@cute.jit\ndef check():\n");
        for (String s : setup) sb.append("    ").append(s).append('\n');
        declared.forEach((name, value) -> sb.append("    ").append(name).append(" = ").append(value).append('\n'));
        sb.append("    r = ").append(call).append('\n');
        sb.append("    print(r)\n");
        form.checks().forEach((part, check) -> {
            Object want = checked(answer, part);
            String text = want instanceof Boolean b ? (b ? "True" : "False") : dslPrinted(String.valueOf(want));
            sb.append("    assert str(").append(check.expr()).append(").replace(\" \", \"\") == \"").append(text.replace(" ", ""))
                    .append("\", str(").append(check.expr()).append(")\n");
        });
        sb.append("\n\ncheck()\n");
        return sb.toString();
    }

    /**
     * A value as CuTe DSL prints it, from CuTe C++'s print: the swizzle {@code Sw<B,M,S>} is {@code S<B,M,S>} (CuTe DSL's
     * {@code Swizzle.__str__} cuts it out of its MLIR type {@code !cute.swizzle<"S<B,M,S>">}, and a composed layout
     * prints {@code inner o offset o outer}: {@code S<3,4,3> o 0 o (8,8):(64,1)}; python/CuTeDSL/cutlass/cute/core.py).
     */
    static String dslPrinted(String cpp) {
        return cpp.replace("Sw<", "S<");
    }

    /** Whether the operation declares {@code part} present in {@code answer} (a conditional field's condition). */
    private static boolean presentIn(Operation o, Field<?> part, Answer answer) {
        for (Field<?> f : o.fields()) if (f.equals(part)) return f.presentIn(answer);
        return true;
    }

    /**
     * The value a check expects: the result ({@link Field#RESULT}) or a field's value, a field's tuple of one integer (a
     * slice's offset where the layout has integer strides) as that integer; null where the answer has no such part.
     */
    private static Object checked(Answer answer, Field<?> part) {
        if (part.equals(Field.RESULT)) return answer.value();
        Object v = answer.get(part);
        return v instanceof IntTuple t && t.isLeaf() ? (Object) t.value() : v;
    }

    /** A request read and answered, and the operation's code form in one language. */
    private record Answered(Operation operation, Args args, Answer answer, CodeForm.Call form) {
        /**
         * Reads and answers {@code op(args)}, then takes its form in {@code language} ({@code formOf}).
         *
         * @throws IllegalArgumentException where the operation has no counterpart in that language, worded for
         *         {@code command}
         */
        static Answered of(String op, List<String> args, String command, String language, Function<Operation, CodeForm> formOf) {
            Operation o = Operations.named(op);
            Args a = o.read(new Request(op, args, "auto"));
            Answer answer = o.apply(a); // an overflow worded as the operation words it
            CodeForm.Call form = switch (formOf.apply(o)) {
                case CodeForm.Call c -> c;
                case CodeForm.None n -> throw new IllegalArgumentException(command + ": " + op + " has no " + language + " counterpart to test: " + n.reason());
            };
            return new Answered(o, a, answer, form);
        }
    }

    /** The layout argument named {@code name}, whose values a check compares. */
    private static AnyLayout valueOfLayout(Args a, String name) {
        for (Param<?> p : a.operation().params()) {
            if (p.name().equals(name) && a.has(p) && a.get(p) instanceof AnyLayout l) return l;
        }
        throw new IllegalStateException(a.operation().name() + ": no layout argument " + name);
    }

    /**
     * A template with its slots filled: a variable declared per argument, or the value written in place; a slot's
     * default ({@code {N:type=1}}) where its optional argument was left out.
     */
    private static String fill(String template, Args a, Map<String, String> declared, Language lang) {
        Matcher opt = OPTIONAL.matcher(template);
        StringBuilder kept = new StringBuilder();
        while (opt.find()) {
            Matcher slot = SLOT.matcher(opt.group(1));
            boolean given = true;
            while (slot.find()) given &= slot.group(3) != null || a.has(param(a, slot.group(1)));
            opt.appendReplacement(kept, Matcher.quoteReplacement(given ? opt.group(1) : ""));
        }
        opt.appendTail(kept);
        Matcher m = SLOT.matcher(kept);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Param<?> p = param(a, m.group(1));
            Object v = a.has(p) || m.group(3) == null ? a.get(p) : (Object) Long.parseLong(m.group(3));
            String how = m.group(2);
            String text;
            if (how == null) {
                declared.putIfAbsent(p.name(), lang.value(v));
                text = p.name();
            } else {
                text = lang.slot(how, v);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(text));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static Param<?> param(Args a, String name) {
        for (Param<?> p : a.operation().params()) if (p.name().equals(name)) return p;
        throw new IllegalStateException(a.operation().name() + ": a code template names " + name + ", which is no argument");
    }

    /** How values are written in a language. */
    private interface Language {
        /** A value as an expression of the language. */
        String value(Object v);

        /** A value written in place by a slot's modifier. */
        String slot(String how, Object v);
    }

    /** CuTe C++: static integers, {@code make_layout}, {@code make_tile}, {@code make_coord}. */
    private enum Cpp implements Language {
        INSTANCE;

        @Override
        public String value(Object v) {
            return switch (v) {
                case Layout l -> layout(CoordLayout.of(l));
                case CoordLayout c -> layout(c);
                case ComposedLayout c when c.pointerBits() != 0 -> "make_composed_layout(" + swizzle(c.byteSwizzle())
                        + ", smem_ptr_flag_bits<" + c.pointerBits() + ">{}, " + layout(CoordLayout.of(c.inner())) + ")";
                case ComposedLayout c -> "make_composed_layout(" + swizzle(c.outer()) + ", " + integer(c.offset()) + ", "
                        + layout(CoordLayout.of(c.inner())) + ")";
                case Tiler.ByMode t -> tiler(t);
                case IntTuple t -> tuple(t, "make_shape");
                case SliceCoord c -> coord(c);
                case Long n -> integer(n);
                case Integer n -> integer(n);
                case Boolean b -> b.toString();
                case MmaAtom m -> atomType(m) + "{}";
                case CopyAtom c -> atomType(c) + "{}";
                default -> throw new IllegalArgumentException("cpp: no C++ value for " + v);
            };
        }

        @Override
        public String slot(String how, Object v) {
            return switch (how) {
                case "literal" -> v instanceof IntTuple t && !t.isLeaf() ? tuple(t, "make_coord")
                        : v instanceof IntTuple t ? integer(t.value()) : value(v);
                case "int" -> String.valueOf(v instanceof IntTuple t ? t.value() : v);
                // a shape of run-time integers, as CUTLASS's problem shapes are (a mode of size 1 keeps its stride)
                case "ints" -> "make_shape(" + String.join(", ", java.util.Arrays.stream(((IntTuple) v).leaves()).mapToObj(String::valueOf).toList()) + ")";
                case "indices" -> indices(v);
                case "type" -> switch (v) {
                    case MmaAtom m -> atomType(m);
                    case CopyAtom c -> atomType(c);
                    default -> type(((Number) v).longValue());
                };
                case "name" -> v instanceof Enum<?> e ? e.name() : String.valueOf(v);
                case "tensor" -> tensor(v);
                default -> throw new IllegalStateException("cpp: unknown slot modifier " + how);
            };
        }

        /** The checks that {@code expr} equals {@code want}: at compile time, or when the test runs. */
        static List<String> check(CodeForm.Check c, Object want, AnyLayout valueOf) {
            if (valueOf instanceof CoordLayout l && want instanceof IntTuple v) return valueChecks(c.expr(), l, v, c.when());
            if (want instanceof ScaledBasis b) return List.of(assertion(c.expr(), stride(b), c.when()));
            if (want instanceof Boolean b) return List.of("  CUTE_STATIC_ASSERT_V(" + (b ? c.expr() : "not " + c.expr()) + ");");
            if (want instanceof ComposedLayout composed) {
                // CuTe's pointer form Sw o smem_ptr[Nb] o L is compared in element offsets, as CuTe converts it
                String expr = composed.pointerBits() == 0 ? c.expr() : "as_position_independent_swizzle_layout(" + c.expr() + ")";
                ComposedLayout w = composed.inOffsetForm();
                return List.of(holds("is_swizzled(" + expr + ", " + swizzle(w.outer()) + ", " + integer(w.offset())
                        + ", " + INSTANCE.value(w.inner()) + ")", c.expr() + " differs", c.when()));
            }
            String expected = want instanceof IntTuple t && !t.isLeaf() ? tuple(t, "make_coord")
                    : want instanceof IntTuple t ? integer(t.value()) : INSTANCE.value(want);
            return List.of(assertion(c.expr(), expected, c.when()));
        }

        /** The check that {@code expr} is the identity layout {@code want}, written with CuTe's basis strides. */
        static String identityCheck(CodeForm.Check c, Object want) {
            IntTuple shape = ((AnyLayout) want).shape();
            String expected = shape.isLeaf() ? "make_layout(" + integer(shape.value()) + ", E<>{})" : layout(CoordLayout.identity(shape));
            return assertion(c.expr(), expected, c.when());
        }

        private static String assertion(String expr, String expected, CodeForm.When when) {
            return holds("(" + expr + ") == " + expected, expr + " differs", when);
        }

        /** The check that a predicate holds: a static assertion, or where known only at run time, return 1 saying why. */
        private static String holds(String predicate, String why, CodeForm.When when) {
            if (when == CodeForm.When.COMPILE) return "  CUTE_STATIC_ASSERT_V(" + predicate + ");";
            return "  if (!(" + predicate + ")) { printf(\"" + why.replace("\\", "\\\\").replace("\"", "\\\"").replace("%", "%%") + "\\n\"); return 1; }";
        }

        /**
         * The helper that compares a swizzled layout part by part: {@code Sw o off o L} is CuTe's ComposedLayout with
         * that swizzle ({@code layout_a()}), offset and layout ({@code layout_b()}); CuTe writes a swizzle of no bits at
         * offset 0 as the layout itself ({@code composition(Swizzle<0,M,S>, _0, L)} is L), and any two swizzles of no
         * bits are the same function.
         */
        static final String IS_SWIZZLED = String.join("\n",
                "// r is the swizzled layout sw o off o l (CuTe writes a swizzle of no bits at offset 0 as l itself)",
                "template <class R, class Sw, class Off, class L>",
                "constexpr auto is_swizzled(R const& r, Sw const&, Off const& off, L const& l) {",
                "  if constexpr (is_composed_layout<R>::value) {",
                "    using A = std::decay_t<decltype(r.layout_a())>;",
                "    return bool_constant<std::is_same_v<A, Sw> || (A::num_bits == 0 && Sw::num_bits == 0)>{}"
                        + " && r.offset() == off && r.layout_b() == l;",
                "  } else {",
                "    return bool_constant<Sw::num_bits == 0>{} && off == Int<0>{} && r == l;",
                "  }",
                "}");

        /**
         * The preprocessor lines a value needs before {@code <cute/tensor.hpp>}: the SM90 atoms of every N. (The SM100
         * UMMA and SM120 atoms need none: {@code cute/atom/mma_atom.hpp} includes their traits.)
         */
        static List<String> defines(Object v) {
            if (v instanceof MmaAtom m && m.family() != MmaAtom.Family.MMA_SYNC && !m.umma()) {
                return List.of("#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED  // the SM90 GMMA atoms of every N");
            }
            return List.of();
        }

        /**
         * An MMA atom's operation type, as the atom spells it ({@link MmaAtom#type()}): the SM90 GMMA atoms of 16-bit
         * inputs are templates of the operands' majors ({@code SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>}),
         * those of other inputs ({@code _TN}, K-major) templates of their scales ({@code <>}), but the dense integer
         * ones, plain types.
         */
        static String atomType(MmaAtom m) {
            return m.type();
        }

        /**
         * A copy atom's operation type: its name, the families over a unit type with the unit's bits last in the
         * name ({@code UniversalCopy_U128} is {@code UniversalCopy<uint128_t>}).
         */
        static String atomType(CopyAtom c) {
            return switch (c.family()) {
                case CopyAtom.Ldmatrix _, CopyAtom.Stmatrix _, CopyAtom.TmemLoad _, CopyAtom.TmemStore _ -> c.name();
                case CopyAtom.CpAsync _ -> "SM80_CP_ASYNC_CACHEALWAYS<uint" + c.bits() + "_t>";
                case CopyAtom.Universal _ -> "UniversalCopy<uint" + c.bits() + "_t>";
            };
        }

        /**
         * The checks that {@code expr}, a value of a layout with basis strides, is {@code v}: for one basis stride,
         * the scaled basis element {@code Int<v>{} * E<p>{}} (CuTe's sum of one term); for several (of one position
         * or more), each position {@code get<p...>(expr)} of CuTe's ArithmeticTuple.
         */
        private static List<String> valueChecks(String expr, CoordLayout l, IntTuple v, CodeForm.When when) {
            Map<String, ScaledBasis> paths = new LinkedHashMap<>();
            int terms = 0;
            for (ScaledBasis d : l.flatStrides()) {
                if (d.isInteger()) continue;
                terms++;
                paths.putIfAbsent(java.util.Arrays.toString(d.path()), d);
            }
            List<String> out = new ArrayList<>();
            for (ScaledBasis d : paths.values()) {
                IntTuple at = v;
                StringBuilder get = new StringBuilder();
                for (int k = 0; k < d.depth(); k++) {
                    at = at.mode(d.index(k));
                    get.append(k > 0 ? "," : "").append(d.index(k));
                }
                // CuTe's sum of one term is that scaled basis element (0 too: written as Int<0>{} * E<p>{})
                out.add(terms == 1 ? assertion(expr, stride(ScaledBasis.of(1, d.path())).replace(integer(1), integer(at.value())), when)
                        : assertion("get<" + get + ">(" + expr + ")", integer(at.value()), when));
            }
            return out;
        }

        private static String tensor(Object v) {
            return switch (v) {
                case Layout l -> "make_tensor(counting_iterator<int>{0}, " + INSTANCE.value(l) + ")";
                // CuTe takes the pointer form only over a shared-memory pointer; its tensor of element offsets is
                // as_position_independent_swizzle_layout's, as the pointer form reads here
                case ComposedLayout l when l.pointerBits() != 0 -> "make_tensor(counting_iterator<int>{0},"
                        + " as_position_independent_swizzle_layout(" + INSTANCE.value(l) + "))";
                case ComposedLayout l -> "make_tensor(counting_iterator<int>{0}, " + INSTANCE.value(l) + ")";
                case CoordLayout c when c.equals(CoordLayout.identity(c.shape())) -> "make_identity_tensor(" + tuple(c.shape(), "make_shape") + ")";
                case CoordLayout c -> throw new IllegalArgumentException("cpp: a layout with basis strides is written as"
                        + " make_identity_tensor, so it must be an identity layout; " + c + " is not");
                default -> throw new IllegalArgumentException("cpp: no C++ tensor of " + v);
            };
        }

        private static String swizzle(Swizzle s) {
            return "Swizzle<" + s.bits() + "," + s.base() + "," + s.shift() + ">{}";
        }

        private static String indices(Object v) {
            StringBuilder sb = new StringBuilder();
            for (int i : (int[]) v) sb.append(sb.length() > 0 ? "," : "").append(i);
            return sb.toString();
        }
    }

    /** CuTe DSL: Python tuples, {@code cute.make_layout}, {@code cute.E}. */
    private enum Dsl implements Language {
        INSTANCE;

        @Override
        public String value(Object v) {
            return switch (v) {
                case Layout l -> pyLayout(CoordLayout.of(l));
                case CoordLayout c -> pyLayout(c);
                case ComposedLayout c -> "cute.make_composed_layout(cute.make_swizzle(" + c.outer().bits() + ", " + c.outer().base()
                        + ", " + c.outer().shift() + "), " + c.offset() + ", " + pyLayout(CoordLayout.of(c.inner())) + ")";
                case Tiler.ByMode t -> pyTiler(t);
                case IntTuple t -> py(t);
                case SliceCoord c -> pyCoord(c);
                case Long n -> n.toString();
                case Integer n -> n.toString();
                default -> throw new IllegalArgumentException("dsl: no CuTe DSL value for " + v);
            };
        }

        @Override
        public String slot(String how, Object v) {
            return switch (how) {
                case "literal", "int" -> value(v);
                case "list" -> {
                    StringBuilder sb = new StringBuilder("[");
                    for (int i : (int[]) v) sb.append(sb.length() > 1 ? ", " : "").append(i);
                    yield sb.append(']').toString();
                }
                default -> throw new IllegalStateException("dsl: unknown slot modifier " + how);
            };
        }
    }

    /**
     * A static integer {@code Int<n>{}}; past {@code int}'s range (CuTe's {@code Int<n>} is {@code C<int(n)>}), the
     * 64-bit constant {@code C<nll>{}} (a 32-bit descriptor's value with its top bit set, say).
     */
    static String integer(long n) {
        return n == (int) n ? "Int<" + n + ">{}" : "C<" + n + "ll>{}";
    }

    /** A tuple of static integers, {@code maker(...)} at every level; an integer is {@code Int<n>{}}. */
    static String tuple(IntTuple t, String maker) {
        if (t.isLeaf()) return integer(t.value());
        StringBuilder sb = new StringBuilder(maker).append('(');
        for (int i = 0; i < t.rank(); i++) sb.append(i > 0 ? ", " : "").append(tuple(t.mode(i), maker));
        return sb.append(')').toString();
    }

    /** {@code make_layout(shape, stride)}, basis strides as {@code Int<v>{} * E<i...>{}}. */
    static String layout(CoordLayout l) {
        int[] at = {0};
        return "make_layout(" + tuple(l.shape(), "make_shape") + ", " + strides(l, l.shape(), at) + ")";
    }

    private static String strides(CoordLayout l, IntTuple s, int[] at) {
        if (s.isLeaf()) return stride(l.flatStride(at[0]++));
        StringBuilder sb = new StringBuilder("make_stride(");
        for (int i = 0; i < s.rank(); i++) sb.append(i > 0 ? ", " : "").append(strides(l, s.mode(i), at));
        return sb.append(')').toString();
    }

    private static String stride(ScaledBasis d) {
        if (d.isInteger()) return integer(d.value());
        StringBuilder e = new StringBuilder("E<");
        for (int k = 0; k < d.depth(); k++) e.append(k > 0 ? "," : "").append(d.index(k));
        return integer(d.value()) + " * " + e.append(">{}");
    }

    /** {@code make_tile(...)} of a by-mode tiler, each mode a layout or a tiler. */
    static String tiler(Tiler t) {
        return switch (t) {
            case Tiler.ByMode b -> {
                StringBuilder sb = new StringBuilder("make_tile(");
                for (int i = 0; i < b.rank(); i++) sb.append(i > 0 ? ", " : "").append(tiler(b.mode(i)));
                yield sb.append(')').toString();
            }
            case AnyLayout l -> Cpp.INSTANCE.value(l);
        };
    }

    /** A coordinate, {@code _} for a wildcard. */
    static String coord(SliceCoord c) {
        if (c.isWildcard()) return "_";
        if (c.isInteger()) return integer(c.value());
        StringBuilder sb = new StringBuilder("make_coord(");
        for (int i = 0; i < c.rank(); i++) sb.append(i > 0 ? ", " : "").append(coord(c.mode(i)));
        return sb.append(')').toString();
    }

    /** The element type of a width in bits: the unsigned integer types, {@code cute::array<uint8_t,n>} for other byte multiples. */
    static String type(long bits) {
        if (bits == 8 || bits == 16 || bits == 32 || bits == 64) return "uint" + bits + "_t";
        if (bits == 1 || bits == 2 || bits == 4) return "cute::uint" + bits + "_t";
        if (bits > 0 && bits % 8 == 0 && bits <= 1024) return "cute::array<uint8_t, " + bits / 8 + ">";
        throw new IllegalArgumentException("cpp recast_layout: no element type of " + bits + " bits to name");
    }

    private static String py(IntTuple t) {
        if (t.isLeaf()) return Long.toString(t.value());
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < t.rank(); i++) sb.append(i > 0 ? ", " : "").append(py(t.mode(i)));
        if (t.rank() == 1) sb.append(',');
        return sb.append(')').toString();
    }

    private static String pyLayout(CoordLayout l) {
        int[] at = {0};
        return "cute.make_layout(" + py(l.shape()) + ", stride=" + pyStrides(l, l.shape(), at) + ")";
    }

    private static String pyStrides(CoordLayout l, IntTuple s, int[] at) {
        if (s.isLeaf()) {
            ScaledBasis d = l.flatStride(at[0]++);
            if (d.isInteger()) return Long.toString(d.value());
            StringBuilder p = new StringBuilder();
            for (int k = 0; k < d.depth(); k++) p.append(k > 0 ? ", " : "").append(d.index(k));
            return (d.value() == 1 ? "" : d.value() + " * ") + "cute.E(" + (d.depth() == 1 ? p : "[" + p + "]") + ")";
        }
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < s.rank(); i++) sb.append(i > 0 ? ", " : "").append(pyStrides(l, s.mode(i), at));
        if (s.rank() == 1) sb.append(',');
        return sb.append(')').toString();
    }

    private static String pyTiler(Tiler t) {
        return switch (t) {
            case Tiler.ByMode b -> {
                StringBuilder sb = new StringBuilder("(");
                for (int i = 0; i < b.rank(); i++) sb.append(i > 0 ? ", " : "").append(pyTiler(b.mode(i)));
                if (b.rank() == 1) sb.append(',');
                yield sb.append(')').toString();
            }
            case AnyLayout l -> Dsl.INSTANCE.value(l);
        };
    }

    private static String pyCoord(SliceCoord c) {
        if (c.isWildcard()) return "None";
        if (c.isInteger()) return Long.toString(c.value());
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < c.rank(); i++) sb.append(i > 0 ? ", " : "").append(pyCoord(c.mode(i)));
        if (c.rank() == 1) sb.append(',');
        return sb.append(')').toString();
    }
}
