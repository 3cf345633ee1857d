package org.layoutcat.core.f2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.layoutcat.core.LayoutArgumentException;

/**
 * A linear map over F2 between named dimensions of bits, as Triton's {@code LinearLayout} holds one: each input
 * dimension has {@code k} bits and lists its {@code k} basis vectors {@code L(0, …, in = 2^j, …, 0)}, each an
 * integer per output dimension; each output dimension has a size {@code 2^n}. Every other value is the XOR of the
 * bases of the input's set bits: {@code L(x ⊕ y) = L(x) ⊕ L(y)}. Dimensions are ordered minor to major (the order
 * in which their bits are stacked, {@link #apply(long)}, {@link #flattenIns()}, {@link #flattenOuts()}).
 *
 * <p>Printed on one line, the input dimensions and their bases, then the output dimensions and their sizes:
 * {@code {mode0=[1,2,4],mode1=[8,16]} -> {offset:32}}; with several output dimensions a basis is a tuple,
 * {@code {in1=[(4,2),(2,1),(1,0)],in2=[(1,2),(2,1)]} -> {out1:8,out2:4}}, with none it is {@code ()}. {@link #parse}
 * reads that form (spaces anywhere between its tokens) and {@code parse(x.toString()).equals(x)}. Equality is
 * Triton's: the same dimensions in the same order, the same bases and the same output sizes.
 *
 * <p>Immutable. A dimension has at most {@value #MAX_BITS} bits and a map at most {@value #MAX_DIMS} dimensions on
 * each side, so that every value fits a {@code long}.
 */
public final class F2Map {
    /** The most bits of one dimension: its values are non-negative {@code long}s. */
    public static final int MAX_BITS = 62;
    /** The most input (or output) dimensions of one map. */
    public static final int MAX_DIMS = 64;

    /**
     * An input dimension: its name and the image of each of its bits, {@code bases.get(j)} = {@code L(in = 2^j)}, one
     * integer per output dimension.
     *
     * @param name  the dimension's name, an identifier
     * @param bases one basis vector per bit of the dimension, least significant bit first
     */
    public record InDim(String name, List<List<Long>> bases) {
        public InDim {
            if (name == null || bases == null) throw new LayoutArgumentException("an input dimension needs a name and bases");
            List<List<Long>> copy = new ArrayList<>(bases.size());
            for (List<Long> b : bases) copy.add(List.copyOf(b));
            bases = List.copyOf(copy);
        }

        /** The number of bits of this dimension, its size {@code 2^bits}. */
        public int bits() {
            return bases.size();
        }
    }

    /**
     * An output dimension: its name and its size {@code 2^bits}.
     *
     * @param name the dimension's name, an identifier
     * @param bits log2 of its size
     */
    public record OutDim(String name, int bits) {
        public OutDim {
            if (name == null) throw new LayoutArgumentException("an output dimension needs a name");
            if (bits < 0 || bits > MAX_BITS) {
                throw new LayoutArgumentException("output dimension " + name + " of 2^" + bits + " values: a dimension has 0 to "
                        + MAX_BITS + " bits");
            }
        }

        /** Its size, {@code 2^bits}. */
        public long size() {
            return 1L << bits;
        }
    }

    private final String[] inNames;
    private final long[][][] bases; // bases[i][j][o]: output o of L(in i = 2^j)
    private final String[] outNames;
    private final int[] outBits;

    private F2Map(String[] inNames, long[][][] bases, String[] outNames, int[] outBits) {
        this.inNames = inNames;
        this.bases = bases;
        this.outNames = outNames;
        this.outBits = outBits;
    }

