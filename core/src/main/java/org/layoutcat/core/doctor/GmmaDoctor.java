package org.layoutcat.core.doctor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.swizzle.GmmaDescriptor;
import org.layoutcat.core.swizzle.GmmaDescriptor.LayoutType;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * The wgmma descriptor doctor: a 64-bit shared-memory matrix descriptor as a kernel engineer sees it in a debugger,
 * decoded field by field (PTX ISA, wgmma "Matrix Descriptor Format"; CuTe's {@code GmmaDescriptor} in
 * {@code cute/arch/mma_sm90_desc.hpp}), checked against the ISA's rules ({@link Rule}), each one broken named with the
 * nearest valid values, and read back as the shared-memory layout of one dense wgmma operand that it implies.
 *
 * <p>The fields: start address (bits 0–13), leading byte offset (16–29), stride byte offset (32–45), each in units of
 * 16 bytes; base offset (49–51); layout type (62–63: 0 INTERLEAVE, 1 the 128-byte swizzle, 2 the 64-byte, 3 the
 * 32-byte). Bits 14–15, 30–31, 46–48 and 52–61 are reserved.
 *
 * <p>The layout implied, for one dense operand of MN rows (64 unless a layout is given to compare with) and K =
 * 256 bits, with T elements in 16 bytes, W the swizzle's row in units of 16 bytes, and LBO, SBO in elements
 * ({@code make_gmma_desc}'s canonical forms, {@code cute/atom/mma_traits_sm90_gmma.hpp}):
 * <ul>
 * <li>K-major: {@code ((8,n),(T,2)):((W·T,SBO),(1,T))} swizzled, {@code ((8,n),(T,2)):((T,SBO),(1,LBO))} interleaved;</li>
 * <li>MN-major: {@code ((T·W,n),(8,k)):((1,LBO),(W·T,SBO))} swizzled, {@code ((T,n),(8,k)):((1,SBO),(T,LBO))}
 *     interleaved;</li>
 * </ul>
 * in CuTe's pointer form {@code Sw<B,4,3> o smem_ptr[Nb](start) o L}, whose swizzle pattern lies at the absolute
 * boundaries (base offset 0), or, for a base offset b ≠ 0, in the offset form {@code Sw<B,M,3> o OFF o L} from the
 * pattern's start P: the 128-byte boundary at or below the start address with {@code (P >> 7) & 7 = b} (the ISA's
 * formula; on an H100 the swizzle reads b modulo W, gpu/experiments/wgmma-base-offset). See {@link GmmaDescriptor}.
 *
 * <p>What an H100 does with the rules (gpu/experiments/wgmma-doctor-rules, one m64n8k16 wgmma over K-major operands laid
 * out as the pointer form says): it ignores the reserved bits, a swizzled K-major operand's leading byte offset (0 to
 * 16383) and a base offset without swizzle, so those rules are the ISA's and CuTe's form, not a wrong product; it reads
 * any stride byte offset from 8·W units on (72, 80, 96, 128 for the 128-byte swizzle, multiples of the pattern or not)
 * and a k-block from any 16-byte start of a swizzle row, across the row, where the pointer form says, so neither is
 * a rule here.
 */
public final class GmmaDoctor {
    private GmmaDoctor() {}

