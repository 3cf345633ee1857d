package org.layoutcat.core.f2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Layout;

/**
 * The F2 maps agree with Triton's {@code LinearLayout}: each example a fact (a layout and its bases, or an operation
 * and its result) from Triton's {@code unittest/Tools/LinearLayoutTest.cpp} (test named) or from the definitions
 * and examples of {@code include/triton/Tools/LinearLayout.h} (triton-lang/triton), written in layoutcat's notation.
 */
class TritonLinearLayoutTest {

    @Test
    void identityAndZerosAreTritons() {
        // LinearLayoutTest.cpp, Identity1D: identity1D(32) has bases {1},{2},{4},{8},{16}, in and out of 2^5
        F2Map id = F2Map.identity1D(32, "testIns", "testOuts");
        assertEquals(F2Map.parse("{testIns=[1,2,4,8,16]} -> {testOuts:32}"), id);
        assertEquals(5, id.inBits("testIns"));
        assertEquals(5, id.outBits("testOuts"));
        // Identity1DSize1: no bases, an output of size 1
        assertEquals(F2Map.parse("{testIns=[]} -> {testOuts:1}"), F2Map.identity1D(1, "testIns", "testOuts"));
        // Zeros1D: zeros1D(32) has bases {0} five times
        assertEquals(F2Map.parse("{ins=[0,0,0,0,0]} -> {outs:1}"), F2Map.zeros1D(32, "ins", "outs"));
        // GetOutDimSizeLog2: in0 = {0},{0},{0}, in1 = {1},{2} gives dim0 of 2^2
        assertEquals(2, F2Map.inferring(F2Map.parse("{in0=[0,0,0],in1=[1,2]} -> {dim0:4}").ins(), List.of("dim0")).outBits("dim0"));
    }

    @Test
    void outputSizesAreInferredAsTritonInfersThem() {
        // LinearLayout.h, the constructor from bases: L(in1=1) = (1,0), L(in1=2) = (5,1), L(in1=4) = (2,2): the
        // largest values 5 and 2 round up to out-dim sizes 8 and 4
        F2Map m = F2Map.inferring(F2Map.parse("{in1=[(1,0),(5,1),(2,2)]} -> {out1:8,out2:4}").ins(), List.of("out1", "out2"));
        assertEquals(3, m.outBits("out1"));
        assertEquals(2, m.outBits("out2"));
    }

    @Test
    void applyIsTritons() {
        // LinearLayoutTest.cpp, Apply: in1 = {4,2},{2,1},{1,0}, in2 = {1,2},{2,1}, out1 of 8, out2 of 4 (not surjective)
        F2Map m = F2Map.parse("{in1=[(4,2),(2,1),(1,0)],in2=[(1,2),(2,1)]} -> {out1:8,out2:4}");
        assertEquals(List.of(0L, 0L), m.apply(List.of(0L, 0L)));
        assertEquals(List.of(4L, 2L), m.apply(List.of(1L, 0L)));
        assertEquals(List.of(1L, 2L), m.apply(List.of(0L, 1L)));
    }

    @Test
    void theMatrixVectorProductOfTheHeaderIsTwelve() {
        // LinearLayout.h, "Optional mathematical background": | 1 2 14 12 | × 0b0110 = 2 ⊕ 14 = 12
        assertEquals(12, F2Map.parse("{a=[1,2,14,12]} -> {b:16}").apply(0b0110));
    }

    @Test
    void compositionIsTritonsWithTheArgumentsSwapped() {
        // LinearLayoutTest.cpp, Compose: l1.compose(l2) is l2 ∘ l1, here l2.compose(l1)
        F2Map l1 = F2Map.inferring(F2Map.parse("{in1=[(1,1),(0,1)],in2=[(1,0),(1,2)]} -> {out1:2,out2:4}").ins(), List.of("out1", "out2"));
        F2Map l2 = F2Map.inferring(F2Map.parse("{out1=[(2,2),(1,0)],out2=[(1,1),(2,1)]} -> {out3:4,out4:4}").ins(), List.of("out3", "out4"));
        F2Map composition = l2.compose(l1);
        assertEquals(F2Map.parse("{in1=[(3,3),(1,1)],in2=[(2,2),(0,3)]} -> {out3:4,out4:4}"), composition);
        assertFalse(composition.isSurjective()); // EXPECT_FALSE(composition.isSurjective())
    }

