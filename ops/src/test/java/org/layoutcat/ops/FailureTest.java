package org.layoutcat.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.LayoutArgumentException;

/** One classification of a request's failure for the batch mode, the commands and the explorer. */
class FailureTest {

    @Test
    void theUsersInputIsRefusedInTheEnginesWords() {
        Failure f = Failure.of("composition", new LayoutArgumentException("(4,6):(1,5) o 3:2: shape 3 is not divisible by 2"));
        assertEquals(new Failure.Refused("(4,6):(1,5) o 3:2: shape 3 is not divisible by 2"), f);
        assertEquals("eval: the input is nested too deeply to process", Failure.of("eval", new StackOverflowError()).message());
    }

    @Test
    void theJdksWordsForOverflowNeverReachTheUser() {
        assertEquals("eval: the input was refused (a value does not fit in 64 bits)",
                Failure.of("eval", new ArithmeticException("long overflow")).message());
        assertEquals("size of 4:1: 2^64 overflows", Failure.of("size", new ArithmeticException("size of 4:1: 2^64 overflows")).message());
    }

    @Test
    void anyOtherExceptionIsAnInternalErrorInStableWords() {
        Failure f = Failure.of("bank_conflicts", new IndexOutOfBoundsException("Index -31 out of bounds for length 32"));
        assertInstanceOf(Failure.Internal.class, f);
        assertEquals("bank_conflicts: internal error (IndexOutOfBoundsException): a bug of layoutcat, not a refusal of the input;"
                + " please report the request", f.message());
        assertFalse(f.message().contains("-31"), "the exception's own words stay out of the reply");
        assertInstanceOf(Failure.Internal.class, Failure.of(null, new IllegalStateException("808 candidates")));
    }

    @Test
    void anErrorIsNeverAnAnswer() {
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
        assertSame(oom, assertThrows(OutOfMemoryError.class, () -> Failure.of("swizzle_search", oom)));
    }
}