    /** The rules the doctor checks, each by a stable name. */
    public enum Rule {
        /** Bits 14–15, 30–31, 46–48 and 52–61 are reserved (PTX ISA, matrix descriptor format); an H100 ignores them. */
        RESERVED_BITS("reserved-bits"),
        /**
         * The base offset is for the swizzling modes; without a swizzle it is 0 (PTX ISA; CuTe's bitfield comment). An
         * H100 ignores it there.
         */
        BASE_OFFSET_WITHOUT_SWIZZLE("base-offset-without-swizzle"),
        /** The start address lies in a CTA's shared memory: below 227 KB on SM90 (CUDA C++ Programming Guide). */
        START_ADDRESS_PAST_SHARED_MEMORY("start-address-past-shared-memory"),
        /** K-major swizzled: the leading byte offset is not used, "assumed to be 1", and CuTe writes 1; an H100 ignores it. */
        K_MAJOR_SWIZZLED_LBO("k-major-swizzled-lbo"),
        /**
         * K-major swizzled: the stride byte offset, from 8 rows to the next 8, is at least the 8 rows of the swizzle's
         * width, 8·W units (CuTe's tile_to_shape gives 8·W): less overlaps the groups.
         */
        K_MAJOR_SWIZZLED_SBO("k-major-swizzled-sbo"),
        /** MN-major swizzled: the leading byte offset, from W units of MN to the next, is at least 8·W units. */
        MN_MAJOR_SWIZZLED_LBO("mn-major-swizzled-lbo"),
        /** MN-major swizzled: the stride byte offset, from 8 rows of K to the next 8, is at least 8·W units. */
        MN_MAJOR_SWIZZLED_SBO("mn-major-swizzled-sbo"),
        /** No two 16-byte chunks of the operand at one address. */
        OPERAND_OVERLAPS("operand-overlaps"),
        /** The layout given to compare with is no wgmma operand layoutcat's make_gmma_desc takes. */
        SMEM_NOT_AN_OPERAND("smem-not-a-wgmma-operand"),
        /** The descriptor is not the one of the layout given. */
        SMEM_DIFFERS("smem-differs");

        /** The rule's stable name. */
        public final String id;

        Rule(String id) {
            this.id = id;
        }
    }

    /** The reserved bits: 14–15, 30–31, 46–48, 52–61. */
    public static final long RESERVED_MASK = 0x3L << 14 | 0x3L << 30 | 0x7L << 46 | 0x3FFL << 52;
    /** The most shared memory one CTA has on SM90: 227 KB (CUDA C++ Programming Guide, compute capability 9.0). */
    public static final long SHARED_MEMORY_BYTES = 227 * 1024;
    /** wgmma's largest MN extent (N = 256): a layout of more rows implies no operand and is not read element by element. */
    public static final long MAX_MN = 256;
    /** The MN extent of the operand implied where no layout says it: wgmma's M. */
    public static final int DEFAULT_MN = 64;

    /**
     * A descriptor's fields, as its bits hold them.
     *
     * @param value              the 64 bits
     * @param startAddress       bits 0–13, in units of 16 bytes
     * @param leadingByteOffset  bits 16–29, in units of 16 bytes
     * @param strideByteOffset   bits 32–45, in units of 16 bytes
     * @param baseOffset         bits 49–51
     * @param layoutType         bits 62–63
     * @param reserved           the reserved bits that are set
     */
    public record Decoded(long value, int startAddress, int leadingByteOffset, int strideByteOffset, int baseOffset,
                          LayoutType layoutType, long reserved) {
        /** The fields of a 64-bit descriptor. */
        public static Decoded of(long value) {
            return new Decoded(value, (int) (value & 0x3FFF), (int) (value >>> 16 & 0x3FFF), (int) (value >>> 32 & 0x3FFF),
                    (int) (value >>> 49 & 0x7), LayoutType.ofCode((int) (value >>> 62)), value & RESERVED_MASK);
        }

        /** The start address in bytes. */
        public long startBytes() {
            return (long) startAddress << 4;
        }

        /** The descriptor without its reserved bits. */
        public GmmaDescriptor descriptor() {
            return new GmmaDescriptor(startAddress, leadingByteOffset, strideByteOffset, baseOffset, layoutType);
        }
    }

    /**
     * How the descriptor compares with the layout the user meant.
     *
     * @param expected        layoutcat's descriptor of that layout ({@link GmmaDescriptor#of})
     * @param differing       the fields that differ, in words ("stride byte offset 32 here, 64 in the layout")
     * @param firstDifference the first element (mn,k) whose byte address differs, in words; empty where none does
     */
    public record Match(GmmaDescriptor expected, List<String> differing, Optional<String> firstDifference) {
        /** Whether the descriptor is the layout's. */
        public boolean matches() {
            return differing.isEmpty();
        }
    }