    /**
     * The map with these input dimensions and output dimensions of these sizes (Triton's constructor with explicit
     * output sizes, which may leave output values unreached).
     *
     * @throws LayoutArgumentException where a name is not an identifier or repeats on its side, a basis vector has
     *         not one entry per output dimension, an entry is negative or not below its dimension's size, or past
     *         {@value #MAX_BITS} bits or {@value #MAX_DIMS} dimensions
     */
    public static F2Map of(List<InDim> ins, List<OutDim> outs) {
        String[] on = new String[outs.size()];
        int[] ob = new int[outs.size()];
        for (int o = 0; o < on.length; o++) {
            on[o] = outs.get(o).name();
            ob[o] = outs.get(o).bits();
        }
        String[] in = new String[ins.size()];
        long[][][] b = new long[ins.size()][][];
        for (int i = 0; i < in.length; i++) {
            InDim d = ins.get(i);
            in[i] = d.name();
            b[i] = new long[d.bits()][];
            for (int j = 0; j < d.bits(); j++) {
                List<Long> v = d.bases().get(j);
                if (v.size() != on.length) {
                    throw new LayoutArgumentException("basis " + j + " of input dimension " + d.name() + " has " + v.size()
                            + " entries, but there " + (on.length == 1 ? "is 1 output dimension" : "are " + on.length
                            + " output dimensions") + " (" + String.join(", ", on) + ")");
                }
                b[i][j] = new long[on.length];
                for (int o = 0; o < on.length; o++) b[i][j][o] = v.get(o);
            }
        }
        return checked(in, b, on, ob);
    }

    /**
     * The map with these input dimensions, its output sizes inferred as Triton's constructor infers them: each output
     * dimension's size is the least power of two above its largest basis entry ({@code 2^bitlength(max)}). Unlike
     * Triton's, this does not refuse a map that is not surjective ({@link #isSurjective()} says).
     *
     * @throws LayoutArgumentException as {@link #of(List, List)} does
     */
    public static F2Map inferring(List<InDim> ins, List<String> outNames) {
        int[] bits = new int[outNames.size()];
        for (InDim d : ins) {
            for (List<Long> v : d.bases()) {
                for (int o = 0; o < Math.min(v.size(), bits.length); o++) {
                    bits[o] = Math.max(bits[o], 64 - Long.numberOfLeadingZeros(Math.max(0, v.get(o))));
                }
            }
        }
        List<OutDim> outs = new ArrayList<>();
        for (int o = 0; o < bits.length; o++) outs.add(new OutDim(outNames.get(o), Math.min(bits[o], MAX_BITS + 1)));
        return of(ins, outs);
    }

    /** Triton's {@code identity1D(size, in, out)}: {@code L(x) = x} for x in [0, size), size a power of two. */
    public static F2Map identity1D(long size, String in, String out) {
        int k = log2(size, "identity1D");
        List<List<Long>> b = new ArrayList<>();
        for (int j = 0; j < k; j++) b.add(List.of(1L << j));
        return of(List.of(new InDim(in, b)), List.of(new OutDim(out, k)));
    }

    /** Triton's {@code zeros1D(size, in, out)}: {@code L(x) = 0} for x in [0, size), the output of size 1. */
    public static F2Map zeros1D(long size, String in, String out) {
        int k = log2(size, "zeros1D");
        return of(List.of(new InDim(in, java.util.Collections.nCopies(k, List.of(0L)))), List.of(new OutDim(out, 0)));
    }

    private static int log2(long size, String what) {
        if (size < 1 || Long.bitCount(size) != 1 || Long.numberOfTrailingZeros(size) > MAX_BITS) {
            throw new LayoutArgumentException(what + " of size " + size + ": the size is a power of two up to 2^" + MAX_BITS);
        }
        return Long.numberOfTrailingZeros(size);
    }

