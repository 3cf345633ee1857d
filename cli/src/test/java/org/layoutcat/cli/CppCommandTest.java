package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code layoutcat cpp}: the C++ and DSL writers of the table, on the command line. */
class CppCommandTest {
    @Test
    void theCommandPrintsAProgramThatAssertsTheAnswer() {
        CliRun r = CliRun.of("cpp", "composition", "(4,4):(4,1)", "(4,4):(1@1,1@0)");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("#include <cute/tensor.hpp>"), r.out());
        assertTrue(r.out().contains("auto B = make_layout(make_shape(Int<4>{}, Int<4>{}), make_stride(Int<1>{} * E<1>{}, Int<1>{} * E<0>{}));"), r.out());
        assertTrue(r.out().contains("auto r = composition(A, B);"), r.out());
        assertTrue(r.out().contains("CUTE_STATIC_ASSERT_V((r) == make_layout(make_shape(Int<4>{}, Int<4>{}),"
                + " make_stride(Int<1>{}, Int<4>{})));"), r.out());
        CliRun d = CliRun.of("cpp", "--dsl", "composition", "(12,3,6):(1,72,12)", "(6,6):(1,6)");
        assertEquals(0, d.code(), d.err());
        assertTrue(d.out().contains("r = cute.composition(A, B)"), d.out());
        assertTrue(d.out().contains("== \"(6,(2,3)):(1,(6,72))\""), d.out());
        // a swizzled result as CuTe DSL prints it: S<3,4,3> o 0 o ... (its Swizzle.__str__ and ComposedLayout.__str__)
        CliRun sw = CliRun.of("cpp", "--dsl", "composition", "Sw<3,4,3> o 0 o (8,64):(64,1)", "(8,8):(1,8)");
        assertEquals(0, sw.code(), sw.err());
        assertTrue(sw.out().contains("== \"S<3,4,3>o0o(8,8):(64,1)\""), sw.out());
        CliRun no = CliRun.of("cpp", "to_morphism", "(2,2):(3,30)");
        assertEquals(1, no.code());
        assertTrue(no.err().contains("no CuTe C++ counterpart"), no.err());
    }

}