    @Test
    void compositionMatchesDimensionsByName() {
        // LinearLayoutTest.cpp, Compose4D: l1's outputs (out3,out0,out1,out2) are l2's inputs in another order
        F2Map l1 = F2Map.parse("{in0=[(1,0,0,0),(2,0,0,0)],in1=[(4,0,0,0),(8,0,0,0),(16,0,0,0),(32,0,0,0)],"
                + "in2=[(0,0,1,0),(0,0,0,1),(0,0,0,2)],in3=[]} -> {out3:64,out0:1,out1:2,out2:4}");
        F2Map l2 = F2Map.parse("{out3=[(1,0,0,0),(2,0,0,0),(0,0,0,0),(0,0,0,0),(0,0,0,0),(0,0,0,0)],out0=[(0,1,0,0)],"
                + "out1=[(0,0,1,0)],out2=[(0,0,0,1),(0,0,0,2)]} -> {out3:4,out2:2,out1:2,out0:4}");
        assertEquals(F2Map.parse("{in0=[(1,0,0,0),(2,0,0,0)],in1=[(0,0,0,0),(0,0,0,0),(0,0,0,0),(0,0,0,0)],"
                + "in2=[(0,0,1,0),(0,0,0,1),(0,0,0,2)],in3=[]} -> {out3:4,out2:2,out1:2,out0:4}"), l2.compose(l1));
    }

    @Test
    void inversionIsTritons() {
        // LinearLayoutTest.cpp, InvertAndCompose_Simple: l2 = {in2: 4,1,2}; its inverse is out(1) => in2=2,
        // out(2) => in2=4, out(4) => in2=1; l1.invertAndCompose(l2) = l2⁻¹ ∘ l1 = {in1: 4,2,1} -> in2; and
        // L2 ∘ L2⁻¹ ∘ L1 == L1
        F2Map l1 = F2Map.parse("{in1=[2,1,4]} -> {out:8}");
        F2Map l2 = F2Map.parse("{in2=[4,1,2]} -> {out:8}");
        assertEquals(F2Map.parse("{out=[2,4,1]} -> {in2:8}"), l2.invert());
        F2Map c = l2.invert().compose(l1);
        assertEquals(F2Map.parse("{in1=[4,2,1]} -> {in2:8}"), c);
        assertEquals(l1, l2.compose(c));
    }

    @Test
    void flatteningIsTritons() {
        // LinearLayoutTest.cpp, FlattenIns: {in1: 1,4,8; in2: 2} -> {in1: 1,4,8,2}
        assertEquals(F2Map.parse("{in1=[1,4,8,2]} -> {out:16}"), F2Map.parse("{in1=[1,4,8],in2=[2]} -> {out:16}").flattenIns());
        // FlattenOuts: in1 = {1,0},{4,1},{8,4}, in2 = {3,2}, out1 of 16, out2 of 8 -> 1, 4+16, 8+4·16, 3+2·16 of 128
        assertEquals(F2Map.parse("{in1=[1,20,72],in2=[35]} -> {out1:128}"),
                F2Map.parse("{in1=[(1,0),(4,1),(8,4)],in2=[(3,2)]} -> {out1:16,out2:8}").flattenOuts());
    }

    @Test
    void equalityChecksOutputSizes() {
        // LinearLayoutTest.cpp, EqualsChecksOutDimSizes: identity1D(4) differs from the same bases into an out of 8
        assertFalse(F2Map.identity1D(4, "in", "out").equals(F2Map.parse("{in=[1,2]} -> {out:8}")));
    }

