package org.layoutcat.core.tma;

import java.util.ArrayList;
import java.util.List;
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
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.construct.TvLayout;

/**
 * An im2col TMA tensor map for a convolution's activation, as CuTe C++'s {@code make_im2col_tma_copy} derives it
 * ({@code cute/atom/copy_traits_sm90_im2col.hpp}: {@code make_tma_atom_im2col}, {@code make_im2col_tma_copy_desc},
 * {@code make_tma_copy_im2col}), with the arguments it passes to the driver's {@code cuTensorMapEncodeIm2col}, the TMA
 * tensor of im2col coordinates it builds and its tiled copy's thread-value layout.
 *
 * <p>The derivation, in CuTe's terms. G is the activation as CUTLASS's collectives hand it over, two modes
 * {@code ((W,H,D,N),C)} (fprop, dgrad) or {@code (C,(W,H,D,N))}; S is the (M,K) tile in shared memory, and the CTA
 * tile is S's mode sizes. With V the identity of G's mode sizes composed with the tile, {@code coalesce(V ∘ S⁻¹)}
 * walks shared memory in address order; its first two modes must be unit steps (CuTe: "IM2COL expects at least 2 modes
 * of the smem to vectorize with gmem"), and they are split among the CTAs of a multicast: the first names the mode of
 * G of the channels and its extent is {@code channelsPerPixel}, the second the mode of the pixels, its extent over the
 * multicast {@code pixelsPerColumn}. The tensor map's dimensions are the channels' mode of G then the pixels'
 * (C,W,H,D,N), its element strides 1 along C and N and the traversal strides along W, H, D, its corners the given
 * ones, its swizzle S's. The TMA tensor maps a GEMM coordinate ((q,p,z,n),(c,s,r,t)) to an im2col coordinate
 * (c,(w,h,d),n,(s,r,t)) from the origin (0,lowerCorner,0,lowerSrt): q/p/z = (extent + upper − lower − 1) / stride + 1,
 * s/r/t = 1 + (upperPadding − upperCorner) / dilation (1 + (lowerCorner − lowerPadding) / dilation for a negative
 * dilation), C++'s division truncating toward zero.
 *
 * @param dataType         the element
 * @param globalDim        the extent of each dimension, C first
 * @param globalStrides    the byte stride of dimensions 1 … rank−1
 * @param lowerCorner      pixelBoxLowerCorner, in CuTe's W,H,D order
 * @param upperCorner      pixelBoxUpperCorner, in CuTe's W,H,D order
 * @param channelsPerPixel the channels one copy loads per pixel
 * @param pixelsPerColumn  the pixels one copy (one CTA's share of a multicast) loads
 * @param elementStrides   the traversal step of each dimension: 1, the convolution's strides along W,H,D, 1
 * @param swizzle          the shared-memory swizzle mode
 * @param origin           the TMA tensor's first coordinate, CuTe's {@code (0,lowerCorner,0,lowerSrt)}
 * @param gemmLayout       the TMA tensor's layout of GEMM coordinates ((q,p,z,n),(c,s,r,t)) to im2col coordinates
 * @param linearLayout     the TMA tensor's linearized domain: the identity of (q·p·z·n,(c,s,r,t))
 * @param bitsPerCopy      the bits of one copy before the multicast split (CuTe's {@code NumBitsPerTMA})
 * @param tiler            the tiled copy's tile, S's mode sizes
 * @param tv               the tiled copy's thread-value layout (CuTe's {@code TiledLayout_TV})
 * @param globalAddress    the activation's address, {@code cuTensorMapEncodeIm2col}'s {@code globalAddress}, where given
 *                         ({@link #at}): a multiple of {@link TmaDataType#addressAlignment}
 */
