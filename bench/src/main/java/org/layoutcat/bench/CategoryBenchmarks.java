package org.layoutcat.bench;

import java.util.concurrent.TimeUnit;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.compose.CategoricalAlgebra;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.category.compose.CompositionTrace;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The category module on the paper's examples: standard representation, mutual refinement, composition, and the
 * logical divide and product that the batch mode's default engine computes categorically (the inputs of
 * CoreBenchmarks, to compare the two engines).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class CategoryBenchmarks {
    // PAPER-NOTES example 13 / issue 7's target: (12,3,6):(1,72,12) ∘ (6,6):(1,6), categorically.
    Layout a = Layout.parse("(12,3,6):(1,72,12)");
    Layout b = Layout.parse("(6,6):(1,6)");
    // PAPER-NOTES example 6.
    Layout tractable = Layout.parse("(32,(2,2)):(192,(24,3))");
    // PAPER-NOTES example 16.
    IntTuple t = IntTuple.parse("(4,2,2,32)");
    IntTuple u = IntTuple.parse("(32,32)");
    Layout divA = Layout.parse("(4,8,4,8):(1,4,32,128)");
    Layout divB = Layout.parse("(4,4):(1,32)");
    Layout prodA = Layout.parse("(4,2):(1,16)");
    Layout prodB = Layout.parse("(2,2):(2,1)");

    @Benchmark
    public Layout categoricalComposition() {
        return CategoricalComposition.compose(a, b);
    }

    // equal copies, parsed apart: alternating them defeats the kept standard representations of the last A and B
    Layout[] as = {Layout.parse("(12,3,6):(1,72,12)"), Layout.parse("(12,3,6):(1,72,12)")};
    Layout[] bs = {Layout.parse("(6,6):(1,6)"), Layout.parse("(6,6):(1,6)")};
    int flip;

    /** The same composition with operands the engine has not just seen: f_A and f_B are computed each time. */
    @Benchmark
    public Layout categoricalCompositionFreshOperands() {
        int i = flip ^= 1;
        return CategoricalComposition.compose(as[i], bs[i]);
    }

    // A extended: cut at cosize B (7:1 o 4:2, B~ = 8:1), and read along B's values ((2,3):(6,1) o 4:2, B~ = (2,4):(0,1))
    Layout prefixA = Layout.parse("7:1");
    Layout prefixB = Layout.parse("4:2");
    Layout imageA = Layout.parse("(2,3):(6,1)");
    Layout imageB = Layout.parse("4:2");

    /** The composition where A must agree with itself on [0, cosize B) only. */
    @Benchmark
    public Layout categoricalCompositionAgreeingOnPrefix() {
        return CategoricalComposition.compose(prefixA, prefixB);
    }

    /** The composition where A is read along the values of B. */
    @Benchmark
    public Layout categoricalCompositionRestrictedToImage() {
        return CategoricalComposition.compose(imageA, imageB);
    }

    /** The same walk as categoricalComposition, recording every intermediate. */
    @Benchmark
    public CompositionTrace categoricalCompositionTrace() {
        return CategoricalComposition.trace(a, b);
    }

    @Benchmark
    public NestMorphism toMorphism() {
        return StandardRepresentation.of(tractable);
    }

    @Benchmark
    public Object mutualRefinement() {
        return MutualRefinement.of(t, u);
    }

    @Benchmark
    public Layout categoricalLogicalDivide() {
        return CategoricalAlgebra.logicalDivide(divA, divB);
    }

    @Benchmark
    public Layout categoricalLogicalProduct() {
        return CategoricalAlgebra.logicalProduct(prodA, prodB);
    }
}
