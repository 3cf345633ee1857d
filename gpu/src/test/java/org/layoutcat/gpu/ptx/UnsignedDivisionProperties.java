package org.layoutcat.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class UnsignedDivisionProperties {

    @Property(tries = 3000)
    void magicDivisionIsFloorDivision32(@ForAll @LongRange(min = 1, max = 0xFFFF_FFFFL) long d,
                                        @ForAll @LongRange(min = 0, max = 0xFFFF_FFFFL) long bound,
                                        @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        UnsignedDivision div = UnsignedDivision.by(d, bound, Width.W32);
        for (long x : samples(d, bound, seed)) assertEquals(x / d, div.apply(x), () -> div + " at " + x);
    }

    @Property(tries = 3000)
    void magicDivisionIsFloorDivision64(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long d,
                                        @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long bound,
                                        @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        UnsignedDivision div = UnsignedDivision.by(d, bound, Width.W64);
        for (long x : samples(d, bound, seed)) assertEquals(x / d, div.apply(x), () -> div + " at " + x);
    }

    @Property(tries = 500)
    void smallDivisorsOfSmallBoundsAreExactEverywhere(@ForAll @LongRange(min = 2, max = 300) long d,
                                                       @ForAll @LongRange(min = 0, max = 3000) long bound) {
        for (Width w : Width.values()) {
            UnsignedDivision div = UnsignedDivision.by(d, bound, w);
            for (long x = 0; x <= bound; x++) assertEquals(x / d, div.apply(x));
        }
    }

    /** Edges (0, bound, multiples of d and their neighbours near both ends) and a few pseudo-random points. */
    private static long[] samples(long d, long bound, long seed) {
        java.util.List<Long> xs = new java.util.ArrayList<>(java.util.List.of(0L, 1L, bound, bound - 1, d - 1, d, d + 1));
        long top = bound / d * d;
        xs.add(top);
        xs.add(top - 1);
        xs.add(top + d - 1);
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        for (int i = 0; i < 16; i++) xs.add(r.nextLong(bound + 1 > 0 ? bound + 1 : Long.MAX_VALUE));
        return xs.stream().filter(x -> x >= 0 && x <= bound).mapToLong(Long::longValue).toArray();
    }

    @Test
    void knownMagicNumbersForFullRange32() {
        // Hacker's Delight, 2nd ed., table 10-2 (unsigned magic numbers, W = 32)
        UnsignedDivision three = UnsignedDivision.by(3, 0xFFFF_FFFFL, Width.W32);
        assertEquals(new UnsignedDivision.MulHi(3, Width.W32, 0xAAAA_AAABL, 1), three);
        UnsignedDivision five = UnsignedDivision.by(5, 0xFFFF_FFFFL, Width.W32);
        assertEquals(new UnsignedDivision.MulHi(5, Width.W32, 0xCCCC_CCCDL, 2), five);
        UnsignedDivision seven = UnsignedDivision.by(7, 0xFFFF_FFFFL, Width.W32);
        assertEquals(new UnsignedDivision.MulHiAdd(7, Width.W32, 0x2492_4925L, 3), seven); // the 33-bit magic, "add" indicator
    }

    @Test
    void smallDividendsAvoidTheAddFixup() {
        // 7 over the full 32-bit range needs a 33-bit magic; below 2^28 a 32-bit one is exact
        assertInstanceOf(UnsignedDivision.MulHi.class, UnsignedDivision.by(7, (1L << 28) - 1, Width.W32));
    }

    @Test
    void powersOfTwoAreShifts() {
        assertEquals(new UnsignedDivision.Shift(1L << 14, Width.W32, 14), UnsignedDivision.by(1L << 14, 0xFFFF_FFFFL, Width.W32));
    }

    @Test
    void divisorsPastTheWidthAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> UnsignedDivision.by(1L << 32, 5, Width.W32));
        assertThrows(IllegalArgumentException.class, () -> UnsignedDivision.by(0, 5, Width.W64));
    }
}
