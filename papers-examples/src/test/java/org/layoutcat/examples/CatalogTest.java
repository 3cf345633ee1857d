package org.layoutcat.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every worked example of the sources is a test: the engine computes the value the source states. */
class CatalogTest {

    @TestFactory
    Stream<DynamicTest> everyWorkedExampleComputesWhatItsSourceStates() {
        return Catalog.all().stream().map(e -> DynamicTest.dynamicTest(
                "seed " + e.source().key() + " " + e.section() + ": " + e.title(), () -> {
                    Example.Outcome o = e.check();
                    if (e.expected().startsWith("error:")) {
                        assertTrue(o.passed(), "expected an error containing \"" + e.expected().substring(6).trim() + "\", got " + o.computed());
                    } else {
                        assertEquals(e.expected(), o.computed(), e.input());
                    }
                }));
    }
}
