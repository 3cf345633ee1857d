package org.layoutcat.ops.batch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.swizzle.GmmaSmemAtoms;

/**
 * A seeded random mix of requests over every operation that has a CuTe C++ form, its layouts of the three kinds:
 * integer strides, scaled-basis strides ({@code 1@0}) and swizzled ({@code Sw<B,M,S> o off o L}). Small static shapes,
 * so that one translation unit of them compiles against the real CuTe headers in minutes. Some requests are ones
 * layoutcat refuses; the test leaves those out.
 */
public final class RandomRequests {
    private final Random r;
    private final List<String[]> cases = new ArrayList<>();

    private RandomRequests(Random r) {
        this.r = r;
    }

    /** About {@code perOp} requests of each operation (more where an operation has several kinds of input). */
    public static List<String[]> of(Random r, int perOp) {
        RandomRequests g = new RandomRequests(r);
        g.all(perOp);
        return g.cases;
    }

    private void add(String... c) {
        cases.add(c);
    }

    private long pick(long... v) {
        return v[r.nextInt(v.length)];
    }

    private <T> T pick(List<T> v) {
        return v.get(r.nextInt(v.size()));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Shapes and layouts

    /** A shape of one to three modes, some nested, entries 1 to 6. */
    IntTuple nested() {
        int n = 1 + r.nextInt(3);
        IntTuple[] m = new IntTuple[n];
        for (int i = 0; i < n; i++) m[i] = r.nextInt(3) == 0 ? IntTuple.flat(pick(2, 3), pick(2, 4)) : IntTuple.of(pick(1, 2, 3, 4, 6));
        return n == 1 && r.nextBoolean() ? m[0] : IntTuple.of(m);
    }

    /** A compact layout of the shape, its modes in a random order. */
    Layout compact(IntTuple s) {
        long[] e = s.leaves();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < e.length; i++) order.add(i);
        Collections.shuffle(order, r);
        long[] d = new long[e.length];
        long p = 1;
        for (int i : order) {
            d[i] = p;
            p *= e[i];
        }
        return Layout.of(s, d);
    }

    /** A layout of the shape with small strides, 0 among them. */
    Layout arbitrary(IntTuple s) {
        long[] d = new long[s.leafCount()];
        for (int i = 0; i < d.length; i++) d[i] = pick(0, 0, 1, 2, 3, 4, 8, 12);
        return Layout.of(s, d);
    }

    Layout integer() {
        return r.nextBoolean() ? compact(nested()) : arbitrary(nested());
    }

    /** A layout with scaled-basis strides: the identity of a shape, its two modes swapped, or scaled. */
    String basis() {
        IntTuple s = IntTuple.flat(pick(2, 4, 8), pick(2, 4, 6));
        return switch (r.nextInt(3)) {
            case 0 -> CoordLayout.identity(s).toString();
            case 1 -> s + ":(1@1,1@0)";
            default -> s + ":(" + pick(1, 2) + "@0," + pick(1, 3) + "@1)";
        };
    }

    /** A swizzled layout {@code Sw<B,M,S> o off o L}: |S| ≥ B, L compact over 8 to 256 elements, offset 0 mostly. */
    String swizzled() {
        int b = r.nextInt(4);
        int m = r.nextInt(5);
        int s = Math.max(b, 1 + r.nextInt(4)) * (r.nextInt(6) == 0 ? -1 : 1);
        IntTuple shape = switch (r.nextInt(4)) {
            case 0 -> IntTuple.flat(8, pick(8, 16, 32));
            case 1 -> IntTuple.flat(pick(4, 16), 8);
            case 2 -> IntTuple.of(IntTuple.flat(pick(2, 4), pick(2, 4)), IntTuple.flat(8, 2));
            default -> IntTuple.flat(pick(8, 16, 32));
        };
        long off = r.nextInt(4) == 0 ? pick(8, 16, 64) : 0;
        return "Sw<" + b + "," + m + "," + s + "> o " + off + " o " + compact(shape);
    }

