package org.layoutcat.examples;

import static org.layoutcat.examples.Source.ATOMS;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;

/**
 * The common tensor-core atoms and their tilings, each with the layout CuTe C++ (CUTLASS main) prints on the host
 * for it ({@code print(MMA_Traits<…>::CLayout{})}, {@code print(tiled_mma.get_layoutC_TV())}, …), static marks
 * {@code _} left out, and its print_latex picture.
 */
public final class TensorCoreAtoms {
    private TensorCoreAtoms() {}

    public static List<Example> examples() {
        List<Example> out = new ArrayList<>();
        mma(out, "SM80_16x8x16_F16F16F16F16_TN", "C", "((4,8),(2,2)):((32,1),(16,8))",
                "m16n8k16 accumulators: row = groupID + 8⌊i/2⌋, col = 2·threadID_in_group + i%2");
        mma(out, "SM80_16x8x16_F16F16F16F16_TN", "A", "((4,8),(2,2,2)):((32,1),(16,8,128))", "m16n8k16 A fragment, 8 halves per thread");
        mma(out, "SM70_8x8x4_F32F16F16F32_TN", "C", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
                "Volta quad pairs: logical thread t runs on lane t%4 + 16⌊t/4⌋");
        mma(out, "SM80_16x8x8_F32TF32TF32F32_TN", "A", "((4,8),(2,2)):((16,1),(8,64))", "tf32 m16n8k8 A fragment");
        mma(out, "SM80_16x8x32_S32S8S8S32_TN", "A", "((4,8),(4,2,2)):((64,1),(16,8,256))", "s8 m16n8k32: four bytes per register");
        mma(out, "SM80_8x8x4_F64F64F64F64_TN", "C", "((4,8),2):((16,1),8)", "f64 m8n8k4 accumulators");
        out.add(Example.of(ATOMS, "SM90_64x16x16_F32F16F16_SS", "wgmma m64n16k16 accumulators over a warp group of 128 threads",
                "mma_atom SM90_64x16x16_F32F16F16_SS: layout_c_tv", "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))",
                () -> Atoms.mma("SM90_64x16x16_F32F16F16_SS").c().toString(),
                Figure.tv(Layout.parse("((4,8,4),(2,2,2)):((128,1,16),(64,8,512))"), IntTuple.parse("(64,16)"))));
        out.add(Example.of(ATOMS, "make_tiled_mma", "SM80_16x8x16_F16F16F16F16_TN tiled 2×2×1: get_layoutC_TV",
                "tiled_mma SM80_16x8x16_F16F16F16F16_TN 2x2x1", "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))",
                () -> TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), TiledMma.parseAtomLayout("2x2x1"), null).layoutC().toString(),
                Figure.mma(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), IntTuple.flat(2, 2, 1))));
        out.add(Example.of(ATOMS, "make_tiled_copy_A", "ldmatrix.x4 for A of that tiled MMA: get_layoutS_TV (the rows each thread addresses)",
                "tiled_copy_a SM75_U32x4_LDSM_N 16 SM80_16x8x16_F16F16F16F16_TN 2x2x1", "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))",
                () -> TiledCopy.forA(Atoms.copy("SM75_U32x4_LDSM_N"), 16,
                        TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), TiledMma.parseAtomLayout("2x2x1"), null)).layoutS().toString(),
                null));
        out.add(Example.of(ATOMS, "make_tiled_copy", "128-bit copies of halves: 32×8 threads (row-major), 1×8 values each",
                "tiled_copy UniversalCopy_U128 16 (32,8):(8,1) (1,8)", "((8,32),8):((256,1),32)",
                () -> TiledCopy.of(Atoms.copy("UniversalCopy_U128"), 16, Layout.parse("(32,8):(8,1)"), Layout.parse("(1,8)"))
                        .tiledLayoutTV().toString(),
                Figure.copy(Atoms.copy("UniversalCopy_U128"), 16, Layout.parse("(32,8):(8,1)"), Layout.parse("(1,8)"))));
        return out;
    }

    private static void mma(List<Example> out, String name, String operand, String printed, String title) {
        out.add(Example.of(ATOMS, name, title, "mma_atom " + name + ": layout_" + operand.toLowerCase(java.util.Locale.ROOT) + "_tv",
                printed, () -> {
                    var a = Atoms.mma(name);
                    return (operand.equals("A") ? a.a() : operand.equals("B") ? a.b() : a.c()).toString();
                }, Figure.mma(Atoms.mma(name))));
    }
}
