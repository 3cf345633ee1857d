package org.layoutcat.explorer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.layoutcat.explorer.Explorer.Reply;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.diagrams.export.PngWriter;

/**
 * How the explorer takes on work: by count, by estimated memory and by time, so that a flood of requests leaves it
 * answering within a bounded heap.
 * <ul>
 *   <li>at most {@link Limits#workers} requests are worked on at once and {@link Limits#waiting} more wait; a request past
 *       that is refused at once as busy ({@link #enter}), before its body is read;</li>
 *   <li>each request's memory is estimated before any work ({@link #estimate}); one past the whole budget is refused
 *       with the estimate and the budget, and the others wait until their estimate fits beside the requests in hand
 *       (which hold theirs until their work has ended and their reply is sent; a small request may pass a large one
 *       that waits, which waits at most its wait limit);</li>
 *   <li>a request waits at most {@link Limits#waitLimit} for the budget and a worker, then is answered busy; its work
 *       then has {@link Limits#workLimit}, counted from the start of work: time spent waiting is not counted
 *       against it;</li>
 *   <li>an {@link OutOfMemoryError} of the work is no answer and no refusal: a 503 that says so, and a line on the
 *       standard error; another unexpected exception or error is a 500 asking for a report, logged the same way.</li>
 * </ul>
 */
final class Admission implements AutoCloseable {

    private static final long MIB = 1L << 20;

    /**
     * The limits: requests worked on at once and waiting, the time a request may wait and work, and the memory budget
     * in bytes that the estimates of the requests in hand stay within.
     */
    record Limits(int workers, int waiting, long waitLimitS, long workLimitS, long budget) {
        Limits {
            if (workers < 1 || waiting < 0 || waitLimitS < 1 || workLimitS < 1 || budget < MIB) {
                throw new IllegalArgumentException("explorer limits: " + workers + " workers, " + waiting + " waiting, " + waitLimitS
                        + " s wait, " + workLimitS + " s work and a budget of " + budget + " bytes (at least 1 worker, 1 s and 1 MiB)");
            }
        }

        /**
         * The explorer's: {@link Explorer#WORKERS} workers, {@link Explorer#QUEUE} waiting, 30 s of waiting (the JDK's
         * server closes a connection unanswered after 60 s), {@link Explorer#TIME_LIMIT_S} s of work, and a budget of
         * {@link #BUDGET} or half the heap where that is less.
         */
        static Limits defaults() {
            return new Limits(Explorer.WORKERS, Explorer.QUEUE, 30, Explorer.TIME_LIMIT_S, Math.min(BUDGET, Runtime.getRuntime().maxMemory() / 2));
        }
    }

    /**
     * The memory budget: 256 MiB, within the 512 MiB heap {@code ./layoutcat serve} runs in, beside the bodies of the
     * requests waiting and what the explorer keeps (its catalog, classes' data: about 20 MB).
     */
    static final long BUDGET = 256L << 20;

    private final Limits limits;
    private final Semaphore slots;
    /** The budget, in KiB (a semaphore counts in ints). */
    private final Semaphore memory;
    private final ThreadPoolExecutor workers;

    Admission(Limits limits) {
        this.limits = limits;
        this.slots = new Semaphore(limits.workers() + limits.waiting());
        this.memory = new Semaphore(kib(limits.budget()));
        // the queue is bounded by the slots: a request holds one from before its body is read until its reply is sent
        this.workers = new ThreadPoolExecutor(limits.workers(), limits.workers(), 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                r -> {
                    Thread t = new Thread(r, "layoutcat-explorer-work");
                    t.setDaemon(true);
                    return t;
                });
    }

    /** Takes a place among the requests in hand; false where all are taken (the caller answers busy). */
    boolean enter() {
        return slots.tryAcquire();
    }

    /** Gives back the place {@link #enter} took. */
    void leave() {
        slots.release();
    }

    /** The busy reply: every place taken. */
    String busy() {
        return "the explorer is busy with " + (limits.workers() + limits.waiting()) + " requests; try again in a moment";
    }

    /** What sends a reply to the client. */
    interface Sender {
        void send(Reply r) throws IOException;
    }

    /**
     * A request's estimated memory in bytes, and what it is, in words, for a refusal ({@code "a PNG of 65536 cells"}).
     */
    record Estimate(long bytes, String what) {}