    /** A layout of any kind: integer strides mostly, basis strides, or swizzled. */
    String any() {
        int k = r.nextInt(10);
        return k < 5 ? integer().toString() : k < 7 ? basis() : swizzled();
    }

    /** A tiler: a shape, a layout, or by-mode layouts. */
    String tiler() {
        return switch (r.nextInt(4)) {
            case 0 -> "(" + pick(2, 4) + "," + pick(2, 4) + ")";
            case 1 -> pick(2, 4, 8) + ":" + pick(1, 2);
            case 2 -> "<" + pick(2, 4) + ":" + pick(1, 2) + "," + pick(2, 4) + ":1>";
            default -> "(" + pick(2, 4) + "," + pick(2, 4) + "):(1," + pick(2, 4) + ")";
        };
    }

    /** A coordinate of the shape, {@code _} for some modes. */
    String coord(IntTuple s, boolean top) {
        int k = r.nextInt(3);
        if (k == 0 && !top) return "_";
        if (k == 1 || s.isLeaf()) return s.isLeaf() && top ? "_" : Long.toString(r.nextInt((int) s.product()));
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < s.rank(); i++) sb.append(i > 0 ? "," : "").append(coord(s.mode(i), false));
        return sb.append(')').toString();
    }

    /** A coordinate congruent to the shape, no wildcards. */
    String fullCoord(IntTuple s) {
        if (s.isLeaf()) return Long.toString(r.nextInt((int) s.value()));
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < s.rank(); i++) sb.append(i > 0 ? "," : "").append(fullCoord(s.mode(i)));
        return sb.append(')').toString();
    }

    private static IntTuple shapeOf(String layout) {
        return org.layoutcat.core.AnyLayout.parse(layout).shape();
    }

    // ---------------------------------------------------------------------------------------------------------
    // The requests

    private void times(int n, Runnable r) {
        for (int i = 0; i < n; i++) r.run();
    }

    private void all(int n) {
        algebra(n);
        function(n);
        construction(n);
        partition(n);
        modes(n);
        recast(n);
        tuples(n);
        swizzles(n);
        atoms(n);
        blackwell(n);
        printing(n);
        tensorMemory(n);
    }

    /** CuTe's print of a layout of any kind (drawn last, so that the sequences above stay as they were). */
    private void printing(int n) {
        times(n, () -> add("print", any()));
    }

    private static final List<String> UMMA_TYPES = List.of("half_t", "bfloat16_t", "tfloat32_t", "int8_t", "uint8_t", "float_e4m3_t",
            "float_e5m2_t", "float_e2m3_t", "float_e3m2_t", "float_e2m1_t", "cutlass::detail::float_e2m1_unpacksmem_t");

    /** Issue 36: UMMA's atoms and instruction descriptors, block-scaled scale-factor layouts and their conformance. */
    private void blackwell(int n) {
        times(n, () -> {
            String major = pick(MAJORS);
            String sw = major.equals("K") ? pick(SWIZZLES) : pick(List.of("INTER", "SW32", "SW64", "SW128", "SW128_32B"));
            add("umma_smem_atom", major, sw, "" + pick(4, 8, 16, 32, 64));
            String m = "" + pick(64, 128, 256), nn = "" + 8 * (1 + r.nextInt(32));
            boolean sparse = r.nextBoolean();
            add("umma_instr_descriptor", pick(UMMA_TYPES), pick(UMMA_TYPES), pick(List.of("half_t", "float", "int32_t")), m, nn,
                    pick(MAJORS), pick(MAJORS), pick(List.of("One", "Neg")), pick(List.of("One", "Neg")), pick(List.of("False", "True")),
                    "" + sparse, pick(List.of("NoShift", "MaxShift8", "MaxShift16", "MaxShift32")), "" + (sparse ? r.nextInt(4) : 0));
            add("umma_instr_descriptor_block_scaled", pick(UMMA_TYPES), pick(UMMA_TYPES), "float",
                    pick(List.of("float_ue4m3_t", "float_ue8m0_t")), m, nn, pick(MAJORS), pick(MAJORS), pick(List.of("One", "Neg")),
                    pick(List.of("One", "Neg")), "" + sparse, "" + (r.nextLong() & 0xFFFF_FFFFL), "" + (r.nextLong() & 0xFFFF_FFFFL),
                    "" + (sparse ? r.nextInt(4) : 0), "" + r.nextInt(2));
            String problem = "(" + (1 + r.nextInt(300)) + "," + (1 + r.nextInt(300)) + "," + (1 + r.nextInt(600))
                    + (r.nextBoolean() ? "," + (1 + r.nextInt(3)) + ")" : ")");
            String arch = pick(List.of("SM100", "SM103")), op = pick(List.of("SFA", "SFB")), vec = "" + pick(16, 32);
            add("blockscaled_sf_layout", arch, op, vec, problem);
            add("blockscaled_sfd_layout", vec, pick(MAJORS), problem);
            IntTuple p = IntTuple.parse(problem);
            long mn = p.mode(op.equals("SFA") ? 0 : 1).value(), k = p.mode(2).value();
            // a row-major producer (it differs from the second row on), or CUTLASS's own layout (it agrees)
            String producer = r.nextBoolean() ? org.layoutcat.core.blockscaled.ScaleFactorLayouts.of(
                    org.layoutcat.core.blockscaled.ScaleFactorLayouts.Arch.valueOf(arch),
                    org.layoutcat.core.blockscaled.ScaleFactorLayouts.Operand.valueOf(op), Integer.parseInt(vec), p).toString()
                    : p.rank() == 4 ? "(" + mn + "," + k + "," + p.mode(3).value() + "):(" + k + ",1," + mn * k + ")"
                    : "(" + mn + "," + k + "):(" + k + ",1)";
            add("blockscaled_conformance", arch, op, vec, problem, producer);
        });
    }

    /**
     * UMMA accumulators in tensor memory (every mode, 1 and 2 SMs, the four types) and make_tmem_copy of one with a TMEM
     * atom of the catalog, load or store, packed where the values are 16-bit; a thread of the four warps.
     */
    private void tensorMemory(int n) {
        String[] types = {"F32", "S32", "F16", "BF16"};
        times(n, () -> {
            int sms = (int) pick(1, 2);
            long m = sms == 1 ? pick(64, 128) : pick(64, 128, 256);
            String mode = sms == 1 ? (m == 64 ? pick(List.of("INTERLEAVED", "NON_INTERLEAVED")) : "INTERLEAVED")
                    : (m == 128 ? pick(List.of("INTERLEAVED", "DUPLICATED")) : "INTERLEAVED");
            add("tmem_accumulator", "(" + m + "," + pick(16, 32, 64, 128, 256) + ")", "" + sms, pick(List.of(types)), mode);
        });
        List<CopyAtom> tmem = org.layoutcat.core.atom.TmemCopyAtoms.all();
        times(2 * n, () -> {
            int sms = (int) pick(1, 2);
            long m = sms == 1 ? pick(64, 128) : pick(128, 256);
            long cols = pick(32, 64, 128);
            String type = pick(List.of(types));
            boolean half = type.startsWith("F16") || type.startsWith("BF16");
            Layout slice = org.layoutcat.core.tmem.TmemAccumulator.ofTile(org.layoutcat.core.atom.Element.valueOf(type), sms, m, cols)
                    .layout().mode(0);
            List<CopyAtom> fitting = tmem.stream().filter(c -> c.name().endsWith("_16b") == half && c.bits() <= 32 * 32).toList();
            add("tmem_copy", pick(fitting).name(), type, slice.toString(), "" + r.nextInt(128));
        });
    }

    private void algebra(int n) {
        times(n, () -> {
            String l = any();
            add("coalesce", l);
            add("filter", l);
            IntTuple s = shapeOf(l);
            if (!s.isLeaf()) {
                String ones = "(" + "1,".repeat(s.rank() - 1) + "1)";
                add("coalesce", l, ones);
                add("filter", l, ones);
            }
        });
        times(2 * n, () -> {
            String a = any();
            long size = org.layoutcat.core.AnyLayout.parse(a).size();
            String b = switch (r.nextInt(4)) {
                case 0 -> tiler();
                case 1 -> compact(IntTuple.flat(pick(2, 4), size % 3 == 0 ? 3 : 2)).toString();
                case 2 -> basis();
                default -> "(" + pick(2, 4) + "," + pick(2, 4) + "):(" + pick(1, 2) + "," + pick(4, 8) + ")";
            };
            add("composition", a, b);
        });
        times(n, () -> {
            Layout l = r.nextBoolean() ? compact(nested()) : arbitrary(nested());
            add("complement", l.toString());
            add("complement", l.toString(), "" + pick(32, 64, 96));
            add("complement", swizzled(), "" + pick(256, 512));
        });
        times(n, () -> {
            String l = r.nextInt(3) == 0 ? swizzled() : compact(nested()).toString();
            add("right_inverse", l);
            add("left_inverse", r.nextInt(3) == 0 ? swizzled().replaceFirst("o \\d+ o", "o 0 o") : l);
        });
        for (String d : List.of("logical_divide", "zipped_divide", "tiled_divide", "flat_divide")) times(n, () -> add(d, any(), tiler()));
        for (String p : List.of("logical_product", "zipped_product", "tiled_product", "flat_product")) {
            times(n, () -> add(p, r.nextInt(4) == 0 ? swizzled() : integer().toString(), tiler()));
        }
        for (String p : List.of("blocked_product", "raked_product")) {
            times(n, () -> add(p, r.nextInt(4) == 0 ? swizzled() : compact(nested()).toString(), compact(nested()).toString()));
        }
    }

    private void function(int n) {
        for (String f : List.of("size", "cosize", "rank", "depth")) times(n, () -> add(f, any()));
        times(2 * n, () -> {
            String l = any();
            IntTuple s = shapeOf(l);
            add("eval", l, r.nextBoolean() ? "" + r.nextInt((int) s.product()) : fullCoord(s));
        });
        times(n, () -> {
            String l = any();
            IntTuple s = shapeOf(l);
            add("idx2crd", l, "" + r.nextInt((int) s.product()));
            add("crd2idx", l, fullCoord(s));
        });
        times(n, () -> {
            Layout l = compact(nested());
            add("hier_coord", l.toString(), "" + r.nextInt((int) l.size()));
        });
    }

    private void construction(int n) {
        times(n, () -> {
            IntTuple s = nested();
            add("compact_col_major", s.toString());
            add("compact_row_major", s.toString(), "" + pick(1, 2, 3));
            add("make_identity_layout", s.toString());
            if (!s.isLeaf()) {
                List<Integer> o = new ArrayList<>();
                for (int j = 0; j < s.rank(); j++) o.add(j);
                Collections.shuffle(o, r);
                add("make_ordered_layout", s.toString(), o.toString().replace(" ", "").replace('[', '(').replace(']', ')'));
            }
            add("make_layout_tv", compact(IntTuple.flat(pick(2, 4), pick(2, 4))).toString(),
                    compact(IntTuple.flat(pick(1, 2, 4), pick(1, 2, 3))).toString());
        });
    }

    private void partition(int n) {
        times(n, () -> {
            String l = r.nextInt(3) == 0 ? swizzled() : integer().toString();
            String c = coord(shapeOf(l), true);
            add("slice", l, c);
            add("dice", l, c);
        });
        times(n, () -> {
            IntTuple s = IntTuple.flat(pick(8, 16), pick(8, 16, 32));
            String l = switch (r.nextInt(3)) {
                case 0 -> (r.nextBoolean() ? Layout.colMajor(s) : Layout.rowMajor(s)).toString();
                case 1 -> CoordLayout.identity(s).toString();
                default -> "Sw<" + pick(1, 2, 3) + "," + pick(0, 1, 2) + ",3> o 0 o " + Layout.rowMajor(s);
            };
            String tiler = "(" + pick(2, 4) + "," + pick(2, 4, 8) + ")";
            add("local_tile", l, tiler, r.nextBoolean() ? "(" + r.nextInt(2) + ",_)" : "(" + r.nextInt(2) + "," + r.nextInt(2) + ")");
            // a CTA tiler (M,N,K) projected onto the two modes of the tensor, as kernels call local_tile with a Step
            int drop = r.nextInt(3);
            String[] cta = {"" + pick(2, 4), "" + pick(2, 4), "" + pick(2, 4, 8)};
            String[] at = {"" + r.nextInt(2), "" + r.nextInt(2), "_"};
            String[] proj = {"1", "1", "1"};
            proj[drop] = "_";
            add("local_tile", l, "(" + String.join(",", cta) + ")", "(" + String.join(",", at) + ")", "(" + String.join(",", proj) + ")");
            Layout thr = compact(IntTuple.flat(pick(2, 4), pick(2, 4)));
            add("local_partition", l, thr.toString(), "" + r.nextInt((int) thr.size()));
        });
    }

    private void modes(int n) {
        times(n, () -> {
            String l = any();
            IntTuple s = shapeOf(l);
            int rank = s.isLeaf() ? 1 : s.rank();
            int b = r.nextInt(rank);
            add("select", l, "(" + b + "," + r.nextInt(rank) + ")");
            if (rank > 1) add("group", l, "" + b, "" + (b + 1 + r.nextInt(rank - b)));
            add("append", l, arbitrary(nested()).toString());
            add("prepend", l, r.nextBoolean() ? arbitrary(nested()).toString() : pick(2, 4) + ":" + pick(0, 1, 8));
        });
    }

    private void recast(int n) {
        times(n, () -> {
            Layout l = compact(nested());
            add("max_common_vector", l.toString(), compact(l.shape()).toString());
            add("max_common_layout", l.toString(), compact(l.shape()).toString());
            String sw = swizzled();
            String other = r.nextBoolean() ? sw : compact(shapeOf(sw)).toString();
            add("max_common_vector", sw, other);
            add("max_common_layout", other, sw);
        });
        times(n, () -> {
            String l = r.nextInt(3) == 0 ? swizzled() : compact(nested()).toString();
            add("upcast", l, "" + pick(2, 4));
            add("downcast", l, "" + pick(2, 4));
            add("recast_layout", "" + pick(8, 16, 32), "" + pick(8, 16, 32), r.nextInt(3) == 0 ? swizzled() : compact(nested()).toString());
        });
    }

    private void tuples(int n) {
        times(n, () -> {
            IntTuple s = nested();
            add("shape_div", s.toString(), "" + pick(2, 3, 4, 6, 12));
            add("ceil_div", s.toString(), r.nextBoolean() ? "" + pick(2, 3, 4) : s.toString().replaceAll("\\d+", "" + pick(2, 3)));
            add("nullspace", arbitrary(s).toString());
            add("weakly_congruent", nested().toString(), s.toString());
            add("evenly_divides", s.toString(), r.nextBoolean() ? "" + pick(2, 3, 4) : nested().toString());
        });
    }

    private static final List<String> MAJORS = List.of("K", "MN");
    private static final List<String> SWIZZLES = List.of("INTER", "SW32", "SW64", "SW128");

    private void swizzles(int n) {
        times(n, () -> add("gmma_smem_atom", pick(MAJORS), pick(SWIZZLES), "" + pick(8, 16, 32, 64)));
        times(2 * n, () -> {
            String major = pick(MAJORS);
            long bits = pick(8, 16, 32);
            String atom = gmmaAtom(major, pick(SWIZZLES), bits);
            IntTuple s = shapeOf(atom);
            long m = s.mode(0).value() * pick(1, 2, 4);
            long k = s.mode(1).value() * pick(1, 2);
            String target = r.nextInt(4) == 0 ? "(" + m + "," + k + "," + pick(2, 3) + ")" : "(" + m + "," + k + ")";
            String block = r.nextInt(5) == 0 ? compact(IntTuple.flat(pick(4, 8), pick(4, 8))).toString() : atom;
            if (r.nextInt(3) == 0 && !target.contains(",2)") && !target.contains(",3)")) add("tile_to_shape", block, target, "(1,0)");
            else add("tile_to_shape", block, target);
        });
    }

    /** A GMMA atom's element form, as {@code gmma_smem_atom} answers it. */
    private static String gmmaAtom(String major, String swizzle, long bits) {
        return String.valueOf(GmmaSmemAtoms.atom(GmmaSmemAtoms.Major.valueOf(major), GmmaSmemAtoms.Swizzling.valueOf(swizzle), (int) bits));
    }

    private void atoms(int n) {
        List<MmaAtom> mmas = Atoms.mmaAtoms();
        List<MmaAtom> warp = mmas.stream().filter(m -> !m.name().startsWith("SM90_")).toList();
        List<MmaAtom> gmma = Atoms.gmmaAtoms(); // the whole SM90 catalog: every family, SS and RS
        // TMEM atoms tile by make_tmem_copy (tmem_copy), not make_tiled_copy: the mix keeps the atoms it had
        List<CopyAtom> copies = Atoms.copyAtoms().stream().filter(c -> !c.name().startsWith("SM100_TMEM_")).toList();
        List<CopyAtom> matrix = copies.stream().filter(c -> c.name().contains("LDSM") || c.name().contains("STSM")).toList();
        times(n, () -> add("mma_atom", (r.nextBoolean() ? pick(gmma) : pick(mmas)).name()));
        times(n, () -> {
            CopyAtom c = pick(copies);
            if (r.nextInt(3) == 0) add("copy_atom", c.name());
            else add("copy_atom", c.name(), "" + pick(8, 16, 32));
        });
        Supplier<String> atomLayout = () -> {
            if (r.nextInt(3) > 0) return pick(1, 2, 4) + "x" + pick(1, 2) + "x" + pick(1, 2);
            long a = pick(2, 4);
            long b = pick(1, 2);
            return "(" + a + "," + b + ",1):" + (b > 1 && r.nextBoolean() ? "(" + b + ",1,0)" : "(1," + (b > 1 ? a : 0) + ",0)");
        };
        times(2 * n, () -> {
            MmaAtom m = r.nextInt(6) == 0 ? pick(gmma) : pick(warp);
            String al = m.name().startsWith("SM90_") ? "1x" + pick(1, 2) + "x1" : atomLayout.get();
            if (r.nextInt(3) == 0) add("tiled_mma", m.name(), al, permutation(m, al));
            else add("tiled_mma", m.name(), al);
        });
        times(2 * n, () -> {
            CopyAtom c = pick(copies);
            long bits = c.name().contains("LDSM") || c.name().contains("STSM") ? 16 : pick(8, 16, 32);
            String thr = compact(IntTuple.flat(pick(8, 16, 32), pick(1, 2, 4))).toString();
            String val = compact(IntTuple.flat(pick(1, 2, 4, 8), pick(1, 2))).toString();
            add("tiled_copy", c.name(), "" + bits, thr, val);
            // a thread's part of a tensor of whole tiles, as ThrCopy::partition_S/D cuts it
            IntTuple t = IntTuple.flat(pick(64, 128), pick(32, 64));
            String tensor = (r.nextBoolean() ? Layout.colMajor(t) : Layout.rowMajor(t)).toString();
            add(r.nextBoolean() ? "partition_s" : "partition_d", c.name(), "" + bits, thr, val, tensor, "" + r.nextInt(32));
        });
        for (String w : List.of("a", "b", "c")) {
            times(n, () -> {
                MmaAtom m = pick(warp);
                CopyAtom c = r.nextInt(4) == 0 ? pick(copies) : pick(matrix);
                String al = atomLayout.get();
                String bits = "" + (c.name().contains("LDSM") || c.name().contains("STSM") ? 16 : pick(16, 32));
                if (r.nextInt(3) == 0) add("tiled_copy_" + w, c.name(), bits, m.name(), al, permutation(m, al));
                else add("tiled_copy_" + w, c.name(), bits, m.name(), al);
            });
            // column-major operands that hold each tile twice or more mostly: layoutcat's fragment is CuTe's there
            times(2 * n, () -> {
                MmaAtom m = pick(warp);
                String al = atomLayout.get();
                Layout atoms = TiledMma.parseAtomLayout(al);
                IntTuple mnk = m.shapeMNK();
                int rowMode = w.equals("b") ? 1 : 0;
                int colMode = w.equals("c") ? 1 : 2;
                long rows = mnk.mode(rowMode).value() * atoms.shape().mode(rowMode).value() * pick(1, 2, 2, 3);
                long cols = mnk.mode(colMode).value() * atoms.shape().mode(colMode).value() * pick(1, 2, 2);
                IntTuple s = IntTuple.flat(rows, cols);
                Layout t = switch (r.nextInt(5)) {
                    case 0, 1 -> Layout.colMajor(s);
                    case 2 -> Layout.rowMajor(s);
                    default -> Layout.of(s, new long[] {1, rows + pick(0, 1)});
                };
                if (r.nextInt(4) == 0) { // a pipelined tensor (rows, cols, stages): the stages kept as a further mode
                    long stages = pick(2, 3);
                    t = Layout.concat(t, Layout.of(stages, rows * cols));
                }
                add("partition_" + w, m.name(), al, t.toString(), "" + r.nextInt((int) (m.threads() * atoms.size())));
            });
        }
        // swizzled shared-memory tiles, pipelined or not, in the offset form or CuTe's pointer form over 16-bit
        // elements: partitioned among an MMA's threads or a tiled copy's, the swizzle kept or decayed as CuTe slices it
        Supplier<String> swizzle = () -> {
            long b = pick(1, 2, 3);
            long m = pick(2, 3);
            return b + "," + m + "," + pick(3, 4);
        };
        java.util.function.Function<Layout, String> swizzled = inner -> {
            String[] sw = swizzle.get().split(",");
            if (r.nextBoolean()) return "Sw<" + String.join(",", sw) + "> o 0 o " + inner;
            return "Sw<" + sw[0] + "," + (Long.parseLong(sw[1]) + 1) + "," + sw[2] + "> o smem_ptr[16b](unset) o " + inner;
        };
        for (String w : List.of("a", "b", "c")) {
            times(n, () -> {
                MmaAtom m = pick(warp);
                String al = atomLayout.get();
                Layout atoms = TiledMma.parseAtomLayout(al);
                IntTuple mnk = m.shapeMNK();
                int rowMode = w.equals("b") ? 1 : 0;
                int colMode = w.equals("c") ? 1 : 2;
                long rows = mnk.mode(rowMode).value() * atoms.shape().mode(rowMode).value() * pick(1, 2);
                long cols = mnk.mode(colMode).value() * atoms.shape().mode(colMode).value() * pick(1, 2, 4);
                IntTuple s = IntTuple.flat(rows, cols);
                Layout t = r.nextBoolean() ? Layout.rowMajor(s) : Layout.colMajor(s);
                if (r.nextBoolean()) t = Layout.concat(t.mode(0), t.mode(1), Layout.of(pick(2, 3), rows * cols)); // (M,K,PIPE)
                add("partition_" + w, m.name(), al, swizzled.apply(t), "" + r.nextInt((int) (m.threads() * atoms.size())));
            });
        }
        times(2 * n, () -> {
            CopyAtom c = pick(copies);
            long bits = c.name().contains("LDSM") || c.name().contains("STSM") ? 16 : pick(8, 16, 32);
            String thr = compact(IntTuple.flat(pick(8, 16, 32), pick(1, 2, 4))).toString();
            String val = compact(IntTuple.flat(pick(1, 2, 4, 8), pick(1, 2))).toString();
            IntTuple s = IntTuple.flat(pick(64, 128), pick(32, 64));
            Layout t = r.nextBoolean() ? Layout.colMajor(s) : Layout.rowMajor(s);
            if (r.nextBoolean()) t = Layout.concat(t.mode(0), t.mode(1), Layout.of(pick(2, 3), s.mode(0).value() * s.mode(1).value()));
            add(r.nextBoolean() ? "partition_s" : "partition_d", c.name(), "" + bits, thr, val, swizzled.apply(t), "" + r.nextInt(32));
        });
        for (String w : List.of("a", "b", "c")) {
            // a thread's MMA fragment of the operand (partition_fragment_A/B/C of a tile or two), retiled for a copy
            // tiled to that operand, as a mainloop's ldmatrix or an epilogue's stmatrix sees it
            times(n, () -> {
                MmaAtom m = pick(warp);
                CopyAtom c = r.nextInt(4) == 0 ? pick(copies) : pick(matrix);
                String al = atomLayout.get();
                String bits = "" + (c.name().contains("LDSM") || c.name().contains("STSM") ? 16 : pick(16, 32));
                String perm = r.nextInt(3) == 0 ? permutation(m, al) : null;
                int rowMode = w.equals("b") ? 1 : 0;
                int colMode = w.equals("c") ? 1 : 2;
                long rowTiles = pick(1, 2);
                long colTiles = pick(1, 2);
                boolean colMajor = r.nextBoolean();
                Layout fragment;
                try { // the fragment of a tensor of whole tiles; a tiled MMA layoutcat refuses gives no request
                    TiledMma tm = TiledMma.of(m, TiledMma.parseAtomLayout(al), perm == null ? null : Tiler.parse(perm));
                    IntTuple s = IntTuple.flat(tm.tileSize(rowMode) * rowTiles, tm.tileSize(colMode) * colTiles);
                    Layout t = colMajor ? Layout.colMajor(s) : Layout.rowMajor(s);
                    fragment = switch (w) {
                        case "a" -> tm.partitionFragmentA(t);
                        case "b" -> tm.partitionFragmentB(t);
                        default -> tm.partitionFragmentC(t);
                    };
                } catch (IllegalArgumentException refused) {
                    return;
                }
                String op = r.nextBoolean() ? "retile_s" : "retile_d";
                if (perm == null) add(op, c.name(), bits, m.name(), al, w.toUpperCase(), fragment.toString());
                else add(op, c.name(), bits, m.name(), al, w.toUpperCase(), fragment.toString(), perm);
            });
        }
    }

    /** A permutation of a tiled MMA: its tile, some modes twice as large, one mode permuted. */
    private String permutation(MmaAtom m, String atomLayout) {
        Layout atoms = TiledMma.parseAtomLayout(atomLayout);
        IntTuple mnk = m.shapeMNK();
        StringBuilder sb = new StringBuilder("<");
        for (int i = 0; i < 3; i++) {
            long size = mnk.mode(i).value() * (i < atoms.rank() ? atoms.shape().mode(i).value() : 1) * pick(1, 1, 2);
            sb.append(i > 0 ? "," : "");
            // (8,2,k):(1,8k,8): a permutation of [0, 16k) that swaps blocks of 8
            if (i == 0 && size % 16 == 0 && r.nextBoolean()) sb.append("(8,2," + size / 16 + "):(1," + size / 2 + ",8)");
            else sb.append(size);
        }
        return sb.append('>').toString();
    }
}
