package org.layoutcat.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The batch mode: JSON Lines in, exactly one JSON line out per non-blank line in, in input order.
 *
 * <p>Request {@code {"id": "7", "op": "composition", "args": ["A", "B"], "engine": "auto"}}; reply
 * {@code {"id": "7", "result": "..."}} or {@code {"id": "7", "error": "why"}} (plus {@code "engine"} where the
 * operation has several, and the further parts of an answer that has them, such as a slice's {@code "offset"}). The id is echoed exactly as sent, whatever its JSON type ({@code -1e400} stays
 * {@code -1e400}); {@code null} where the line has none or cannot be read far enough to find it. A malformed line,
 * invalid UTF-8, an unknown op, wrong arguments, an overflow or an inadmissible input all get an error reply in
 * this project's words; the batch goes on. Line endings: see {@link LineReader}.
 *
 * <p>Replies are written through a buffer that is flushed whenever the input has nothing more ready, so a caller
 * that sends one line and waits gets its reply at once, and a file of requests is answered without a flush per
 * line. With several threads, requests that are ready together are answered in parallel, replies still in order.
 */
public final class BatchEngine {
    private static final JsonFactory JSON = new JsonFactory();
    private static final int CHUNK = 4096; // the most requests answered together

    private BatchEngine() {}

    /** Answers every line of {@code in} on one thread. */
    public static void run(InputStream in, OutputStream out) throws IOException {
        run(in, out, 1);
    }

