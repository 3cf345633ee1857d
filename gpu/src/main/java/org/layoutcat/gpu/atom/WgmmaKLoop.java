package org.layoutcat.gpu.atom;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.swizzle.GmmaDescriptor;
import org.layoutcat.core.swizzle.GmmaSmemAtoms;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling;
import org.layoutcat.gpu.ptx.AtomKernels;
import org.layoutcat.gpu.ptx.Kernel;

/**
 * One run of a wgmma main loop on the GPU, as a CuTe kernel's k-loop runs it: an SS atom's A and B are whole
 * shared-memory tiles of {@code blocks} k-blocks, {@code tile_to_shape(GMMA::Layout_*_Atom<T>, (MN, blocks·K))},
 * and the instruction runs once a k-block with both descriptors advanced along K as CuTe's {@code DescriptorIterator}
 * advances them (the start address by the k-block's offset in 16-byte units, the rest of the descriptor as is), D
 * accumulating A·B over the whole of K. The tiles begin where {@code places} says, past a 1024-byte boundary, and their
 * swizzle's repeating pattern is anchored ({@link Anchor}) at the boundaries of the addresses, as CuTe's
 * {@code smem_ptr} tensors and TMA write a tile, or at the tile's start, as a swizzle of offsets from the tile places
 * it. The descriptors are layoutcat's ({@link GmmaDescriptor#of}); CuTe's differ where the pattern starts at the tile
 * off a boundary (base offset 0 where the PTX ISA asks for {@code (start >> 7) & 7}). Immutable.
 *
 * @param atom      an SS {@code wgmma.mma_async} atom of the GMMA catalog, as CuTe's type of A's and B's majors
 *                  ({@code SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>}, {@link MmaAtom#withMajors})
 * @param swizzling the swizzling of both operands' shared-memory atom
 * @param blocks    the k-blocks of the loop, 1 to 16
 * @param places    where the tiles begin past a 1024-byte boundary
 * @param anchor    where the swizzle's repeating pattern lies
 */
public record WgmmaKLoop(MmaAtom atom, Swizzling swizzling, int blocks, Places places, Anchor anchor) {

    /**
     * Where A's and B's tiles begin, in bytes past a 1024-byte boundary: multiples of 128 below 1024. Two places
     * apart: a misplaced pattern permutes each row's bytes, and the same permutation of K in A and in B would cancel
     * in A·B (a 32-byte swizzle at 384 and at 640 XORs the same bit alike).
     *
     * @param a A's tile's place
     * @param b B's tile's place
     */
    public record Places(int a, int b) {
        /** Both at a boundary. */
        public static final Places AT_BOUNDARY = new Places(0, 0);
        /** A 384 bytes past a boundary (bits 7 and 8), B 512 past one (bit 9): off every swizzle's repeat but B's SW32 and SW64. */
        public static final Places APART = new Places(384, 512);

        /**
         * The places; see the components.
         *
         * @throws IllegalArgumentException for a place that is not a multiple of 128 below 1024
         */
        public Places {
            for (int at : new int[] {a, b}) {
                if (at < 0 || at >= AtomKernels.TILE_ALIGN || at % 128 != 0) {
                    throw new IllegalArgumentException("a tile " + at + " bytes past a boundary; a multiple of 128 below "
                            + AtomKernels.TILE_ALIGN + " places it (whole 128-byte rows, which the swizzle permutes within)");
                }
            }
        }
    }

    /** Where a tile's swizzle pattern is anchored. */
    public enum Anchor {
        /**
         * At the boundaries of the shared-memory addresses (1024, 512, 256 bytes for the 128-, 64- and 32-byte
         * swizzles), wherever the tile lies: CuTe's {@code Sw<B,4,3> o smem_ptr[Nb] o L} swizzles byte addresses, and
         * TMA writes its boxes so. The descriptor's base offset is 0.
         */
        ADDRESSES("the pattern at the address boundaries"),
        /**
         * At the tile's start: {@code Sw<B,M,S> o 0 o L} swizzles offsets from the tile. Off a boundary the descriptor
         * needs the PTX ISA's base offset, where CuTe writes 0.
         */
        TILE("the pattern at the tile's start");

        private final String words;

        Anchor(String words) {
            this.words = words;
        }

        /** Where the pattern lies, in words. */
        public String words() {
            return words;
        }
    }

    /**
     * The case; see the components.
     *
     * @throws IllegalArgumentException for an atom other than an SS wgmma one, or a number of k-blocks out of 1 to 16
     */
    public WgmmaKLoop {
        Objects.requireNonNull(swizzling, "swizzling");
        Objects.requireNonNull(anchor, "anchor");
        Objects.requireNonNull(places, "places");
        if (atom.family() != MmaAtom.Family.WGMMA_SS) throw new IllegalArgumentException(atom.name() + " is not an SS wgmma atom");
        if (blocks < 1 || blocks > 16) throw new IllegalArgumentException("a K-loop of " + blocks + " k-blocks; 1 to 16 run here");
    }

