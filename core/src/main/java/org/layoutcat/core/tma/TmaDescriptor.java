package org.layoutcat.core.tma;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.ScaledBasis;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.core.internal.Checked;

/**
 * A TMA tensor map, as CuTe C++'s {@code make_tma_copy} derives it from a global tensor's layout G and a
 * shared-memory tile's layout S ({@code cute/atom/copy_traits_sm90_tma.hpp}: {@code construct_tma_gbasis},
 * {@code make_tma_copy_desc}, {@code tma_partition}), with the arguments it passes to the driver's
 * {@code cuTensorMapEncodeTiled} and the copies one tile takes.
 *
 * <p>The derivation, in CuTe's terms. Let V be the tile's map from a value of the tile to a coordinate of G (the
 * identity of G's shape composed with the CTA tiler) and S⁻¹ the right inverse of S without its swizzle: shared-memory
 * index ↦ value. Then {@code coalesce(V ∘ S⁻¹)} walks shared memory in address order and says which coordinate of G
 * each step moves; its leading modes of unit steps {@code n:1@j} are the box: shared memory's contiguous order is the
 * order TMA writes. Their strides in G, {@code G ∘ (V ∘ S⁻¹)}, are merged where contiguous in G up to 256 elements
 * (CuTe's {@code coalesce_256}); each merged mode is a TMA dimension, then the modes of G the tile does not step along
 * are added with box 1, and dimensions past the fifth are grouped into it. A dimension over several modes of G gets
 * the gcd of their strides and the extent of their span.
 *
 * <p>Where CuTe's static assertions, its run-time asserts or the driver would refuse, {@link #derive} refuses with the
 * reason, naming the dimension and the numbers; the driver's rules are {@link EncodeTiledRule}'s. Where CuTe would
 * write a descriptor that lands the tile elsewhere than S says (a swizzle of element offsets whose byte form TMA has no
 * mode for, which CuTe reads as if it were in bytes), it refuses too.
 *
 * @param dataType       the tensor map's element
 * @param globalDim      the extent of each dimension, in elements
 * @param globalStrides  the byte stride of dimensions 1 … rank−1 (dimension 0 has stride 1 element)
 * @param boxDim         the box: the elements one copy moves along each dimension (after the multicast split)
 * @param elementStrides the traversal step of each dimension: all 1, as CuTe writes them
 * @param swizzle        the shared-memory swizzle mode
 * @param basis          per dimension, the modes of G it spans, as CuTe's {@code tma_gbasis} prints them
 *                       ({@code 1@j} for flat mode j of G), with their box extents
 * @param coordStrides   per flat mode of G, the TMA coordinate one step along it moves ({@code 0} where none): the
 *                       strides of CuTe's {@code get_tma_tensor}
 * @param valuesPerCopy  the elements of one copy before the multicast split (CuTe's {@code NumValSrc})
 * @param multicast      the CTAs the copy is multicast to (1 for none)
 * @param copies         the copies that load the tile at the origin, in shared-memory order, each CTA's of a
 *                       multicast
 * @param smemAlignment  the bytes the tile's shared-memory address must be a multiple of
 * @param globalAddress  the global tensor's address, {@code cuTensorMapEncodeTiled}'s {@code globalAddress}, where
 *                       given ({@link #at}): a multiple of {@link TmaDataType#addressAlignment}
 */
