package org.layoutcat.examples;

import static org.layoutcat.examples.Source.SEED_003;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Composition;

/** Seed 003, "Thread Value Layouts in CuTe": the TV layout ((2,2),(2,3)):((2,12),(1,4)) over 24 elements. */
public final class Seed003ThreadValueLayouts {
    private Seed003ThreadValueLayouts() {}

    static final String TV = "((2,2),(2,3)):((2,12),(1,4))";
    static final String TENSOR = "(24,1):(1,0)";

    public static List<Example> examples() {
        List<Example> out = new ArrayList<>();
        out.add(Example.of(SEED_003, "Value Layout", "the values of one thread: 2 rows, 3 columns, strides 1 and 4",
                "(2,3):(1,4)", "0,1,4,5,8,9", () -> Tables.values(Layout.parse("(2,3):(1,4)")), Figure.layout(Layout.parse("(2,3):(1,4)"))));
        out.add(Example.of(SEED_003, "Thread layout", "the first value of each thread: 2x2, strides 2 and 12",
                "(2,2):(2,12)", "0,2,12,14", () -> Tables.values(Layout.parse("(2,2):(2,12)")), Figure.layout(Layout.parse("(2,2):(2,12)"))));
        String[] printed = {"0,1,4,5,8,9", "2,3,6,7,10,11", "12,13,16,17,20,21", "14,15,18,19,22,23"};
        for (int t = 0; t < 4; t++) {
            int tid = t;
            out.add(Example.of(SEED_003, "CuTeDSL implementation",
                    "thread " + t + " of composition(mA, tv) sliced at (" + t + ", None)",
                    "composition(" + TENSOR + ", " + TV + ")[" + t + ", :]", printed[t],
                    () -> threadValues(tid), Figure.tv(Layout.parse(TV), IntTuple.of(24))));
        }
        return out;
    }

    /** The values thread t holds: {@code composition(mA, tv)} at coordinates (t, v) for each value v. */
    static String threadValues(int t) {
        Layout composed = Composition.compose(Layout.parse(TENSOR), Layout.parse(TV));
        long values = composed.mode(1).size();
        StringJoiner j = new StringJoiner(",");
        for (long v = 0; v < values; v++) j.add(Long.toString(composed.apply(IntTuple.of(IntTuple.of(t), IntTuple.of(v)))));
        return j.toString();
    }
}
