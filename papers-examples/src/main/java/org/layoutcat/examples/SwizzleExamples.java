package org.layoutcat.examples;

import static org.layoutcat.examples.Source.SWIZZLE;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.swizzle.BankConflicts;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling;
import org.layoutcat.core.swizzle.GmmaSmemAtoms;

/**
 * Swizzled shared-memory tiles: CuTe's GMMA K-major SW128 atom for 16-bit elements and the SM80 idiom
 * {@code Swizzle<3,3,3>} over an 8×64 tile of halves, with the values CuTe C++ (CUTLASS main) prints on the host
 * (static marks {@code _} left out), drawn by bank; and the bank conflicts of one instruction reading down a column of
 * that tile, counted by the rules of NVIDIA's CUDA C++ Programming Guide (Shared Memory, compute capability 5.x and
 * later: 32 banks of 4-byte words, distinct words of one bank served one after the other, a 16-byte access in
 * quarter warps), each derivation written in its note.
 */
public final class SwizzleExamples {
    private SwizzleExamples() {}

    private static final String TILE = "(8,64):(64,1)"; // 8 rows of 64 halves: 128-byte rows
    private static final String SW128 = "Sw<3,3,3> o 0 o " + TILE;

    public static List<Example> examples() {
        List<Example> out = new ArrayList<>();
        String atom = GmmaSmemAtoms.cuteForm(Major.K, Swizzling.SW128, 16);
        out.add(Example.of(SWIZZLE, "GMMA::Layout_K_SW128_Atom<half_t>", "CuTe's K-major 128-byte-swizzle atom of SM90 GMMA for 16-bit elements",
                "print(GMMA::Layout_K_SW128_Atom<half_t>{})", "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)",
                () -> GmmaSmemAtoms.cuteForm(Major.K, Swizzling.SW128, 16),
                Figure.layout(AnyLayout.parse(atom), 2))
                .noting("CuTe prints (_8,_64):(_64,_1). Sw<3,4,3> swizzles byte addresses: bits 7–9 (the 128-byte row) are"
                        + " XORed into bits 4–6 (the 16-byte chunk), so each row's 8 chunks are permuted. The picture reads it"
                        + " in element offsets, Sw<3,3,3> o 0 o (8,64):(64,1), each cell's bank under its offset."));
        out.add(Example.of(SWIZZLE, "as_position_independent_swizzle_layout", "the same atom in element offsets",
                "print(as_position_independent_swizzle_layout(GMMA::Layout_K_SW128_Atom<half_t>{}))", SW128,
                () -> ComposedLayout.parse(atom).inOffsetForm().toString(), null)
                .noting("CuTe prints Sw<3,3,3> o _0 o (_8,_64):(_64,_1): for 2-byte elements the swizzle's M drops by one"));
        out.add(Example.of(SWIZZLE, "composition(Swizzle<3,3,3>, (8,64):(64,1))",
                "the SM80 swizzle over an 8×64 tile of halves at (1,0), (3,0), (7,0), (5,17) and (1,8)",
                "composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})(r, c)", "72 216 504 377 64",
                () -> {
                    ComposedLayout sw = ComposedLayout.parse(SW128);
                    return Stream.of("(1,0)", "(3,0)", "(7,0)", "(5,17)", "(1,8)")
                            .map(c -> Long.toString(sw.apply(IntTuple.parse(c)))).collect(Collectors.joining(" "));
                }, Figure.layout(Layout.parse(TILE), 2))
                .noting("The picture is the tile before the swizzle: every row starts in bank 0, so a column is one bank."
                        + " Sw<3,3,3> XORs the row (bits 6–8 of the offset) into the chunk (bits 3–5): (1,0) moves from"
                        + " 64 to 72, one chunk right, and (1,8) from 72 to 64."));
        out.add(bank("a column of halves, row-major: 8 threads read (t, 0)", TILE, "8:1", "8 wavefronts, minimum 1",
                "Thread t reads element 64t, byte 128t, word 32t: bank 0 for all eight, 8 distinct words, so 8"
                        + " wavefronts where 1 would do (8-way)."));
        out.add(bank("the same column through Sw<3,3,3>: conflict-free", SW128, "8:1", "1 wavefront, minimum 1",
                "Thread t reads sw(64t) = 64t XOR 8t = 72t, byte 144t, word 36t, bank 4t mod 32: eight banks, one"
                        + " word each, 1 wavefront."));
        out.add(bank("16-byte chunks down the rows through Sw<3,3,3> (as ldmatrix reads 8 rows)", SW128, "(8,8):(1,8)",
                "1 wavefront, minimum 1",
                "Thread t reads the first chunk of row t, 8 halves as one 16-byte access (one quarter-warp phase);"
                        + " Sw<3,3,3> moves it to chunk t: bytes 144t..144t+15, banks 4t..4t+3, all 32 banks once. Without"
                        + " the swizzle all eight rows' first chunks are in banks 0–3: 8 wavefronts."));
        return out;
    }

    /** One instruction's wavefronts: ACCESS (thread, value) → index of SMEM, 2-byte elements. */
    private static Example bank(String title, String smem, String access, String expected, String derivation) {
        return Example.of(SWIZZLE, "by the CUDA C++ Programming Guide's rules (Shared Memory)", title,
                "bank_conflicts " + smem + " " + access + " 2", expected, () -> {
                    ComposedLayout sw = AnyLayout.parse(smem) instanceof ComposedLayout c ? c : null;
                    Layout plain = sw == null ? Layout.parse(smem) : null;
                    BankConflicts c = BankConflicts.of(sw != null ? sw::apply : plain::apply, 2, Layout.parse(access));
                    return c.wavefronts() + (c.wavefronts() == 1 ? " wavefront" : " wavefronts") + ", minimum " + c.minimum();
                }, Figure.banks(AnyLayout.parse(smem), Layout.parse(access), 2)).noting(derivation);
    }
}