    /**
     * Works out a reply and sends it: waits (at most {@link Limits#waitLimitS} from now) until {@code cost} fits in the
     * budget and a worker is free, then works at most {@link Limits#workLimitS} from the start of work. A cost past the
     * whole budget is refused before any work. The budget is held until both the work has ended (a request given up
     * keeps it while its work winds down) and the reply is sent.
     *
     * @param what the request in words, for the log
     */
    void answer(String what, Estimate cost, Supplier<Reply> work, Sender send) throws IOException {
        if (cost.bytes() > limits.budget()) {
            send.send(json(400, "the explorer estimates " + cost.what() + " at " + mb(cost.bytes()) + " of memory, past the "
                    + mb(limits.budget()) + " it works within: ask for a smaller one, or use layoutcat draw or layoutcat op"));
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(limits.waitLimitS());
        int kib = Math.max(1, kib(cost.bytes()));
        boolean admitted;
        try {
            admitted = memory.tryAcquire(kib, limits.waitLimitS(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            send.send(json(503, "the explorer is stopping"));
            return;
        }
        if (!admitted) {
            send.send(json(503, waited()));
            return;
        }
        // the budget goes back when both the work and the reply are done: two holders
        AtomicInteger holders = new AtomicInteger(2);
        Runnable release = () -> {
            if (holders.decrementAndGet() == 0) memory.release(kib);
        };
        AtomicBoolean claimed = new AtomicBoolean(); // by the work when it starts, or by the waiting reply when it gives up first
        CountDownLatch started = new CountDownLatch(1);
        long[] startedAt = new long[1];
        Future<Reply> f;
        try {
            f = workers.submit(() -> {
                if (!claimed.compareAndSet(false, true)) return null; // given up while it waited
                startedAt[0] = System.nanoTime();
                started.countDown();
                try {
                    return work.get();
                } finally {
                    release.run();
                }
            });
        } catch (RejectedExecutionException stopping) {
            release.run();
            release.run();
            send.send(json(503, "the explorer is stopping"));
            return;
        }
        try {
            send.send(await(what, cost, f, claimed, started, startedAt, deadline, release));
        } finally {
            release.run();
        }
    }

    private Reply await(String what, Estimate cost, Future<Reply> f, AtomicBoolean claimed, CountDownLatch started, long[] startedAt,
            long deadline, Runnable release) {
        try {
            if (!started.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                if (claimed.compareAndSet(false, true)) { // it never started: withdrawn, and its part of the budget given back
                    f.cancel(false);
                    workers.remove((Runnable) f);
                    release.run();
                    return json(503, waited());
                }
                started.await(); // it started as the wait ran out: its work has its own time
            }
            long left = startedAt[0] + TimeUnit.SECONDS.toNanos(limits.workLimitS()) - System.nanoTime();
            return f.get(Math.max(0, left), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            return json(503, "the request took longer than " + limits.workLimitS() + " s and was given up");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(true);
            return json(503, "the explorer is stopping");
        } catch (ExecutionException e) {
            Throwable why = e.getCause();
            if (why instanceof OutOfMemoryError) {
                log(what + ": out of memory (estimated " + mb(cost.bytes()) + ", " + cost.what() + "): " + why);
                return json(503, "the explorer ran out of memory working on this request and gave it up: there is no answer;"
                        + " try again in a moment");
            }
            log(what + ": " + why);
            why.printStackTrace();
            return json(500, new org.layoutcat.ops.Failure.Internal(null, why).message());
        } catch (java.util.concurrent.CancellationException e) {
            return json(503, "the request was given up");
        }
    }

    private String waited() {
        return "the explorer is busy: the request waited " + limits.waitLimitS() + " s for its turn and was given up; try again in a moment";
    }

    private static void log(String line) {
        System.err.println("layoutcat serve: " + line);
        System.err.flush();
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }

    static Reply json(int status, String message) {
        return new Reply(status, "application/json", Explorer.error(message).getBytes(StandardCharsets.UTF_8), null);
    }

    private static int kib(long bytes) {
        return (int) Math.min(Integer.MAX_VALUE, (bytes + 1023) / 1024);
    }

    /** Bytes in MB (2^20), rounded up: {@code "245 MB"}. */
    static String mb(long bytes) {
        return (bytes + MIB - 1) / MIB + " MB";
    }

    // the estimate: the request's grid cells (or its picture's pixels) times what a cell costs, from the sizes of its
    // arguments, before any of them is worked out. Measured on 34289bb, one request at a time: a 256x256 layout's view
    // allocates 2.8 MB in all and its reply is 0.4 MB; the 128x256 tiled MMA's 6 MB; the 256x256 layout's SVG 242 MB
    // (answered in a 128 MB heap, not in 64 MB); its PNG is a 36-megapixel image (144 MB) and its scene; any one operation
    // of the table answered in a 64 MB heap (issue 34's fuzzer).

    /** Every request: its parsing, its reply's buffers. */
    static final long BASE = MIB;
    /** A request's body, for each byte: its text, its JSON tokens. */
    static final long PER_BODY_BYTE = 8;
    /** An operation of the table (the batch endpoint, an op view): the engine's limits keep any one under 40 MB. */
    static final long OPERATION = 32 * MIB;
    /** A cell of a view's grids: its offsets, threads, values and banks, and their JSON. */
    static final long VIEW_CELL = 256;
    /** A cell of an SVG or TikZ picture: its primitives and their text. */
    static final long PICTURE_CELL = 2048;
    /** A cell of a PNG: its primitives, and about 4,400 pixels at the explorer's scale 2 (a 256x256 grid's PNG is 36 megapixels, the limit). */
    static final long PNG_SCENE_CELL = 1024;
    static final long PNG_CELL_PIXELS = 4400;
    /**
     * The cells of swizzle-search's picture: two warp instructions against the 32 banks, each at most 4 phases of 32
     * wavefronts (a bank's 32 words), whatever the tile (the view's grids are counted by the tile, twice).
     */
    static final long SEARCH_PICTURE_CELLS = 2 * 4 * 32 * 32;
    /** A pixel of a PNG: 4 bytes of image, and its encoding. */
    static final long PNG_PIXEL = 5;

    /**
     * The memory a request to {@code path} ({@code format}: the draw endpoint's) with this body is estimated to need,
     * from the sizes of the layouts and tiles among its arguments (a view's grids are at most {@link Grids#MAX_CELLS}
     * cells a panel; a PNG at most {@link PngWriter#MAX_PIXELS}); a body that cannot be read is estimated by its size
     * (its work refuses it at once).
     */
    static Estimate estimate(String path, String format, byte[] body) {
        long base = BASE + PER_BODY_BYTE * body.length;
        if (path.equals("/api/batch")) return new Estimate(base + OPERATION, "an operation");
        if (path.equals("/api/code")) return new Estimate(base, "the code");
        Views.Request r;
        try {
            r = Views.read(body);
        } catch (RuntimeException unreadable) {
            return new Estimate(base, "the request");
        }
        // swizzle-search's picture: each copy's worst instruction against the 32 banks, whatever the tile
        long cells = path.equals("/api/draw") && r.kind().equals("swizzle-search") ? SEARCH_PICTURE_CELLS : cells(r);
        long op = r.kind().equals("op") ? OPERATION : 0;
        if (path.equals("/api/draw")) {
            if ("png".equals(format)) {
                long pixels = Math.min(PngWriter.MAX_PIXELS, cells * PNG_CELL_PIXELS + MIB);
                return new Estimate(base + op + cells * PNG_SCENE_CELL + pixels * PNG_PIXEL, "a PNG of " + cells + " cells");
            }
            return new Estimate(base + op + cells * PICTURE_CELL, "a picture of " + cells + " cells");
        }
        // a view's figures are SVG pictures beside its grids
        boolean pictures = !java.util.List.of("layout", "tv", "mma", "copy", "op", "swizzle-search").contains(r.kind());
        return new Estimate(base + op + cells * (VIEW_CELL + (pictures ? PICTURE_CELL : 0)), "a view of " + cells + " cells");
    }

    /**
     * The cells a request's grids or picture may have: a tiled MMA's or copy's panels at their limit (their tiles come
     * from the atoms' tables); an operation's result grid at its limit; otherwise the sizes of the layouts and tiles among
     * its arguments and options, each at most a panel's limit.
     */
    static long cells(Views.Request r) {
        return switch (r.kind()) {
            case "mma" -> 3 * Grids.MAX_CELLS; // A, B and C
            case "copy" -> 2 * Grids.MAX_CELLS; // source and destination
            case "op" -> Grids.MAX_CELLS; // its result's grid
            case "swizzle-search" -> r.args().isEmpty() ? 0 : 2 * size(r.args().getFirst()); // the tile under each copy
            default -> {
                long cells = 0;
                for (String a : r.args()) cells += size(a);
                for (String o : java.util.List.of("src", "dst")) if (r.option(o) != null) cells += size(r.option(o));
                yield Math.min(cells, 4 * Grids.MAX_CELLS);
            }
        };
    }

    /** The size of a layout's or tile's text, at most a panel's limit; 0 for what is neither. */
    private static long size(String text) {
        if (text.length() > 4096) return Grids.MAX_CELLS;
        try {
            return Math.min(Grids.MAX_CELLS, AnyLayout.parse(text).size());
        } catch (RuntimeException notLayout) {
            try {
                return Math.min(Grids.MAX_CELLS, IntTuple.parse(text).product());
            } catch (RuntimeException notTuple) {
                return 0;
            }
        }
    }
}
