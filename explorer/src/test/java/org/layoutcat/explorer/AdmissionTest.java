package org.layoutcat.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.layoutcat.explorer.Explorer.Reply;

/**
 * How the explorer takes on work: a request's time limit counts its work, not its wait; a request past the memory
 * budget is refused before work; requests wait for the budget; an OutOfMemoryError is no answer. Work here is a
 * supplier that blocks as long as the test says, so the order of events is the test's, not the machine's.
 */
class AdmissionTest {
    static final long MIB = 1L << 20;
    static final Admission.Estimate SMALL = new Admission.Estimate(MIB, "a small request");

    static Reply ok() {
        return new Reply(200, "text/plain", "done".getBytes(StandardCharsets.US_ASCII), null);
    }

    /** Answers on a thread of its own, as the server's handler does; the future completes with the reply sent. */
    static CompletableFuture<Reply> ask(Admission a, Admission.Estimate cost, Supplier<Reply> work) {
        return ask(a, cost, work, new Thread[1]);
    }

    /** {@link #ask}, the asking thread put in {@code asker[0]}. */
    static CompletableFuture<Reply> ask(Admission a, Admission.Estimate cost, Supplier<Reply> work, Thread[] asker) {
        CompletableFuture<Reply> sent = new CompletableFuture<>();
        asker[0] = Thread.ofVirtual().unstarted(() -> {
            try {
                a.answer("test", cost, work, sent::complete);
            } catch (Throwable t) {
                sent.completeExceptionally(t);
            }
        });
        asker[0].start();
        return sent;
    }