    /** A's major, the atom's {@code tnspA}. */
    public Major a() {
        return atom.majorA();
    }

    /** B's major, the atom's {@code tnspB}. */
    public Major b() {
        return atom.majorB();
    }

    /** An operand of the atom. */
    public enum Side { A, B }

    /** A's tile. */
    public Tile tileA() {
        return Tile.of(this, Side.A);
    }

    /** B's tile. */
    public Tile tileB() {
        return Tile.of(this, Side.B);
    }

    /** The kernel with layoutcat's descriptors. */
    public Kernel kernel() {
        Tile ta = tileA(), tb = tileB();
        return kernel(ta, tb, ta.descriptor(), tb.descriptor());
    }

    /** The kernel with CuTe's descriptors: layoutcat's with base offset 0, as make_gmma_desc writes them. */
    public Kernel cuteKernel() {
        Tile ta = tileA(), tb = tileB();
        return kernel(ta, tb, ta.descriptor().cuteValue(), tb.descriptor().cuteValue());
    }

    private Kernel kernel(Tile ta, Tile tb, GmmaDescriptor da, GmmaDescriptor db) {
        return AtomKernels.wgmma(atom, ta.smemOperand(da), tb.smemOperand(db), new AtomKernels.KLoop(ta.advance(), tb.advance()));
    }

    /** Whether layoutcat's descriptors differ from CuTe's: the pattern at a tile off a boundary. */
    public boolean cuteDiffers() {
        return tileA().descriptor().baseOffset() != 0 || tileB().descriptor().baseOffset() != 0;
    }

    /** {@code A K SW128 · B MN SW128, 4 k-blocks, tiles at +384/+512, the pattern at the tile's start}. */
    public String label() {
        return "A " + a() + " " + swizzling + " · B " + b() + " " + swizzling + ", " + blocks + " k-blocks, tiles at +" + places.a() + "/+"
                + places.b() + ", " + anchor.words();
    }

    /**
     * The cases {@code gpu atoms --verify} runs: SM90_64x64x16_F32F16F16_SS over the four pairs of majors, and
     * SM90_64x64x16_F32BF16BF16_SS, SM90_64x64x8_F32TF32TF32_SS_TN, SM90_64x64x32_F32E4M3E4M3_SS_TN and
     * SM90_64x64x32_S32S8S8_SS_TN K-major; each over SW32, SW64 and SW128 with 4 k-blocks, tiles at a boundary, and
     * tiles apart ({@link Places#APART}: bits 7 to 9 set) with the pattern at the addresses and at the tile; and the
     * f16 atom's four pairs without a swizzle.
     */
    public static List<WgmmaKLoop> matrix() {
        List<WgmmaKLoop> out = new ArrayList<>();
        List<Major[]> f16Majors = List.of(new Major[] {Major.K, Major.K}, new Major[] {Major.MN, Major.MN},
                new Major[] {Major.K, Major.MN}, new Major[] {Major.MN, Major.K});
        MmaAtom f16 = Atoms.mma("SM90_64x64x16_F32F16F16_SS");
        List<WgmmaKLoop> kMajor = new ArrayList<>();
        for (Swizzling s : List.of(Swizzling.SW32, Swizzling.SW64, Swizzling.SW128)) {
            for (Major[] m : f16Majors) placements(out, f16.withMajors(m[0], m[1]), s);
            for (String name : List.of("SM90_64x64x16_F32BF16BF16_SS", "SM90_64x64x8_F32TF32TF32_SS_TN", "SM90_64x64x32_F32E4M3E4M3_SS_TN",
                    "SM90_64x64x32_S32S8S8_SS_TN")) {
                placements(kMajor, Atoms.mma(name), s);
            }
        }
        out.addAll(kMajor);
        for (Major[] m : f16Majors) out.add(new WgmmaKLoop(f16.withMajors(m[0], m[1]), Swizzling.INTER, 4, Places.AT_BOUNDARY, Anchor.ADDRESSES));
        return out;
    }

    private static void placements(List<WgmmaKLoop> out, MmaAtom atom, Swizzling s) {
        out.add(new WgmmaKLoop(atom, s, 4, Places.AT_BOUNDARY, Anchor.ADDRESSES));
        out.add(new WgmmaKLoop(atom, s, 4, Places.APART, Anchor.ADDRESSES));
        out.add(new WgmmaKLoop(atom, s, 4, Places.APART, Anchor.TILE));
    }

    /**
     * One operand's shared-memory tile in a K-loop: {@code tile_to_shape(atom, (MN, blocks·K))} of the operand's
     * elements, where the loop places it and anchors its pattern. Immutable.
     *
     * @param loop       the K-loop
     * @param side       which operand
     * @param tile       the whole tile, CuTe's pointer form
     * @param descriptor k-block 0's descriptor, start address 0: the kernel adds the tile's address ≫ 4
     * @param advance    each k-block's descriptor offset from k-block 0's, in 16-byte units: the offset of its first
     *                   element, unswizzled (CuTe's partition_fragment_A/B along K)
     */
    public record Tile(WgmmaKLoop loop, Side side, ComposedLayout tile, GmmaDescriptor descriptor, List<Long> advance) {