    /**
     * The doctor's answer.
     *
     * @param decoded      the fields
     * @param findings     the rules broken, in {@link Rule}'s order
     * @param implied      the layout of one dense operand the descriptor implies (needs the major and the bits)
     * @param patternStart where the implied layout's offsets start: its swizzle pattern's start, for a base offset ≠ 0
     * @param match        the comparison with the layout given
     */
    public record Diagnosis(Decoded decoded, List<Finding> findings, Optional<String> implied, OptionalLong patternStart,
                            Optional<Match> match) {
        /** The names of the rules broken. */
        public List<String> broken() {
            return findings.stream().map(Finding::rule).toList();
        }
    }

    /**
     * Decodes and checks a descriptor.
     *
     * @param value the 64-bit descriptor
     * @param major the operand's major (K or MN), or null where unknown: the checks that need it are left out
     * @param smem  the operand's layout the user meant, or null; needs the major
     * @param bits  the element's bits (8, 16, 32), or 0 to take them from {@code smem}'s pointer or leave them unknown
     * @throws LayoutArgumentException where a layout is given without the major, or its pointer's bits differ from
     *         {@code bits}, or the bits are none of wgmma's
     */
    public static Diagnosis examine(long value, Major major, CuTeNotation.Tensor smem, int bits) {
        Decoded d = Decoded.of(value);
        if (smem != null && major == null) {
            throw new LayoutArgumentException("gmma_doctor: a layout to compare with needs the operand's major (K or MN), which"
                    + " make_gmma_desc reads it by");
        }
        int b = bits;
        if (smem != null && smem.elementBits() != 0) {
            if (b != 0 && b != smem.elementBits()) {
                throw new LayoutArgumentException("gmma_doctor: the layout's pointer holds " + smem.elementBits() + "-bit elements,"
                        + " not " + b);
            }
            b = smem.elementBits();
        }
        if (b != 0 && b != 8 && b != 16 && b != 32) {
            throw new LayoutArgumentException("gmma_doctor: elements of " + b + " bits; a wgmma operand in shared memory holds 8-,"
                    + " 16- or 32-bit elements");
        }
        List<Finding> out = new ArrayList<>();
        LayoutType type = d.layoutType();
        boolean swizzled = type != LayoutType.INTERLEAVE;
        int w = type.width();
        if (d.reserved() != 0) {
            out.add(new Finding(Rule.RESERVED_BITS.id, "bits " + bitList(d.reserved()) + " are set, and the PTX ISA's matrix"
                    + " descriptor reserves bits 14-15, 30-31, 46-48 and 52-61 (an H100 ignores each of them, gpu/experiments/"
                    + "wgmma-doctor-rules, so they alone do not make a wrong product there; tcgen05's descriptor gives bits"
                    + " 46-48 and 52 meanings)", hex16(value & ~RESERVED_MASK)
                    + " (the reserved bits cleared)"));
        }
        if (!swizzled && d.baseOffset() != 0) {
            out.add(new Finding(Rule.BASE_OFFSET_WITHOUT_SWIZZLE.id, "base offset " + d.baseOffset() + " with layout type 0"
                    + " (INTERLEAVE, no swizzle): the base offset says where a swizzle's repeating pattern starts, and there is"
                    + " none (an H100 ignores it there)", hex16(value & ~(0x7L << 49)) + " (base offset 0)"));
        }
        if (d.startBytes() >= SHARED_MEMORY_BYTES) {
            out.add(new Finding(Rule.START_ADDRESS_PAST_SHARED_MEMORY.id, "the start address " + d.startAddress() + " units = "
                    + d.startBytes() + " bytes lies past the " + SHARED_MEMORY_BYTES + " bytes (227 KB) of shared memory a CTA"
                    + " has on SM90", "a start address below " + SHARED_MEMORY_BYTES / 16 + " units (" + SHARED_MEMORY_BYTES
                    + " bytes)"));
        }
        long mn = mnExtent(smem, major, b, w);
        int lbo = d.leadingByteOffset(), sbo = d.strideByteOffset();
        long atom = 8L * w; // one swizzle atom: 8 rows of W units
        if (major == Major.K && swizzled) {
            if (lbo != 1) {
                out.add(new Finding(Rule.K_MAJOR_SWIZZLED_LBO.id, "leading byte offset " + lbo + " in a swizzled K-major"
                        + " descriptor: the PTX ISA does not use it there (\"assumed to be 1\") and CuTe's make_gmma_desc writes 1"
                        + " (an H100 reads the operand the same with any value, 0 to 16383)",
                        "leading byte offset 1: " + hex16(value & ~(0x3FFFL << 16) | 1L << 16)));
            }
            if (mn / 8 >= 2 && sbo < atom) {
                out.add(new Finding(Rule.K_MAJOR_SWIZZLED_SBO.id, "stride byte offset " + sbo + " units (" + 16L * sbo
                        + " bytes) from 8 rows to the next 8, and in a " + 16 * w + "-byte swizzle 8 rows take " + atom
                        + " units (" + 16 * atom + " bytes): the 8-row groups overlap", "stride byte offset " + atom + " ("
                        + 16 * atom + " bytes), the groups one after another as CuTe's tile_to_shape lays them, or more (an H100"
                        + " reads any offset from " + atom + " on as the layout says, multiples of it or not)"));
            }
        }
        if (major == Major.MN && swizzled && b != 0) {
            long t = 128 / b, n = mn / (t * w), k = 32 / b;
            if (n >= 2 && lbo < atom) {
                out.add(new Finding(Rule.MN_MAJOR_SWIZZLED_LBO.id, "leading byte offset " + lbo + " units (" + 16L * lbo
                        + " bytes) from " + w + " units of MN to the next, and each such block of 8 rows of K takes " + atom
                        + " units (one repeat of the " + 16 * w + "-byte swizzle): the blocks overlap",
                        "leading byte offset " + atom + " (" + 16 * atom + " bytes), the blocks of MN one after another"));
            }
            if (k >= 2 && sbo < atom) {
                out.add(new Finding(Rule.MN_MAJOR_SWIZZLED_SBO.id, "stride byte offset " + sbo + " units (" + 16L * sbo
                        + " bytes) from 8 rows of K to the next 8, and each block of 8 rows takes " + atom + " units (one repeat"
                        + " of the " + 16 * w + "-byte swizzle): the blocks overlap", "stride byte offset "
                        + atom * Math.max(1, n) + " (" + 16 * atom * Math.max(1, n) + " bytes), after the " + Math.max(1, n)
                        + " block(s) of MN"));
            }
        }
        if (major != null && (major == Major.K || b != 0)) overlaps(major, d, mn, b).ifPresent(out::add);

        Optional<Implied> implied = major == null || b == 0 ? Optional.empty() : implied(major, d, mn, b);
        Optional<Match> match = Optional.empty();
        if (smem != null) {
            try {
                GmmaDescriptor expected = GmmaDescriptor.of(major, smem, b, OptionalLong.empty());
                Match m = compare(d, expected, implied, smem, b);
                match = Optional.of(m);
                if (!m.matches()) {
                    out.add(new Finding(Rule.SMEM_DIFFERS.id, "the descriptor is not the one of the layout given, " + expected + ": "
                            + String.join("; ", m.differing()) + "; " + m.firstDifference().orElse("no element's byte address"
                            + " differs (the fields that differ are ones this operand does not use)"), expected.toString()));
                }
            } catch (LayoutArgumentException e) {
                out.add(new Finding(Rule.SMEM_NOT_AN_OPERAND.id, e.getMessage(), "a layout CuTe's make_gmma_desc takes, e.g. a"
                        + " k-block of tile_to_shape(GMMA::Layout_" + major + "_SW128_Atom<T>, (MN, K))"));
            }
        }
        return new Diagnosis(d, List.copyOf(out), implied.map(Implied::text),
                implied.map(i -> i.patternStart < 0 ? OptionalLong.empty() : OptionalLong.of(i.patternStart)).orElse(OptionalLong.empty()),
                match);
    }

