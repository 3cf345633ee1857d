package org.layoutcat.examples;

import java.util.StringJoiner;
import java.util.function.LongFunction;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/** Printouts of layouts as the sources show them, so that examples compare text with text. */
final class Tables {
    private Tables() {}

    /** {@code Φ(0),Φ(1),...} over the domain, comma-separated. */
    static String values(Layout l) {
        StringJoiner j = new StringJoiner(",");
        for (long i = 0; i < l.size(); i++) j.add(Long.toString(l.apply(i)));
        return j.toString();
    }

    /**
     * One line {@code x -> c} per offset x of [0, size), c the coordinate with L(c) = x: CuTeDSL's
     * {@code get_hier_coord} loop of seed 001 (defined for bijections onto [0, size)).
     */
    static String coords(Layout l) {
        return perIndex(l, l::hierCoord);
    }

    /** One line {@code i -> idx2crd(i)} per index: the colexicographic coordinates of the shape. */
    static String indexCoords(Layout l) {
        return perIndex(l, l::idx2crd);
    }

    /** One line {@code i -> Φ(i)} per index: seed 000's printouts. */
    static String map(Layout l) {
        return perIndex(l, l::apply);
    }

    /** One line {@code i -> f(i)} per index {@code i} of [0, size). */
    private static String perIndex(Layout l, LongFunction<?> f) {
        StringJoiner j = new StringJoiner("\n");
        for (long i = 0; i < l.size(); i++) j.add(i + " -> " + f.apply(i));
        return j.toString();
    }

    /**
     * A rank-2 layout as CuTe's {@code print_tensor} of {@code 0,1,2,...} shows it: row m holds Φ(m, n) for
     * each column n, values separated by single spaces, rows by newlines. A rank-1 layout is one column.
     */
    static String matrix(Layout l) {
        Layout rows = l.rank() >= 2 ? l.mode(0) : l;
        long cols = l.rank() >= 2 ? l.mode(1).size() : 1;
        StringJoiner out = new StringJoiner("\n");
        for (long m = 0; m < rows.size(); m++) {
            StringJoiner row = new StringJoiner(" ");
            for (long n = 0; n < cols; n++) {
                row.add(Long.toString(l.rank() >= 2 ? l.apply(IntTuple.of(IntTuple.of(m), IntTuple.of(n))) : l.apply(m)));
            }
            out.add(row.toString());
        }
        return out.toString();
    }

    /** Collapses runs of blanks in a table copied from a source, keeping line breaks. */
    static String normalize(String printed) {
        StringJoiner out = new StringJoiner("\n");
        for (String line : printed.strip().split("\n")) out.add(line.strip().replaceAll("\\s+", " "));
        return out.toString();
    }
}
