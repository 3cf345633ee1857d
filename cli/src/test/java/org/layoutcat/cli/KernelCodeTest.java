package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code layoutcat cpp}: the generated CuTe C++ is valid C++17 (checked with {@code g++ -fsyntax-only} against a small
 * stand-in for {@code <cute/tensor.hpp>} that declares every name the generator uses; skipped where g++ is absent),
 * and, where {@code LAYOUTCAT_CUTE_INCLUDE} names CUTLASS's {@code include/} directory, compiles against the real
 * CuTe headers and runs, printing {@code ok}.
 */
class KernelCodeTest {
    /** One request per kind of generated check: layouts, tilers, basis strides, tuples, integers, predicates, offsets. */
    static final String[][] REQUESTS = {
        {"composition", "(12,3,6):(1,72,12)", "(6,6):(1,6)"},
        {"composition", "(4,8,2):(1,4,32)", "<2:1,4:2>"},
        {"composition", "(4,4):(4,1)", "(4,4):(1@1,1@0)"},
        {"coalesce", "(2,(1,6)):(1,(6,2))", "(1,1)"},
        {"complement", "(2,4):(1,2)", "16"},
        {"left_inverse", "(4,2):(1,5)"},
        {"zipped_divide", "(4,8):(1@0,1@1)", "(2,4)"},
        {"raked_product", "(2,2):(1,2)", "(3,4):(1,3)"},
        {"size", "(4,(2,2)):(1,(4,8))"},
        {"eval", "(4,8):(1@0,1@1)", "31"},
        {"idx2crd", "(2,(2,2)):(2,(1,4))", "5"},
        {"hier_coord", "(2,(2,2)):(2,(1,4))", "6"},
        {"compact_col_major", "(2,1,(3,1))"},
        {"make_ordered_layout", "((2,3),4)", "(1,0)"},
        {"make_identity_layout", "(4,(2,3))"},
        {"make_layout_tv", "(2,2):(1,2)", "(2,3):(1,2)"},
        {"local_tile", "(16,64):(1,16)", "(4,8)", "(1,_)"},
        {"local_partition", "(16,64):(1@0,1@1)", "(2,16):(1,2)", "5"},
        {"max_common_vector", "(4,8):(1,4)", "((2,2),8):((1,2),4)"},
        {"upcast", "4:-1", "2"},
        {"recast_layout", "16", "24", "(6,4):(1,6)"},
        {"select", "(2,3,4):(1,2,6)", "(2,0)"},
        {"group", "(2,3,4,5)", "1", "3"},
        {"prepend", "(2,3,4):(1,2,6)", "5:24"},
        {"slice", "(2,(3,4)):(1,(2,6))", "(_,(1,_))"},
        {"dice", "(2,(3,4)):(1,(2,6))", "(_,(1,_))"},
        {"shape_div", "(4,5,6)", "40"},
        {"weakly_congruent", "(2,(3,4))", "(3,4)"},
        {"evenly_divides", "(8,6)", "16"},
        {"nullspace", "(2,(3,4)):(0,(0,2))"},
    };

