package org.layoutcat.core;

import java.util.List;

/**
 * CuTe's tiler: the right-hand argument of composition, divide and product. Either a layout of any kind
 * ({@link AnyLayout}) or a by-mode tuple {@code <T0,T1,...>} of tilers ({@link ByMode}), applied to the modes of the
 * left operand one by one, the remaining modes untouched.
 *
 * <p>A plain shape used as a tiler reads as in CuTe: an integer {@code n} is the layout {@code n:1}, a tuple
 * {@code (a,b)} is the by-mode tiler {@code <a,b>}.
 */
public sealed interface Tiler permits AnyLayout, Tiler.ByMode {

    /**
     * Parses a layout of any kind ({@link AnyLayout#parse}), a by-mode tiler {@code <...>} of tilers or a plain shape.
     *
     * @throws LayoutArgumentException where the text is not a layout, a by-mode tiler or a shape in CuTe notation (as
     *         {@link AnyLayout#parse} words it), or a by-mode tiler is empty
     */
    static Tiler parse(String text) {
        return CuTeNotation.parseTiler(text);
    }

    /**
     * A plain shape read as a tiler, as CuTe's divides and products read an integral tiler ({@code make_layout(n)}):
     * {@code n → n:1} ({@code 1 → 1:0}, compact), {@code (a,b,...) → <a,b,...>}.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0, or holds the empty tuple
     */
    static Tiler ofShape(IntTuple shape) {
        if (shape.isLeaf()) return Layout.of(shape.value(), shape.value() == 1 ? 0 : 1); // CuTe's make_layout(n): 1:0 for 1
        Tiler[] modes = new Tiler[shape.rank()];
        for (int i = 0; i < modes.length; i++) modes[i] = ofShape(shape.mode(i));
        return new ByMode(List.of(modes));
    }

    /**
     * The by-mode tiler {@code <T0,T1,...>}. Immutable.
     *
     * @param modes the tilers of the modes, in order (at least one)
     */
    record ByMode(List<Tiler> modes) implements Tiler {
        /**
         * The by-mode tiler of the given modes, copied.
         *
         * @throws LayoutArgumentException for no modes
         */
        public ByMode {
            modes = List.copyOf(modes);
            if (modes.isEmpty()) throw new LayoutArgumentException("a by-mode tiler <> needs at least one entry");
        }

        /**
         * The by-mode tiler {@code <modes...>}.
         *
         * @throws LayoutArgumentException for no modes
         */
        public static ByMode of(Tiler... modes) {
            return new ByMode(List.of(modes));
        }

        public int rank() {
            return modes.size();
        }

        /**
         * The tiler of mode {@code i}.
         *
         * @throws IndexOutOfBoundsException unless {@code 0 ≤ i < rank()}
         */
        public Tiler mode(int i) {
            return modes.get(i);
        }

        /** {@code <L0,L1,...>} in CuTe notation. */
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("<");
            for (int i = 0; i < modes.size(); i++) {
                if (i > 0) sb.append(',');
                sb.append(modes.get(i));
            }
            return sb.append('>').toString();
        }
    }
}