    /**
     * Waits until the asking thread is parked in {@link Admission#answer} itself, before its work is handed to a worker
     * (where it waits for the budget), and not in the wait for a worker's reply; fails after 60 s.
     */
    static void awaitParkedBeforeWork(Thread asker) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            Thread.State state = asker.getState();
            if (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING) {
                String innermost = null; // the innermost frame of Admission on the asking thread's stack
                for (StackTraceElement f : asker.getStackTrace()) {
                    if (f.getClassName().equals(Admission.class.getName())) {
                        innermost = f.getMethodName();
                        break;
                    }
                }
                if ("answer".equals(innermost)) return;
            }
            assertTrue(System.nanoTime() < deadline, () -> "the request never waited before its work: " + state + " "
                    + java.util.Arrays.toString(asker.getStackTrace()));
            Thread.sleep(5);
        }
    }

    static String text(Reply r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    /** Work that ignores interruption, as painting a large PNG does, and ends when {@code done} is counted down. */
    static Supplier<Reply> until(CountDownLatch started, CountDownLatch done) {
        return () -> {
            started.countDown();
            boolean interrupted = false;
            while (true) {
                try {
                    done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
            return ok();
        };
    }

    /**
     * The limits are whole seconds, so the one wait on the clock here is B's: it is queued, then A's work is ended only
     * once B has been queued longer than the work limit (a limit counted from the queue would have given B up by then).
     * That wait is a condition on B ({@link #notAnsweredFor}), not a sleep: B answered early fails the test at once.
     */
    @Test
    void aRequestThatWaitedForAWorkerIsNotTimedOutForItsWaiting() throws Exception {
        // one worker, 1 s of work: A holds the worker past its own limit (given up, its work winds down later); B waits
        // behind it longer than the limit, then works briefly and is answered
        try (Admission a = new Admission(new Admission.Limits(1, 4, 120, 1, 64 * MIB))) {
            CountDownLatch aStarted = new CountDownLatch(1), aDone = new CountDownLatch(1);
            CompletableFuture<Reply> first = ask(a, SMALL, until(aStarted, aDone));
            assertTrue(aStarted.await(60, TimeUnit.SECONDS));
            long queued = System.nanoTime();
            CompletableFuture<Reply> second = ask(a, SMALL, AdmissionTest::ok);
            Reply r1 = first.get(60, TimeUnit.SECONDS);
            assertEquals(503, r1.status());
            assertTrue(text(r1).contains("took longer than 1 s"), text(r1));
            // B stays unanswered until it has waited past the work limit (plus a margin); A's work still holds the worker
            notAnsweredFor(second, queued + TimeUnit.MILLISECONDS.toNanos(1250) - System.nanoTime(), "B waits while A's work winds down");
            aDone.countDown();
            Reply r2 = second.get(60, TimeUnit.SECONDS);
            assertEquals(200, r2.status(), text(r2));
        }
    }

    /** The reply stays unsent for {@code nanos}: it is waited for, and one that comes fails the test when it comes. */
    static void notAnsweredFor(CompletableFuture<Reply> reply, long nanos, String why) throws Exception {
        try {
            Reply early = reply.get(Math.max(1, nanos), TimeUnit.NANOSECONDS);
            throw new AssertionError(why + ", but it was answered " + early.status() + ": " + text(early));
        } catch (TimeoutException stillWaiting) {
            // as it should
        }
    }

    @Test
    void aRequestThatNeverGetsAWorkerIsAnsweredBusyAndNeverRuns() throws Exception {
        try (Admission a = new Admission(new Admission.Limits(1, 4, 1, 60, 64 * MIB))) {
            CountDownLatch aStarted = new CountDownLatch(1), aDone = new CountDownLatch(1);
            CompletableFuture<Reply> first = ask(a, SMALL, until(aStarted, aDone));
            assertTrue(aStarted.await(60, TimeUnit.SECONDS));
            AtomicBoolean ran = new AtomicBoolean();
            Reply r = ask(a, SMALL, () -> {
                ran.set(true);
                return ok();
            }).get(60, TimeUnit.SECONDS);
            assertEquals(503, r.status());
            assertTrue(text(r).contains("waited 1 s for its turn"), text(r));
            aDone.countDown();
            assertEquals(200, first.get(60, TimeUnit.SECONDS).status());
            assertEquals(200, ask(a, SMALL, AdmissionTest::ok).get(60, TimeUnit.SECONDS).status(), "the worker and the budget are free again");
            assertFalse(ran.get(), "the request withdrawn from the queue never ran");
        }
    }

    @Test
    void aRequestPastTheBudgetIsRefusedBeforeWork() throws Exception {
        try (Admission a = new Admission(new Admission.Limits(2, 4, 60, 60, 64 * MIB))) {
            AtomicBoolean ran = new AtomicBoolean();
            Reply r = ask(a, new Admission.Estimate(200 * MIB, "a PNG of 65536 cells"), () -> {
                ran.set(true);
                return ok();
            }).get(60, TimeUnit.SECONDS);
            assertEquals(400, r.status());
            assertEquals("{\"error\":\"the explorer estimates a PNG of 65536 cells at 200 MB of memory, past the 64 MB it works within:"
                    + " ask for a smaller one, or use layoutcat draw or layoutcat op\"}", text(r));
            assertFalse(ran.get());
        }
    }

    @Test
    void requestsWhoseEstimatesDoNotFitTogetherTakeTurns() throws Exception {
        // two workers, a budget of 3 MiB, two requests of 2 MiB: the second waits for the first though a worker is free
        try (Admission a = new Admission(new Admission.Limits(2, 4, 120, 60, 3 * MIB))) {
            Admission.Estimate two = new Admission.Estimate(2 * MIB, "a request");
            AtomicInteger running = new AtomicInteger(), most = new AtomicInteger();
            CountDownLatch aStarted = new CountDownLatch(1), aDone = new CountDownLatch(1);
            Supplier<Reply> blocking = until(aStarted, aDone);
            CompletableFuture<Reply> first = ask(a, two, () -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                try {
                    return blocking.get();
                } finally {
                    running.decrementAndGet();
                }
            });
            assertTrue(aStarted.await(60, TimeUnit.SECONDS));
            Thread[] asker = new Thread[1];
            CompletableFuture<Reply> second = ask(a, two, () -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                running.decrementAndGet();
                return ok();
            }, asker);
            awaitParkedBeforeWork(asker[0]); // waiting for the budget, though the second worker is free
            assertFalse(second.isDone());
            aDone.countDown();
            assertEquals(200, first.get(60, TimeUnit.SECONDS).status());
            assertEquals(200, second.get(60, TimeUnit.SECONDS).status());
            assertEquals(1, most.get(), "never both at once");
        }
    }

    @Test
    void anOutOfMemoryErrorIsNeitherAnAnswerNorARefusal() throws Exception {
        try (Admission a = new Admission(new Admission.Limits(1, 4, 60, 60, 4 * MIB))) {
            Reply r = ask(a, new Admission.Estimate(3 * MIB, "a request"), () -> {
                throw new OutOfMemoryError("Java heap space");
            }).get(60, TimeUnit.SECONDS);
            assertEquals(503, r.status());
            assertEquals("{\"error\":\"the explorer ran out of memory working on this request and gave it up: there is no answer;"
                    + " try again in a moment\"}", text(r));
            // its part of the budget is back: another request of the same estimate is taken on
            assertEquals(200, ask(a, new Admission.Estimate(3 * MIB, "a request"), AdmissionTest::ok).get(60, TimeUnit.SECONDS).status());
            Reply other = ask(a, SMALL, () -> {
                throw new IllegalStateException("a bug");
            }).get(60, TimeUnit.SECONDS);
            assertEquals(500, other.status());
            assertTrue(text(other).contains("internal error (IllegalStateException): a bug of layoutcat"), text(other));
        }
    }

    @Test
    void aRequestsEstimateGrowsWithItsGridAndItsPicture() {
        byte[] small = "{\"kind\":\"layout\",\"args\":[\"(4,8):(1,4)\"]}".getBytes(StandardCharsets.UTF_8);
        byte[] big = "{\"kind\":\"layout\",\"args\":[\"(256,256):(256,1)\"]}".getBytes(StandardCharsets.UTF_8);
        assertEquals("a view of 32 cells", Admission.estimate("/api/view", "svg", small).what());
        assertEquals("a view of 65536 cells", Admission.estimate("/api/view", "svg", big).what());
        long view = Admission.estimate("/api/view", "svg", big).bytes();
        long svg = Admission.estimate("/api/draw", "svg", big).bytes();
        long png = Admission.estimate("/api/draw", "png", big).bytes();
        assertTrue(Admission.estimate("/api/view", "svg", small).bytes() < view && view < svg && svg < png, view + " " + svg + " " + png);
        // the PNG's image: at most the PNG limit's pixels, 4 bytes each (a 36-megapixel image is 144 MB)
        assertTrue(png >= 4 * org.layoutcat.diagrams.export.PngWriter.MAX_PIXELS && png <= Admission.BUDGET, Long.toString(png));
        // past a panel's limit a grid is refused before work: its estimate stays at the limit's
        byte[] huge = "{\"kind\":\"layout\",\"args\":[\"(1000000000,1000000000):(0,0)\"]}".getBytes(StandardCharsets.UTF_8);
        assertEquals(view, Admission.estimate("/api/view", "svg", huge).bytes() - 8L * (huge.length - big.length));
    }

    /**
     * The swizzle search's view draws its tile twice (under the write and under the read) and no picture a cell; its
     * picture is two instructions against the 32 banks whatever the tile: a (256,256) tile's view and picture are
     * admitted within the budget.
     */
    @Test
    void aSwizzleSearchIsEstimatedByItsTileTwiceAndItsPictureByTheBanks() {
        byte[] search = ("{\"kind\":\"swizzle-search\",\"args\":[\"(256,256)\",\"2\",\"K\",\"SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)\","
                + "\"SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1\"]}").getBytes(StandardCharsets.UTF_8);
        assertEquals("a view of 131072 cells", Admission.estimate("/api/view", "svg", search).what());
        assertTrue(Admission.estimate("/api/view", "svg", search).bytes() < Admission.BUDGET / 4);
        assertEquals("a picture of " + Admission.SEARCH_PICTURE_CELLS + " cells", Admission.estimate("/api/draw", "svg", search).what());
        // the estimate bounds the picture drawn: its rectangles, each cell one, are no more than the cells estimated
        org.layoutcat.diagrams.Diagram drawn = org.layoutcat.ops.Pictures.read("swizzle-search", List.of("(256,256)", "2", "K",
                "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)", "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1"), Map.of()).diagram();
        long rects = drawn.scene().shapes().stream().filter(org.layoutcat.diagrams.Scene.Rect.class::isInstance).count();
        assertTrue(rects > 0 && rects <= Admission.SEARCH_PICTURE_CELLS, rects + " rectangles drawn");
        assertTrue(Admission.estimate("/api/draw", "png", search).bytes() < Admission.BUDGET);
    }
}
