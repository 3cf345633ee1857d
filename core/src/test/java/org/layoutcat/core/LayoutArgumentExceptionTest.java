package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.algebra.Composition;

/** Refusals word their message once, when asked, and say the same as a message given as text. */
class LayoutArgumentExceptionTest {

    @Test
    void wordsAreWrittenOnceWhenFirstAskedFor() {
        AtomicInteger written = new AtomicInteger();
        IllegalStateException cause = new IllegalStateException("inner");
        LayoutArgumentException e = new LayoutArgumentException(() -> {
            written.incrementAndGet();
            return "(4,6):(1,5) o 3:2: no layout";
        }, cause);
        assertEquals(0, written.get());
        assertEquals("(4,6):(1,5) o 3:2: no layout", e.getMessage());
        assertEquals("(4,6):(1,5) o 3:2: no layout", e.getLocalizedMessage());
        assertEquals(LayoutArgumentException.class.getName() + ": (4,6):(1,5) o 3:2: no layout", e.toString());
        assertEquals(1, written.get());
        assertSame(cause, e.getCause());
        assertEquals(0, e.getStackTrace().length); // no stack trace is recorded
    }

    @Test
    void aSerializedRefusalKeepsItsWords() throws Exception {
        LayoutArgumentException e = new LayoutArgumentException(() -> "complement of 4:-1: stride -1 is negative");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(e);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals("complement of 4:-1: stride -1 is negative", ((LayoutArgumentException) in.readObject()).getMessage());
        }
    }

    // the composition's refusal, worded on demand, names the operands and the condition as before
    @Test
    void compositionRefusalsSayWhy() {
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class,
                () -> Composition.compose(Layout.parse("(2,5,3):(1,10,100)"), Layout.parse("3:8")));
        assertEquals("(2,5,3):(1,10,100) o 3:8: no layout of size 3 satisfies R(c)=A(B(c)) — shape 3 is not divisible by"
                + " 2, the part of it that fits in mode 5:10 of A at stride 4 (shape divisibility; CuTe C++ refuses it"
                + " too)", e.getMessage());
        // STYLE.md's example of an error message
        e = assertThrows(LayoutArgumentException.class, () -> Composition.compose(Layout.parse("(4,6):(1,5)"), Layout.parse("3:2")));
        assertEquals("(4,6):(1,5) o 3:2: no layout of size 3 satisfies R(c)=A(B(c)) — shape 3 is not divisible by 2, the"
                + " part of it that fits in mode 4:1 of A at stride 2 (shape divisibility; CuTe C++ refuses it too)",
                e.getMessage());
    }
}
