package org.layoutcat.core.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongUnaryOperator;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.internal.TranslateClasses;

/**
 * The count of a stage from one instruction of each class of XOR translates ({@link TranslateClasses}) is the count of
 * every instruction ({@link BankConflicts#stage}, the definition), over layouts linear over F2: random XOR maps after
 * random permutations of the index bits, and random stages of any threads, vectors and instructions inside the tile.
 */
class TranslateClassesProperties {

    /** A random linear map of {@code bits} index bits: a permutation of the bits, then XORs of higher bits into lower ones. */
    private static long[] linearMap(Random r, int bits) {
        List<Integer> order = new ArrayList<>();
        for (int j = 0; j < bits; j++) order.add(j);
        java.util.Collections.shuffle(order, r);
        long[] masks = new long[bits];
        int xors = r.nextInt(bits + 1);
        for (int k = 0; k < xors; k++) {
            int lo = r.nextInt(bits), hi = r.nextInt(bits);
            if (hi > lo) masks[lo] ^= 1L << hi;
        }
        long[] cols = new long[bits];
        for (int j = 0; j < bits; j++) cols[j] = SwizzleSearch.XorMap.apply(masks, 1L << order.get(j));
        return cols;
    }

    /** A random access layout (thread, value, instruction...) whose indices stay below {@code 2^bits}, or null. */
    private static Layout access(Random r, int bits) {
        long[] threadShapes = {8, 16, 32, 64, 96, 128};
        List<Long> shape = new ArrayList<>(), stride = new ArrayList<>();
        long threads = threadShapes[r.nextInt(threadShapes.length)];
        long t1 = r.nextBoolean() ? 1 : (threads % 8 == 0 ? 8 : 1);
        shape.add(threads / t1);
        shape.add(t1);
        stride.add(randomStride(r, bits));
        stride.add(randomStride(r, bits));
        long values = 1L << r.nextInt(4);
        List<Long> threadShape = List.copyOf(shape), threadStride = List.copyOf(stride);
        long valueStride = r.nextInt(5) == 0 ? randomStride(r, bits) : 1;
        int instr = r.nextInt(3);
        List<Long> is = new ArrayList<>(), id = new ArrayList<>();
        for (int k = 0; k < instr; k++) {
            is.add(1L + r.nextInt(4));
            id.add(randomStride(r, bits));
        }
        IntTuple tShape = IntTuple.flat(threadShape.get(0), threadShape.get(1));
        IntTuple tStride = IntTuple.flat(threadStride.get(0), threadStride.get(1));
        List<IntTuple> shapes = new ArrayList<>(List.of(tShape, IntTuple.of(values)));
        List<IntTuple> strides = new ArrayList<>(List.of(tStride, IntTuple.of(valueStride)));
        for (int k = 0; k < instr; k++) {
            shapes.add(IntTuple.of(is.get(k)));
            strides.add(IntTuple.of(id.get(k)));
        }
        Layout l = Layout.of(IntTuple.of(shapes), IntTuple.of(strides));
        long max = 0;
        for (long i = 0; i < l.size(); i++) max = Math.max(max, l.apply(i));
        return max < (1L << bits) ? l : null;
    }

    private static long randomStride(Random r, int bits) {
        return switch (r.nextInt(4)) {
            case 0 -> 0;
            case 1 -> 1L << r.nextInt(Math.max(1, bits - 4));
            case 2 -> 8L * r.nextInt(1 + (1 << Math.max(0, bits - 8)));
            default -> r.nextInt(1 + (1 << Math.max(0, bits - 6)));
        };
    }

    /**
     * translatesCountAsTheirRepresentative: over a layout linear over F2, the stage's wavefronts counted from one
     * instruction of each class equal the definition's over every instruction, and a stage the definition refuses is
     * refused; its minimum is the definition's.
     */
    @Property(tries = 600)
    void translatesCountAsTheirRepresentative(@ForAll long seed) {
        Random r = new Random(seed);
        int bits = 4 + r.nextInt(9);
        int elementBytes = 1 << r.nextInt(4);
        int lanes = new int[] {8, 16, 32}[r.nextInt(3)];
        Layout access = access(r, bits);
        if (access == null) return;
        long[] cols = linearMap(r, bits);
        LongUnaryOperator smem = linear(cols);
        BankConflicts.Indexed ix = BankConflicts.indexed(access, lanes);
        TranslateClasses c = TranslateClasses.of(ix.index(), ix.threads(), ix.values(), ix.perThread(), ix.lanes(), bits);
        long[] count = definition(smem, elementBytes, ix);
        long want = count[0], minimum = count[1];
        assertEquals(want, c.wavefronts(cols, elementBytes), access + " over " + java.util.Arrays.toString(cols));
        if (minimum >= 0) assertEquals(minimum, c.minimum(elementBytes));
    }