    /** A stand-in for {@code <cute/tensor.hpp>}: every name the generator writes, each answering a value of one type. */
    private static final String STAND_IN = String.join("\n",
            "#pragma once",
            "#include <cstdint>",
            "#include <cstdio>",
            "#include <type_traits>",
            "#define CUTE_STATIC_ASSERT_V(x, ...) static_assert(decltype(x)::value, \"\" __VA_ARGS__)",
            "namespace cute {",
            "struct Any {",
            "  static constexpr bool value = true;",
            "  template <class... T> constexpr Any operator()(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any with_shape(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any get_hier_coord(T const&...) const { return {}; }",
            "  constexpr Any layout() const { return {}; }",
            "  constexpr Any data() const { return {}; }",
            "  constexpr Any operator*() const { return {}; }",
            "  constexpr Any operator!() const { return {}; }",
            "  constexpr explicit operator bool() const { return false; }",
            "  constexpr explicit operator int() const { return 0; }",
            "};",
            "template <class A> using IsAny = std::enable_if_t<std::is_base_of_v<Any, A>, int>;",
            "template <class A, class B, IsAny<A> = 0> constexpr Any operator==(A const&, B const&) { return {}; }",
            "template <class A, class B, IsAny<A> = 0> constexpr Any operator!=(A const&, B const&) { return {}; }",
            "template <class A, class B, IsAny<A> = 0> constexpr Any operator*(A const&, B const&) { return {}; }",
            "template <class A, class B, IsAny<A> = 0> constexpr Any operator+(A const&, B const&) { return {}; }",
            "template <long long N> struct Int : Any {};",
            "template <int... I> struct E : Any {};",
            "template <class T> struct counting_iterator : Any { constexpr counting_iterator(T) {} };",
            "template <class T, int N> struct array {};",
            "struct uint1_t {}; struct uint2_t {}; struct uint4_t {};",
            "constexpr Any _{};",
            "#define LAYOUTCAT_ANY(name) template <class... T> constexpr Any name(T const&...) { return {}; }",
            "LAYOUTCAT_ANY(make_layout) LAYOUTCAT_ANY(make_shape) LAYOUTCAT_ANY(make_stride) LAYOUTCAT_ANY(make_coord)",
            "LAYOUTCAT_ANY(make_tile) LAYOUTCAT_ANY(make_step) LAYOUTCAT_ANY(make_tuple) LAYOUTCAT_ANY(make_tensor)",
            "LAYOUTCAT_ANY(make_identity_tensor) LAYOUTCAT_ANY(make_identity_layout) LAYOUTCAT_ANY(make_ordered_layout)",
            "LAYOUTCAT_ANY(composition) LAYOUTCAT_ANY(coalesce) LAYOUTCAT_ANY(filter) LAYOUTCAT_ANY(complement)",
            "LAYOUTCAT_ANY(right_inverse) LAYOUTCAT_ANY(left_inverse) LAYOUTCAT_ANY(nullspace)",
            "LAYOUTCAT_ANY(logical_divide) LAYOUTCAT_ANY(zipped_divide) LAYOUTCAT_ANY(tiled_divide) LAYOUTCAT_ANY(flat_divide)",
            "LAYOUTCAT_ANY(logical_product) LAYOUTCAT_ANY(zipped_product) LAYOUTCAT_ANY(tiled_product) LAYOUTCAT_ANY(flat_product)",
            "LAYOUTCAT_ANY(blocked_product) LAYOUTCAT_ANY(raked_product) LAYOUTCAT_ANY(product_each)",
            "LAYOUTCAT_ANY(size) LAYOUTCAT_ANY(cosize) LAYOUTCAT_ANY(rank) LAYOUTCAT_ANY(depth) LAYOUTCAT_ANY(shape)",
            "LAYOUTCAT_ANY(idx2crd) LAYOUTCAT_ANY(crd2idx) LAYOUTCAT_ANY(compact_col_major) LAYOUTCAT_ANY(compact_row_major)",
            "LAYOUTCAT_ANY(local_tile) LAYOUTCAT_ANY(local_partition) LAYOUTCAT_ANY(max_common_vector) LAYOUTCAT_ANY(max_common_layout)",
            "LAYOUTCAT_ANY(append) LAYOUTCAT_ANY(prepend) LAYOUTCAT_ANY(slice) LAYOUTCAT_ANY(slice_and_offset) LAYOUTCAT_ANY(dice)",
            "LAYOUTCAT_ANY(shape_div) LAYOUTCAT_ANY(ceil_div) LAYOUTCAT_ANY(weakly_congruent) LAYOUTCAT_ANY(evenly_divides)",
            "template <long long N, class... T> constexpr Any upcast(T const&...) { return {}; }",
            "template <long long N, class... T> constexpr Any downcast(T const&...) { return {}; }",
            "template <class O, class N, class... T> constexpr Any recast_layout(T const&...) { return {}; }",
            "template <int... I, class... T> constexpr Any select(T const&...) { return {}; }",
            "template <int B, int E_, class... T> constexpr Any group(T const&...) { return {}; }",
            "template <int... I, class... T> constexpr Any get(T const&...) { return {}; }",
            "}  // namespace cute",
            "");

