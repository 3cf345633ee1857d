package org.layoutcat.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.coord.CoordLayout;
import org.layoutcat.core.coord.ScaledBasis;
import org.layoutcat.core.modes.SliceCoord;

/**
 * The bridge to kernel code: a batch request and layoutcat's answer written as a self-contained CuTe C++ test
 * ({@code #include <cute/tensor.hpp>}, static integers {@code Int<N>{}}, {@code CUTE_STATIC_ASSERT_V} on the
 * result, a runtime check for the offsets CuTe keeps in a tensor's iterator) or as its CuTe DSL (Python)
 * equivalent. The C++ is C++17 host code for g++ against the CUTLASS headers (which include CUDA's headers): a kernel
 * engineer drops it into a test suite, and the build fails where CuTe disagrees with layoutcat.
 *
 * <p>Operations without a CuTe C++ counterpart (the category ops; {@code prefix_product}, which CuTe C++ no longer
 * has) and answers layoutcat refuses are IllegalArgumentExceptions saying so.
 */
final class KernelCode {
    private KernelCode() {}

    /** The C++ test of {@code op(args)}, asserting layoutcat's answer. */
    static String cpp(String op, List<String> args) {
        Answer a = Operations.answer(new Request(op, args, "auto"));
        StringBuilder decl = new StringBuilder();
        List<String> checks = new ArrayList<>();
        String r = a.result();
        switch (op) {
            case "composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
                    "zipped_product", "tiled_product", "flat_product" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                decl.append("  auto b = ").append(args.get(1).indexOf('@') >= 0 ? layout(args.get(1)) : tiler(Tiler.parse(args.get(1)))).append(";\n");
                checks.add(eq(op + "(a, b)", layout(r)));
            }
            case "blocked_product", "raked_product" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                decl.append("  auto b = ").append(layout(args.get(1))).append(";\n");
                checks.add(eq(op + "(a, b)", layout(r)));
            }
            case "coalesce" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq(args.size() == 2 ? "coalesce(a, " + tuple(IntTuple.parse(args.get(1)), "make_tuple") + ")" : "coalesce(a)", layout(r)));
            }
            case "filter", "right_inverse", "left_inverse", "nullspace" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq(op + "(a)", layout(r)));
            }
            case "complement" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq(args.size() == 2 ? "complement(a, " + tuple(IntTuple.parse(args.get(1)), "make_shape") + ")" : "complement(a)", layout(r)));
            }
            case "size", "cosize", "rank", "depth" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq(op + "(a)", integer(Long.parseLong(r))));
            }
            case "eval" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                IntTuple c = IntTuple.parse(args.get(1));
                checks.addAll(valueChecks("a(" + (c.isLeaf() ? integer(c.value()) : tuple(c, "make_coord")) + ")", args.get(0), IntTuple.parse(r)));
            }
            case "idx2crd" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq("idx2crd(" + integer(Long.parseLong(args.get(1))) + ", shape(a))", tuple(IntTuple.parse(r), "make_coord")));
            }
            case "crd2idx" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq("crd2idx(" + tuple(IntTuple.parse(args.get(1)), "make_coord") + ", shape(a))", integer(Long.parseLong(r))));
            }
            case "hier_coord" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq("a.get_hier_coord(" + integer(Long.parseLong(args.get(1))) + ")", tuple(IntTuple.parse(r), "make_coord")));
            }
            case "compact_col_major", "compact_row_major" -> {
                String s = tuple(IntTuple.parse(args.get(0)), "make_shape");
                String call = args.size() == 2 ? op + "(" + s + ", " + integer(Long.parseLong(args.get(1))) + ")" : op + "(" + s + ")";
                checks.add(eq(call, tuple(IntTuple.parse(r), "make_stride")));
            }
            case "make_ordered_layout" -> checks.add(eq("make_ordered_layout(" + tuple(IntTuple.parse(args.get(0)), "make_shape") + ", "
                    + tuple(IntTuple.parse(args.get(1)), "make_step") + ")", layout(r)));
            case "make_identity_layout" -> {
                IntTuple s = IntTuple.parse(args.get(0));
                // CuTe's identity of an integer n is n:E<>, the basis element of no mode, which prints as n:1
                checks.add(eq("make_identity_layout(" + tuple(s, "make_shape") + ")", s.isLeaf() ? "make_layout(" + integer(s.value()) + ", E<>{})" : layout(r)));
            }
            case "make_layout_tv" -> {
                decl.append("  // CuTe DSL's make_layout_tv, as CuTe C++'s make_tiled_copy builds it\n");
                decl.append("  auto thr = ").append(layout(args.get(0))).append(";\n");
                decl.append("  auto val = ").append(layout(args.get(1))).append(";\n");
                decl.append("  auto layout_mn = raked_product(thr, val);\n");
                decl.append("  auto layout_tv = right_inverse(layout_mn).with_shape(make_shape(size(thr), size(val)));\n");
                decl.append("  auto tiler_mn = product_each(shape(layout_mn));\n");
                checks.add(eq("layout_tv", layout(r)));
                checks.add(eq("tiler_mn", tuple(IntTuple.parse(a.fields().get("tiler")), "make_shape")));
            }
            case "local_tile", "local_partition" -> {
                boolean coords = args.get(0).indexOf('@') >= 0;
                CoordLayout l = CoordLayout.parse(args.get(0));
                if (coords && !l.equals(CoordLayout.identity(l.shape()))) {
                    throw new IllegalArgumentException("cpp " + op + ": a layout with basis strides is written as make_identity_tensor,"
                            + " so it must be an identity layout; " + l + " is not");
                }
                decl.append("  auto t = ").append(coords ? "make_identity_tensor(" + tuple(l.shape(), "make_shape") + ")"
                        : "make_tensor(counting_iterator<int>{0}, " + layout(args.get(0)) + ")").append(";\n");
                String call = op.equals("local_tile")
                        ? "local_tile(t, " + tiler(Tiler.parse(args.get(1))) + ", " + coord(SliceCoord.parse(args.get(2))) + ")"
                        : "local_partition(t, " + layout(args.get(1)) + ", " + integer(Long.parseLong(args.get(2))) + ")";
                decl.append("  auto p = ").append(call).append(";\n");
                checks.add(eq("p.layout()", layout(r)));
                String off = a.fields().get("offset");
                if (coords) checks.add("  if (!(*p.data() == " + tuple(IntTuple.parse(off), "make_coord") + ")) { printf(\"offset differs\\n\"); return 1; }");
                else checks.add("  if (*p.data() != " + off + ") { printf(\"offset %d, expected " + off + "\\n\", int(*p.data())); return 1; }");
            }
            case "max_common_vector" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                decl.append("  auto b = ").append(layout(args.get(1))).append(";\n");
                checks.add(eq("max_common_vector(a, b)", integer(Long.parseLong(r))));
            }
            case "max_common_layout" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                decl.append("  auto b = ").append(layout(args.get(1))).append(";\n");
                checks.add(eq("max_common_layout(a, b)", layout(r)));
            }
            case "upcast", "downcast" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq(op + "<" + Long.parseLong(args.get(1)) + ">(a)", layout(r)));
            }
            case "recast_layout" -> {
                decl.append("  auto a = ").append(layout(args.get(2))).append(";\n");
                checks.add(eq("recast_layout<" + type(Long.parseLong(args.get(0))) + ", " + type(Long.parseLong(args.get(1))) + ">(a)", layout(r)));
            }
            case "select" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                IntTuple t = IntTuple.parse(args.get(1));
                StringBuilder is = new StringBuilder();
                for (long i : t.isLeaf() ? new long[] {t.value()} : t.leaves()) is.append(is.length() > 0 ? "," : "").append(i);
                checks.add(eq("select<" + is + ">(a)", layout(r)));
            }
            case "group" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq("group<" + Long.parseLong(args.get(1)) + "," + Long.parseLong(args.get(2)) + ">(a)", layout(r)));
            }
            case "append", "prepend" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq(op + "(a" + (args.size() == 2 ? ", " + layout(args.get(1)) : "") + ")", layout(r)));
            }
            case "slice" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                decl.append("  auto c = ").append(coord(SliceCoord.parse(args.get(1)))).append(";\n");
                checks.add(eq("slice(c, a)", layout(r)));
                IntTuple off = IntTuple.parse(a.fields().get("offset"));
                checks.addAll(valueChecks("get<1>(slice_and_offset(c, a))", args.get(0), off));
            }
            case "dice" -> {
                decl.append("  auto a = ").append(layout(args.get(0))).append(";\n");
                checks.add(eq("dice(" + coord(SliceCoord.parse(args.get(1))) + ", a)", layout(r)));
            }
            case "shape_div", "ceil_div" -> checks.add(eq(op + "(" + tuple(IntTuple.parse(args.get(0)), "make_shape") + ", "
                    + tuple(IntTuple.parse(args.get(1)), "make_shape") + ")", tuple(IntTuple.parse(r), "make_shape")));
            case "weakly_congruent", "evenly_divides" -> {
                String call = op + "(" + tuple(IntTuple.parse(args.get(0)), "make_shape") + ", " + tuple(IntTuple.parse(args.get(1)), "make_shape") + ")";
                checks.add("  CUTE_STATIC_ASSERT_V(" + (Boolean.parseBoolean(r) ? call : "not " + call) + ");");
            }
            default -> throw new IllegalArgumentException("cpp: " + op + " has no CuTe C++ counterpart to test"
                    + (op.equals("prefix_product") ? " (CuTe C++ has no prefix_product; compact_col_major differs at extent 1)" : ""));
        }
        StringBuilder sb = new StringBuilder();
        sb.append("// layoutcat cpp ").append(op);
        for (String x : args) sb.append(" \"").append(x).append('"');
        sb.append("\n// layoutcat's answer: ").append(r);
        a.fields().forEach((k, v) -> sb.append(", ").append(k).append(' ').append(v));
        sb.append("\n// A host program for CuTe C++ (CUTLASS's include/): it does not compile where CuTe's answer differs.\n");
        sb.append("#include <cstdio>\n#include <cute/tensor.hpp>\n\nusing namespace cute;\n\nint main() {\n");
        sb.append(decl);
        for (String c : checks) sb.append(c).append('\n');
        sb.append("  printf(\"ok\\n\");\n  return 0;\n}\n");
        return sb.toString();
    }

    private static String eq(String expr, String expected) {
        return "  CUTE_STATIC_ASSERT_V((" + expr + ") == " + expected + ");"; // ( ): a comma in <...> would split the macro's argument
    }

    /**
     * The checks that {@code expr}, a value of {@code layout} as CuTe computes it, is {@code v}: an integer; for strides
     * of one basis element, the scaled basis element {@code Int<v>{} * E<p>{}} (CuTe's sum of one term); for several,
     * each position {@code get<p...>(expr)} of CuTe's ArithmeticTuple (whose nested parts need not have the type of a
     * tuple written here, so the positions are compared one by one).
     */
    static List<String> valueChecks(String expr, String layout, IntTuple v) {
        CoordLayout l = CoordLayout.parse(layout);
        java.util.Map<String, ScaledBasis> paths = new java.util.LinkedHashMap<>();
        for (ScaledBasis d : l.flatStrides()) if (!d.isInteger()) paths.putIfAbsent(java.util.Arrays.toString(d.path()), d);
        if (paths.isEmpty()) return List.of(eq(expr, integer(v.value())));
        List<String> out = new ArrayList<>();
        for (ScaledBasis d : paths.values()) {
            IntTuple at = v;
            StringBuilder get = new StringBuilder();
            for (int k = 0; k < d.depth(); k++) {
                at = at.mode(d.index(k));
                get.append(k > 0 ? "," : "").append(d.index(k));
            }
            out.add(paths.size() == 1 ? eq(expr, stride(ScaledBasis.of(1, d.path())).replace(integer(1), integer(at.value())))
                    : eq("get<" + get + ">(" + expr + ")", integer(at.value())));
        }
        return out;
    }

    /** A static integer {@code Int<n>{}}. */
    static String integer(long n) {
        return "Int<" + n + ">{}";
    }

    /** A tuple of static integers, {@code maker(...)} at every level; an integer is {@code Int<n>{}}. */
    static String tuple(IntTuple t, String maker) {
        if (t.isLeaf()) return integer(t.value());
        StringBuilder sb = new StringBuilder(maker).append('(');
        for (int i = 0; i < t.rank(); i++) sb.append(i > 0 ? ", " : "").append(tuple(t.mode(i), maker));
        return sb.append(')').toString();
    }

    /** {@code make_layout(shape, stride)} of a layout, basis strides as {@code Int<v>{} * E<i...>{}}. */
    static String layout(String text) {
        CoordLayout l = CoordLayout.parse(text);
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

    /** A tiler: a layout, or {@code make_tile(...)} of a by-mode tiler. */
    static String tiler(Tiler t) {
        if (t instanceof Layout l) return layout(l.toString());
        Tiler.ByMode b = (Tiler.ByMode) t;
        StringBuilder sb = new StringBuilder("make_tile(");
        for (int i = 0; i < b.rank(); i++) sb.append(i > 0 ? ", " : "").append(tiler(b.mode(i)));
        return sb.append(')').toString();
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
        return switch ((int) bits) {
            case 8 -> "uint8_t";
            case 16 -> "uint16_t";
            case 32 -> "uint32_t";
            case 64 -> "uint64_t";
            case 1, 2, 4 -> "cute::uint" + bits + "_t";
            default -> {
                if (bits > 0 && bits % 8 == 0 && bits <= 1024) yield "cute::array<uint8_t, " + bits / 8 + ">";
                throw new IllegalArgumentException("cpp recast_layout: no element type of " + bits + " bits to name");
            }
        };
    }

    /** The CuTe DSL (Python) version of {@code op(args)}, asserting layoutcat's answer on the printed value. */
    static String dsl(String op, List<String> args) {
        Answer a = Operations.answer(new Request(op, args, "auto"));
        String r = a.result();
        List<String> in = new ArrayList<>();
        String call;
        switch (op) {
            case "composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
                    "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product", "max_common_vector",
                    "max_common_layout" -> {
                in.add("a = " + pyLayout(args.get(0)));
                in.add("b = " + (args.get(1).indexOf('@') >= 0 || args.get(1).indexOf(':') >= 0 ? pyLayout(args.get(1)) : pyTiler(Tiler.parse(args.get(1)))));
                call = "cute." + op + "(a, b)";
            }
            case "coalesce", "filter", "right_inverse", "left_inverse", "nullspace", "size", "cosize", "rank", "depth" -> {
                in.add("a = " + pyLayout(args.get(0)));
                call = "cute." + op + "(a" + (args.size() == 2 ? ", " + py(IntTuple.parse(args.get(1))) : "") + ")";
            }
            case "complement" -> {
                in.add("a = " + pyLayout(args.get(0)));
                call = "cute.complement(a" + (args.size() == 2 ? ", " + py(IntTuple.parse(args.get(1))) : "") + ")";
            }
            case "make_layout_tv" -> {
                in.add("thr = " + pyLayout(args.get(0)));
                in.add("val = " + pyLayout(args.get(1)));
                call = "cute.make_layout_tv(thr, val)";
                r = "(" + a.fields().get("tiler") + ", " + r + ")";
            }
            case "make_ordered_layout" -> call = "cute.make_ordered_layout(" + py(IntTuple.parse(args.get(0))) + ", order=" + py(IntTuple.parse(args.get(1))) + ")";
            case "make_identity_layout" -> call = "cute.make_identity_layout(" + py(IntTuple.parse(args.get(0))) + ")";
            case "upcast", "downcast" -> {
                in.add("a = " + pyLayout(args.get(0)));
                call = "cute." + op + "(a, " + Long.parseLong(args.get(1)) + ")";
            }
            case "recast_layout" -> {
                in.add("a = " + pyLayout(args.get(2)));
                call = "cute.recast_layout(" + Long.parseLong(args.get(1)) + ", " + Long.parseLong(args.get(0)) + ", a)  # (new bits, old bits, layout)";
            }
            case "select" -> {
                in.add("a = " + pyLayout(args.get(0)));
                IntTuple t = IntTuple.parse(args.get(1));
                call = "cute.select(a, mode=" + (t.isLeaf() ? "[" + t.value() + "]" : py(t).replace('(', '[').replace(')', ']')) + ")";
            }
            case "group" -> {
                in.add("a = " + pyLayout(args.get(0)));
                call = "cute.group_modes(a, " + Long.parseLong(args.get(1)) + ", " + Long.parseLong(args.get(2)) + ")";
            }
            case "append", "prepend" -> {
                in.add("a = " + pyLayout(args.get(0)));
                call = "cute." + op + "(a" + (args.size() == 2 ? ", " + pyLayout(args.get(1)) : "") + ")";
            }
            case "slice", "dice" -> {
                in.add("a = " + pyLayout(args.get(0)));
                call = "cute." + op + "_(a, " + pyCoord(SliceCoord.parse(args.get(1))) + ")";
            }
            case "shape_div", "ceil_div", "prefix_product", "weakly_congruent", "evenly_divides", "compact_col_major", "compact_row_major" -> {
                StringBuilder c = new StringBuilder("cute." + op + "(");
                for (int i = 0; i < args.size(); i++) c.append(i > 0 ? ", " : "").append(py(IntTuple.parse(args.get(i))));
                call = c.append(')').toString();
                if (op.equals("weakly_congruent") || op.equals("evenly_divides")) r = Boolean.parseBoolean(r) ? "True" : "False";
            }
            case "local_tile", "local_partition" -> throw new IllegalArgumentException("dsl: " + op + " takes a tensor in CuTe DSL; use cpp for the"
                    + " host test, or slice a layout");
            default -> throw new IllegalArgumentException("dsl: " + op + " has no CuTe DSL counterpart to test");
        }
        StringBuilder sb = new StringBuilder();
        sb.append("# layoutcat cpp --dsl ").append(op);
        for (String x : args) sb.append(" \"").append(x).append('"');
        sb.append("\n# layoutcat's answer: ").append(a.result());
        a.fields().forEach((k, v) -> sb.append(", ").append(k).append(' ').append(v));
        sb.append("\nimport cutlass\nimport cutlass.cute as cute\n\n\n@cute.jit\ndef check():\n");
        for (String x : in) sb.append("    ").append(x).append('\n');
        sb.append("    r = ").append(call).append('\n');
        sb.append("    print(r)\n");
        sb.append("    assert str(r).replace(\" \", \"\") == \"").append(r.replace(" ", "")).append("\", str(r)\n");
        sb.append("\n\ncheck()\n");
        return sb.toString();
    }

    private static String py(IntTuple t) {
        if (t.isLeaf()) return Long.toString(t.value());
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < t.rank(); i++) sb.append(i > 0 ? ", " : "").append(py(t.mode(i)));
        if (t.rank() == 1) sb.append(',');
        return sb.append(')').toString();
    }

    private static String pyLayout(String text) {
        CoordLayout l = CoordLayout.parse(text);
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
        if (t instanceof Layout l) return pyLayout(l.toString());
        Tiler.ByMode b = (Tiler.ByMode) t;
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < b.rank(); i++) sb.append(i > 0 ? ", " : "").append(pyTiler(b.mode(i)));
        if (b.rank() == 1) sb.append(',');
        return sb.append(')').toString();
    }

    private static String pyCoord(SliceCoord c) {
        if (c.isWildcard()) return "None";
        if (c.isInteger()) return Long.toString(c.value());
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < c.rank(); i++) sb.append(i > 0 ? ", " : "").append(pyCoord(c.mode(i)));
        if (c.rank() == 1) sb.append(',');
        return sb.append(')').toString().toLowerCase(Locale.ROOT).replace("none", "None");
    }
}