        static Tile of(WgmmaKLoop loop, Side side) {
            Major major = side == Side.A ? loop.a() : loop.b();
            int bits = side == Side.A ? loop.atom().ab().bits() : loop.atom().bType().bits();
            long mn = side == Side.A ? loop.atom().m() : loop.atom().n(), k = loop.atom().k();
            ComposedLayout atom = GmmaSmemAtoms.atom(major, loop.swizzling(), bits);
            ComposedLayout tile = (ComposedLayout) TileToShape.tileToShape(atom, IntTuple.flat(mn, k * loop.blocks()), null);
            ComposedLayout block0 = (ComposedLayout) Composition.compose(tile, Tiler.ByMode.of(Layout.of(mn, 1), Layout.of(k, 1)));
            long bytes = bits / 8;
            List<Long> advance = new ArrayList<>();
            for (int j = 0; j < loop.blocks(); j++) { // k-block j's first element, unswizzled
                long at = tile.inner().apply(IntTuple.flat(0, j * k)) * bytes;
                if (at % 16 != 0) throw new IllegalArgumentException(tile + ": k-block " + j + " starts " + at + " bytes in, off 16 bytes");
                advance.add(at / 16);
            }
            int place = side == Side.A ? loop.places().a() : loop.places().b();
            GmmaDescriptor d = loop.anchor() == Anchor.ADDRESSES
                    ? GmmaDescriptor.of(major, block0, 0, place)
                    : GmmaDescriptor.of(major, new ComposedLayout(tile.outer(), 0, block0.inner()), bits, place);
            if (d.startAddress() != place >> 4) throw new IllegalStateException(d + " does not start at the tile, +" + place);
            GmmaDescriptor template = new GmmaDescriptor(0, d.leadingByteOffset(), d.strideByteOffset(), d.baseOffset(), d.layoutType());
            return new Tile(loop, side, tile, template, advance);
        }

        /** The operand's major. */
        public Major major() {
            return side == Side.A ? loop.a() : loop.b();
        }

        /** The bits of one element. */
        public int elementBits() {
            return side == Side.A ? loop.atom().ab().bits() : loop.atom().bType().bits();
        }

        /** The operand's rows, MN. */
        public long mn() {
            return side == Side.A ? loop.atom().m() : loop.atom().n();
        }

        /** Where the tile begins past a boundary, in bytes. */
        public int place() {
            return side == Side.A ? loop.places().a() : loop.places().b();
        }

        /** The elements the tables place: {@code MN · blocks·K}. */
        public int elements() {
            return Math.toIntExact(mn() * loop.atom().k() * loop.blocks());
        }

        /** The bytes the tile spans from its start. */
        public int tileBytes() {
            return Math.toIntExact(elementBits() / 8 * tile.inner().cosize());
        }

        /**
         * The placement table: entry {@code r + MN·c} (c below {@code blocks·K}) is the byte offset of element (r, c)
         * from the tile's start. With the pattern at the addresses: {@code Sw(place + bytes·L(r,c)) − place},
         * the byte swizzle of the element's address (the boundary below the tile at 0); at the tile:
         * {@code Sw(bytes·L(r,c))}.
         */
        public int[] byteOffsets() {
            return offsets(false);
        }

        /** The counter-check's table: the offsets without the swizzle, {@code bytes·L(r,c)}. */
        public int[] unswizzledByteOffsets() {
            return offsets(true);
        }

        private int[] offsets(boolean dropSwizzle) {
            Swizzle sw = tile.byteSwizzle();
            long bytes = elementBits() / 8, mn = mn(), wideK = loop.atom().k() * loop.blocks();
            int misalign = place();
            int[] t = new int[elements()];
            for (long c = 0; c < wideK; c++) {
                for (long r = 0; r < mn; r++) {
                    long o = bytes * tile.inner().apply(IntTuple.flat(r, c));
                    long at = dropSwizzle ? o : loop.anchor() == Anchor.ADDRESSES ? sw.apply(misalign + o) - misalign : sw.apply(o);
                    t[(int) (r + mn * c)] = Math.toIntExact(at);
                }
            }
            return t;
        }

        AtomKernels.SmemOperand smemOperand(GmmaDescriptor d) {
            return new AtomKernels.SmemOperand(major(), d, tileBytes(), GmmaSmemAtoms.name(major(), loop.swizzling(), elementBits())
                    + " tiled to (" + mn() + "," + loop.atom().k() * loop.blocks() + "), " + loop.blocks() + " k-blocks, at +"
                    + place() + ", " + loop.anchor().words(), place());
        }
    }
}