    /**
     * Answers every line of {@code in}, {@code threads} requests at a time, replies in input order. With several
     * threads the work is pipelined: while the workers answer one chunk of ready lines, this thread writes the
     * replies of the chunk before and reads the next one (at most {@value #IN_FLIGHT} chunks in flight), and it
     * writes and flushes every reply it has before it waits for input that is not ready.
     */
    public static void run(InputStream in, OutputStream out, int threads) throws IOException {
        if (threads < 1) throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
        LineReader lines = new LineReader(in);
        if (threads == 1) {
            runOnThisThread(lines, out);
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "layoutcat-batch");
            t.setDaemon(true);
            return t;
        });
        java.util.ArrayDeque<Chunk> inFlight = new java.util.ArrayDeque<>();
        try {
            while (true) {
                if (!inFlight.isEmpty() && !lines.ready()) { // nothing more to read now: answer what was asked
                    while (!inFlight.isEmpty()) inFlight.removeFirst().writeTo(out);
                    out.flush();
                }
                List<LineReader.Line> chunk = readChunk(lines);
                if (chunk == null) break;
                inFlight.addLast(Chunk.submit(chunk, pool, threads));
                while (inFlight.size() > IN_FLIGHT) inFlight.removeFirst().writeTo(out);
            }
            while (!inFlight.isEmpty()) inFlight.removeFirst().writeTo(out);
        } finally {
            out.flush();
            pool.shutdownNow();
        }
    }

    /** The most chunks answered at once while earlier replies are written. */
    private static final int IN_FLIGHT = 3;

    private static void runOnThisThread(LineReader lines, OutputStream out) throws IOException {
        Replies replies = new Replies(1 << 16);
        try {
            List<LineReader.Line> chunk;
            while ((chunk = readChunk(lines)) != null) {
                for (LineReader.Line l : chunk) {
                    reply(l, replies);
                    if (replies.size() >= 1 << 15) replies.writeTo(out);
                }
                replies.writeTo(out);
                if (!lines.ready()) out.flush();
            }
        } finally {
            out.flush();
        }
    }

    /** The next line (waiting for it) and those ready after it, at most {@value #CHUNK}; null at the end. */
    private static List<LineReader.Line> readChunk(LineReader lines) throws IOException {
        LineReader.Line first = lines.next();
        if (first == null) return null;
        List<LineReader.Line> chunk = new ArrayList<>();
        chunk.add(first);
        while (chunk.size() < CHUNK && lines.ready()) {
            LineReader.Line l = lines.next();
            if (l == null) break;
            chunk.add(l);
        }
        return chunk;
    }

    /**
     * One chunk of lines being answered by the workers: k consecutive parts, each answered by one worker into its
     * own reply buffer, so the replies stay in input order and this thread writes a part with one call.
     */
    private record Chunk(Replies[] replies, List<Future<?>> parts) {
        static Chunk submit(List<LineReader.Line> lines, ExecutorService pool, int threads) {
            int n = lines.size();
            int k = Math.max(1, Math.min(threads, n / 16)); // a few requests are not worth splitting
            Replies[] replies = new Replies[k];
            List<Future<?>> parts = new ArrayList<>(k);
            for (int t = 0; t < k; t++) {
                int from = n * t / k, to = n * (t + 1) / k;
                Replies part = replies[t] = new Replies(Math.max(256, 128 * (to - from)));
                parts.add(pool.submit(() -> {
                    for (int i = from; i < to; i++) reply(lines.get(i), part);
                }));
            }
            return new Chunk(replies, parts);
        }

        void writeTo(OutputStream out) throws IOException {
            for (Future<?> f : parts) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("the batch was interrupted", e);
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("a batch worker failed", e.getCause());
                }
            }
            for (Replies r : replies) r.writeTo(out);
        }
    }

    /** The reply line to one request line (a JSON object), without its line ending, for tests and tools; null for a blank line. Never throws. */
    public static String reply(String line) {
        Replies r = new Replies(256);
        reply(new LineReader.Line(line.getBytes(StandardCharsets.UTF_8), false, 1), r);
        return r.size() == 0 ? null : new String(r.buf, 0, r.size() - 1, StandardCharsets.UTF_8);
    }

    /** Appends the reply to one line, UTF-8 and ending in a line feed, to {@code out}; nothing for a blank line. Never throws. */
    static void reply(LineReader.Line line, Replies out) {
        byte[] b = line.bytes();
        if (isBlank(b)) {
            if (line.overLong()) error(null, tooLong(), out);
            return;
        }
        if (line.overLong()) {
            error(null, tooLong(), out);
            return;
        }
        String bad = invalidUtf8(b);
        if (bad != null) {
            error(null, bad, out);
            return;
        }
        ParsedRequest p = ParsedRequest.read(b);
        if (p.error != null) {
            error(p.rawId, p.error, out);
            return;
        }
        int mark = out.size(); // a reply cut short by an error is taken back before the error is written
        try {
            result(p.rawId, Operations.answer(p.request), out);
        } catch (IllegalArgumentException | ArithmeticException | IndexOutOfBoundsException e) {
            error(p.rawId, e.getMessage() != null ? e.getMessage() : "invalid input to " + p.request.op(), out.truncate(mark));
        } catch (StackOverflowError e) {
            error(p.rawId, p.request.op() + ": the input is nested too deeply to process", out.truncate(mark));
        } catch (OutOfMemoryError e) {
            error(p.rawId, p.request.op() + ": the request needs more memory than this process has; the batch goes on", out.truncate(mark));
        } catch (RuntimeException e) {
            error(p.rawId, p.request.op() + ": an internal error answered this request; please report the line", out.truncate(mark));
        }
    }

    private static String tooLong() {
        return "the request line is longer than " + LineReader.MAX_LINE + " bytes, the most the batch mode reads";
    }

    private static boolean isBlank(byte[] b) {
        for (byte x : b) if (x != ' ' && x != '\t' && x != '\r') return false;
        return true;
    }

    /** Null where {@code b} is valid UTF-8, else why not, naming the column. */
    private static String invalidUtf8(byte[] b) {
        boolean ascii = true;
        for (byte x : b) {
            if (x < 0) {
                ascii = false;
                break;
            }
        }
        if (ascii) return null;
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
            return null;
        } catch (CharacterCodingException e) {
            int at = firstInvalid(b);
            return "the line is not valid UTF-8 (byte 0x" + String.format("%02X", b[at] & 0xFF) + " at byte " + (at + 1) + ")";
        }
    }

    private static int firstInvalid(byte[] b) {
        for (int i = 1; i <= b.length; i++) {
            try {
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(b, 0, i));
            } catch (CharacterCodingException e) {
                // a truncated sequence at the end is not yet an error: only a byte that cannot continue one is
                if (i == b.length || !truncated(b, i)) return i - 1;
            }
        }
        return b.length - 1;
    }

    private static boolean truncated(byte[] b, int i) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, 0, Math.min(b.length, i + 3)));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /** A request read from one line: its raw id (JSON text, or null), and the request or why there is none. */
    private static final class ParsedRequest {
        byte[] rawId;
        Request request;
        String error;
        int badArg; // the first argument that is neither a string nor an integer (from 1), or 0
        String badValue; // what it is

        static ParsedRequest read(byte[] b) {
            ParsedRequest r = new ParsedRequest();
            String op = null;
            List<String> args = null;
            String engine = null;
            try (JsonParser p = JSON.createParser(b, 0, b.length)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    r.error = "a request is a JSON object {\"id\": ..., \"op\": ..., \"args\": [...]}, got: " + abbreviate(b);
                    return r;
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken value = p.nextToken();
                    switch (field) {
                        case "id" -> {
                            int from = (int) p.currentTokenLocation().getByteOffset();
                            if (value.isScalarValue()) p.getText(); // read the whole value
                            else p.skipChildren();
                            r.rawId = java.util.Arrays.copyOfRange(b, from, (int) p.currentLocation().getByteOffset());
                        }
                        case "op" -> {
                            if (value != JsonToken.VALUE_STRING) r.fail("the request has no \"op\" string (the name of an operation)");
                            else op = p.getText();
                            p.skipChildren();
                        }
                        case "args" -> args = args(p, value, r);
                        case "engine" -> {
                            if (value == JsonToken.VALUE_NULL) break;
                            if (value != JsonToken.VALUE_STRING) {
                                r.fail("\"engine\" must be a string: auto, cute or category");
                                p.skipChildren();
                            } else {
                                engine = p.getText();
                                if (!engine.equals("auto") && !engine.equals("cute") && !engine.equals("category")) {
                                    r.fail("unknown engine \"" + engine + "\"; engines: auto, cute, category");
                                }
                            }
                        }
                        default -> p.skipChildren(); // other fields are the caller's
                    }
                }
                if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
                    r.fail("the line holds more than one JSON object");
                }
            } catch (StreamConstraintsException e) {
                String m = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
                r.error = m.contains("depth") ? "the request's JSON is nested deeper than the 1000 levels the batch mode reads"
                        : m.contains("number") ? "a number in the request has more than the 1000 digits the batch mode reads"
                        : "a string in the request is longer than the 20,000,000 characters the batch mode reads";
                return r;
            } catch (IOException e) {
                r.error = malformed(b, e);
                return r;
            }
            if (r.badArg > 0 && r.error == null) {
                r.error = "argument " + r.badArg + (op == null ? "" : " of " + op)
                        + " must be a string in CuTe notation or an integer, got " + r.badValue;
            }
            if (r.error != null) return r;
            if (op == null) {
                r.error = "the request has no \"op\" string (the name of an operation)";
                return r;
            }
            r.request = new Request(op, args == null ? List.of() : args, engine);
            return r;
        }

        private void fail(String why) {
            if (error == null) error = why;
        }

        private static List<String> args(JsonParser p, JsonToken value, ParsedRequest r) throws IOException {
            if (value != JsonToken.START_ARRAY) {
                r.fail("\"args\" must be an array of strings in CuTe notation (or integers)");
                p.skipChildren();
                return null;
            }
            List<String> list = new ArrayList<>();
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t == JsonToken.VALUE_STRING || t == JsonToken.VALUE_NUMBER_INT) {
                    list.add(p.getText());
                } else {
                    if (r.badArg == 0) {
                        r.badArg = list.size() + 1;
                        r.badValue = t == JsonToken.START_ARRAY ? "an array" : t == JsonToken.START_OBJECT ? "an object"
                                : p.getText().length() > 40 ? p.getText().substring(0, 40) + "…" : p.getText();
                    }
                    p.skipChildren();
                    list.add("");
                }
            }
            return list;
        }
    }

    /** Why a line is not JSON, in this project's words: where reading stopped and what was found there. */
    private static String malformed(byte[] b, IOException e) {
        long at = e instanceof com.fasterxml.jackson.core.JsonProcessingException j && j.getLocation() != null
                ? j.getLocation().getByteOffset() : -1;
        if (at < 0 || at > b.length) at = b.length;
        String found;
        if (at >= b.length) {
            found = "the line ends inside a value";
        } else {
            int c = b[(int) at] & 0xFF;
            found = c < 0x20 ? "a control character (code " + c + ") where JSON allows none"
                    : c < 0x80 ? "unexpected '" + (char) c + "'" : "unexpected non-ASCII text";
        }
        return "malformed JSON line at byte " + (at + 1) + ": " + found;
    }

    private static String abbreviate(byte[] b) {
        String s = new String(b, 0, Math.min(b.length, 120), StandardCharsets.UTF_8);
        return b.length <= 80 ? s : s.substring(0, Math.min(s.length(), 77)) + "...";
    }

    private static void result(byte[] rawId, Answer a, Replies r) {
        r.begin(rawId).ascii(",\"result\":\"").string(a.result()).ascii("\"");
        if (a.engine() != null) r.ascii(",\"engine\":\"").string(a.engine()).ascii("\"");
        a.fields().forEach((name, value) -> r.ascii(",\"").string(name).ascii("\":\"").string(value).ascii("\""));
        r.ascii("}\n");
    }

    /** The longest error written whole; a longer one (it quotes a giant input) keeps its start and its end. */
    private static final int MAX_ERROR = 2000;

    private static void error(byte[] rawId, String why, Replies r) {
        if (why.length() > MAX_ERROR) {
            why = why.substring(0, 1500) + " …(" + why.length() + " characters in all)… " + why.substring(why.length() - 300);
        }
        r.begin(rawId).ascii(",\"error\":\"").string(why).ascii("\"}\n");
    }

    private static final byte[] ID_FIELD = "{\"id\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);

    /**
     * Reply lines as UTF-8 bytes, one after another in one growing buffer that is written out with one call:
     * {@code {"id":} the raw id bytes as sent (or null), then the parts appended, strings escaped and encoded by
     * Jackson's encoder (or copied as they are where they are printable ASCII without a quote or a backslash, as
     * CuTe notation is), no text copy of a line and no array per reply.
     */
    static final class Replies {
        private byte[] buf;
        private int n;

        Replies(int capacity) {
            buf = new byte[capacity];
        }

        int size() {
            return n;
        }

        /** Drops what was appended after {@code mark}. */
        Replies truncate(int mark) {
            n = mark;
            return this;
        }

        /** Writes the lines appended so far and empties the buffer. */
        void writeTo(OutputStream out) throws IOException {
            if (n > 0) out.write(buf, 0, n);
            n = 0;
        }

        /** Starts a reply line: {@code {"id":} and the id as sent, or null. */
        Replies begin(byte[] rawId) {
            put(ID_FIELD, ID_FIELD.length);
            byte[] id = rawId == null ? NULL : rawId;
            put(id, id.length);
            return this;
        }

        /** Appends text known to be ASCII and to need no escaping. */
        Replies ascii(String s) {
            grow(s.length());
            for (int i = 0; i < s.length(); i++) buf[n++] = (byte) s.charAt(i);
            return this;
        }

        /**
         * Appends s escaped as the inside of a JSON string and UTF-8 encoded, a surrogate that is not part of a pair
         * written as {@code \\uXXXX} rather than lost in UTF-8.
         */
        Replies string(String s) {
            return plain(s) ? ascii(s) : encoded(s);
        }

        /** True where every char of s is printable ASCII other than a quote and a backslash: JSON as it is. */
        private static boolean plain(String s) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') return false;
            }
            return true;
        }

        /** s through Jackson's encoder, lone surrogates as {@code \\uXXXX}. */
        private Replies encoded(String s) {
            JsonStringEncoder enc = JsonStringEncoder.getInstance();
            int from = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (!Character.isSurrogate(c)) continue;
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                    continue;
                }
                byte[] part = enc.quoteAsUTF8(s.substring(from, i));
                put(part, part.length);
                ascii(String.format("\\u%04X", (int) c));
                from = i + 1;
            }
            byte[] rest = enc.quoteAsUTF8(from == 0 ? s : s.substring(from));
            put(rest, rest.length);
            return this;
        }

        private void put(byte[] b, int len) {
            grow(len);
            System.arraycopy(b, 0, buf, n, len);
            n += len;
        }

        private void grow(int more) {
            if (n + more > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(2 * buf.length, n + more));
        }
    }

    /** The request of one line, or an IllegalArgumentException saying why the line holds none (for bench). */
    static Request parseRequest(String line) {
        ParsedRequest p = ParsedRequest.read(line.getBytes(StandardCharsets.UTF_8));
        if (p.error != null) throw new IllegalArgumentException(p.error);
        return p.request;
    }
}