public record TmaDescriptor(TmaDataType dataType, List<Long> globalDim, List<Long> globalStrides, List<Long> boxDim,
                            List<Long> elementStrides, TmaSwizzle swizzle, CoordLayout basis, CoordLayout tmaTensor,
                            long valuesPerCopy, int multicast, List<Copy> copies, int smemAlignment, OptionalLong globalAddress) {

    /** TMA's largest rank. */
    public static final int MAX_RANK = 5;
    /** The largest box extent along a dimension. */
    public static final long MAX_BOX = 256;
    /** The largest global extent, 2^32. */
    public static final long MAX_GLOBAL_DIM = 1L << 32;
    /** The byte strides must stay below 2^40. */
    public static final long MAX_GLOBAL_STRIDE = 1L << 40;
    /** The alignment of each box's shared-memory address, in bytes (cp.async.bulk.tensor's destination). */
    public static final long BOX_ALIGNMENT = 128;
    /** The largest multicast: a cluster of 16 CTAs. */
    public static final int MAX_MULTICAST = 16;
    /** The most copies a tile may take here: past it the tile is refused rather than listed. */
    public static final long MAX_COPIES = 1 << 16;

    /**
     * One TMA copy of a tile: the CTA of the multicast that issues it, where its box lands in shared memory, and the
     * coordinates it passes to {@code cp.async.bulk.tensor}.
     *
     * @param cta        the CTA's rank in the multicast (0 without one)
     * @param smemOffset the box's byte offset in the tile before the swizzle, {@code S(u)} of its first value u (TMA
     *                   swizzles by address)
     * @param coord      the box's first element's coordinate per TMA dimension
     */
    public record Copy(int cta, long smemOffset, List<Long> coord) {
        @Override
        public String toString() {
            return "(" + coord.stream().map(String::valueOf).collect(Collectors.joining(",")) + ")";
        }
    }

    /** The rank: the number of TMA dimensions. */
    public int rank() {
        return globalDim.size();
    }

    /**
     * The bytes of one copy, which the mbarrier's transaction count expects, as CuTe counts them: the box's values
     * times their bits, over 8 (for 16U6_ALIGN16B the packed 12 bytes of each 16 values, not the 16 TMA writes).
     */
    public long bytesPerCopy() {
        return Math.multiplyExact(boxDim.stream().reduce(1L, Math::multiplyExact), dataType.bits) / 8;
    }

    /**
     * This tensor map over the global tensor at a byte address: {@code cuTensorMapEncodeTiled}'s {@code globalAddress}.
     *
     * @param address the tensor's first byte, ≥ 0
     * @throws LayoutArgumentException where the address breaks the driver's rule ({@code cuda.h}, at
     *         {@code cuTensorMapEncodeTiled}: "globalAddress, which specifies the starting address of the memory region
     *         described, must be 16 byte aligned", 32 for 16U4_ALIGN16B and 16U6_ALIGN16B, and 32 with
     *         {@code CU_TENSOR_MAP_INTERLEAVE_32B}, which CuTe never passes), naming the nearest aligned addresses
     */
    public TmaDescriptor at(long address) {
        checkAddress(address, dataType);
        return new TmaDescriptor(dataType, globalDim, globalStrides, boxDim, elementStrides, swizzle, basis, tmaTensor, valuesPerCopy,
                multicast, copies, smemAlignment, OptionalLong.of(address));
    }

    /**
     * Checks a tensor map's global address against the driver's rule (see {@link #at}).
     *
     * @throws LayoutArgumentException for a negative address or one off the alignment, naming the nearest aligned ones
     */
    public static void checkAddress(long address, TmaDataType type) {
        checkAddress(address, type, Encode.TILED);
    }

    /** The driver's two encode calls, whose global address follows one rule. */
    public enum Encode {
        /** {@code cuTensorMapEncodeTiled}, which CuTe's {@code make_tma_copy} calls after asserting 16-byte alignment. */
        TILED("cuTensorMapEncodeTiled", "CuTe's make_tma_copy asserts (gmem_address & 0b1111) == 0"),
        /** {@code cuTensorMapEncodeIm2col}, which CuTe's {@code make_im2col_tma_copy} calls with no check of its own. */
        IM2COL("cuTensorMapEncodeIm2col", "CuTe's make_im2col_tma_copy passes the address on unchecked, and the driver refuses");

        final String call;
        final String cute;

        Encode(String call, String cute) {
            this.call = call;
            this.cute = cute;
        }
    }

    /**
     * Checks a tensor map's global address against the driver's rule for that encode call (cuda.h states one rule for
     * both: 16-byte aligned, 32 for the 16U4/16U6_ALIGN16B types and the 32-byte interleave).
     *
     * @throws LayoutArgumentException for a negative address or one off the alignment, naming the nearest aligned ones
     */
    public static void checkAddress(long address, TmaDataType type, Encode encode) {
        if (address < 0) {
            throw new LayoutArgumentException("global address " + address + " is negative: an address is 0 … 2^63−1 bytes");
        }
        int align = type.addressAlignment();
        if (address % align == 0) return;
        long below = address - address % align;
        String nearest = below > Long.MAX_VALUE - align ? hex(below) : hex(below) + " and " + hex(below + align);
        String rule = align == 16
                ? encode.call + "'s globalAddress, \"the starting address of the memory region described, must be 16 byte"
                  + " aligned\" (cuda.h); " + encode.cute
                : encode.call + "'s globalAddress \"must be 32 byte aligned\" \"when tensorDataType is"
                  + " CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B or CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B\" (cuda.h); CuTe asserts 16"
                  + " bytes at most and passes it on, and the driver refuses";
        throw new LayoutArgumentException("global address " + hex(address) + " (" + address + ") is not a multiple of " + align
                + " bytes, for " + type.driverName() + ": " + rule + ". The nearest aligned addresses are " + nearest);
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    /**
     * {@code cuTensorMapEncodeTiled(FLOAT16, 2, globalDim (256,1024), globalStrides (512), boxDim (32,64), ...)}: the
     * call as the driver takes it (interleave none, L2 promotion 128B and no NaN fill, as CuTe passes them).
     */
    @Override
    public String toString() {
        return "cuTensorMapEncodeTiled(" + dataType + ", rank " + rank() + (globalAddress.isPresent() ? ", globalAddress "
                + hex(globalAddress.getAsLong()) : "") + ", globalDim " + tuple(globalDim) + ", globalStrides "
                + tuple(globalStrides) + ", boxDim " + tuple(boxDim) + ", elementStrides " + tuple(elementStrides)
                + ", INTERLEAVE_NONE, " + swizzle + ", L2_PROMOTION_L2_128B, FLOAT_OOB_FILL_NONE)";
    }

    private static String tuple(List<Long> xs) {
        return "(" + xs.stream().map(String::valueOf).collect(Collectors.joining(",")) + ")";
    }

    /**
     * Whether a global tensor's shape and strides are run-time values in the kernel, as kernels have them
     * ({@code make_shape(M,K)}), or compile-time constants (CuTe's {@code Int<N>}). With static ones the box's runs that
     * are contiguous in G merge up to 256 elements, and G's modes of extent 1 or stride 0 take no dimension; with
     * run-time ones CuTe can prove neither, merges no runs and gives every other mode of G a dimension.
     */
    public enum Extents { RUNTIME, STATIC }

    /**
     * The tensor map of copies between the global tensor G and the shared-memory tile S, as CuTe's
     * {@code make_tma_copy(op, G, S, multicast)} derives it (see the class comment), with CuTe's default CTA tile: S's
     * mode sizes ({@code product_each(shape(S))}).
     *
     * @param gmem      G: the global tensor's layout, in elements
     * @param smem      S: the tile's layout in shared memory, in elements: a layout, a swizzled layout of element
     *                  offsets {@code Sw o 0 o L}, or CuTe's pointer form {@code Sw<B,4,3> o smem_ptr[Nb] o L}
     * @param type      the element
     * @param multicast the CTAs of the cluster that share each copy (1 to {@value #MAX_MULTICAST})
     * @param extents   whether G's shape and strides are run-time values or compile-time constants ({@link Extents})
     * @throws LayoutArgumentException with the reason where CuTe or the driver would refuse the copy, or where CuTe's
     *         descriptor would land the tile elsewhere than S says
     * @throws ArithmeticException on overflow
     */
    public static TmaDescriptor derive(Layout gmem, AnyLayout smem, TmaDataType type, int multicast, Extents extents) {
        return derive(gmem, smem, type, Optional.empty(), multicast, extents);
    }

    /**
     * The tensor map of copies between the global tensor G and the shared-memory tile S, as CuTe's
     * {@code make_tma_copy(op, G, S, ctaTile, multicast)} derives it (see the class comment).
     *
     * @param gmem      G: the global tensor's layout, in elements
     * @param smem      S: the tile's layout in shared memory, in elements: a layout, a swizzled layout of element
     *                  offsets {@code Sw o 0 o L}, or CuTe's pointer form {@code Sw<B,4,3> o smem_ptr[Nb] o L}
     * @param type      the element
     * @param ctaTile   the CTA's tile of G, one entry per mode of G it tiles
     * @param multicast the CTAs of the cluster that share each copy (1 to {@value #MAX_MULTICAST})
     * @param extents   whether G's shape and strides are run-time values or compile-time constants ({@link Extents})
     * @throws LayoutArgumentException with the reason where CuTe or the driver would refuse the copy, or where CuTe's
     *         descriptor would land the tile elsewhere than S says
     * @throws ArithmeticException on overflow
     */
    public static TmaDescriptor derive(Layout gmem, AnyLayout smem, TmaDataType type, IntTuple ctaTile, int multicast,
                                       Extents extents) {
        return derive(gmem, smem, type, Optional.of(ctaTile), multicast, extents);
    }

    private static TmaDescriptor derive(Layout gmem, AnyLayout smem, TmaDataType type, Optional<IntTuple> ctaTile, int multicast,
                                        Extents extents) {
        String what = "tma_descriptor of " + gmem + " and " + smem;
        if (multicast < 1 || multicast > MAX_MULTICAST) {
            throw new LayoutArgumentException(what + ": multicast " + multicast + " is outside 1.." + MAX_MULTICAST
                    + " (a cluster holds at most 16 CTAs)");
        }
        Smem s = Smem.of(what, smem, type);
        TmaSwizzle mode = swizzleMode(what, s.bytes, type);
        IntTuple tile = ctaTile.orElseGet(() -> TvLayout.productEach(s.layout.shape()));
        AnyLayout v = Composition.compose(CoordLayout.identity(gmem.shape()), Tiler.ofShape(tile));
        if (v.size() != s.layout.size()) {
            throw new LayoutArgumentException(what + ": the CTA tile " + tile + " holds " + v.size() + " elements and the"
                    + " shared-memory layout " + s.layout.size() + " (CuTe: \"TMA requires CTA_Tile and SLayout top-level size equivalence\")");
        }
        Layout inverse = Inverse.rightInverse(s.layout);
        CoordLayout sidx2gmode = basis(Coalesce.coalesce(Composition.compose(v, inverse)));
        List<Mode> walk = unitSteps(what, gmem, sidx2gmode);
        List<Dim> dims = dimensions(gmem, walk, extents);
        int needed = dims.size();
        dims = groupToRank(dims);
        Fill fill = fill(what, gmem, dims, type);
        checkRuns(what, dims, fill, needed);
        List<Long> box = box(what, dims, multicast);
        checkBox(what, dims, box, type, mode);
        long values = 1;
        for (Dim d : dims) values = Math.multiplyExact(values, d.extent());
        List<ScaledBasis> coordStrides = coordStrides(gmem, dims, fill, extents);
        List<Copy> copies = copies(what, gmem, v, inverse, s.layout, values, multicast, coordStrides, dims.size(), type);
        List<Long> ones = new ArrayList<>();
        for (int i = 0; i < dims.size(); i++) ones.add(1L);
        return new TmaDescriptor(type, fill.dims, fill.byteStrides, box, List.copyOf(ones), mode, gbasis(gmem, dims),
                CoordLayout.of(gmem.shape(), coordStrides), values, multicast, copies, mode.alignment(), OptionalLong.empty());
    }

    /** The tile without its swizzle, and the swizzle of byte addresses. */
    record Smem(Layout layout, Swizzle bytes) {
        static Smem of(String what, AnyLayout smem, TmaDataType type) {
            int log2 = Integer.bitCount(type.bits) == 1 ? ComposedLayout.log2Bytes(type.bits) : 0;
            return switch (smem) {
                case Layout l -> new Smem(l, Swizzle.IDENTITY);
                case ComposedLayout c when c.pointerBits() != 0 -> {
                    if (c.pointerBits() != type.bits()) {
                        throw new LayoutArgumentException(what + ": the shared-memory pointer holds " + c.pointerBits()
                                + "-bit elements and the tensor map " + type.bits() + "-bit " + type);
                    }
                    yield new Smem(c.inner(), c.byteSwizzle());
                }
                case ComposedLayout c -> {
                    if (c.offset() != 0) {
                        throw new LayoutArgumentException(what + ": the tile starts at offset " + c.offset() + " of its swizzle;"
                                + " TMA swizzles by address from the tile's start, so give the tile at offset 0 and place it"
                                + " at an address aligned to the swizzle's repeat (CuTe drops the offset without a word)");
                    }
                    Swizzle sw = c.outer();
                    if (Integer.bitCount(type.bits) != 1 && !sw.isIdentity()) {
                        throw new LayoutArgumentException(what + ": " + sw + " o 0 o L swizzles " + type.bits + "-bit element offsets,"
                                + " which is no swizzle of bytes, and TMA swizzles bytes: give " + type.bits + "-bit elements an"
                                + " unswizzled tile");
                    }
                    if (log2 != 0 && sw.base() == 4 && sw.shift() == 3 && sw.bits() >= 1 && sw.bits() <= 3) {
                        throw new LayoutArgumentException(what + ": " + sw + " o 0 o L swizzles " + elementWords(type) + " element offsets,"
                                + " which is " + new Swizzle(sw.bits(), 4 + log2, 3) + " of bytes, and TMA has no mode for it; CuTe's"
                                + " make_tma_copy reads " + sw + " as a swizzle of bytes (SWIZZLE_" + (16 << sw.bits()) + "B), as CuTe"
                                + " prints a slice of a GMMA atom (sA(_,_,0) of GMMA::Layout_K_SW128_Atom<half_t> prints Sw<3,4,3> o 0 o ...)."
                                + " Say which you mean: " + sw + " o smem_ptr[" + type.bits() + "b](unset) o L for a swizzle of bytes, or "
                                + new Swizzle(sw.bits(), 4 - log2, 3) + " o 0 o L in element offsets (the same placement)");
                    }
                    if (!sw.isIdentity() && sw.base() + log2 < 0) {
                        throw new LayoutArgumentException(what + ": " + sw + " o 0 o L of " + elementWords(type) + " element offsets"
                                + " moves bits below a byte, and TMA swizzles 16-byte chunks");
                    }
                    yield new Smem(c.inner(), sw.isIdentity() ? Swizzle.IDENTITY : new Swizzle(sw.bits(), sw.base() + log2, sw.shift()));
                }
                case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse("tma_descriptor", smem, "a TMA tile in shared memory is a layout of"
                        + " element offsets, swizzled or not");
            };
        }
    }

    /**
     * The mode of the byte swizzle {@code Sw<B,4,3>}, B = 0 … 3 (CuTe's {@code get_tma_swizzle_bits}). A swizzle of
     * element offsets is read in bytes: {@code Sw<3,3,3>} of 16-bit elements is SWIZZLE_128B.
     */
    static TmaSwizzle swizzleMode(String what, Swizzle bytes, TmaDataType type) {
        if (bytes.isIdentity()) return TmaSwizzle.SWIZZLE_NONE;
        if (bytes.base() == 4 && bytes.shift() == 3 && bytes.bits() >= 1 && bytes.bits() <= 3) {
            return TmaSwizzle.values()[bytes.bits()];
        }
        throw new LayoutArgumentException(what + ": its swizzle of byte addresses is " + bytes + " (" + elementWords(type)
                + " elements), and TMA swizzles 16-byte chunks in 32-, 64- or 128-byte spans only: Sw<1,4,3>, Sw<2,4,3>,"
                + " Sw<3,4,3> of bytes" + elementForms(type) + " (CuTe: \"Unsupported layout swizzle\", or, for a swizzle"
                + " of element offsets Sw<B,4,3>, a descriptor that lands the tile elsewhere than the layout says)");
    }

    private static String elementForms(TmaDataType type) {
        if (Integer.bitCount(type.bits) != 1) return "";
        int m = 4 - ComposedLayout.log2Bytes(type.bits);
        return m < 0 ? "" : ", which are Sw<1," + m + ",3>, Sw<2," + m + ",3>, Sw<3," + m + ",3> of " + elementWords(type) + " element offsets";
    }

    /** "2-byte", "4-bit". */
    private static String elementWords(TmaDataType type) {
        return type.isPacked() ? type.bits + "-bit" : type.bytes() + "-byte";
    }

    /**
     * CuTe's default CTA tile of a shared-memory tile: {@code product_each(shape(S))}, the sizes of its modes.
     *
     * @throws LayoutArgumentException for a layout of scaled-basis strides
     */
    public static IntTuple defaultTile(AnyLayout smem) {
        return switch (smem) {
            case Layout l -> TvLayout.productEach(l.shape());
            case ComposedLayout c -> TvLayout.productEach(c.inner().shape());
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse("tma_descriptor", smem, "a TMA tile in shared memory is a layout of element"
                    + " offsets, swizzled or not");
        };
    }

    private static CoordLayout basis(AnyLayout l) {
        return switch (l) {
            case CoordLayout c -> c;
            case Layout i -> CoordLayout.of(i);
            case ComposedLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw new IllegalStateException("the tile's walk of G is " + l.kindInWords());
        };
    }

    /** A run of the walk: {@code extent} unit steps along flat mode {@code mode} of G, whose stride there is {@code stride}. */
    private record Mode(long extent, int mode, long stride) {
    }

    /**
     * The leading modes of the coalesced walk {@code V ∘ S⁻¹} whose strides are unit steps {@code 1@j} (CuTe's
     * {@code smem_rank}), each with flat mode j of G and its stride.
     */
    private static List<Mode> unitSteps(String what, Layout g, CoordLayout walk) {
        List<Mode> modes = new ArrayList<>();
        for (int k = 0; k < walk.flatRank(); k++) {
            ScaledBasis e = walk.flatStride(k);
            if (e.value() != 1 || walk.flatShape(k) == 1) break;
            int j = flatMode(g, e);
            modes.add(new Mode(walk.flatShape(k), j, g.flatStride(j)));
        }
        if (modes.isEmpty()) {
            throw new LayoutArgumentException(what + ": shared memory's first step, " + (walk.flatRank() == 0 ? "none"
                    : walk.flatShape(0) + ":" + walk.flatStride(0)) + " in G's coordinates, is not a unit step along a mode of G:"
                    + " the tile and global memory share no vector (CuTe: \"Could not find a common tile-gmem vectorization\")");
        }
        return modes;
    }

    /** The flat mode j of G whose unit step {@code 1@j} (its path through G's shape) is e's basis. */
    private static int flatMode(Layout g, ScaledBasis e) {
        CoordLayout id = CoordLayout.identity(g.shape());
        for (int j = 0; j < id.flatRank(); j++) if (id.flatStride(j).sameBasis(e)) return j;
        throw new IllegalStateException(e + " names no mode of " + g.shape());
    }

    /** A TMA dimension: the runs of G's modes it spans, in order, each with its box extent. */
    private record Dim(List<Mode> modes) {
        long extent() {
            long n = 1;
            for (Mode m : modes) n = Math.multiplyExact(n, m.extent);
            return n;
        }
    }

    /**
     * CuTe's {@code coalesce_256} of the walk's strides in G (where G is static: a run merges into the one before where
     * contiguous in G and the product stays within 256), then G's modes the walk does not step along, with box 1
     * (where G is static, not those of extent 1 or stride 0).
     */
    private static List<Dim> dimensions(Layout g, List<Mode> walk, Extents extents) {
        List<List<Mode>> runs = new ArrayList<>();
        runs.add(new ArrayList<>(List.of(walk.getFirst())));
        long backShape = walk.getFirst().extent, backStride = walk.getFirst().stride;
        for (Mode m : walk.subList(1, walk.size())) {
            if (extents == Extents.STATIC && Checked.fits(backShape, backStride) && backShape * backStride == m.stride
                    && Checked.fits(m.extent, backShape) && m.extent * backShape <= MAX_BOX) {
                runs.getLast().add(m);
                backShape *= m.extent;
            } else {
                runs.add(new ArrayList<>(List.of(m)));
                backShape = m.extent;
                backStride = m.stride;
            }
        }
        List<Dim> dims = new ArrayList<>();
        for (List<Mode> r : runs) dims.add(new Dim(List.copyOf(r)));
        boolean[] used = new boolean[g.flatRank()];
        for (Mode m : walk) used[m.mode] = true;
        for (int j = 0; j < g.flatRank(); j++) {
            if (!used[j] && (extents == Extents.RUNTIME || g.flatShape(j) != 1 && g.flatStride(j) != 0)) {
                dims.add(new Dim(List.of(new Mode(1, j, g.flatStride(j)))));
            }
        }
        return dims;
    }

    /** Dimensions 4 … past TMA's rank of 5, grouped into the fifth (CuTe's {@code group<min(rank,4),-1>}). */
    private static List<Dim> groupToRank(List<Dim> dims) {
        if (dims.size() <= MAX_RANK) return dims;
        List<Dim> out = new ArrayList<>(dims.subList(0, MAX_RANK - 1));
        List<Mode> rest = new ArrayList<>();
        for (Dim d : dims.subList(MAX_RANK - 1, dims.size())) rest.addAll(d.modes);
        out.add(new Dim(List.copyOf(rest)));
        return out;
    }

    /** The global extents and strides in elements and bytes (CuTe's {@code fill_tma_gmem_shape_stride}). */
    private record Fill(List<Long> dims, List<Long> elementStrides, List<Long> byteStrides) {
    }

    /**
     * Per dimension: over one mode of G, its extent and stride; over several, the gcd d of their strides and the
     * span {@code 1 + Σ (s_j − 1)·d_j/d} (CuTe's recurrence). Then the checks of {@code make_tma_copy_desc} and the
     * driver: dimension 0 has stride 1, extents at most 2^32, byte strides multiples of 16 below 2^40.
     */
    private static Fill fill(String what, Layout g, List<Dim> dims, TmaDataType type) {
        List<Long> extents = new ArrayList<>(), strides = new ArrayList<>(), bytes = new ArrayList<>();
        for (Dim d : dims) {
            long extent = 1, stride = 0;
            if (d.modes.size() == 1) {
                extent = g.flatShape(d.modes.getFirst().mode);
                stride = d.modes.getFirst().stride;
            } else {
                for (Mode m : d.modes) {
                    long sj = g.flatShape(m.mode), dj = Math.abs(m.stride);
                    long old = stride;
                    stride = gcd(stride, dj);
                    extent = stride == 0 ? sj : Math.addExact(Math.addExact(Math.multiplyExact(extent - 1, old / stride),
                            Math.multiplyExact(sj - 1, dj / stride)), 1);
                }
            }
            extents.add(extent);
            strides.add(stride);
        }
        for (int i = 0; i < dims.size(); i++) {
            if (!EncodeTiledRule.globalDimFits(extents.get(i))) {
                throw new LayoutArgumentException(what + ": dimension " + i + " (" + modesOf(dims.get(i)) + ") has extent "
                        + extents.get(i) + ", past TMA's 2^32 (CuTe asserts gmem_prob_shape[" + i + "] <= 2^32; the driver refuses)");
            }
        }
        checkPackedExtent(what, dims, extents, type);
        if (strides.getFirst() != 1) {
            throw new LayoutArgumentException(what + ": dimension 0, shared memory's contiguous direction (" + modesOf(dims.getFirst())
                    + "), has stride " + strides.getFirst() + " in global memory, and TMA's dimension 0 has stride 1 (CuTe:"
                    + " \"Majorness of smem doesn't match majorness of gmem\"): make the tile's contiguous mode G's stride-1 mode");
        }
        int align = (int) (type.isAlign16B() ? EncodeTiledRule.WIDE_ALIGNMENT : EncodeTiledRule.ALIGNMENT);
        for (int i = 0; i < dims.size(); i++) {
            long bits = Math.multiplyExact(strides.get(i), type.bits);
            long b = bits / 8;
            if (i == 0) continue;
            if (bits % 8 != 0 || !EncodeTiledRule.aligned(bits / 8, align)) {
                throw new LayoutArgumentException(what + ": dimension " + i + " (" + modesOf(dims.get(i)) + ") has stride "
                        + strides.get(i) + " elements = " + bytesText(bits) + " bytes in global memory, not a multiple of " + align
                        + (align == 16 ? " (CuTe asserts (gmem_prob_stride[" + i + "] & 0b1111) == 0; the driver refuses)"
                           : " (cuda.h: for " + type.driverName() + " \"the strides must be a multiple of 32\"; CuTe asserts 16 only"
                             + " and passes it on, and the driver refuses)")
                        + ": pad the leading dimension to a multiple of " + 8L * align / gcd(8L * align, type.bits) + " elements");
            }
            if (!EncodeTiledRule.globalStrideFits(b)) {
                throw new LayoutArgumentException(what + ": dimension " + i + " (" + modesOf(dims.get(i)) + ") has a byte stride "
                        + b + ", not below TMA's 2^40 (CuTe asserts; the driver refuses)");
            }
            bytes.add(b);
        }
        return new Fill(List.copyOf(extents), List.copyOf(strides), List.copyOf(bytes));
    }

    /** {@code 96} or {@code 12.5}: bits as bytes. */
    private static String bytesText(long bits) {
        return bits % 8 == 0 ? String.valueOf(bits / 8) : bits / 8 + "." + (bits % 8 == 4 ? "5" : bits % 8 * 125);
    }

    /**
     * The driver's rule on the inner global extent of the packed types (cuda.h): a multiple of 2 for 16U4_ALIGN8B, of
     * 128 for 16U4_ALIGN16B and 16U6_ALIGN16B. CuTe passes any extent on.
     */
    private static void checkPackedExtent(String what, List<Dim> dims, List<Long> extents, TmaDataType type) {
        if (!type.isPacked()) return;
        long multiple = type.isAlign16B() ? 128 : 2;
        if (extents.getFirst() % multiple != 0) {
            throw new LayoutArgumentException(what + ": dimension 0 (" + modesOf(dims.getFirst()) + ") has extent " + extents.getFirst()
                    + ", not a multiple of " + multiple + " (cuda.h: when tensorDataType is " + type.driverName() + ", \"globalDim[0] must be"
                    + " a multiple of " + multiple + "\"; CuTe passes it on and the driver refuses)");
        }
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return Math.abs(a);
    }

    /**
     * A dimension over several modes of G copies the box's elements only where its modes of box extent above 1 are
     * one run of the dimension's stride d: the first has stride d, each next the one before times its extent. CuTe's
     * merges are such runs; its grouping of the dimensions past the fifth need not be, and then its descriptor copies
     * other elements than the tile's without a word.
     */
    private static void checkRuns(String what, List<Dim> dims, Fill fill, int needed) {
        for (int i = 0; i < dims.size(); i++) {
            Dim d = dims.get(i);
            if (d.modes.size() < 2) continue;
            long gcd = fill.elementStrides.get(i), expected = gcd;
            for (Mode m : d.modes) {
                if (m.extent == 1) continue;
                if (Math.abs(m.stride) != expected) {
                    throw new LayoutArgumentException(what + ": the box needs " + needed + " dimensions and TMA has " + MAX_RANK
                            + " (the driver refuses rank " + needed + "); grouped into dimension " + i + ", " + modesOf(d)
                            + " with box extents " + d.modes.stream().map(x -> String.valueOf(x.extent)).collect(Collectors.joining(","))
                            + " and strides " + d.modes.stream().map(x -> String.valueOf(x.stride)).collect(Collectors.joining(","))
                            + " are no single run of stride " + gcd + " (mode " + m.mode + " has stride " + m.stride
                            + " where the run needs " + expected + "), so CuTe's grouped descriptor copies other elements than the"
                            + " tile's: make those modes of G contiguous, or tile fewer modes");
                }
                expected = Math.multiplyExact(expected, m.extent);
            }
        }
    }

    /** "mode 1 of G", "modes 0, 1 of G". */
    private static String modesOf(Dim d) {
        return (d.modes.size() == 1 ? "mode " : "modes ") + d.modes.stream().map(m -> String.valueOf(m.mode)).collect(Collectors.joining(", "))
                + " of G";
    }

    /**
     * The box: each dimension's extent, the multicast split off the last dimensions first (CuTe: each CTA of the
     * cluster loads its part of each copy into every CTA).
     */
    private static List<Long> box(String what, List<Dim> dims, int multicast) {
        long[] box = new long[dims.size()];
        for (int i = 0; i < box.length; i++) box[i] = dims.get(i).extent();
        long m = multicast;
        for (int i = box.length - 1; m > 1; i--) {
            if (i < 0) {
                throw new LayoutArgumentException(what + ": multicast " + multicast + " exceeds the copy's " + product(box)
                        + " elements");
            }
            if (box[i] % m != 0 && m % box[i] != 0) {
                throw new LayoutArgumentException(what + ": multicast " + m + " and box dimension " + i + " (" + box[i]
                        + ") divide neither the other (CuTe asserts smem_box_shape[i] % multicast == 0 || multicast % smem_box_shape[i] == 0)");
            }
            long next = Checked.ceilDiv(m, box[i]);
            box[i] = Checked.ceilDiv(box[i], m);
            m = next;
        }
        List<Long> out = new ArrayList<>();
        for (long b : box) out.add(b);
        return List.copyOf(out);
    }

    private static long product(long[] xs) {
        long p = 1;
        for (long x : xs) p = Math.multiplyExact(p, x);
        return p;
    }

    /**
     * The box's limits: at most 256 per dimension (CuTe asserts; the driver refuses), an inner extent of a multiple
     * of 16 bytes, and with a swizzle an inner extent within its span (the driver refuses).
     */
    private static void checkBox(String what, List<Dim> dims, List<Long> box, TmaDataType type, TmaSwizzle mode) {
        for (int i = 0; i < box.size(); i++) {
            if (!EncodeTiledRule.boxDimFits(box.get(i))) {
                throw new LayoutArgumentException(what + ": box dimension " + i + " (" + modesOf(dims.get(i)) + ") spans "
                        + box.get(i) + " elements, past TMA's 256 (CuTe asserts smem_box_shape[" + i + "] <= 256; the driver"
                        + " refuses): split the tile's mode so that no contiguous run of shared memory along one mode of G"
                        + " passes 256, e.g. (" + MAX_BOX + "," + box.get(i) / MAX_BOX + ") with strides (1," + MAX_BOX + ")");
            }
        }
        long innerBits = Math.multiplyExact(box.getFirst(), type.bits);
        if (innerBits % 8 != 0 || !EncodeTiledRule.innerBoxBytesAligned(innerBits / 8)) {
            throw new LayoutArgumentException(what + ": the box's inner dimension is " + box.getFirst() + " elements = " + bytesText(innerBits)
                    + " bytes, not a multiple of 16 (the driver refuses: boxDim[0] * elementSize must be a multiple of 16 bytes;"
                    + " CuTe passes it on and fails at cuTensorMapEncodeTiled)");
        }
        if (type.isAlign16B() && box.getFirst() != 128) {
            throw new LayoutArgumentException(what + ": the box's inner dimension is " + box.getFirst() + " elements (cuda.h: when"
                    + " tensorDataType is " + type.driverName() + ", \"boxDim[0] must be 128\"; CuTe passes it on and the driver refuses):"
                    + " give the tile rows of 128 elements along G's contiguous mode");
        }
        if (type.isAlign16B() && mode != TmaSwizzle.SWIZZLE_NONE && mode != TmaSwizzle.SWIZZLE_128B) {
            throw new LayoutArgumentException(what + ": " + mode + " with " + type.driverName() + " (cuda.h: this data type takes"
                    + " only SWIZZLE_NONE and SWIZZLE_128B, and SWIZZLE_128B_ATOM_32B; CuTe passes it on and the driver refuses)");
        }
        // the packed ALIGN16B types take 16 bytes of shared memory a 16 values
        long inner = type.isAlign16B() ? box.getFirst() : innerBits / 8;
        if (mode != TmaSwizzle.SWIZZLE_NONE && !EncodeTiledRule.withinSwizzleSpan(inner, mode.span)) {
            throw new LayoutArgumentException(what + ": the box's inner dimension is " + box.getFirst() + " elements = " + inner
                    + " bytes, past " + mode + "'s span of " + mode.span + " bytes (the driver refuses: the inner dimension must"
                    + " be at most the swizzle's span; CuTe passes it on and fails at cuTensorMapEncodeTiled): shared memory's"
                    + " contiguous rows are wider than the swizzle, so use the atom of " + inner + "-byte rows"
                    + (inner <= 128 ? " (Sw<" + Integer.numberOfTrailingZeros((int) inner / 16) + ",4,3> of bytes)" : ""));
        }
    }

    /** CuTe's {@code tma_gbasis}: the box as a layout of unit steps {@code 1@j} along G's modes, one mode per dimension. */
    private static CoordLayout gbasis(Layout g, List<Dim> dims) {
        List<CoordLayout> modes = new ArrayList<>();
        for (Dim d : dims) {
            List<IntTuple> shape = new ArrayList<>();
            List<ScaledBasis> strides = new ArrayList<>();
            for (Mode m : d.modes) {
                shape.add(IntTuple.of(m.extent));
                strides.add(unit(g, m.mode));
            }
            modes.add(CoordLayout.of(shape.size() == 1 ? shape.getFirst() : IntTuple.of(shape), strides));
        }
        return CoordLayout.concat(modes);
    }

    /** {@code 1@j}: the unit step along flat mode j of G, with its path through G's shape. */
    private static ScaledBasis unit(Layout g, int flat) {
        return CoordLayout.identity(g.shape()).flatStride(flat);
    }

    /**
     * Per flat mode j of G, the TMA coordinate one step along it moves (CuTe's {@code gmem_tma_basis_stride}): in
     * dimension 0, {@code d_j@0} (dimension 0 counts elements); in a dimension of one mode, {@code 1@i}; in one of
     * several, {@code (d_j / d)@i} for the dimension's gcd stride d; 0 where j is in no dimension (or, G static, has
     * extent 1 or stride 0).
     */
    private static List<ScaledBasis> coordStrides(Layout g, List<Dim> dims, Fill fill, Extents extents) {
        List<ScaledBasis> out = new ArrayList<>();
        for (int j = 0; j < g.flatRank(); j++) {
            ScaledBasis e = ScaledBasis.ZERO;
            if (extents == Extents.RUNTIME || g.flatShape(j) != 1 && g.flatStride(j) != 0) {
                for (int i = 0; i < dims.size(); i++) {
                    final int jj = j;
                    if (dims.get(i).modes.stream().noneMatch(m -> m.mode == jj)) continue;
                    long scale = i == 0 ? g.flatStride(j) : dims.get(i).modes.size() == 1 ? 1 : g.flatStride(j) / fill.elementStrides.get(i);
                    e = ScaledBasis.of(scale, i);
                    break;
                }
            }
            out.add(e);
        }
        return List.copyOf(out);
    }

    /**
     * The copies of the tile at the origin (CuTe's {@code tma_partition}): copy k of CTA r covers shared-memory
     * indices from {@code k·n + r·n/m} on (n values a copy, m the multicast), whose first value u is
     * {@code S⁻¹(k·n + r·n/m)} (S⁻¹ tiled to the tile's size as {@code tile_to_shape} tiles it), the point {@code V(u)}
     * of G; its coordinates are that point's through
     * {@link #tmaTensor}'s strides.
     */
    private static List<Copy> copies(String what, Layout g, AnyLayout v, Layout inverse, Layout smem, long values, int multicast,
                                     List<ScaledBasis> coordStrides, int rank, TmaDataType type) {
        long tileSize = smem.size();
        if (tileSize % values != 0) {
            throw new IllegalStateException(what + ": the tile's " + tileSize + " values are not whole copies of " + values);
        }
        long count = tileSize / values;
        if (count * multicast > MAX_COPIES) {
            throw new LayoutArgumentException(what + ": the tile takes " + count + " copies of " + values + " elements, past the "
                    + MAX_COPIES + " listed here: a tile that TMA moves in so many boxes is better tiled differently");
        }
        // S⁻¹ tiled to the tile's size, as CuTe's tma_partition does: tile_to_shape(make_layout(S⁻¹), size), whose later
        // copies of S⁻¹ are placed by the complement (a tile with gaps in shared memory has an S⁻¹ smaller than the tile)
        Layout layoutV = inverse.size() == tileSize ? inverse
                : TileToShape.tileToShape(Layout.of(IntTuple.of(inverse.shape()), IntTuple.of(inverse.stride())), IntTuple.of(tileSize), null);
        CoordLayout walk = basis(v);
        int[] walkModes = new int[walk.flatRank()];
        for (int k = 0; k < walkModes.length; k++) walkModes[k] = walk.flatStride(k).value() == 0 ? -1 : flatMode(g, walk.flatStride(k));
        List<Copy> out = new ArrayList<>();
        for (int r = 0; r < multicast; r++) {
            for (long k = 0; k < count; k++) {
                long sidx = k * values + r * (values / multicast);
                long value = layoutV.apply(sidx);
                long[] point = new long[g.flatRank()];
                long rest = value;
                for (int m = 0; m < walkModes.length; m++) {
                    long c = m == walkModes.length - 1 ? rest : rest % walk.flatShape(m);
                    rest /= walk.flatShape(m);
                    if (walkModes[m] >= 0) point[walkModes[m]] = Math.addExact(point[walkModes[m]], Math.multiplyExact(c, walk.flatStride(m).value()));
                }
                long[] coord = new long[rank];
                for (int j = 0; j < point.length; j++) {
                    ScaledBasis e = coordStrides.get(j);
                    if (e.value() == 0) continue;
                    coord[e.path()[0]] = Math.addExact(coord[e.path()[0]], Math.multiplyExact(point[j], e.value()));
                }
                List<Long> c = new ArrayList<>();
                for (long x : coord) c.add(x);
                long offsetBits = Math.multiplyExact(smem.apply(value), type.bits);
                long offset = offsetBits / 8;
                if (offsetBits % (8 * BOX_ALIGNMENT) != 0) {
                    throw new LayoutArgumentException(what + ": copy " + k + (multicast > 1 ? " of CTA " + r : "") + " lands at byte " + bytesText(offsetBits)
                            + " of the tile, not a multiple of " + BOX_ALIGNMENT + ": TMA writes a box only at a 128-byte aligned shared-memory"
                            + " address (on an H200 such a copy faults with CUDA_ERROR_MISALIGNED_ADDRESS); CuTe issues it without a word."
                            + " Give the tile rows of a multiple of 128 bytes apart");
                }
                out.add(new Copy(r, offset, List.copyOf(c)));
            }
        }
        return List.copyOf(out);
    }

}
