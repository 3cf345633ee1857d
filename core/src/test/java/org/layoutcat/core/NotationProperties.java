package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** {@code parse(x.toString()).equals(x)} for layouts, tuples and tilers; parse also reads spaces and {@code _4}. */
class NotationProperties {

    @Provide
    Arbitrary<Layout> layouts() {
        return LayoutArbitraries.anyLayouts();
    }

    @Provide
    Arbitrary<IntTuple> tuples() {
        return Arbitraries.oneOf(LayoutArbitraries.shapes(), LayoutArbitraries.signedLayouts().map(Layout::stride),
                Arbitraries.just(IntTuple.EMPTY), Arbitraries.just(IntTuple.parse("(())")));
    }

    @Provide
    Arbitrary<Tiler> tilers() {
        return LayoutArbitraries.tilers();
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property
    void parsePrintRoundTrip(@ForAll("layouts") Layout x) {
        assertEquals(x, Layout.parse(x.toString()));
        assertEquals(x, Tiler.parse(x.toString()));
    }

    @Property
    void parsePrintRoundTripOfIntTuples(@ForAll("tuples") IntTuple x) {
        assertEquals(x, IntTuple.parse(x.toString()));
    }

    @Property
    void parsePrintRoundTripOfTilers(@ForAll("tilers") Tiler x) {
        assertEquals(x, Tiler.parse(x.toString()));
    }

    @Property
    void printedFormHasNoSpaces(@ForAll("tilers") Tiler x) {
        assertEquals(-1, x.toString().indexOf(' '), x.toString());
    }

    @Property
    void parseAcceptsSpacesAndStaticMarks(@ForAll("layouts") Layout x, @ForAll("tilers") Tiler t, @ForAll("seeds") long seed) {
        Random r = new Random(seed);
        assertEquals(x, Layout.parse(decorate(x.toString(), r)));
        assertEquals(x.shape(), IntTuple.parse(decorate(x.shape().toString(), r)));
        assertEquals(t, Tiler.parse(decorate(t.toString(), r)));
    }

    /**
     * A parsed layout prints as a layout built from its shape and stride does, whatever the text held (spaces,
     * static marks, leading zeros, {@code -0}, a plain shape): the parser keeps its text as the printed form only
     * where the two agree.
     */
    @Property
    void aParsedLayoutPrintsItsCanonicalForm(@ForAll("layouts") Layout x, @ForAll("seeds") long seed) {
        Random r = new Random(seed);
        String canonical = Layout.of(x.shape(), x.stride()).toString();
        String text = switch (r.nextInt(5)) {
            case 0 -> x.toString();
            case 1 -> decorate(x.toString(), r);
            case 2 -> x.toString().replaceFirst("(?<![0-9])([0-9])", "0$1"); // a leading zero
            case 3 -> x.toString().replaceFirst("(?<![0-9-])0(?![0-9])", "-0"); // 0 written -0, where there is one
            default -> x.shape().toString(); // a plain shape: its column-major layout
        };
        Layout parsed = Layout.parse(text);
        assertEquals(Layout.of(parsed.shape(), parsed.stride()).toString(), parsed.toString(), text);
        if (text.equals(x.toString())) assertEquals(canonical, parsed.toString());
        if (Tiler.parse(text) instanceof Layout tiler) { // a layout read as a tiler keeps its text alike
            assertEquals(Layout.of(tiler.shape(), tiler.stride()).toString(), tiler.toString(), text);
        }
    }

    /** Random spaces around every token and CuTe's static mark {@code _} before some non-negative integers. */
    static String decorate(String text, Random r) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean numberStart = Character.isDigit(c) && (i == 0 || !Character.isDigit(text.charAt(i - 1)) && text.charAt(i - 1) != '-');
            boolean tokenStart = numberStart || c == '-' || !Character.isDigit(c);
            if (tokenStart) sb.append(" ".repeat(r.nextInt(3) == 0 ? 1 + r.nextInt(2) : 0));
            if (numberStart && r.nextBoolean()) sb.append('_');
            sb.append(c);
        }
        return sb.append(r.nextBoolean() ? " " : "").toString();
    }
}