    private static boolean has(String tool) {
        try {
            Process p = new ProcessBuilder(tool, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Runs a command in dir; its exit code and output. */
    private static String[] run(Path dir, List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "timed out: " + cmd);
        return new String[] {String.valueOf(p.exitValue()), out};
    }

    @Test
    void theCommandPrintsAProgramThatAssertsTheAnswer() {
        CliRun r = CliRun.of("cpp", "composition", "(4,4):(4,1)", "(4,4):(1@1,1@0)");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("#include <cute/tensor.hpp>"), r.out());
        assertTrue(r.out().contains("auto B = make_layout(make_shape(Int<4>{}, Int<4>{}), make_stride(Int<1>{} * E<1>{}, Int<1>{} * E<0>{}));"), r.out());
        assertTrue(r.out().contains("auto r = composition(A, B);"), r.out());
        assertTrue(r.out().contains("CUTE_STATIC_ASSERT_V((r) == make_layout(make_shape(Int<4>{}, Int<4>{}),"
                + " make_stride(Int<1>{}, Int<4>{})));"), r.out());
        CliRun d = CliRun.of("cpp", "--dsl", "composition", "(12,3,6):(1,72,12)", "(6,6):(1,6)");
        assertEquals(0, d.code(), d.err());
        assertTrue(d.out().contains("r = cute.composition(A, B)"), d.out());
        assertTrue(d.out().contains("== \"(6,(2,3)):(1,(6,72))\""), d.out());
        CliRun no = CliRun.of("cpp", "to_morphism", "(2,2):(3,30)");
        assertEquals(1, no.code());
        assertTrue(no.err().contains("no CuTe C++ counterpart"), no.err());
    }

    @Test
    void generatedCodeIsValidCpp17(@TempDir Path dir) throws Exception {
        assumeTrue(has("g++"), "g++ is not installed");
        Files.createDirectories(dir.resolve("cute"));
        Files.writeString(dir.resolve("cute/tensor.hpp"), STAND_IN);
        List<String> cmd = new ArrayList<>(List.of("g++", "-std=c++17", "-fsyntax-only", "-I", dir.toString()));
        for (int i = 0; i < REQUESTS.length; i++) {
            String[] q = REQUESTS[i];
            Path f = dir.resolve("t" + i + ".cpp");
            Files.writeString(f, CodeWriter.cpp(q[0], List.of(q).subList(1, q.length)));
            cmd.add(f.toString());
        }
        String[] r = run(dir, cmd);
        assertEquals("0", r[0], r[1]);
    }

    @Test
    void generatedCodeCompilesAndRunsAgainstCuTe(@TempDir Path dir) throws Exception {
        String include = System.getenv("LAYOUTCAT_CUTE_INCLUDE");
        assumeTrue(include != null && Files.isRegularFile(Path.of(include, "cute", "tensor.hpp")),
                "LAYOUTCAT_CUTE_INCLUDE does not name CUTLASS's include/ directory");
        assumeTrue(has("g++"), "g++ is not installed");
        for (int i : new int[] {0, 2, 15, 17, 24}) { // a composition, basis strides, a TV layout, a partition, a slice
            String[] q = REQUESTS[i];
            Path f = dir.resolve("t" + i + ".cpp");
            Files.writeString(f, CodeWriter.cpp(q[0], List.of(q).subList(1, q.length)));
            List<String> cmd = new ArrayList<>(List.of("g++", "-std=c++17", "-I", include));
            String cuda = System.getenv().getOrDefault("CUDA_HOME", "/usr/local/cuda");
            if (Files.isDirectory(Path.of(cuda, "include"))) cmd.addAll(List.of("-I", cuda + "/include", "-I", cuda + "/include/cccl"));
            cmd.addAll(List.of(f.toString(), "-o", dir.resolve("t" + i).toString()));
            String[] c = run(dir, cmd);
            assertEquals("0", c[0], String.join(" ", q) + "\n" + c[1]);
            String[] out = run(dir, List.of(dir.resolve("t" + i).toString()));
            assertEquals("0", out[0], out[1]);
            assertEquals("ok", out[1].trim());
        }
    }

    /**
     * A seeded random mix of the kernel ops (slice, dice, upcast, downcast, max_common_vector/layout, local_tile and
     * local_partition of integer and identity layouts, make_layout_tv, nullspace, compact strides, identity layouts and
     * their composition), each generated test a function of one translation unit compiled against the real CuTe
     * headers and run: every answer layoutcat gives is CuTe's. Requests layoutcat refuses are left out (CuTe's static
     * assertions refuse them too, or CuTe's answer would be wrong there).
     */
    @Test
    void randomRequestsAgreeWithCuTe(@TempDir Path dir) throws Exception {
        String include = System.getenv("LAYOUTCAT_CUTE_INCLUDE");
        assumeTrue(include != null && Files.isRegularFile(Path.of(include, "cute", "tensor.hpp")),
                "LAYOUTCAT_CUTE_INCLUDE does not name CUTLASS's include/ directory");
        assumeTrue(has("g++"), "g++ is not installed");
        StringBuilder all = new StringBuilder("#include <cstdio>\n#include <cute/tensor.hpp>\nusing namespace cute;\n");
        StringBuilder main = new StringBuilder("int main() {\n  int bad = 0;\n");
        int k = 0;
        for (String[] c : RandomRequests.of(new java.util.Random(11))) {
            String code;
            try {
                code = CodeWriter.cpp(c[0], List.of(c).subList(1, c.length));
            } catch (IllegalArgumentException | ArithmeticException refused) {
                continue;
            }
            String body = code.substring(code.indexOf("int main() {") + "int main() {".length()).replace("  printf(\"ok\\n\");\n", "");
            all.append("// ").append(String.join(" ", c)).append("\nint t").append(k).append("() {").append(body).append('\n');
            main.append("  if (t").append(k).append("()) { printf(\"case ").append(k).append(" failed\\n\"); bad++; }\n");
            k++;
        }
        assertTrue(k > 200, k + " cases");
        main.append("  printf(\"ok\\n\");\n  return bad;\n}\n");
        Path f = dir.resolve("all.cpp");
        Files.writeString(f, all.append(main).toString());
        List<String> cmd = new ArrayList<>(List.of("g++", "-std=c++17", "-I", include));
        String cuda = System.getenv().getOrDefault("CUDA_HOME", "/usr/local/cuda");
        if (Files.isDirectory(Path.of(cuda, "include"))) cmd.addAll(List.of("-I", cuda + "/include", "-I", cuda + "/include/cccl"));
        cmd.addAll(List.of(f.toString(), "-o", dir.resolve("all").toString()));
        String[] c = run(dir, cmd);
        assertEquals("0", c[0], () -> failingCases(all.toString(), c[1]) + c[1]);
        String[] out = run(dir, List.of(dir.resolve("all").toString()));
        assertEquals("0", out[0], out[1]);
    }

    /** The requests (the comment above each test function) of the lines g++ reports in {@code errors}. */
    private static String failingCases(String source, String errors) {
        String[] lines = source.split("\n");
        StringBuilder sb = new StringBuilder("cases CuTe answers differently:\n");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("all\\.cpp:(\\d+):\\d+: note: in expansion of macro").matcher(errors);
        while (m.find()) {
            int n = Integer.parseInt(m.group(1)) - 1;
            int k = n;
            while (k > 0 && !lines[k].startsWith("// ")) k--;
            sb.append(lines[k]).append("\n  ").append(n < lines.length ? lines[n].trim() : "").append('\n');
        }
        return sb.toString();
    }

    /** The random requests of {@link #randomRequestsAgreeWithCuTe}. */
    static final class RandomRequests {
        private final java.util.Random r;

        private RandomRequests(java.util.Random r) {
            this.r = r;
        }

        static List<String[]> of(java.util.Random r) {
            return new RandomRequests(r).all();
        }

        private long pick(long... v) {
            return v[r.nextInt(v.length)];
        }

        private org.layoutcat.core.IntTuple nested() {
            int n = 1 + r.nextInt(3);
            org.layoutcat.core.IntTuple[] m = new org.layoutcat.core.IntTuple[n];
            for (int i = 0; i < n; i++) {
                m[i] = r.nextInt(3) == 0 ? org.layoutcat.core.IntTuple.flat(pick(2, 3), pick(2, 4)) : org.layoutcat.core.IntTuple.of(pick(1, 2, 3, 4, 6));
            }
            return n == 1 && r.nextBoolean() ? m[0] : org.layoutcat.core.IntTuple.of(m);
        }

        private org.layoutcat.core.Layout compact(org.layoutcat.core.IntTuple s) {
            long[] e = s.leaves();
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < e.length; i++) order.add(i);
            java.util.Collections.shuffle(order, r);
            long[] d = new long[e.length];
            long p = 1;
            for (int i : order) {
                d[i] = p;
                p *= e[i];
            }
            return org.layoutcat.core.Layout.of(s, d);
        }

        private org.layoutcat.core.Layout arbitrary(org.layoutcat.core.IntTuple s) {
            long[] d = new long[s.leafCount()];
            for (int i = 0; i < d.length; i++) d[i] = pick(0, 0, 1, 2, 3, 4, 8, 12);
            return org.layoutcat.core.Layout.of(s, d);
        }

        private String coord(org.layoutcat.core.IntTuple s, boolean top) {
            int k = r.nextInt(3);
            if (k == 0 && !top) return "_";
            if (k == 1 || s.isLeaf()) return s.isLeaf() && top ? "_" : Long.toString(r.nextInt((int) s.product()));
            StringBuilder sb = new StringBuilder("(");
            for (int i = 0; i < s.rank(); i++) sb.append(i > 0 ? "," : "").append(coord(s.mode(i), false));
            return sb.append(')').toString();
        }

        private static String identity(org.layoutcat.core.IntTuple s) {
            return org.layoutcat.core.CoordLayout.identity(s).toString();
        }

        private List<String[]> all() {
            List<String[]> cases = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                org.layoutcat.core.Layout l = r.nextBoolean() ? compact(nested()) : arbitrary(nested());
                cases.add(new String[] {"slice", l.toString(), coord(l.shape(), true)});
                cases.add(new String[] {"dice", l.toString(), coord(l.shape(), true)});
            }
            for (int i = 0; i < 20; i++) {
                org.layoutcat.core.Layout l = compact(nested());
                long n = pick(2, 4);
                cases.add(new String[] {"downcast", l.toString(), "" + n});
                cases.add(new String[] {"upcast", l.toString(), "" + n});
                org.layoutcat.core.Layout b = compact(l.shape());
                cases.add(new String[] {"max_common_vector", l.toString(), b.toString()});
                cases.add(new String[] {"max_common_layout", l.toString(), b.toString()});
            }
            for (int i = 0; i < 12; i++) {
                org.layoutcat.core.IntTuple s = org.layoutcat.core.IntTuple.flat(pick(8, 16), pick(8, 16, 32));
                org.layoutcat.core.Layout l = r.nextBoolean() ? org.layoutcat.core.Layout.colMajor(s) : org.layoutcat.core.Layout.rowMajor(s);
                String tiler = "(" + pick(2, 4) + "," + pick(2, 4, 8) + ")";
                cases.add(new String[] {"local_tile", l.toString(), tiler,
                    r.nextBoolean() ? "(" + r.nextInt(2) + ",_)" : "(" + r.nextInt(2) + "," + r.nextInt(2) + ")"});
                org.layoutcat.core.Layout thr = compact(org.layoutcat.core.IntTuple.flat(pick(2, 4), pick(2, 4)));
                cases.add(new String[] {"local_partition", l.toString(), thr.toString(), "" + r.nextInt((int) thr.size())});
                cases.add(new String[] {"local_tile", identity(s), tiler, "(" + r.nextInt(2) + "," + r.nextInt(2) + ")"});
                cases.add(new String[] {"local_partition", identity(s), thr.toString(), "" + r.nextInt((int) thr.size())});
                cases.add(new String[] {"make_layout_tv", compact(org.layoutcat.core.IntTuple.flat(pick(2, 4), pick(2, 4))).toString(),
                    compact(org.layoutcat.core.IntTuple.flat(pick(1, 2, 4), pick(1, 2, 3))).toString()});
            }
            for (int i = 0; i < 12; i++) {
                org.layoutcat.core.IntTuple s = nested();
                cases.add(new String[] {"nullspace", arbitrary(s).toString()});
                cases.add(new String[] {"compact_col_major", s.toString()});
                cases.add(new String[] {"compact_row_major", s.toString()});
                cases.add(new String[] {"make_identity_layout", s.toString()});
                cases.add(new String[] {"composition", identity(s), compact(s).toString()});
                cases.add(new String[] {"coalesce", identity(s)});
                cases.add(new String[] {"eval", identity(s), "" + r.nextInt((int) s.product())});
                org.layoutcat.core.Layout l = compact(s);
                int rank = l.rank();
                int b = r.nextInt(rank);
                cases.add(new String[] {"select", l.toString(), "(" + b + "," + r.nextInt(rank) + ")"});
                if (rank > 1) cases.add(new String[] {"group", l.toString(), "" + b, "" + (b + 1 + r.nextInt(rank - b))});
                cases.add(new String[] {"append", l.toString(), arbitrary(nested()).toString()});
                cases.add(new String[] {"prepend", l.toString(), arbitrary(nested()).toString()});
                cases.add(new String[] {"shape_div", s.toString(), "" + pick(2, 3, 4, 6, 12)});
                cases.add(new String[] {"weakly_congruent", nested().toString(), s.toString()});
                cases.add(new String[] {"evenly_divides", s.toString(), r.nextBoolean() ? "" + pick(2, 3, 4) : nested().toString()});
                cases.add(new String[] {"recast_layout", "" + pick(8, 16, 32), "" + pick(8, 16, 32), l.toString()});
                if (!s.isLeaf()) {
                    StringBuilder order = new StringBuilder("(");
                    List<Integer> o = new ArrayList<>();
                    for (int j = 0; j < s.rank(); j++) o.add(j);
                    java.util.Collections.shuffle(o, r);
                    for (int j = 0; j < o.size(); j++) order.append(j > 0 ? "," : "").append(o.get(j));
                    cases.add(new String[] {"make_ordered_layout", s.toString(), order.append(')').toString()});
                }
                org.layoutcat.core.IntTuple s2 = org.layoutcat.core.IntTuple.flat(pick(4, 8), pick(4, 8, 12));
                String t2 = "(" + pick(2, 4) + "," + pick(2, 4) + ")";
                cases.add(new String[] {"zipped_divide", identity(s2), t2});
                cases.add(new String[] {"logical_divide", identity(s2), t2});
                cases.add(new String[] {"composition", compact(s2).toString(),
                    "(" + s2.mode(1) + "," + s2.mode(0) + "):(1@1,1@0)"});
            }
            return cases;
        }
    }
}
