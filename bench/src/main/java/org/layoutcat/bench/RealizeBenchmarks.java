package org.layoutcat.bench;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.LayoutFunction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Realization of a whole 2^24-entry layout into an array, against {@code Arrays.fill} of the same array (the
 * write-bandwidth ceiling). Layouts: a 4096×4096 transpose, and a 4-mode tile permutation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
@State(Scope.Thread)
public class RealizeBenchmarks {
    @Param({"(4096,4096):(4096,1)", "((8,512),(8,512)):((4096,8),(1,32768))"})
    String layoutText;

    Layout layout;
    long[] longs;
    int[] ints;

    @Setup
    public void setup() {
        layout = Layout.parse(layoutText);
        longs = new long[(int) layout.size()];
        ints = new int[(int) layout.size()];
    }

    @Benchmark
    public long[] realizeLong() {
        LayoutFunction.tabulate(layout, longs);
        return longs;
    }

    @Benchmark
    public int[] realizeInt() {
        LayoutFunction.tabulate(layout, ints);
        return ints;
    }

    @Benchmark
    public long[] fillLong() {
        Arrays.fill(longs, 7L);
        return longs;
    }

    @Benchmark
    public int[] fillInt() {
        Arrays.fill(ints, 7);
        return ints;
    }
}
