package org.layoutcat.cli;

import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.modes.Sliced;

/**
 * The batch operations of tensor-core atoms ({@code org.layoutcat.core.atom}), by CuTe's names. Each answers the
 * atom's or tiling's name as {@code "result"} and its layouts and sizes as further fields of the reply:
 * <ul>
 * <li>{@code mma_atom} [name]: {@code ptx}, {@code isa}, {@code shape_mnk}, {@code thr_id}, {@code layout_a_tv},
 *     {@code layout_b_tv}, {@code layout_c_tv};</li>
 * <li>{@code copy_atom} [name] or [name, value_bits]: {@code ptx}, {@code isa}, {@code thr_id}, {@code layout_src_tv},
 *     {@code layout_dst_tv} (in bits, or in elements of value_bits);</li>
 * <li>{@code tiled_mma} [name, atom_layout] or [name, atom_layout, permutation]: {@code tile_mnk}, {@code threads},
 *     {@code thr_layout_vmnk}, {@code layout_a_tv}, {@code layout_b_tv}, {@code layout_c_tv};</li>
 * <li>{@code tiled_copy} [copy, value_bits, thr_layout, val_layout]: {@code tiler}, {@code threads}, {@code layout_tv},
 *     {@code layout_s_tv}, {@code layout_d_tv};</li>
 * <li>{@code tiled_copy_a}, {@code tiled_copy_b}, {@code tiled_copy_c} [copy, value_bits, mma, atom_layout] or with a
 *     permutation: the same fields, for CuTe's {@code make_tiled_copy_A/B/C(copy, tiled_mma)};</li>
 * <li>{@code partition_a}, {@code partition_b}, {@code partition_c} [mma, atom_layout, tensor, thread]: the thread's
 *     part of the tensor layout, with {@code offset} and the register {@code fragment}
 *     ({@code partition_fragment_A/B/C}).</li>
 * </ul>
 * An atom layout is a layout ({@code (2,2,1):(1,2,0)}) or a shape ({@code (2,2,1)} or {@code 2x2x1}, column-major); a
 * permutation is a by-mode tiler {@code <32,32,16>}.
 */
final class AtomOps {
    private AtomOps() {}

    /** Registers the operations with {@link Operations}. */
    static void registerAll() {
        Operations.register("mma_atom", 1, 1, r -> mmaAtom(Atoms.mma(r.arg(0))));
        Operations.register("copy_atom", 1, 2, r -> {
            CopyAtom c = Atoms.copy(r.arg(0));
            int bits = r.args().size() == 2 ? bits(r, 1) : 1;
            return new Answer(c.name(), null).with("ptx", c.ptx()).with("isa", c.isaSection()).with("thr_id", c.thrID())
                    .with("layout_src_tv", bits == 1 ? c.src() : c.src(bits)).with("layout_dst_tv", bits == 1 ? c.dst() : c.dst(bits));
        });
        Operations.register("tiled_mma", 2, 3, r -> {
            TiledMma m = tiledMma(r, 0);
            return new Answer(m.toString(), null).with("tile_mnk", m.tileShape()).with("threads", m.threads())
                    .with("thr_layout_vmnk", m.thrLayoutVMNK()).with("layout_a_tv", m.layoutA()).with("layout_b_tv", m.layoutB())
                    .with("layout_c_tv", m.layoutC());
        });
        Operations.register("tiled_copy", 4, 4, r -> tiledCopy(TiledCopy.of(Atoms.copy(r.arg(0)), bits(r, 1),
                Operations.layout(r, 2), Operations.layout(r, 3))));
        Operations.register("tiled_copy_a", 4, 5, r -> tiledCopy(TiledCopy.forA(Atoms.copy(r.arg(0)), bits(r, 1), tiledMma(r, 2))));
        Operations.register("tiled_copy_b", 4, 5, r -> tiledCopy(TiledCopy.forB(Atoms.copy(r.arg(0)), bits(r, 1), tiledMma(r, 2))));
        Operations.register("tiled_copy_c", 4, 5, r -> tiledCopy(TiledCopy.forC(Atoms.copy(r.arg(0)), bits(r, 1), tiledMma(r, 2))));
        Operations.register("partition_a", 4, 4, r -> {
            TiledMma m = TiledMma.of(Atoms.mma(r.arg(0)), atomLayout(r.arg(1)), null);
            Layout t = Operations.layout(r, 2);
            return sliced(m.partitionA(t, Operations.index(r, 3)), m.partitionFragmentA(t));
        });
        Operations.register("partition_b", 4, 4, r -> {
            TiledMma m = TiledMma.of(Atoms.mma(r.arg(0)), atomLayout(r.arg(1)), null);
            Layout t = Operations.layout(r, 2);
            return sliced(m.partitionB(t, Operations.index(r, 3)), m.partitionFragmentB(t));
        });
        Operations.register("partition_c", 4, 4, r -> {
            TiledMma m = TiledMma.of(Atoms.mma(r.arg(0)), atomLayout(r.arg(1)), null);
            Layout t = Operations.layout(r, 2);
            return sliced(m.partitionC(t, Operations.index(r, 3)), m.partitionFragmentC(t));
        });
    }

    static Answer mmaAtom(MmaAtom a) {
        return new Answer(a.name(), null).with("ptx", a.ptx()).with("isa", a.isaSection()).with("shape_mnk", a.shapeMNK())
                .with("thr_id", a.thrID()).with("layout_a_tv", a.a()).with("layout_b_tv", a.b()).with("layout_c_tv", a.c());
    }

    private static Answer tiledCopy(TiledCopy c) {
        return new Answer(c.toString(), null).with("tiler", c.tiler()).with("threads", c.threads())
                .with("layout_tv", c.tiledLayoutTV()).with("layout_s_tv", c.layoutS()).with("layout_d_tv", c.layoutD());
    }

    private static Answer sliced(Sliced s, Layout fragment) {
        return Answer.of(s.layout()).with("offset", s.offset()).with("fragment", fragment);
    }

    /** The tiled MMA of arguments i (atom), i+1 (atom layout) and, if present, i+2 (permutation). */
    private static TiledMma tiledMma(Request r, int i) {
        Tiler perm = r.args().size() > i + 2 ? Tiler.parse(r.arg(i + 2)) : null;
        return TiledMma.of(Atoms.mma(r.arg(i)), atomLayout(r.arg(i + 1)), perm);
    }

    /** A layout, or a shape (also {@code 2x2x1}) read as its column-major layout with stride 0 on modes of size 1. */
    static Layout atomLayout(String text) {
        return TiledMma.parseAtomLayout(text);
    }

    private static int bits(Request r, int i) {
        long b = Operations.index(r, i);
        if (b < 1 || b > 128) throw new LayoutArgumentException("value_bits " + b + " must be in [1, 128]");
        return (int) b;
    }
}