    /** The operand's MN extent: the layout's, else wgmma's M (one whole swizzle atom at least, MN-major). */
    private static long mnExtent(CuTeNotation.Tensor smem, Major major, int bits, int w) {
        if (smem != null && smem.layout().rank() == 2) return smem.layout().shape().mode(0).product();
        if (major == Major.MN && bits != 0) return Math.max(DEFAULT_MN, 128L / bits * w);
        return DEFAULT_MN;
    }

    /**
     * The operand's 16-byte chunks, as offsets in units from the start: any two at one offset are one address. K-major:
     * {@code ((8,n),2):((W|1,SBO),(1|LBO))}; MN-major: {@code ((W|1,n),(8,k)):((1,LBO|SBO),(W|1,SBO|LBO))}.
     */
    private static Optional<Finding> overlaps(Major major, Decoded d, long mn, int bits) {
        if (mn <= 0 || mn > MAX_MN) return Optional.empty();
        boolean sw = d.layoutType() != LayoutType.INTERLEAVE;
        int w = d.layoutType().width();
        long lbo = d.leadingByteOffset(), sbo = d.strideByteOffset();
        long[] shape;
        long[] stride;
        String form;
        if (major == Major.K) {
            if (mn % 8 != 0) return Optional.empty();
            shape = new long[] {8, mn / 8, 2};
            stride = new long[] {sw ? w : 1, sbo, sw ? 1 : lbo};
            form = "((8," + mn / 8 + "),2):((" + (sw ? w : 1) + "," + sbo + ")," + (sw ? 1 : lbo) + ")";
        } else {
            long t = 128 / bits, k = 32 / bits;
            long unitsMn = mn / t;
            if (mn % t != 0 || unitsMn % (sw ? w : 1) != 0) return Optional.empty();
            long n = unitsMn / (sw ? w : 1);
            shape = new long[] {sw ? w : 1, n, 8, k};
            stride = sw ? new long[] {1, lbo, w, sbo} : new long[] {1, sbo, 1, lbo};
            form = "((" + (sw ? w : 1) + "," + n + "),(8," + k + ")):((1," + (sw ? lbo : sbo) + "),(" + (sw ? w : 1) + ","
                    + (sw ? sbo : lbo) + "))";
        }
        Map<Long, long[]> seen = new HashMap<>();
        long count = 1;
        for (long s : shape) count *= s;
        for (long i = 0; i < count; i++) {
            long rest = i, off = 0;
            long[] c = new long[shape.length];
            for (int m = 0; m < shape.length; m++) {
                c[m] = rest % shape[m];
                rest /= shape[m];
                off += c[m] * stride[m];
            }
            long[] before = seen.putIfAbsent(off, c);
            if (before != null) {
                String nearest = major == Major.K
                        ? (sw ? "stride byte offset " + 8L * w : "stride byte offset 8 and leading byte offset " + mn) + ", as"
                                + " CuTe's tile_to_shape of the GMMA atom gives for " + mn + " rows"
                        : sw ? "leading byte offset " + 8L * w + " and stride byte offset " + 8L * w * shape[1] + ", as CuTe's"
                                + " tile_to_shape of the GMMA atom gives" : "stride byte offset 8 and leading byte offset " + 8 * shape[1]
                                + ", as CuTe's tile_to_shape of the GMMA atom gives";
                return Optional.of(new Finding(Rule.OPERAND_OVERLAPS.id, "in units of 16 bytes the operand of " + mn + " rows is "
                        + form + ", which puts two of its 16-byte chunks at unit " + off + " (coordinates " + coord(before)
                        + " and " + coord(c) + "): the leading and stride byte offsets overlap its core matrices", nearest));
            }
        }
        return Optional.empty();
    }