    /** The checks of a map's structure, over arrays this class owns. */
    private static F2Map checked(String[] in, long[][][] b, String[] on, int[] ob) {
        if (in.length > MAX_DIMS || on.length > MAX_DIMS) {
            throw new LayoutArgumentException("a map of " + in.length + " input and " + on.length + " output dimensions: at most "
                    + MAX_DIMS + " on each side");
        }
        names(in, "input");
        names(on, "output");
        for (int i = 0; i < in.length; i++) {
            if (b[i].length > MAX_BITS) {
                throw new LayoutArgumentException("input dimension " + in[i] + " has " + b[i].length + " bits: at most " + MAX_BITS);
            }
            for (int j = 0; j < b[i].length; j++) {
                for (int o = 0; o < on.length; o++) {
                    long v = b[i][j][o];
                    if (v < 0 || (v >>> ob[o]) != 0) {
                        throw new LayoutArgumentException("basis " + in[i] + "=" + (1L << j) + " has " + on[o] + " = " + v
                                + ", outside output dimension " + on[o] + " of size " + (1L << ob[o]) + " (values 0 to "
                                + ((1L << ob[o]) - 1) + ")");
                    }
                }
            }
        }
        return new F2Map(in, b, on, ob);
    }

    private static void names(String[] names, String side) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (!isIdentifier(n)) {
                throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(n) + "\" is no name for an " + side
                        + " dimension: a name is a letter or _ then letters, digits or _");
            }
            if (!seen.add(n)) throw new LayoutArgumentException(side + " dimension " + n + " is named twice");
        }
    }

    static boolean isIdentifier(String n) {
        if (n == null || n.isEmpty() || n.length() > 256) return false;
        for (int k = 0; k < n.length(); k++) {
            char c = n.charAt(k);
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            if (!letter && !(k > 0 && c >= '0' && c <= '9')) return false;
        }
        return true;
    }

    // ------------------------------------------------------------------------------------------------------------
    // What the map is

    /** The input dimensions, minor to major, with their bases. */
    public List<InDim> ins() {
        List<InDim> out = new ArrayList<>(inNames.length);
        for (int i = 0; i < inNames.length; i++) {
            List<List<Long>> b = new ArrayList<>(bases[i].length);
            for (long[] v : bases[i]) b.add(Arrays.stream(v).boxed().toList());
            out.add(new InDim(inNames[i], b));
        }
        return List.copyOf(out);
    }

    /** The output dimensions, minor to major, with their sizes. */
    public List<OutDim> outs() {
        List<OutDim> out = new ArrayList<>(outNames.length);
        for (int o = 0; o < outNames.length; o++) out.add(new OutDim(outNames[o], outBits[o]));
        return List.copyOf(out);
    }

    /** The names of the input dimensions, minor to major. */
    public List<String> inNames() {
        return List.of(inNames);
    }

    /** The names of the output dimensions, minor to major. */
    public List<String> outNames() {
        return List.of(outNames);
    }

    /**
     * The bits of input dimension {@code in}, log2 of its size.
     *
     * @throws LayoutArgumentException where the map has no such input dimension
     */
    public int inBits(String in) {
        return bases[inIndex(in)].length;
    }

    /**
     * The bits of output dimension {@code out}, log2 of its size.
     *
     * @throws LayoutArgumentException where the map has no such output dimension
     */
    public int outBits(String out) {
        return outBits[outIndex(out)];
    }

    /**
     * Triton's {@code getBasis(in, j)}: {@code L(0, …, in = 2^j, …, 0)}, one integer per output dimension.
     *
     * @throws LayoutArgumentException where the map has no such input dimension or it has no bit j
     */
    public List<Long> basis(String in, int j) {
        int i = inIndex(in);
        if (j < 0 || j >= bases[i].length) {
            throw new LayoutArgumentException("input dimension " + in + " has bits 0 to " + (bases[i].length - 1) + ", not " + j);
        }
        return Arrays.stream(bases[i][j]).boxed().toList();
    }

    /** The bits of all input dimensions together. */
    public int totalInBits() {
        int n = 0;
        for (long[][] b : bases) n += b.length;
        return n;
    }

    /** The bits of all output dimensions together. */
    public int totalOutBits() {
        int n = 0;
        for (int b : outBits) n += b;
        return n;
    }

    private int inIndex(String in) {
        for (int i = 0; i < inNames.length; i++) if (inNames[i].equals(in)) return i;
        throw new LayoutArgumentException(this + " has no input dimension " + in + "; its input dimensions are "
                + String.join(", ", inNames));
    }

    private int outIndex(String out) {
        for (int o = 0; o < outNames.length; o++) if (outNames[o].equals(out)) return o;
        throw new LayoutArgumentException(this + " has no output dimension " + out + "; its output dimensions are "
                + String.join(", ", outNames));
    }

    // ------------------------------------------------------------------------------------------------------------
    // Evaluation

    /**
     * Triton's {@code apply}: {@code L(x_0, …, x_k) = ⊕ L(in_i = 2^j)} over the set bits j of each input x_i, one value
     * per output dimension. O(total input bits · output dimensions).
     *
     * @throws LayoutArgumentException unless there is one input per input dimension, each in {@code [0, 2^bits)}
     */
    public List<Long> apply(List<Long> inputs) {
        if (inputs.size() != inNames.length) {
            throw new LayoutArgumentException(this + " takes " + inNames.length + " inputs (" + String.join(", ", inNames)
                    + "), not " + inputs.size());
        }
        long[] out = new long[outNames.length];
        for (int i = 0; i < inNames.length; i++) {
            long x = inputs.get(i);
            if (x < 0 || (x >>> bases[i].length) != 0) {
                throw new LayoutArgumentException(inNames[i] + " = " + x + " is outside input dimension " + inNames[i] + " of "
                        + this + ", of size " + (1L << bases[i].length));
            }
            for (int j = 0; j < bases[i].length; j++) {
                if ((x >>> j & 1) != 0) for (int o = 0; o < out.length; o++) out[o] ^= bases[i][j][o];
            }
        }
        return Arrays.stream(out).boxed().toList();
    }

    /**
     * The map on stacked bits, Triton's "1D view": the input dimensions' bits stacked minor to major into one integer
     * x (dimension 0 in the low bits), the value's output dimensions stacked alike. {@code L(x) = ⊕ column_j} over
     * the set bits j of x. For the F2 view of a CuTe layout x is the index and the value its offset.
     *
     * @throws LayoutArgumentException for x outside {@code [0, 2^totalInBits)}, or where either side stacks more than
     *         {@value #MAX_BITS} bits
     */
    public long apply(long x) {
        long[] columns = stackedColumns("apply");
        if (x < 0 || (x >>> columns.length) != 0) {
            throw new LayoutArgumentException("input " + x + " of " + this + ": its stacked inputs are 0 to " + ((1L << columns.length) - 1));
        }
        long y = 0;
        for (int j = 0; j < columns.length; j++) if ((x >>> j & 1) != 0) y ^= columns[j];
        return y;
    }

    /** The images of the stacked input bits, each stacked over the output dimensions. */
    private long[] stackedColumns(String what) {
        if (totalInBits() > MAX_BITS || totalOutBits() > MAX_BITS) {
            throw new LayoutArgumentException(what + " of " + this + " on stacked bits: " + totalInBits() + " input bits and "
                    + totalOutBits() + " output bits, where at most " + MAX_BITS + " stack into one integer");
        }
        long[] c = new long[totalInBits()];
        int k = 0;
        for (long[][] b : bases) for (long[] v : b) c[k++] = stack(v);
        return c;
    }

    private long stack(long[] v) {
        long y = 0;
        int shift = 0;
        for (int o = 0; o < v.length; o++) {
            y |= v[o] << shift;
            shift += outBits[o];
        }
        return y;
    }

    // ------------------------------------------------------------------------------------------------------------
    // Operations

    /**
     * {@code this ∘ g}, g applied first: {@code (f∘g)(x) = f(g(x))}, the F2 matrix product {@code F·G}. The order is
     * {@code java.util.function}'s and CuTe's {@code composition(A, B) = A∘B}; Triton writes the same map
     * {@code g.compose(f)}. Its inputs are g's, its outputs f's with f's sizes.
     *
     * @throws LayoutArgumentException unless g's output dimensions are f's input dimensions (in any order), each of
     *         g's no larger than f's
     */
    public F2Map compose(F2Map g) {
        if (!Set.of(g.outNames).equals(Set.of(inNames)) || g.outNames.length != inNames.length) {
            throw new LayoutArgumentException(this + " o " + g + ": the inner map's output dimensions (" + String.join(", ", g.outNames)
                    + ") must be the outer's input dimensions (" + String.join(", ", inNames) + ")");
        }
        int[] at = new int[g.outNames.length]; // this's input index of g's output o
        for (int o = 0; o < at.length; o++) {
            at[o] = inIndex(g.outNames[o]);
            if (g.outBits[o] > bases[at[o]].length) {
                throw new LayoutArgumentException(this + " o " + g + ": the inner map's output " + g.outNames[o] + " has "
                        + g.outBits[o] + " bits, the outer's input " + g.outNames[o] + " only " + bases[at[o]].length);
            }
        }
        long[][][] b = new long[g.inNames.length][][];
        for (int i = 0; i < b.length; i++) {
            b[i] = new long[g.bases[i].length][];
            for (int j = 0; j < b[i].length; j++) {
                long[] r = new long[outNames.length];
                long[] w = g.bases[i][j];
                for (int o = 0; o < w.length; o++) {
                    for (int k = 0; k < g.outBits[o]; k++) {
                        if ((w[o] >>> k & 1) != 0) for (int p = 0; p < r.length; p++) r[p] ^= bases[at[o]][k][p];
                    }
                }
                b[i][j] = r;
            }
        }
        return new F2Map(g.inNames.clone(), b, outNames.clone(), outBits.clone());
    }

    /**
     * Triton's {@code invert()}: the map {@code L⁻¹} with {@code L⁻¹(L(x)) = x} and {@code L(L⁻¹(y)) = y}, from L's
     * output dimensions (their sizes giving its bits) to L's input dimensions. By Gauss–Jordan elimination over the
     * stacked bits, O(n³/64) for n bits.
     *
     * @throws LayoutArgumentException unless L is invertible: as many input bits as output bits, and rank equal to
     *         both (the message names inputs that map to 0, or an output value not reached)
     */
    public F2Map invert() {
        int n = totalInBits();
        if (n != totalOutBits()) {
            throw new LayoutArgumentException(this + " has " + n + " input bits and " + totalOutBits() + " output bits: only a map"
                    + " with as many of each is invertible");
        }
        Elimination e = new Elimination(this);
        if (e.rank < n) throw new LayoutArgumentException(this + " is not invertible: it has rank " + e.rank + " of " + n + "; "
                + e.kernelWords());
        // the inverse's column for stacked output bit r is the combination of inputs whose image is e_r
        long[][][] b = new long[outNames.length][][];
        int r = 0;
        for (int o = 0; o < outNames.length; o++) {
            b[o] = new long[outBits[o]][];
            for (int k = 0; k < outBits[o]; k++, r++) b[o][k] = e.unstackIn(e.combination[e.pivotOf[r]]);
        }
        int[] ib = new int[inNames.length];
        for (int i = 0; i < ib.length; i++) ib[i] = bases[i].length;
        return new F2Map(outNames.clone(), b, inNames.clone(), ib);
    }

    /** The dimension of the image, the rank of the F2 matrix. */
    public int rank() {
        return new Elimination(this).rank;
    }

    /** True where distinct inputs have distinct values: rank = the input bits (no basis is a sum of others, none 0). */
    public boolean isInjective() {
        return rank() == totalInBits();
    }

    /** True where every value of the output dimensions is reached: rank = the output bits. */
    public boolean isSurjective() {
        return rank() == totalOutBits();
    }

    /** True for a bijection: injective and surjective. */
    public boolean isInvertible() {
        return totalInBits() == totalOutBits() && isSurjective();
    }

    /**
     * Triton's {@code flattenIns()}: one input dimension, named after the first, whose bits are all the input
     * dimensions' bits stacked minor to major (the map of {@link #apply(long)}'s inputs).
     */
    public F2Map flattenIns() {
        if (inNames.length <= 1) return this;
        List<long[]> b = new ArrayList<>();
        for (long[][] d : bases) b.addAll(Arrays.asList(d));
        if (b.size() > MAX_BITS) {
            throw new LayoutArgumentException("flattenIns of " + this + ": " + b.size() + " input bits, past the " + MAX_BITS
                    + " of one dimension");
        }
        return new F2Map(new String[] {inNames[0]}, new long[][][] {b.toArray(long[][]::new)}, outNames.clone(), outBits.clone());
    }

    /**
     * Triton's {@code flattenOuts()}: one output dimension, named after the first, whose value stacks the output
     * dimensions minor to major ({@code out0 + out1·size(out0) + …}), its size their product.
     *
     * @throws LayoutArgumentException where the output dimensions stack more than {@value #MAX_BITS} bits
     */
    public F2Map flattenOuts() {
        if (outNames.length <= 1) return this;
        int total = totalOutBits();
        if (total > MAX_BITS) {
            throw new LayoutArgumentException("flattenOuts of " + this + ": " + total + " output bits, past the " + MAX_BITS
                    + " of one dimension");
        }
        long[][][] b = new long[inNames.length][][];
        for (int i = 0; i < b.length; i++) {
            b[i] = new long[bases[i].length][];
            for (int j = 0; j < b[i].length; j++) b[i][j] = new long[] {stack(bases[i][j])};
        }
        return new F2Map(inNames.clone(), b, new String[] {outNames[0]}, new int[] {total});
    }

    /**
     * This map with its input dimensions renamed, in order (bases unchanged).
     *
     * @throws LayoutArgumentException unless there is one new name per input dimension, each an identifier, distinct
     */
    public F2Map renameIns(List<String> names) {
        if (names.size() != inNames.length) {
            throw new LayoutArgumentException("renaming the " + inNames.length + " input dimensions of " + this + " takes "
                    + inNames.length + " names, not " + names.size());
        }
        return checked(names.toArray(String[]::new), bases, outNames, outBits);
    }

    /**
     * This map with its output dimensions renamed, in order (bases and sizes unchanged).
     *
     * @throws LayoutArgumentException unless there is one new name per output dimension, each an identifier, distinct
     */
    public F2Map renameOuts(List<String> names) {
        if (names.size() != outNames.length) {
            throw new LayoutArgumentException("renaming the " + outNames.length + " output dimensions of " + this + " takes "
                    + outNames.length + " names, not " + names.size());
        }
        return checked(inNames, bases, names.toArray(String[]::new), outBits);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Notation

    /**
     * Reads a map as {@link #toString()} prints it: {@code {IN=[B,B,...],...} -> {OUT:SIZE,...}}, each basis B an
     * integer where there is one output dimension, else a tuple {@code (v0,v1,...)} of one integer per output
     * dimension. Spaces are read between tokens. {@code parse(x.toString()).equals(x)}.
     *
     * @throws LayoutArgumentException where the text is not that form (with the position and what was expected), a
     *         size is not a power of two, or the map it describes is refused by {@link #of(List, List)}
     */
    public static F2Map parse(String text) {
        return new F2Notation(text).map();
    }

    /** {@code {mode0=[1,2,4],mode1=[8,16]} -> {offset:32}}: the bases by input dimension, then the output sizes. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < inNames.length; i++) {
            s.append(i > 0 ? "," : "").append(inNames[i]).append("=[");
            for (int j = 0; j < bases[i].length; j++) {
                if (j > 0) s.append(',');
                long[] v = bases[i][j];
                if (v.length == 1) {
                    s.append(v[0]);
                } else {
                    s.append('(');
                    for (int o = 0; o < v.length; o++) s.append(o > 0 ? "," : "").append(v[o]);
                    s.append(')');
                }
            }
            s.append(']');
        }
        s.append("} -> {");
        for (int o = 0; o < outNames.length; o++) s.append(o > 0 ? "," : "").append(outNames[o]).append(':').append(1L << outBits[o]);
        return s.append('}').toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof F2Map m && Arrays.equals(inNames, m.inNames) && Arrays.equals(outNames, m.outNames)
                && Arrays.equals(outBits, m.outBits) && Arrays.deepEquals(bases, m.bases);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(inNames) + Arrays.hashCode(outNames)) + Arrays.deepHashCode(bases);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Gauss–Jordan elimination over the stacked bits

    /**
     * The columns (images of the stacked input bits, as bit sets over the stacked output bits) reduced by
     * Gauss–Jordan elimination, each with the combination of input bits that gives it.
     */
    private static final class Elimination {
        final F2Map map;
        final int rank;
        final long[][] column;      // reduced images, over the stacked output bits
        final long[][] combination; // which stacked input bits sum to each reduced column
        final int[] pivotOf;        // stacked output bit -> the column whose pivot it is, or -1

        Elimination(F2Map map) {
            this.map = map;
            int n = map.totalInBits(), m = map.totalOutBits();
            column = new long[n][words(m)];
            combination = new long[n][words(n)];
            int c = 0;
            for (long[][] d : map.bases) {
                for (long[] v : d) {
                    int shift = 0;
                    for (int o = 0; o < v.length; o++) {
                        for (int k = 0; k < map.outBits[o]; k++) if ((v[o] >>> k & 1) != 0) set(column[c], shift + k);
                        shift += map.outBits[o];
                    }
                    set(combination[c], c);
                    c++;
                }
            }
            pivotOf = new int[m];
            Arrays.fill(pivotOf, -1);
            boolean[] used = new boolean[n];
            int r = 0;
            for (int row = 0; row < m; row++) {
                int p = -1;
                for (int j = 0; j < n && p < 0; j++) if (!used[j] && get(column[j], row)) p = j;
                if (p < 0) continue;
                used[p] = true;
                pivotOf[row] = p;
                r++;
                for (int j = 0; j < n; j++) {
                    if (j != p && get(column[j], row)) {
                        xor(column[j], column[p]);
                        xor(combination[j], combination[p]);
                    }
                }
            }
            rank = r;
        }

        /** Inputs that map to 0 (a kernel vector), or an output not reached, in words. */
        String kernelWords() {
            for (int j = 0; j < column.length; j++) {
                if (isZero(column[j])) return "the inputs " + inputWords(combination[j]) + " map to 0";
            }
            for (int row = 0; row < pivotOf.length; row++) if (pivotOf[row] < 0) return "no input reaches " + outputWords(row);
            return "";
        }

        private String inputWords(long[] combo) {
            List<String> terms = new ArrayList<>();
            int c = 0;
            for (int i = 0; i < map.inNames.length; i++) {
                for (int j = 0; j < map.bases[i].length; j++, c++) if (get(combo, c)) terms.add(map.inNames[i] + "=" + (1L << j));
            }
            return String.join(" ⊕ ", terms);
        }

        private String outputWords(int row) {
            for (int o = 0; o < map.outNames.length; o++) {
                if (row < map.outBits[o]) return map.outNames[o] + "=" + (1L << row);
                row -= map.outBits[o];
            }
            return "";
        }

        /** A combination of stacked input bits as one value per input dimension. */
        long[] unstackIn(long[] combo) {
            long[] v = new long[map.inNames.length];
            int c = 0;
            for (int i = 0; i < v.length; i++) {
                for (int j = 0; j < map.bases[i].length; j++, c++) if (get(combo, c)) v[i] |= 1L << j;
            }
            return v;
        }

        private static int words(int bits) {
            return (bits + 63) >>> 6;
        }

        private static void set(long[] w, int bit) {
            w[bit >>> 6] |= 1L << bit;
        }

        private static boolean get(long[] w, int bit) {
            return (w[bit >>> 6] >>> bit & 1) != 0;
        }

        private static void xor(long[] a, long[] b) {
            for (int k = 0; k < a.length; k++) a[k] ^= b[k];
        }

        private static boolean isZero(long[] w) {
            for (long x : w) if (x != 0) return false;
            return true;
        }
    }
}