public record TmaIm2colDescriptor(TmaDataType dataType, List<Long> globalDim, List<Long> globalStrides, List<Long> lowerCorner,
                                  List<Long> upperCorner, long channelsPerPixel, long pixelsPerColumn, List<Long> elementStrides,
                                  TmaSwizzle swizzle, IntTuple origin, CoordLayout gemmLayout, CoordLayout linearLayout,
                                  long bitsPerCopy, IntTuple tiler, Layout tv, java.util.OptionalLong globalAddress) {

    /**
     * This tensor map over the activation at a byte address: {@code cuTensorMapEncodeIm2col}'s {@code globalAddress}.
     *
     * @throws LayoutArgumentException where the address breaks the driver's rule ({@link TmaDescriptor#checkAddress}),
     *         naming the nearest aligned addresses
     */
    public TmaIm2colDescriptor at(long address) {
        TmaDescriptor.checkAddress(address, dataType, TmaDescriptor.Encode.IM2COL);
        return new TmaIm2colDescriptor(dataType, globalDim, globalStrides, lowerCorner, upperCorner, channelsPerPixel, pixelsPerColumn,
                elementStrides, swizzle, origin, gemmLayout, linearLayout, bitsPerCopy, tiler, tv, java.util.OptionalLong.of(address));
    }

    /**
     * A convolution's parameters as {@code make_im2col_tma_copy} takes them, each with one entry per spatial mode in
     * CuTe's W,H,D order (CUTLASS reverses its problem shape's D,H,W lists into it).
     *
     * @param lowerCorner  lower_corner_whd: the box's lower corner (fprop: −lower padding)
     * @param upperCorner  upper_corner_whd: the box's upper corner (fprop: upper padding − (filter − 1)·dilation)
     * @param lowerPadding lower_padding_whd
     * @param upperPadding upper_padding_whd
     * @param stride       stride_whd: the traversal stride
     * @param lowerSrt     lower_srt: the filter's starting offset (fprop: 0)
     * @param dilation     stride_srt: the dilation (negated by CUTLASS for dgrad)
     */
    public record Conv(List<Long> lowerCorner, List<Long> upperCorner, List<Long> lowerPadding, List<Long> upperPadding,
                       List<Long> stride, List<Long> lowerSrt, List<Long> dilation) {
        public Conv {
            lowerCorner = List.copyOf(lowerCorner);
            upperCorner = List.copyOf(upperCorner);
            lowerPadding = List.copyOf(lowerPadding);
            upperPadding = List.copyOf(upperPadding);
            stride = List.copyOf(stride);
            lowerSrt = List.copyOf(lowerSrt);
            dilation = List.copyOf(dilation);
        }

        List<List<Long>> lists() {
            return List.of(lowerCorner, upperCorner, lowerPadding, upperPadding, stride, lowerSrt, dilation);
        }

        /** {@code lower_corner (-1,-1) upper_corner (-1,-1) ... dilation (1,1)}: make_im2col_tma_copy's arguments by name. */
        @Override
        public String toString() {
            String[] names = {"lower_corner", "upper_corner", "lower_padding", "upper_padding", "stride", "lower_srt", "dilation"};
            List<List<Long>> l = lists();
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < names.length; i++) {
                s.append(i == 0 ? "" : " ").append(names[i]).append(' ')
                        .append(l.get(i).stream().map(String::valueOf).collect(Collectors.joining(",", "(", ")")));
            }
            return s.toString();
        }

        static final List<String> NAMES = List.of("lower_corner", "upper_corner", "lower_padding", "upper_padding", "stride",
                "lower_srt", "dilation");
    }

    /** The rank: the number of tensor-map dimensions. */
    public int rank() {
        return globalDim.size();
    }

    /** The tensor map's dimensions of pixels: rank − 2 (1 for NWC, 2 for NHWC, 3 for NDHWC). */
    public int spatialRank() {
        return rank() - 2;
    }

    /** The bytes of one copy (one CTA's share of a multicast): channelsPerPixel · pixelsPerColumn elements. */
    public long bytesPerCopy() {
        return Math.multiplyExact(Math.multiplyExact(channelsPerPixel, pixelsPerColumn), dataType.bytes());
    }

    /**
     * {@code cuTensorMapEncodeIm2col(FLOAT16, rank 4, globalDim (64,16,16,2), ...)}: the call as the driver takes it
     * (interleave none, L2 promotion none and no NaN fill, as CuTe passes them by default).
     */
    @Override
    public String toString() {
        return "cuTensorMapEncodeIm2col(" + dataType + ", rank " + rank() + ", globalDim " + tuple(globalDim) + ", globalStrides "
                + tuple(globalStrides) + ", pixelBoxLowerCorner " + tuple(lowerCorner) + ", pixelBoxUpperCorner "
                + tuple(upperCorner) + ", channelsPerPixel " + channelsPerPixel + ", pixelsPerColumn " + pixelsPerColumn
                + ", elementStrides " + tuple(elementStrides) + ", INTERLEAVE_NONE, " + swizzle
                + ", L2_PROMOTION_NONE, FLOAT_OOB_FILL_NONE)";
    }

    static String tuple(List<Long> xs) {
        return "(" + xs.stream().map(String::valueOf).collect(Collectors.joining(",")) + ")";
    }

    /**
     * The im2col tensor map of the activation G and the shared-memory tile S, as CuTe's
     * {@code make_im2col_tma_copy(op, G, S, product_each(shape(S)), multicast, lowerCorner, upperCorner, lowerPadding,
     * upperPadding, stride, lowerSrt, dilation)} derives it (see the class comment).
     *
     * @param gmem      G: the activation's layout, in elements, two modes: {@code ((W,H,D,N),C)} or {@code (C,(W,H,D,N))}
     * @param smem      S: the (M,K) tile in shared memory: a layout, or CuTe's pointer form {@code Sw<B,4,3> o smem_ptr[Nb] o L}
     * @param type      the element (whole bytes)
     * @param multicast the CTAs of the cluster that share each copy (1 to {@value TmaDescriptor#MAX_MULTICAST})
     * @param conv      the convolution's corners, paddings, strides and dilations
     * @throws LayoutArgumentException with the reason where CuTe or the driver would refuse (the driver's rules by
     *         their names: {@link EncodeIm2colRule}, {@link EncodeTiledRule}), or where CuTe would drop a stride of G
     * @throws ArithmeticException on overflow
     */
    public static TmaIm2colDescriptor derive(Layout gmem, AnyLayout smem, TmaDataType type, int multicast, Conv conv) {
        String what = "tma_im2col_descriptor of " + gmem + " and " + smem;
        if (multicast < 1 || multicast > TmaDescriptor.MAX_MULTICAST) {
            throw new LayoutArgumentException(what + ": multicast " + multicast + " is outside 1.." + TmaDescriptor.MAX_MULTICAST
                    + " (a cluster holds at most 16 CTAs)");
        }
        if (type.isPacked()) {
            throw new LayoutArgumentException(what + ": " + type + " packs " + type.bits + "-bit values, and CuTe's im2col copy"
                    + " counts global strides in whole elements (sizeof(value_type)); give a type of whole bytes");
        }
        if (gmem.rank() != 2) {
            throw new LayoutArgumentException(what + ": the activation has rank " + gmem.rank() + "; CuTe's im2col copy takes it"
                    + " as two modes, ((W,H,D,N),C) for fprop and dgrad or (C,(W,H,D,N)) for wgrad, as CUTLASS's collectives build it");
        }
        TmaDescriptor.Smem s = TmaDescriptor.Smem.of(what, smem, type);
        TmaSwizzle mode = TmaDescriptor.swizzleMode(what, s.bytes(), type);
        IntTuple tile = TvLayout.productEach(s.layout().shape());
        if (tile.rank() != 2) {
            throw new LayoutArgumentException(what + ": the shared-memory tile has " + tile.rank() + " modes; CuTe's im2col copy"
                    + " takes an (M,K) tile of two (its CTA tile is the tile's mode sizes, one per mode of the activation)");
        }
        AnyLayout v = Composition.compose(CoordLayout.identity(TvLayout.productEach(gmem.shape())), Tiler.ofShape(tile));
        Layout inverse = Inverse.rightInverse(s.layout());
        CoordLayout walk = switch (Coalesce.coalesce(Composition.compose(v, inverse))) {
            case CoordLayout c -> c;
            case Layout i -> CoordLayout.of(i);
            case ComposedLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw new IllegalStateException("the tile's walk of G");
        };
        // CuTe's smem_rank: the leading modes whose basis value is 1; im2col uses the first two
        int unit = 0;
        while (unit < walk.flatRank() && walk.flatStride(unit).value() == 1 && walk.flatStride(unit).depth() == 1) unit++;
        if (unit < 2) {
            throw new LayoutArgumentException(what + ": shared memory's walk of the activation, " + walk + ", starts with " + unit
                    + " unit step" + (unit == 1 ? "" : "s") + " along a mode of G (CuTe: \"IM2COL expects at least 2 modes of the smem"
                    + " to vectorize with gmem.\"): the channels and the pixels must each run contiguously in the tile");
        }
        int cMode = walk.flatStride(0).index(0), pMode = walk.flatStride(1).index(0);
        if (cMode == pMode) {
            throw new LayoutArgumentException(what + ": shared memory's first two runs, " + walk.flatShape(0) + ":" + walk.flatStride(0)
                    + " and " + walk.flatShape(1) + ":" + walk.flatStride(1) + ", step along the same mode of G; im2col takes channels"
                    + " along one mode and pixels along the other");
        }
        long channels = walk.flatShape(0), pixelsAll = walk.flatShape(1);
        if (pixelsAll % multicast != 0) {
            throw new LayoutArgumentException(what + ": the multicast " + multicast + " does not divide the " + pixelsAll
                    + " pixels of a copy; CuTe splits the pixels among the CTAs (logical_divide of the copy by its size over the"
                    + " multicast)");
        }
        long pixels = pixelsAll / multicast;
        // (C,W,H,D,N): the channels' mode of G flattened, then the pixels'
        Layout cw = gmem.mode(cMode), pw = gmem.mode(pMode);
        List<Long> dims = new ArrayList<>(), elemStrides = new ArrayList<>();
        for (int j = 0; j < cw.flatRank(); j++) { dims.add(cw.flatShape(j)); elemStrides.add(cw.flatStride(j)); }
        for (int j = 0; j < pw.flatRank(); j++) { dims.add(pw.flatShape(j)); elemStrides.add(pw.flatStride(j)); }
        int rank = dims.size();
        if (!EncodeIm2colRule.rankFits(rank)) {
            throw rule(what, EncodeIm2colRule.IM2COL_RANK.id, EncodeIm2colRule.IM2COL_RANK.text, "(C,W,H,D,N) of " + gmem + " has " + rank
                    + " modes");
        }
        if (cw.flatRank() != 1) {
            throw new LayoutArgumentException(what + ": the channels' mode " + cw + " has " + cw.flatRank() + " modes; im2col takes"
                    + " the channels as one mode C and the pixels as (W[,H[,D]],N)");
        }
        if (elemStrides.getFirst() != 1) {
            throw new LayoutArgumentException(what + ": the channels' stride is " + elemStrides.getFirst() + " elements, and the"
                    + " tensor map's dimension 0 is contiguous (cuTensorMapEncodeIm2col takes no stride for it; CuTe drops it"
                    + " without a word and the copy would read other elements): the channels must have stride 1");
        }
        int spatial = rank - 2;
        List<List<Long>> lists = conv.lists();
        for (int i = 0; i < lists.size(); i++) {
            if (lists.get(i).size() != spatial) {
                throw new LayoutArgumentException(what + ": " + Conv.NAMES.get(i) + " " + tuple(lists.get(i)) + " has "
                        + lists.get(i).size() + " entries and the activation " + spatial + " spatial mode" + (spatial == 1 ? "" : "s")
                        + " (W,H,D order: one entry per mode of the pixels but N)");
            }
        }
        List<Long> strides = new ArrayList<>();
        for (int j = 1; j < rank; j++) strides.add(Math.multiplyExact(elemStrides.get(j), (long) type.bytes()));
        List<Long> traversal = new ArrayList<>();
        for (int j = 0; j < rank; j++) traversal.add(j >= 1 && j <= spatial ? conv.stride().get(j - 1) : 1L);
        checkDriver(what, type, dims, strides, conv, channels, pixels, traversal, mode);

        // The TMA tensor: GEMM coordinates ((q,p,z,n),(c,s,r,t)) -> im2col coordinates (c,(w,h,d),n,(s,r,t))
        List<IntTuple> mn = new ArrayList<>(), k = new ArrayList<>();
        List<ScaledBasis> mnStrides = new ArrayList<>(), kStrides = new ArrayList<>();
        long linearMn = 1;
        for (int i = 0; i < spatial; i++) {
            long span = Math.subtractExact(Math.subtractExact(Math.addExact(dims.get(i + 1), conv.upperCorner().get(i)),
                    conv.lowerCorner().get(i)), 1);
            long q = span / nonZero(what, "stride", conv.stride(), i) + 1;
            mn.add(IntTuple.of(q));
            mnStrides.add(ScaledBasis.of(conv.stride().get(i), 1, i));
            linearMn = Math.multiplyExact(linearMn, q);
        }
        mn.add(IntTuple.of(dims.get(rank - 1)));
        mnStrides.add(ScaledBasis.of(1, 2));
        linearMn = Math.multiplyExact(linearMn, dims.get(rank - 1));
        k.add(IntTuple.of(dims.getFirst()));
        kStrides.add(ScaledBasis.of(1, 0));
        for (int i = 0; i < spatial; i++) {
            long d = nonZero(what, "dilation", conv.dilation(), i);
            long pad = d > 0 ? Math.subtractExact(conv.upperPadding().get(i), conv.upperCorner().get(i))
                    : Math.subtractExact(conv.lowerCorner().get(i), conv.lowerPadding().get(i));
            k.add(IntTuple.of(1 + pad / d));
            kStrides.add(ScaledBasis.of(d, 3, i));
        }
        // CuTe orders the GEMM modes by the walk: pixels first where the channels are G's mode 1 (fprop, dgrad)
        boolean pixelsFirst = cMode == 1;
        IntTuple mnShape = IntTuple.of(mn), kShape = IntTuple.of(k);
        List<ScaledBasis> gemmStrides = new ArrayList<>(pixelsFirst ? mnStrides : kStrides);
        gemmStrides.addAll(pixelsFirst ? kStrides : mnStrides);
        CoordLayout gemm = CoordLayout.of(pixelsFirst ? IntTuple.of(mnShape, kShape) : IntTuple.of(kShape, mnShape), gemmStrides);
        IntTuple linearShape = pixelsFirst ? IntTuple.of(IntTuple.of(linearMn), kShape) : IntTuple.of(kShape, IntTuple.of(linearMn));
        CoordLayout linear = CoordLayout.identity(linearShape);
        List<IntTuple> lc = new ArrayList<>(), ls = new ArrayList<>();
        for (int i = 0; i < spatial; i++) {
            lc.add(IntTuple.of(conv.lowerCorner().get(i)));
            ls.add(IntTuple.of(conv.lowerSrt().get(i)));
        }
        IntTuple origin = IntTuple.of(IntTuple.ZERO, IntTuple.of(lc), IntTuple.ZERO, IntTuple.of(ls));

        // The tiled copy (make_tma_copy_im2col): T = S⁻¹ ∘ (multicast : values/multicast), V = tile_to_shape((S⁻¹ ∘ values), size)
        long values = Math.multiplyExact(channels, pixelsAll);
        Layout layoutT = Composition.compose(inverse, Layout.of(IntTuple.of(multicast), IntTuple.of(multicast == 1 ? 0 : values / multicast)));
        Layout layoutV0 = Composition.compose(inverse, Layout.of(IntTuple.of(values), IntTuple.of(1)));
        Layout wrapped = Layout.of(IntTuple.of(layoutV0.shape()), IntTuple.of(layoutV0.stride()));
        Layout layoutV = TileToShape.tileToShape(wrapped, IntTuple.of(s.layout().size()), null);
        Layout tv = Layout.of(IntTuple.of(layoutT.shape(), layoutV.shape()), IntTuple.of(layoutT.stride(), layoutV.stride()));
        return new TmaIm2colDescriptor(type, List.copyOf(dims), List.copyOf(strides), conv.lowerCorner(), conv.upperCorner(), channels,
                pixels, List.copyOf(traversal), mode, origin, gemm, linear, Math.multiplyExact(values, type.bits), tile, tv, java.util.OptionalLong.empty());
    }

    private static long nonZero(String what, String name, List<Long> xs, int i) {
        if (xs.get(i) == 0) {
            throw new LayoutArgumentException(what + ": " + name + " " + tuple(xs) + " is 0 along spatial mode " + i + "; CuTe divides"
                    + " by it");
        }
        return xs.get(i);
    }

    private static LayoutArgumentException rule(String what, String id, String text, String detail) {
        return new LayoutArgumentException(what + ": " + detail + ", and cuTensorMapEncodeIm2col refuses it (" + id + ": \"" + text
                + "\", cuda.h)");
    }

    /** The driver's rules of cuda.h that CuTe's arguments could break, in the order of cuda.h's comment. */
    private static void checkDriver(String what, TmaDataType type, List<Long> dims, List<Long> strides, Conv conv, long channels,
                                    long pixels, List<Long> traversal, TmaSwizzle mode) {
        int rank = dims.size();
        for (int j = 0; j < rank; j++) {
            if (!EncodeTiledRule.globalDimFits(dims.get(j))) {
                throw rule(what, EncodeTiledRule.GLOBAL_DIM_BOUNDS.id, EncodeTiledRule.GLOBAL_DIM_BOUNDS.text, "globalDim[" + j + "] is "
                        + dims.get(j));
            }
        }
        for (int j = 0; j < strides.size(); j++) {
            long b = strides.get(j);
            if (b < 0 || !EncodeTiledRule.aligned(b, EncodeTiledRule.ALIGNMENT)) {
                throw rule(what, EncodeTiledRule.GLOBAL_STRIDES_ALIGNMENT.id, EncodeTiledRule.GLOBAL_STRIDES_ALIGNMENT.text,
                        "globalStrides[" + j + "] is " + b + " bytes");
            }
            if (!EncodeTiledRule.globalStrideFits(b)) {
                throw rule(what, EncodeTiledRule.GLOBAL_STRIDES_BOUND.id, EncodeTiledRule.GLOBAL_STRIDES_BOUND.text, "globalStrides["
                        + j + "] is " + b + " bytes");
            }
        }
        for (int i = 0; i < rank - 2; i++) {
            for (List<Long> corner : List.of(conv.lowerCorner(), conv.upperCorner())) {
                if (!EncodeIm2colRule.cornerFits(corner.get(i), rank)) {
                    throw rule(what, EncodeIm2colRule.CORNER_RANGE.id, EncodeIm2colRule.CORNER_RANGE.text, (corner == conv.lowerCorner()
                            ? "pixelBoxLowerCorner " : "pixelBoxUpperCorner ") + tuple(corner) + " has " + corner.get(i) + " outside ["
                            + (-EncodeIm2colRule.maxCorner(rank) - 1) + ", " + EncodeIm2colRule.maxCorner(rank) + "] at rank " + rank);
                }
            }
            if (!EncodeIm2colRule.boxHasArea(dims.get(i + 1), conv.lowerCorner().get(i), conv.upperCorner().get(i))) {
                throw rule(what, EncodeIm2colRule.BOX_AREA.id, EncodeIm2colRule.BOX_AREA.text, "along spatial mode " + i + " (extent "
                        + dims.get(i + 1) + ") the box from " + conv.lowerCorner().get(i) + " to " + dims.get(i + 1) + " - 1 + "
                        + conv.upperCorner().get(i) + " holds " + (dims.get(i + 1) + conv.upperCorner().get(i) - conv.lowerCorner().get(i))
                        + " pixels");
            }
        }
        if (!EncodeIm2colRule.channelsFit(channels)) {
            throw rule(what, EncodeIm2colRule.CHANNELS_PER_PIXEL.id, EncodeIm2colRule.CHANNELS_PER_PIXEL.text, "channelsPerPixel is "
                    + channels + " (the tile's first run of channels)");
        }
        if (!EncodeIm2colRule.pixelsFit(pixels)) {
            throw rule(what, EncodeIm2colRule.PIXELS_PER_COLUMN.id, EncodeIm2colRule.PIXELS_PER_COLUMN.text, "pixelsPerColumn is "
                    + pixels + " (the tile's run of pixels over the multicast)");
        }
        for (int j = 0; j < rank; j++) {
            if (!EncodeTiledRule.elementStrideFits(traversal.get(j))) {
                throw rule(what, EncodeTiledRule.ELEMENT_STRIDES_BOUNDS.id, EncodeTiledRule.ELEMENT_STRIDES_BOUNDS.text,
                        "elementStrides " + tuple(traversal) + " has " + traversal.get(j) + " at " + j + " (the traversal stride)");
            }
        }
        long innerBytes = Math.multiplyExact(channels, type.bytes());
        if (mode != TmaSwizzle.SWIZZLE_NONE && innerBytes > mode.span) {
            throw rule(what, EncodeIm2colRule.CHANNELS_SWIZZLE_SPAN.id, EncodeIm2colRule.CHANNELS_SWIZZLE_SPAN.text, "channelsPerPixel "
                    + channels + " of " + type.bytes() + "-byte elements is " + innerBytes + " bytes and " + mode + " spans " + mode.span);
        }
    }
}
