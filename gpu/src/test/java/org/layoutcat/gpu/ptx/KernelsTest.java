package org.layoutcat.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.gpu.RandomLayouts;
import org.layoutcat.gpu.bench.BankPattern;

/** The text of generated kernels: structure, the arithmetic chosen, and what is never emitted. */
class KernelsTest {
    static final NormalizedLayout TRANSPOSE = NormalizedLayout.of(Layout.parse("(16384,16384):(16384,1)"));
    static final NormalizedComposedLayout HALF_TILE = NormalizedComposedLayout.of(ComposedLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)"));
    static final NormalizedLayout MIXED = NormalizedLayout.of(Layout.parse("(4,7,9,11,13,17,19,23):(66927861,9561123,1062347,96577,7429,437,23,1)"));

    /**
     * A spread of kernels over random layouts: every kind, both element sizes, direct and tiled moves, moves through
     * swizzled layouts, and the bank-conflict kernel of every pattern of the table.
     */
    static List<Kernel> sample(long seed, int count) {
        Random rnd = new Random(seed);
        List<Kernel> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            NormalizedLayout inj = NormalizedLayout.of(RandomLayouts.injective(rnd, 1 << 20));
            NormalizedLayout any = NormalizedLayout.of(RandomLayouts.arbitrary(rnd, 1 << 20, true));
            NormalizedLayout tr = NormalizedLayout.of(RandomLayouts.transpose(rnd, 300, 4));
            out.add(Kernels.realize(inj, Kernels.OffsetType.U32));
            out.add(Kernels.realize(any, Kernels.OffsetType.S64));
            out.add(Kernels.compare(List.of(inj), List.of(tr, inj), inj.size() * 2));
            out.add(Kernels.gather(inj, 4));
            out.add(Kernels.scatter(inj, 8));
            out.add(Kernels.gather(tr, 4, Kernels.Strategy.TILED_32));
            out.add(Kernels.scatter(tr, 8, Kernels.Strategy.TILED_64));
            out.add(Kernels.partition(NormalizedLayout.of(Layout.parse("(32,4):(4,128)")), inj, 4));
            NormalizedComposedLayout sw = NormalizedComposedLayout.of(RandomLayouts.composed(rnd, 1 << 20, true));
            out.add(Kernels.realize(sw, Kernels.OffsetType.U32));
            out.add(Kernels.realize(sw, Kernels.OffsetType.S64));
            out.add(Kernels.gather(sw, 4));
            out.add(Kernels.scatter(sw, 8));
        }
        out.add(Kernels.realize(HALF_TILE, Kernels.OffsetType.U32));
        out.add(Kernels.realize(NormalizedComposedLayout.of(ComposedLayout.parse("Sw<3,4,3> o 7 o (1000,1000):(1,5000000)")), Kernels.OffsetType.S64));
        for (BankPattern b : BankPattern.catalog()) out.add(BankKernels.sharedLoads(b.byteAddresses(), b.vectorBytes(), 16, 16));
        out.add(BankKernels.sharedLoads(List.of(0L, 1L, 2L, 7L), 1, 1, 3));
        out.add(Kernels.realize(TRANSPOSE, Kernels.OffsetType.U32));
        out.add(Kernels.realize(MIXED, Kernels.OffsetType.U32));
        out.add(Kernels.compare(List.of(TRANSPOSE), List.of(MIXED), 1L << 32));
        out.add(Kernels.compare(List.of(NormalizedLayout.of(Layout.parse("(65536,65536,3):(1,200000,7)"))),
                List.of(NormalizedLayout.of(Layout.parse("(65536,65536,3):(1,200000,7)"))), 1L << 33));
        return out;
    }

    @Test
    void everyKernelIsOneEntryWithDeclaredRegisters() {
        for (Kernel k : sample(1, 20)) {
            String t = k.ptx();
            assertTrue(t.contains(".version " + Kernels.PTX_VERSION + "\n.target " + Kernels.TARGET + "\n.address_size 64"), k.summary());
            assertEquals(1, count(t, ".entry "), k.summary());
            assertTrue(t.contains(".visible .entry " + k.entry() + "("), k.summary());
            assertEquals(count(t, "{"), count(t, "}"), k.summary());
            assertRegistersDeclared(t);
        }
    }

    @Test
    void kernelsNeverDivide() {
        // every division by a mode's extent is a shift or a multiply-high
        for (Kernel k : sample(2, 20)) {
            assertFalse(k.ptx().contains("div."), k.summary());
            assertFalse(k.ptx().contains("rem."), k.summary());
        }
    }

    @Test
    void powersOfTwoDivideByShifts() {
        String t = Kernels.realize(TRANSPOSE, Kernels.OffsetType.U32).ptx();
        assertFalse(t.contains("mul.hi"), t);
        assertTrue(t.contains("shr.u32"), t);
        assertTrue(t.contains("st.global.v4.b32"), "4 offsets per 16-byte store: " + t);
    }

    @Test
    void oddExtentsDivideByMultiplyHigh() {
        String t = Kernels.realize(MIXED, Kernels.OffsetType.U32).ptx();
        assertEquals(6, count(t, "mul.hi.u32"), t); // 8 modes: 7 divisions, the one by 4 a shift
        assertEquals(1, count(t, "shr.u32"), t);
    }

    @Test
    void arithmeticWidensWhenOffsetsPass32Bits() {
        NormalizedLayout big = NormalizedLayout.of(Layout.parse("(1000,1000):(1,5000000)"));
        assertTrue(Kernels.realize(big, Kernels.OffsetType.S64).ptx().contains("mad.lo.u64"));
        assertThrows(IllegalArgumentException.class, () -> Kernels.realize(big, Kernels.OffsetType.U32));
        assertTrue(Kernels.compare(List.of(big), List.of(big), 1L << 33).summary().contains("64-bit"));
        assertTrue(Kernels.compare(List.of(TRANSPOSE), List.of(TRANSPOSE), 1L << 32).summary().contains("32-bit"));
    }

    @Test
    void transposesMoveThroughTiles() {
        Kernel g = Kernels.gather(TRANSPOSE, 4);
        assertEquals("layoutcat_gather_tiled", g.entry());
        assertEquals(Kernel.Geometry.BLOCK_PER_TILE, g.geometry());
        assertEquals((16384 / 64) * (16384 / 64), g.items());
        assertTrue(g.ptx().contains("bar.sync 0"));
        assertFalse(g.ptx().contains("setp.lt.and"), "full tiles need no bounds checks");
        Kernel odd = Kernels.gather(NormalizedLayout.of(Layout.parse("(100,37):(37,1)")), 4);
        assertTrue(odd.ptx().contains("setp.lt.and"), "partial tiles check bounds");
        assertEquals("layoutcat_gather", Kernels.gather(NormalizedLayout.of(Layout.parse("(100,37):(1,100)")), 4).entry());
    }

    @Test
    void partitionOfSeed003HasImmediateValueOffsets() {
        // seed 003: TV = ((2,2),(2,3)):((2,12),(1,4)); value offsets 0,1,4,5,8,9 are immediates (x4 bytes)
        Kernel k = Kernels.partition(NormalizedLayout.of(Layout.parse("(2,2):(2,12)")), NormalizedLayout.of(Layout.parse("(2,3):(1,4)")), 4);
        for (int off : new int[] {4, 16, 20, 32, 36}) assertTrue(k.ptx().contains("+" + off + "]"), k.ptx());
        assertEquals(4, k.items());
        assertEquals(4, k.blockX());
    }

    @Test
    void swizzledKernelsXorAsSwizzleApplies() {
        // Sw<3,3,3>: x ^ ((x & 0b111000000) >> 3) on each of the 4 offsets a trip stores
        String t = Kernels.realize(HALF_TILE, Kernels.OffsetType.U32).ptx();
        assertEquals(4, count(t, ", 0x000001C0;"), t);
        assertEquals(4, Pattern.compile("shr\\.b32 (%r\\d+), \\1, 3;").matcher(t).results().count(), t);
        assertEquals(4, count(t, "xor.b32"), t);
        assertTrue(t.contains("L = Sw<3,3,3> o 0 o (8,64):(64,1)"), t);
        // a negative shift writes upwards, after the offset is added: Sw<2,0,-2> o 5: x = 5 + L(i); x ^ ((x & 3) << 2)
        String left = Kernels.realize(NormalizedComposedLayout.of(ComposedLayout.parse("Sw<2,0,-2> o 5 o (4,4):(4,1)")), Kernels.OffsetType.U32).ptx();
        assertTrue(left.contains(", 0x00000005;") && left.contains(", 0x00000003;") && left.contains("shl.b32"), left);
        assertFalse(left.contains("shr.b32"), left);
        // offsets past 2^32: 64-bit arithmetic, and no 32-bit realization
        NormalizedComposedLayout big = NormalizedComposedLayout.of(ComposedLayout.parse("Sw<3,4,3> o 7 o (1000,1000):(1,5000000)"));
        assertTrue(Kernels.realize(big, Kernels.OffsetType.S64).ptx().contains("xor.b64"));
        assertThrows(IllegalArgumentException.class, () -> Kernels.realize(big, Kernels.OffsetType.U32));
        // moves through a swizzle are direct, never tiled
        Kernel g = Kernels.gather(HALF_TILE, 4);
        assertEquals("layoutcat_gather", g.entry());
        assertTrue(g.ptx().contains("xor.b32"), g.ptx());
        assertEquals("layoutcat_scatter", Kernels.scatter(HALF_TILE, 8).entry());
        // the identity swizzle adds nothing
        String id = Kernels.realize(NormalizedComposedLayout.of(ComposedLayout.parse("Sw<0,4,3> o 0 o (8,64):(64,1)")), Kernels.OffsetType.U32).ptx();
        assertFalse(id.contains("xor."), id);
    }

    @Test
    void bankKernelLoadsEachThreadsVectorUnrollTimesBetweenClockReads() {
        BankPattern p = BankPattern.of("chunks down rows", "Sw<3,3,3> o 0 o (8,64):(64,1)", 2, "((8,4),8):((1,64),8)");
        Kernel k = BankKernels.sharedLoads(p.byteAddresses(), 16, 4, 8);
        String t = k.ptx();
        assertEquals(1 + 8, count(t, "ld.volatile.shared.v4.u32"), t); // the checked load and 8 per trip
        assertEquals(2, count(t, "%clock64"), t);
        assertTrue(t.contains(".shared .align 16 .b8 smem[1024]"), t);
        assertEquals(128, k.blockX());
        assertEquals(1, k.items());
        assertEquals(3, count(BankKernels.sharedLoads(List.of(0L, 2L), 2, 1, 2).ptx(), "ld.volatile.shared.u16"));
        assertThrows(IllegalArgumentException.class, () -> BankKernels.sharedLoads(List.of(0L, 6L), 4, 1, 2)); // misaligned
        assertThrows(IllegalArgumentException.class, () -> BankKernels.sharedLoads(List.of(0L, 1L << 16), 4, 1, 2)); // past 48 KiB
        assertThrows(IllegalArgumentException.class, () -> BankKernels.sharedLoads(List.of(0L), 4, 33, 2));
    }

    @Test
    void bankKernelReadsTheFillPatternLittleEndian() {
        int w = BankKernels.fillWord(3);
        assertEquals(w, BankKernels.loadedWord(12, 4, 0));
        assertEquals(BankKernels.fillWord(4), BankKernels.loadedWord(12, 16, 1));
        assertEquals(w & 0xFFFF, BankKernels.loadedWord(12, 2, 0));
        assertEquals(w >>> 16, BankKernels.loadedWord(14, 2, 0));
        assertEquals((w >>> 8) & 0xFF, BankKernels.loadedWord(13, 1, 0));
        assertEquals(0x7F4A7C15, BankKernels.fillWord(0));
    }

    @Test
    void unsuitableOperandsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Kernels.gather(TRANSPOSE, 2));
        assertThrows(IllegalArgumentException.class, () -> Kernels.compare(List.of(TRANSPOSE), List.of(TRANSPOSE), 0));
        assertThrows(IllegalArgumentException.class, () -> Kernels.gather(NormalizedLayout.of(Layout.parse("(4,4):(-1,4)")), 4));
        assertThrows(IllegalArgumentException.class,
                () -> Kernels.gather(NormalizedLayout.of(Layout.parse("(40,40):(1,40)")), 4, Kernels.Strategy.TILED_32));
    }

    static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }

    private static void assertRegistersDeclared(String t) {
        for (String kind : new String[] {"%p", "%r", "%rd"}) {
            Matcher decl = Pattern.compile("\\.reg \\.\\w+ " + Pattern.quote(kind) + "<(\\d+)>").matcher(t);
            assertTrue(decl.find(), kind);
            int declared = Integer.parseInt(decl.group(1));
            Matcher use = Pattern.compile(Pattern.quote(kind) + "(\\d+)\\b").matcher(t);
            while (use.find()) assertTrue(Integer.parseInt(use.group(1)) < declared, kind + use.group(1) + " is not declared");
        }
    }
}