    private static String coord(long[] c) {
        StringBuilder s = new StringBuilder("(");
        for (int i = 0; i < c.length; i++) s.append(i == 0 ? "" : ",").append(c[i]);
        return s.append(')').toString();
    }

    /** The implied layout: its text, its layout of element offsets, and where its offsets start. */
    private record Implied(String text, Layout layout, long start, long patternStart, Swizzle bytes, int bits) {
        /** The byte address of element {@code index} (colexicographic over (MN, K)). */
        long address(long index) {
            long u = Math.addExact(start, Math.multiplyExact(layout.apply(index), bits / 8));
            if (bytes.isIdentity()) return u;
            if (patternStart < 0) return bytes.apply(u);
            return patternStart + bytes.apply(u - patternStart);
        }
    }

    private static Optional<Implied> implied(Major major, Decoded d, long mn, int bits) {
        if (mn <= 0 || mn > MAX_MN) return Optional.empty();
        LayoutType type = d.layoutType();
        boolean sw = type != LayoutType.INTERLEAVE;
        long t = 128 / bits, w = type.width(), lbo = d.leadingByteOffset() * t, sbo = d.strideByteOffset() * t;
        IntTuple shape, stride;
        if (major == Major.K) {
            if (mn % 8 != 0) return Optional.empty();
            long n = mn / 8;
            shape = IntTuple.of(pair(8, n), IntTuple.of(IntTuple.of(t), IntTuple.of(2)));
            stride = IntTuple.of(pairStride(sw ? w * t : t, n, sbo), IntTuple.of(IntTuple.of(1), IntTuple.of(sw ? t : lbo)));
        } else {
            long block = sw ? t * w : t, k = 32 / bits;
            if (mn % block != 0) return Optional.empty();
            long n = mn / block;
            shape = IntTuple.of(pair(block, n), pair(8, k));
            stride = IntTuple.of(pairStride(1, n, sw ? lbo : sbo), pairStride(sw ? w * t : t, k, sw ? sbo : lbo));
        }
        Layout l = Layout.of(shape, stride);
        long start = d.startBytes();
        String bitsText = "[" + bits + "b]";
        if (!sw) return Optional.of(new Implied("smem_ptr" + bitsText + "(" + hex(start) + ") o " + l, l, start, -1, Swizzle.IDENTITY, bits));
        Swizzle bytes = type.byteSwizzle();
        if (d.baseOffset() == 0) {
            return Optional.of(new Implied(bytes + " o smem_ptr" + bitsText + "(" + hex(start) + ") o " + l, l, start, -1, bytes, bits));
        }
        long row = start - start % 128;
        long p = row - Math.floorMod((row >> 7) - d.baseOffset(), 8) * 128L;
        if (p < 0) return Optional.empty();
        int log2 = Integer.numberOfTrailingZeros(bits / 8);
        Swizzle elements = new Swizzle(bytes.bits(), 4 - log2, 3);
        long off = (start - p) / (bits / 8);
        return Optional.of(new Implied(elements + " o " + off + " o " + l, l, start, p, bytes, bits));
    }