    /**
     * linearAccessesCountFromTheirImages: an access layout linear over F2 gives, from the images of its index bits
     * alone ({@link TranslateClasses#ofLinear}), the count of every instruction (the definition, {@link BankConflicts#stage})
     * over any layout linear over F2, the same refusal and minimum, and reads as many entries as the classes of its
     * table; an access that leaves the tile has none, as the table's.
     */
    @Property(tries = 600)
    void linearAccessesCountFromTheirImages(@ForAll long seed) {
        Random r = new Random(seed);
        int bits = 4 + r.nextInt(9);
        int elementBytes = 1 << r.nextInt(4);
        int lanes = new int[] {8, 16, 32}[r.nextInt(3)];
        Layout access = access(r, bits);
        if (access == null || !org.layoutcat.core.f2.F2View.isLinear(access)) return;
        long[] cols = linearMap(r, bits);
        LongUnaryOperator smem = linear(cols);
        BankConflicts.Indexed ix = BankConflicts.indexed(access, lanes);
        long[] images = new long[Long.numberOfTrailingZeros(access.size())];
        for (int j = 0; j < images.length; j++) images[j] = access.apply(1L << j);
        int tileBits = r.nextInt(4) == 0 ? bits - 1 : bits; // now and then a tile the access leaves
        TranslateClasses table = TranslateClasses.of(ix.index(), ix.threads(), ix.values(), ix.perThread(), ix.lanes(), tileBits);
        TranslateClasses linear = TranslateClasses.ofLinear(images, ix.threads(), ix.values(), ix.perThread(), ix.lanes(), tileBits);
        assertEquals(table == null, linear == null, access + " in " + tileBits + " bits");
        if (linear == null) return;
        long[] count = definition(smem, elementBytes, ix);
        long want = count[0], minimum = count[1];
        assertEquals(want, linear.wavefronts(cols, elementBytes), access + " over " + java.util.Arrays.toString(cols));
        if (minimum >= 0) assertEquals(minimum, linear.minimum(elementBytes));
        assertEquals(table.representativeEntries(), linear.representativeEntries(), access.toString());
    }

    /** An access that leaves the tile has no classes: the layouts are linear only on the tile's index bits. */
    @Example
    void anAccessOutsideTheTileHasNoClasses() {
        BankConflicts.Indexed ix = BankConflicts.indexed(Layout.parse("(32,1):(64,0)"), 32);
        assertNull(TranslateClasses.of(ix.index(), ix.threads(), ix.values(), ix.perThread(), ix.lanes(), 6));
    }

    /** The README's operand stage: cp.async's 8 instructions and ldmatrix's 16 are each one class of translates. */
    @Example
    void theOperandStagesInstructionsAreTranslatesOfOne() {
        BankConflicts.Indexed ix = BankConflicts.indexed(Layout.parse("((8,16),8,1,8,1):((1024,1),128,0,16,0)"), 32);
        TranslateClasses c = TranslateClasses.of(ix.index(), ix.threads(), ix.values(), ix.perThread(), ix.lanes(), 13);
        assertEquals(1, c.classes());
        assertEquals(32 * 8, c.representativeEntries());
        assertEquals(8192, ix.index().length); // the stage's entries, each read by a count without the classes
    }

    /** The layout over F2 whose columns are {@code cols}: i ↦ XOR of cols[j] over the set bits j of i. */
    private static LongUnaryOperator linear(long[] cols) {
        return i -> {
            long y = 0;
            for (int j = 0; j < cols.length; j++) if ((i >> j & 1) != 0) y ^= cols[j];
            return y;
        };
    }

    /** The definition's count of a stage ({@link BankConflicts#stage}): {wavefronts, minimum}, or {−1, −1} where it refuses. */
    private static long[] definition(LongUnaryOperator smem, int elementBytes, BankConflicts.Indexed ix) {
        try {
            BankConflicts.Stage st = BankConflicts.stage(smem, elementBytes, ix);
            return new long[] {st.wavefronts(), st.minimum()};
        } catch (LayoutArgumentException e) {
            return new long[] {-1, -1};
        }
    }
}