    @Test
    void theHeadersOneDimensionalTransposeIsCuTesTwoModeLayout() {
        // LinearLayout.h, example 5: L(x) = 0 4 8 C 1 5 9 D 2 6 A E 3 7 B F has bases [4, 8, 1, 2]; CuTe writes it
        // (4,4):(4,1), whose modes' bits stack to the same bases
        Layout l = Layout.parse("(4,4):(4,1)");
        F2Map view = F2View.of(l);
        assertEquals(F2Map.parse("{mode0=[4,8],mode1=[1,2]} -> {offset:16}"), view);
        assertEquals(F2Map.parse("{mode0=[4,8,1,2]} -> {offset:16}"), view.flattenIns());
        long[] table = {0x0, 0x4, 0x8, 0xC, 0x1, 0x5, 0x9, 0xD, 0x2, 0x6, 0xA, 0xE, 0x3, 0x7, 0xB, 0xF};
        for (int x = 0; x < 16; x++) assertEquals(table[x], view.apply(x), "x = " + x);
        // read back from Triton's single dimension, one mode of two leaves
        assertEquals(Layout.parse("((4,4)):((4,1))"), F2View.layoutOf(F2Map.parse("{in=[4,8,1,2]} -> {out:16}")));
    }

    @Test
    void theHeadersExamplesAreLayouts() {
        // LinearLayout.h, examples 1 and 2: the 8-element identity has bases [1, 2, 4], the zeros layout [0, 0, 0]
        assertEquals(Layout.parse("8:1"), F2View.layoutOf(F2Map.parse("{x=[1,2,4]} -> {y:8}")));
        assertEquals(Layout.parse("8:0"), F2View.layoutOf(F2Map.parse("{x=[0,0,0]} -> {y:1}")));
        // example 6, the broadcast L(x,y) = x on 4x4: L(0,1) = L(0,2) = 0, L(1,0) = 1, L(2,0) = 2
        assertEquals(Layout.parse("(4,4):(1,0)"), F2View.layoutOf(F2Map.parse("{x=[1,2],y=[0,0]} -> {out:4}")));
        // examples 3 and 4, the 2D identity and transpose, have two output dimensions: CuTe's offset is one
        assertTrue(assertRefused(() -> F2View.layoutOf(F2Map.parse("{x=[(1,0),(2,0)],y=[(0,1),(0,2)]} -> {a:4,b:4}"))).contains("2 output dimensions"));
    }

    @Test
    void theHeadersSwizzleIsCuTesSwizzle() {
        // LinearLayout.h, the first example: 4 warps of 4 threads, L(0,1) = (0,1), L(0,2) = (0,2), L(1,0) = (1,1),
        // L(2,0) = (2,2) over (t, w), "(t, w) -> (t, w ⊕ t)", with its whole table
        F2Map tw = F2Map.parse("{t=[(1,1),(2,2)],w=[(0,1),(0,2)]} -> {x:4,y:4}");
        long[][][] table = {
            {{0, 0}, {0, 1}, {0, 2}, {0, 3}},
            {{1, 1}, {1, 0}, {1, 3}, {1, 2}},
            {{2, 2}, {2, 3}, {2, 0}, {2, 1}},
            {{3, 3}, {3, 2}, {3, 1}, {3, 0}}};
        for (int t = 0; t < 4; t++) {
            for (int w = 0; w < 4; w++) assertEquals(List.of(table[t][w][0], table[t][w][1]), tw.apply(List.of((long) t, (long) w)));
        }
        // stacked into one offset x + 4y it is CuTe's (4,4):(1,4) with t's two bits XORed into w's: Sw<2,0,-2>
        AnyLayout cute = F2View.layoutOf(tw.flattenOuts());
        assertEquals(new ComposedLayout(new org.layoutcat.core.Swizzle(2, 0, -2), 0, Layout.parse("(4,4):(1,4)")), cute);
        for (int t = 0; t < 4; t++) {
            for (int w = 0; w < 4; w++) {
                assertEquals(table[t][w][0] + 4 * table[t][w][1], ((ComposedLayout) cute).apply(t + 4L * w), "(t,w) = (" + t + "," + w + ")");
            }
        }
    }

    private static String assertRefused(org.junit.jupiter.api.function.Executable e) {
        return org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, e).getMessage();
    }
}
