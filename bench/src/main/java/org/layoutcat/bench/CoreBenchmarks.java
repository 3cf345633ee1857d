package org.layoutcat.bench;

import java.util.concurrent.TimeUnit;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Product;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** The core algebra on fixed inputs from the sources (parsed layouts in hand, except for parse itself). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class CoreBenchmarks {
    // PAPER-NOTES example 13 / issue 7's target: (12,3,6):(1,72,12) ∘ (6,6):(1,6).
    String text = "(12,3,6):(1,72,12)";
    Layout a = Layout.parse("(12,3,6):(1,72,12)");
    Layout b = Layout.parse("(6,6):(1,6)");
    Layout nested = Layout.parse("((2,2),(2,3)):((2,12),(1,4))");
    Layout coalescable = Layout.parse("(2,2,5,5,5):(1,2,8,40,200)");
    Layout divA = Layout.parse("(4,8,4,8):(1,4,32,128)");
    Layout divB = Layout.parse("(4,4):(1,32)");
    Layout prodA = Layout.parse("(4,2):(1,16)");
    Layout prodB = Layout.parse("(2,2):(2,1)");
    long index = 17;

    @Benchmark
    public Layout parse() {
        return Layout.parse(text);
    }

    /** Printing a layout met for the first time (a layout caches its notation once printed). */
    @Benchmark
    public String print() {
        return a.shape().toString() + ':' + a.stride().toString();
    }

    @Benchmark
    public long apply() {
        return nested.apply(index);
    }

    @Benchmark
    public Layout coalesce() {
        return Coalesce.coalesce(coalescable);
    }

    @Benchmark
    public Layout composition() {
        return Composition.compose(a, b);
    }

    // equal copies, parsed apart: alternating them defeats every kept result (coalesced A, B's refined profile)
    Layout[] as = {Layout.parse("(12,3,6):(1,72,12)"), Layout.parse("(12,3,6):(1,72,12)")};
    Layout[] bs = {Layout.parse("(6,6):(1,6)"), Layout.parse("(6,6):(1,6)")};
    int flip;

    /** The composition on 16 threads at once (each its own operands): the library keeps no shared state. */
    @Benchmark
    @org.openjdk.jmh.annotations.Threads(16)
    public Layout compositionOn16Threads() {
        return Composition.compose(a, b);
    }

    /** The same composition with operands the engine has not just seen: nothing kept from the last call helps. */
    @Benchmark
    public Layout compositionFreshOperands() {
        int i = flip ^= 1;
        return Composition.compose(as[i], bs[i]);
    }

    @Benchmark
    public Layout complement() {
        return Complement.complement(nested, 48);
    }

    @Benchmark
    public Layout logicalDivide() {
        return Divide.logicalDivide(divA, divB);
    }

    @Benchmark
    public Layout logicalProduct() {
        return Product.logicalProduct(prodA, prodB);
    }
}
