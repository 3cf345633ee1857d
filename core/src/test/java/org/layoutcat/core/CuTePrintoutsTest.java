package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * Issue 37: every iterator CuTe's print functions write before a tensor's layout is read, in every command alike (one
 * parser). The forms are CuTe's format strings (CUTLASS 4.7.0): {@code print(T* ptr)} writes {@code ptr[%db](%p)}
 * ({@code cute/pointer_base.hpp}); {@code print(gmem_ptr)}, {@code smem_ptr}, {@code rmem_ptr} prefix it with
 * {@code gmem_}, {@code smem_}, {@code rmem_} ({@code cute/pointer.hpp}); a {@code subbyte_iterator} writes
 * {@code subptr[%db](%p.%u)}, its storage's address and the bit its element starts at
 * ({@code cute/container/array_subbyte.hpp}); {@code print(ArithmeticTupleIterator)} writes {@code ArithTuple} and its
 * coordinate ({@code cute/numeric/arithmetic_tuple.hpp}); glibc's {@code %p} of a null pointer is {@code (nil)}; CuTe
 * DSL prints a swizzle {@code S<B,M,S>}.
 */
class CuTePrintoutsTest {

    @Test
    void aTensorOverANullSharedPointerBeforeASwizzledLayoutIsItsLayoutAtAddressZero() {
        CuTeNotation.Tensor t = CuTeNotation.parseTensor("smem_ptr[16b]((nil)) o Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
        assertEquals(AnyLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)"), t.layout());
        assertEquals(OptionalLong.of(0), t.address());
        assertEquals(16, t.elementBits());
        assertEquals(CuTeNotation.Memory.SHARED, t.memory());
    }

    @Test
    void aRawPointerIsReadWithItsAddressAndNoMemorySpace() {
        CuTeNotation.Tensor t = CuTeNotation.parseTensor("ptr[32b](0x7ffd4a3c1e20) o (_4,_8):(_1,_4)");
        assertEquals(Layout.parse("(4,8):(1,4)"), t.layout());
        assertEquals(OptionalLong.of(0x7ffd4a3c1e20L), t.address());
        assertEquals(32, t.elementBits());
        assertEquals(CuTeNotation.Memory.UNTAGGED, t.memory());
        assertEquals(Layout.parse("(4,8):(1,4)"), AnyLayout.parse("ptr[32b](0x7ffd4a3c1e20) o (_4,_8):(_1,_4)"));
        assertEquals(CuTeNotation.Memory.REGISTER, CuTeNotation.parseTensor("rmem_ptr[32b](0x7ffd4a3c1e20) o (_4,_8):(_1,_4)").memory());
    }

    @Test
    void anIdentityTensorIsItsCoordinateLayoutFromItsArithTuple() {
        CuTeNotation.Tensor t = CuTeNotation.parseTensor("ArithTuple(_0,_0) o (_128,_64):(_1@0,_1@1)");
        assertEquals(CoordLayout.parse("(128,64):(1@0,1@1)"), t.layout());
        assertEquals(IntTuple.parse("(0,0)"), t.origin());
        assertEquals(CuTeNotation.Memory.COORDINATES, t.memory());
        assertTrue(t.address().isEmpty());
        // an im2col TMA tensor's, with negative coordinates (the padding's corner), as CuTe prints it
        CuTeNotation.Tensor im2col = CuTeNotation.parseTensor("ArithTuple(_0,(-1,-1),_0,(0,0)) o ((16,16,2),(64,3,3)):((1@0@1,1@1@1,_1@2),(_1@0,1@0@3,1@1@3))");
        assertEquals(4, im2col.origin().rank());
        assertEquals(-1, im2col.origin().mode(1).mode(0).value());
        assertEquals(CoordLayout.parse("((16,16,2),(64,3,3)):((1@0@1,1@1@1,1@2),(1@0,1@0@3,1@1@3))"), im2col.layout());
    }

    @Test
    void subBytePointersAreReadAtTheirByteAndRefusedMidByte() {
        CuTeNotation.Tensor t = CuTeNotation.parseTensor("gmem_subptr[4b](0x7f0000000000.0) o (_64,_32):(_1,_64)");
        assertEquals(OptionalLong.of(0x7f0000000000L), t.address());
        assertEquals(4, t.elementBits());
        assertEquals(CuTeNotation.Memory.GLOBAL, t.memory());
        assertEquals(OptionalLong.of(0x101), CuTeNotation.parseTensor("subptr[4b](0x100.8) o 64:1").address());
        assertEquals(OptionalLong.of(0), CuTeNotation.parseTensor("subptr[4b]((nil).0) o 64:1").address());
        String m = assertThrows(LayoutArgumentException.class, () -> CuTeNotation.parseTensor("subptr[4b](0x100.4) o 64:1")).getMessage();
        assertTrue(m.contains("starts at bit 4 of the byte at its address") && m.contains("position 17"), m);
        // CuTe DSL's sub-byte pointer, gmem_ptr[4b]
        assertEquals(4, CuTeNotation.parseTensor("gmem_ptr[4b](0x7f0000000000) o (_64,_32):(_1,_64)").elementBits());
    }

    @Test
    void cuteDslsSwizzleIsReadAsCuTeCsOwn() {
        assertEquals(AnyLayout.parse("Sw<3,4,3> o 0 o (8,64):(64,1)"), AnyLayout.parse("S<3,4,3> o 0 o (8,64):(64,1)"));
        assertEquals(AnyLayout.parse("Sw<2,3,3> o 0 o (8,32):(32,1)"), CuTeNotation.parseTensor("S<2,3,3> o 0 o (8,32):(32,1)").layout());
        String m = assertThrows(LayoutArgumentException.class, () -> AnyLayout.parse("S<3,4> o 0 o (8,64):(64,1)")).getMessage();
        assertTrue(m.contains("Sw<B,M,S>"), m);
    }

    @Test
    void aPlainLayoutHasNoIterator() {
        CuTeNotation.Tensor t = CuTeNotation.parseTensor("(8,64):(64,1)");
        assertEquals(CuTeNotation.Memory.NONE, t.memory());
        assertNull(t.origin());
        assertEquals(0, t.elementBits());
    }
}