    /** {@code (a,b)}, or {@code a} where b is 1. */
    private static IntTuple pair(long a, long b) {
        return b == 1 ? IntTuple.of(a) : IntTuple.of(IntTuple.of(a), IntTuple.of(b));
    }

    /** The strides of {@link #pair}: {@code (sa,sb)}, or {@code sa} where b is 1. */
    private static IntTuple pairStride(long sa, long b, long sb) {
        return b == 1 ? IntTuple.of(sa) : IntTuple.of(IntTuple.of(sa), IntTuple.of(sb));
    }

    private static Match compare(Decoded d, GmmaDescriptor expected, Optional<Implied> implied, CuTeNotation.Tensor smem, int bits) {
        List<String> differing = new ArrayList<>();
        field(differing, "start address", d.startAddress(), expected.startAddress());
        field(differing, "leading byte offset", d.leadingByteOffset(), expected.leadingByteOffset());
        field(differing, "stride byte offset", d.strideByteOffset(), expected.strideByteOffset());
        field(differing, "base offset", d.baseOffset(), expected.baseOffset());
        if (d.layoutType() != expected.layoutType()) {
            differing.add("layout type " + d.layoutType() + " here, " + expected.layoutType() + " in the layout");
        }
        if (d.reserved() != 0) differing.add("reserved bits " + bitList(d.reserved()) + " set here, none in the layout");
        if (differing.isEmpty()) return new Match(expected, List.of(), Optional.empty());
        if (implied.isEmpty()) {
            return new Match(expected, List.copyOf(differing), Optional.of("the descriptor implies no layout of this operand's "
                    + "shape to compare element by element"));
        }
        Implied i = implied.get();
        IntTuple shape = smem.layout().shape();
        long mnSize = shape.mode(0).product(), kSize = shape.mode(1).product();
        long kImplied = i.layout.shape().mode(1).product();
        long kEnd = Math.min(kSize, kImplied);
        for (long k = 0; k < kEnd; k++) {
            for (long m = 0; m < mnSize; m++) {
                long here = i.address(m + mnSize * k), there = smemAddress(smem, bits, m + mnSize * k);
                if (here != there) {
                    return new Match(expected, List.copyOf(differing), Optional.of("the first element whose byte address differs"
                            + " is (mn,k) = (" + m + "," + k + "): " + hex(here) + " by the descriptor, " + hex(there) + " in the layout"));
                }
            }
        }
        return new Match(expected, List.copyOf(differing), Optional.empty());
    }

