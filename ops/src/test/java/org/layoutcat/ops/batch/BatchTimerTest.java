package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bench timer sizes its rounds to its time budget: about 20 rounds in the measured seconds, at least one pass each. */
class BatchTimerTest {

    private static List<RequestLine> one(Path dir) throws Exception {
        Path f = dir.resolve("one.jsonl");
        Files.writeString(f, "{\"id\":1,\"op\":\"size\",\"args\":[\"(4,8)\"]}\n");
        return BatchTimer.read(f);
    }

    /** A request answered in 1 ms, measured for 1 s: 50 answers a round, so that 20 rounds fill the second. */
    @Test
    void aSlowRequestTakesFewPassesARound(@TempDir Path dir) throws Exception {
        assertEquals(50, BatchTimer.reps(one(dir), 1.0, 1_000_000));
    }

    /** A request answered in 100 ns: 20,000 answers a round, the count a round is capped at. */
    @Test
    void aFastRequestTakesTwentyThousandAnswersARound(@TempDir Path dir) throws Exception {
        assertEquals(20_000, BatchTimer.reps(one(dir), 1.0, 100));
    }

    /** A pass longer than the budget is still made once a round. */
    @Test
    void aPassLongerThanTheBudgetIsMadeOnce(@TempDir Path dir) throws Exception {
        assertEquals(1, BatchTimer.reps(one(dir), 1.0, 10_000_000_000L));
    }
}