    private static void field(List<String> out, String name, int here, int there) {
        if (here != there) out.add(name + " " + here + " here, " + there + " in the layout");
    }

    /** The byte address of element {@code index} of a tensor as CuTe prints it (its pointer's address, or 0). */
    static long smemAddress(CuTeNotation.Tensor t, int bits, long index) {
        long a = t.address().orElse(0);
        long bytes = bits / 8;
        return switch (t.layout()) {
            case ComposedLayout c when c.pointerBits() != 0 -> c.byteSwizzle().apply(Math.addExact(a, Math.multiplyExact(c.inner().apply(index), bytes)));
            case ComposedLayout c -> Math.addExact(a, Math.multiplyExact(c.apply(index), bytes));
            case Layout l -> Math.addExact(a, Math.multiplyExact(l.apply(index), bytes));
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse("gmma_doctor", t.layout(),
                    "a wgmma operand is a layout of offsets in shared memory, swizzled or not");
        };
    }

    /**
     * A descriptor as a debugger or CuTe's {@code print(GmmaDescriptor)} shows it: {@code 0x} and up to 16 hexadecimal
     * digits, or a decimal below 2^64 (C's {@code u}, {@code l} suffixes and a leading {@code GmmaDescriptor:} allowed).
     *
     * @throws LayoutArgumentException naming the text where it is no such value
     */
    public static long parseDescriptor(String text) {
        String t = text.strip();
        if (t.startsWith("GmmaDescriptor:")) t = t.substring("GmmaDescriptor:".length()).strip();
        t = t.replaceFirst("(?i)[ul]+$", "");
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) {
                String digits = t.substring(2);
                if (digits.isEmpty() || digits.length() > 16) throw new NumberFormatException();
                return Long.parseUnsignedLong(digits, 16);
            }
            if (t.startsWith("+")) throw new NumberFormatException();
            return Long.parseUnsignedLong(t);
        } catch (NumberFormatException e) {
            throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(text) + "\": a wgmma descriptor is 64 bits: 0x and up"
                    + " to 16 hexadecimal digits, or a decimal below 2^64");
        }
    }

    /** "14, 47" for the set bits of a mask. */
    public static String bitList(long mask) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 64; i++) {
            if ((mask >>> i & 1) != 0) s.append(s.isEmpty() ? "" : ", ").append(i);
        }
        return s.toString();
    }

    /** {@code 0x4000004000010040}, as CuTe prints a descriptor; {@code 0x400} for an address. */
    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    /** The descriptor's 16 hexadecimal digits, as CuTe prints it. */
    public static String hex16(long v) {
        return String.format(java.util.Locale.ROOT, "0x%016x", v);
    }
}
