package org.layoutcat.cli;

import org.layoutcat.ops.batch.BlockReader;
import org.layoutcat.ops.batch.BatchEngine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The batch protocol: one JSON reply line per request line, {@code result} or {@code error}, the request's id
 * echoed wherever the line has one; every bad input is an error reply and the batch goes on.
 */
class BatchEngineTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The reply to one line, parsed; it is a single line of JSON with exactly one of result and error. */
    private static JsonNode reply(String line) throws IOException {
        String out = BatchEngine.reply(line);
        assertFalse(out.contains("\n") || out.contains("\r"), "one line: " + out);
        JsonNode r = JSON.readTree(out);
        assertTrue(r.isObject() && r.has("id"), out);
        assertTrue(r.has("result") != r.has("error"), "exactly one of result and error: " + out);
        return r;
    }

    private static String error(JsonNode r) {
        assertTrue(r.has("error"), "an error reply: " + r);
        return r.get("error").textValue();
    }

    private static void assertMentions(String message, String... parts) {
        for (String p : parts) assertTrue(message.contains(p), "\"" + p + "\" in: " + message);
    }

    @Test
    void resultWithTheIdEchoed() throws IOException {
        JsonNode r = reply("{\"id\": \"7\", \"op\": \"composition\", \"args\": [\"(6,6):(1,6)\", \"(12,3,6):(1,72,12)\"]}");
        assertEquals("7", r.get("id").textValue());
        assertEquals("(12,3,6):(1,72,12)", r.get("result").textValue()); // (6,6):(1,6) is the identity 36:1
        JsonNode n = reply("{\"id\": 42, \"op\": \"size\", \"args\": [\"(4,(2,2)):(1,(4,8))\"]}");
        assertEquals(42, n.get("id").intValue(), "a numeric id comes back as a number");
        assertEquals("16", n.get("result").textValue());
    }

    @Test
    void integerArgumentsAreAccepted() throws IOException {
        assertEquals("2:8", reply("{\"id\":\"c\",\"op\":\"complement\",\"args\":[\"(2,4):(1,2)\", 16]}").get("result").textValue());
    }

    @Test
    void idx2crdTakesAnIndexOrACoordinateAsCuTeDoes() throws IOException {
        // CuTe C++ (CUTLASS headers): idx2crd(make_coord(1,5), make_shape(3,make_shape(2,3))) = (1,(1,2)); idx2crd(7, (2,(3,4))) = (1,(0,1))
        assertEquals("(1,(1,2))", reply("{\"id\":1,\"op\":\"idx2crd\",\"args\":[\"(3,(2,3)):(1,(3,6))\",\"(1,5)\"]}").get("result").textValue());
        assertEquals("(1,(0,1))", reply("{\"id\":2,\"op\":\"idx2crd\",\"args\":[\"(2,(3,4)):(1,(2,6))\",\"7\"]}").get("result").textValue());
        assertEquals("(1,(0,1))", reply("{\"id\":3,\"op\":\"idx2crd\",\"args\":[\"(2,(3,4)):(1,(2,6))\",7]}").get("result").textValue());
        assertMentions(error(reply("{\"id\":4,\"op\":\"idx2crd\",\"args\":[\"(3,(2,3)):(1,(3,6))\",\"(1,2,3)\"]}")),
                "idx2crd of (1,2,3)", "congruent");
    }

    @Test
    void malformedJson() throws IOException {
        // the id is read before the line breaks off, so the reply still carries it
        JsonNode r = reply("{\"id\": \"1\", \"op\": \"size\", \"args\": [\"4:1\"");
        assertEquals("1", r.get("id").textValue(), r.toString());
        assertMentions(error(r), "malformed JSON line at byte 41", "the line ends inside a value");
        r = reply("{\"op\": \"size\", \"id\": \"2\" \"args\": []}");
        assertEquals("2", r.get("id").textValue(), r.toString());
        assertMentions(error(r), "malformed JSON line", "unexpected '\"'");
        assertMentions(error(reply("not json at all")), "malformed JSON line");
    }

    @Test
    void notAnObject() throws IOException {
        for (String line : List.of("[1, 2, 3]", "\"size\"", "42", "null")) {
            JsonNode r = reply(line);
            assertTrue(r.get("id").isNull(), line);
            assertMentions(error(r), "a request is a JSON object", line.length() > 3 ? line.substring(0, 3) : line);
        }
    }

    @Test
    void unknownOp() throws IOException {
        JsonNode r = reply("{\"id\": \"u\", \"op\": \"transpose\", \"args\": [\"4:1\"]}");
        assertEquals("u", r.get("id").textValue());
        assertMentions(error(r), "unknown op \"transpose\"", "known ops:", "composition", "logical_divide");
        assertMentions(error(reply("{\"id\": \"v\", \"args\": [\"4:1\"]}")), "no \"op\" string");
        assertMentions(error(reply("{\"id\": \"w\", \"op\": 3, \"args\": [\"4:1\"]}")), "no \"op\" string");
    }

    @Test
    void wrongArgumentCount() throws IOException {
        JsonNode r = reply("{\"id\": \"a\", \"op\": \"composition\", \"args\": [\"4:1\"]}");
        assertEquals("a", r.get("id").textValue());
        assertMentions(error(r), "composition takes 2 arguments, got 1");
        assertMentions(error(reply("{\"id\": \"b\", \"op\": \"coalesce\", \"args\": [\"4:1\", \"1\", \"1\"]}")),
                "coalesce takes 1 or 2 arguments, got 3");
        assertMentions(error(reply("{\"id\": \"c\", \"op\": \"size\"}")), "size takes 1 argument, got 0");
    }

    @Test
    void nonStringArguments() throws IOException {
        JsonNode r = reply("{\"id\": \"n\", \"op\": \"size\", \"args\": [1.5]}");
        assertEquals("n", r.get("id").textValue());
        assertMentions(error(r), "argument 1 of size", "must be a string in CuTe notation or an integer", "1.5");
        assertMentions(error(reply("{\"id\": \"o\", \"op\": \"composition\", \"args\": [\"4:1\", {\"shape\": 4}]}")),
                "argument 2 of composition");
        assertMentions(error(reply("{\"id\": \"p\", \"op\": \"size\", \"args\": [null]}")), "argument 1 of size");
        assertMentions(error(reply("{\"id\": \"q\", \"op\": \"size\", \"args\": \"4:1\"}")), "\"args\" must be an array");
        assertMentions(error(reply("{\"id\": \"r\", \"op\": \"size\", \"args\": [\"4:1\"], \"engine\": \"gpu\"}")),
                "unknown engine \"gpu\"");
    }

    @Test
    void badNotation() throws IOException {
        JsonNode r = reply("{\"id\": \"s\", \"op\": \"size\", \"args\": [\"(2,3:(1,2)\"]}");
        assertEquals("s", r.get("id").textValue());
        assertMentions(error(r), "cannot parse \"(2,3:(1,2)\"", "position");
        assertMentions(error(reply("{\"id\": \"t\", \"op\": \"size\", \"args\": [\"(2,3):(1,(2,3))\"]}")), "not congruent");
    }

    @Test
    void negativeShapeAndSizeZero() throws IOException {
        // CuTe C++: size((_2,_0):(_1,_2)) = _0
        JsonNode r = reply("{\"id\": \"z\", \"op\": \"size\", \"args\": [\"(2,0):(1,2)\"]}");
        assertEquals("z", r.get("id").textValue());
        assertEquals("0", r.get("result").textValue());
        assertMentions(error(reply("{\"id\": \"y\", \"op\": \"logical_divide\", \"args\": [\"8:1\", \"(-2):(1)\"]}")), "(-2)", "negative entry");
    }

    @Test
    void overflow() throws IOException {
        JsonNode r = reply("{\"id\": \"o1\", \"op\": \"eval\", \"args\": [\"(2,2):(4611686018427387904,4611686018427387904)\", \"3\"]}");
        assertEquals("o1", r.get("id").textValue());
        assertMentions(error(r), "overflow", "64-bit range");
        assertMentions(error(reply("{\"id\": \"o2\", \"op\": \"size\", \"args\": [\"(4294967296,4294967296):(1,1)\"]}")),
                "overflow", "64-bit range");
        assertMentions(error(reply("{\"id\": \"o3\", \"op\": \"size\", \"args\": [\"99999999999999999999:1\"]}")),
                "does not fit in 64 bits");
        assertMentions(error(reply("{\"id\": \"o4\", \"op\": \"cosize\", \"args\": [\"(3037000500,3037000500):(3037000500,1)\"]}")),
                "overflow");
    }

    @Test
    void inadmissibleOperandsAreErrorsThatSayWhy() throws IOException {
        JsonNode r = reply("{\"id\": \"i\", \"op\": \"composition\", \"args\": [\"(4,6):(1,5)\", \"3:2\"]}");
        assertEquals("i", r.get("id").textValue());
        assertMentions(error(r), "(4,6):(1,5) o 3:2", "shape divisibility");
    }

    @Test
    void deepNesting() throws IOException {
        String open = "(".repeat(100_000);
        String close = ")".repeat(100_000);
        for (String arg : List.of(open, open + "4" + close, open + "4" + close + ":" + open + "1" + close)) {
            JsonNode r = reply("{\"id\": \"deep\", \"op\": \"size\", \"args\": [\"" + arg + "\"]}");
            assertEquals("deep", r.get("id").textValue());
            assertTrue(error(r).length() < 1000, "a short error, not an echo of the input: " + error(r).length());
        }
        // nesting in the JSON itself is refused by the JSON reader's limit
        JsonNode j = reply("{\"id\": \"deep\", \"op\": \"size\", \"args\": " + "[".repeat(100_000) + "]".repeat(100_000) + "}");
        assertMentions(error(j), "nested deeper than the 1000 levels");
        assertEquals("deep", j.get("id").textValue());
    }

    @Test
    void runAnswersEveryLineOfAMixedInput() throws IOException {
        String input = String.join("\n",
                "{\"id\": \"1\", \"op\": \"coalesce\", \"args\": [\"(2,4):(1,2)\"]}",
                "",
                "{\"id\": \"2\", \"op\": \"composition\", \"args\": [\"(4,6):(1,5)\", \"3:2\"]}",
                "{\"id\": \"3\", \"op\": \"nope\", \"args\": []}",
                "{broken",
                "   ",
                "[\"not\", \"an\", \"object\"]",
                "{\"id\": \"6\", \"op\": \"size\", \"args\": [\"" + "(".repeat(100_000) + "\"]}",
                "{\"id\": \"7\", \"op\": \"complement\", \"args\": [\"(2,2):(1,6)\", \"24\"]}",
                "{\"id\": \"8\", \"op\": \"eval\", \"args\": [\"(2,2):(4611686018427387904,4611686018427387904)\", \"3\"]}",
                "{\"id\": \"9\", \"op\": \"logical_divide\", \"args\": [\"(9,(4,8)):(59,(13,1))\", \"<3:3,(2,4):(1,8)>\"]}") + "\n";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BatchEngine.run(new java.io.ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), bytes);
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(9, lines.size(), "one reply per non-blank line: " + lines);
        String[] ids = {"1", "2", "3", null, null, "6", "7", "8", "9"};
        String[] kinds = {"result", "error", "error", "error", "error", "error", "result", "error", "result"};
        for (int i = 0; i < lines.size(); i++) {
            JsonNode r = JSON.readTree(lines.get(i));
            if (ids[i] == null) assertTrue(r.get("id").isNull(), lines.get(i));
            else assertEquals(ids[i], r.get("id").textValue(), lines.get(i));
            assertTrue(r.has(kinds[i]) && r.has("result") != r.has("error"), lines.get(i));
        }
        assertEquals("8:1", JSON.readTree(lines.get(0)).get("result").textValue());
        assertEquals("(3,2):(2,12)", JSON.readTree(lines.get(6)).get("result").textValue());
        assertEquals("((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))", JSON.readTree(lines.get(8)).get("result").textValue());
    }

    /** Runs the batch over {@code input} bytes with {@code threads} and returns the reply lines. */
    private static List<String> run(byte[] input, int threads) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BatchEngine.run(new java.io.ByteArrayInputStream(input), bytes, threads);
        return List.of(bytes.toString(StandardCharsets.UTF_8).split("\n", -1)).stream().filter(l -> !l.isEmpty()).toList();
    }

    @Test
    void idsOfAnyJsonTypeAreEchoedExactlyAsSent() throws IOException {
        for (String id : List.of("-1e400", "\"a\\ud800b\"", "[1, {\"x\": 2.50}]", "12", "true", "null", "\"é∘\"",
                "123456789012345678901234567890")) {
            String out = BatchEngine.reply("{\"id\": " + id + " , \"op\": \"size\", \"args\": [\"4:1\"]}");
            assertTrue(out.startsWith("{\"id\":" + id + ",\"result\":\"4\"}"), id + " -> " + out);
        }
        // a lone surrogate reaching an error message is escaped, not replaced by '?'
        String out = BatchEngine.reply("{\"id\": 1, \"op\": \"size\", \"args\": [\"\\ud800\"]}");
        assertTrue(out.contains("\\uD800") && !out.contains("?"), out);
    }

    @Test
    void lineEndsAreLfOrCrLfAndALoneCrIsWhiteSpace() throws IOException {
        byte[] input = ("{\"id\":1,\"op\":\"size\",\"args\":[\"4:1\"]}\r\n"
                + "{\"id\":2,\r\"op\":\"size\",\"args\":[\"8:1\"]}\n"
                + "{\"id\":3,\"op\":\"size\",\"args\":[\"2:1\"]}").getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of("{\"id\":1,\"result\":\"4\"}", "{\"id\":2,\"result\":\"8\"}", "{\"id\":3,\"result\":\"2\"}"),
                run(input, 1));
    }

    @Test
    void invalidUtf8IsAnsweredInOurWords() throws IOException {
        byte[] line = "{\"id\":1,\"op\":\"size\",\"args\":[\"4:1 \"]}".getBytes(StandardCharsets.UTF_8);
        line[line.length - 4] = (byte) 0xC3; // a lead byte followed by '"'
        List<String> out = run(line, 1);
        assertEquals(1, out.size());
        JsonNode r = JSON.readTree(out.get(0));
        assertMentions(error(r), "not valid UTF-8", "0xC3", "at byte " + (line.length - 3));
    }

    @Test
    void aLongNonAsciiLineIsCheckedInOnePass() throws IOException {
        // 'é' (C3 A9) a hundred thousand times, then a continuation byte that follows no lead byte
        String head = "{\"id\":7,\"op\":\"size\",\"args\":[\"";
        byte[] text = "\u00e9".repeat(100_000).getBytes(StandardCharsets.UTF_8);
        byte[] line = new byte[head.length() + text.length + 1 + 3];
        System.arraycopy(head.getBytes(StandardCharsets.US_ASCII), 0, line, 0, head.length());
        System.arraycopy(text, 0, line, head.length(), text.length);
        int bad = head.length() + text.length;
        line[bad] = (byte) 0xA9;
        System.arraycopy("\"]}".getBytes(StandardCharsets.US_ASCII), 0, line, bad + 1, 3);
        List<String> out = run(line, 1);
        assertEquals(1, out.size());
        assertMentions(error(JSON.readTree(out.get(0))), "not valid UTF-8", "0xA9", "at byte " + (bad + 1));
    }

    @Test
    void threadsKeepTheRepliesInInputOrder() throws IOException {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            in.append("{\"id\":").append(i).append(",\"op\":\"composition\",\"args\":[\"(").append(i % 7 + 1)
                    .append(",8):(8,1)\",\"").append(i % 5 + 1).append(":1\"]}\n");
        }
        byte[] input = in.toString().getBytes(StandardCharsets.UTF_8);
        List<String> one = run(input, 1);
        assertEquals(20_000, one.size());
        assertEquals(one, run(input, 4));
        for (int i = 0; i < one.size(); i++) assertTrue(one.get(i).startsWith("{\"id\":" + i + ","), one.get(i));
    }

    @Test
    void aCallerThatSendsOneLineGetsItsReplyWithoutClosingTheInput() throws Exception {
        java.io.PipedOutputStream toEngine = new java.io.PipedOutputStream();
        java.io.PipedInputStream engineIn = new java.io.PipedInputStream(toEngine, 1 << 16);
        java.io.PipedInputStream fromEngine = new java.io.PipedInputStream(1 << 16);
        java.io.PipedOutputStream engineOut = new java.io.PipedOutputStream(fromEngine);
        Thread engine = new Thread(() -> {
            try {
                BatchEngine.run(engineIn, new java.io.BufferedOutputStream(engineOut, 1 << 16), 1);
                engineOut.close();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        engine.setDaemon(true);
        engine.start();
        BufferedReader replies = new BufferedReader(new java.io.InputStreamReader(fromEngine, StandardCharsets.UTF_8));
        for (int i = 1; i <= 3; i++) { // request, wait for the reply, request again: the input stays open
            toEngine.write(("{\"id\":" + i + ",\"op\":\"size\",\"args\":[\"4:1\"]}\n").getBytes(StandardCharsets.UTF_8));
            toEngine.flush();
            java.util.concurrent.Future<String> line = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r);
                t.setDaemon(true);
                return t;
            }).submit(replies::readLine);
            assertEquals("{\"id\":" + i + ",\"result\":\"4\"}", line.get(10, java.util.concurrent.TimeUnit.SECONDS));
        }
        toEngine.close();
        engine.join(10_000);
        assertFalse(engine.isAlive());
    }

    /**
     * The batch mode as a separate process (java, this build's classes): a caller writes one request, blocks on the
     * reply, and only then writes the next; the input stays open throughout, on one answering thread and on four.
     */
    @Test
    void aProcessThatWritesOneRequestAndBlocksOnTheReplyGetsIt() throws Exception {
        for (String threads : List.of("1", "4")) {
            Process p = batchProcess("-Xmx256m", threads).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try (java.io.OutputStream toBatch = p.getOutputStream();
                    BufferedReader replies = new BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                java.util.concurrent.ExecutorService reader = replyReader();
                for (int i = 1; i <= 3; i++) {
                    toBatch.write(("{\"id\":" + i + ",\"op\":\"coalesce\",\"args\":[\"(2,4):(1,2)\"]}\n").getBytes(StandardCharsets.UTF_8));
                    toBatch.flush();
                    assertEquals("{\"id\":" + i + ",\"result\":\"8:1\"}",
                            reader.submit(replies::readLine).get(30, java.util.concurrent.TimeUnit.SECONDS), "--threads " + threads);
                }
                reader.shutdownNow();
            }
            assertTrue(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "the batch ends at the end of its input");
            assertEquals(0, p.exitValue());
        }
    }

    /**
     * A line past 4 MiB is refused by name, with its id where the id comes first: one just past it, which arrives
     * whole, and one past the reader's buffer, which is skipped to its end (here the end of input, with no line end).
     */
    @Test
    void aLineLongerThanTheLimitIsRefusedAndTheBatchGoesOn() throws IOException {
        String ok = "{\"id\":1,\"op\":\"size\",\"args\":[\"4:1\"]}";
        String huge = "{\"id\":2,\"op\":\"size\",\"args\":[\"" + "(".repeat(BlockReader.MAX_LINE) + "\"]}";
        String huger = huge + " ".repeat(3 * BlockReader.BLOCK);
        byte[] input = (ok + "\n" + huge + "\r\n" + ok.replace("1", "3") + "\n" + huger).getBytes(StandardCharsets.UTF_8);
        for (int threads : new int[] {1, 3}) {
            List<String> out = run(input, threads);
            assertEquals(4, out.size(), "threads " + threads);
            assertEquals("{\"id\":1,\"result\":\"4\"}", out.get(0));
            assertEquals("{\"id\":3,\"result\":\"4\"}", out.get(2));
            for (int i : new int[] {1, 3}) {
                JsonNode r = JSON.readTree(out.get(i));
                assertEquals(2, r.get("id").asInt(), out.get(i)); // the id, its first member, echoed
                assertMentions(error(r), "longer than " + BlockReader.MAX_LINE + " bytes");
            }
        }
        // an id that is not the first member is not looked for
        String late = "{\"op\":\"size\",\"id\":5,\"args\":[\"" + "(".repeat(BlockReader.MAX_LINE + BlockReader.BLOCK) + "\"]}";
        List<String> out = run((late + "\n").getBytes(StandardCharsets.UTF_8), 1);
        assertTrue(JSON.readTree(out.get(0)).get("id").isNull(), out.get(0));
    }

    /**
     * Issue 23: a line past the limit is answered as soon as its end is read, with its id, while the pipe stays
     * open (its reply used to wait for the next line or the end of input, and carried id null).
     */
    @Test
    void aLineLongerThanTheLimitIsAnsweredAtItsEndWhileThePipeStaysOpen() throws Exception {
        for (String threads : List.of("1", "4")) {
            Process p = batchProcess("-Xmx256m", threads).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try (java.io.OutputStream toBatch = p.getOutputStream();
                    BufferedReader replies = new BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                java.util.concurrent.ExecutorService reader = replyReader();
                toBatch.write(("{\"id\":\"long\",\"op\":\"size\",\"args\":[\"" + "(".repeat(BlockReader.MAX_LINE + 3 * BlockReader.BLOCK)
                        + "\"]}\n").getBytes(StandardCharsets.UTF_8));
                toBatch.flush();
                JsonNode r = JSON.readTree(reader.submit(replies::readLine).get(30, java.util.concurrent.TimeUnit.SECONDS));
                assertEquals("long", r.get("id").asText(), "--threads " + threads);
                assertMentions(error(r), "longer than " + BlockReader.MAX_LINE + " bytes");
                toBatch.write("{\"id\":2,\"op\":\"size\",\"args\":[\"4:1\"]}\n".getBytes(StandardCharsets.UTF_8));
                toBatch.flush();
                assertEquals("{\"id\":2,\"result\":\"4\"}", reader.submit(replies::readLine).get(30, java.util.concurrent.TimeUnit.SECONDS));
                reader.shutdownNow();
            }
            assertTrue(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(0, p.exitValue());
        }
    }

    /**
     * Lines near the 4 MiB limit, one after another, are answered in a small heap: the blocks in flight are bounded by
     * their bytes, not only by their number (with 8 blocks of such lines in flight, 64 MiB ran out).
     */
    @Test
    void manyLinesNearTheLimitAreAnsweredInASmallHeap() throws Exception {
        String tuple = "(" + "1,".repeat(1_999_000) + "1)"; // about 4 MB: refused by its length, not read
        java.nio.file.Path input = java.nio.file.Files.createTempFile("layoutcat-long-lines", ".jsonl");
        try {
            try (java.io.Writer w = java.nio.file.Files.newBufferedWriter(input)) {
                for (int i = 0; i < 24; i++) w.write("{\"id\":" + i + ",\"op\":\"coalesce\",\"args\":[\"" + tuple + "\"]}\n");
            }
            for (String threads : List.of("1", "8")) {
                Process p = batchProcess("-Xmx48m", threads).redirectInput(input.toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                List<String> out;
                try (BufferedReader replies = new BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    out = replies.lines().toList();
                }
                assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
                assertEquals(0, p.exitValue(), "--threads " + threads);
                assertEquals(24, out.size(), "--threads " + threads);
                for (int i = 0; i < 24; i++) {
                    JsonNode r = JSON.readTree(out.get(i));
                    assertEquals(i, r.get("id").asInt());
                    assertMentions(error(r), "longer than the 1048576");
                }
            }
        } finally {
            java.nio.file.Files.deleteIfExists(input);
        }
    }

    /** One daemon thread that reads a batch process's replies, so a test waits for each with a time limit. */
    private static java.util.concurrent.ExecutorService replyReader() {
        return java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * {@code layoutcat batch --threads T} in a JVM of its own with this test's class path and the given heap option, on
     * the client compiler alone as the test JVMs are (the parent pom's test.jvm.flags): each answers a few lines.
     */
    private static ProcessBuilder batchProcess(String heap, String threads) {
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        String path = String.join(java.io.File.pathSeparator, java.util.stream.Stream.of(
                System.getProperty("jdk.module.path"), System.getProperty("java.class.path"))
                .filter(p -> p != null && !p.isBlank()).toList());
        return new ProcessBuilder(javaCommand, heap, "-XX:TieredStopAtLevel=1", "-cp", path, "org.layoutcat.cli.Main", "batch", "--threads", threads);
    }

    @Test
    void issue34WrongAnswersThatLookedRightAreRightOrRefusedInOurWords() throws IOException {
        // bank_conflicts: k·2^64 wrapped to 0 and read as one broadcast (1 wavefront); refused, naming layout and width
        assertMentions(error(reply("{\"id\":1,\"op\":\"bank_conflicts\",\"args\":[\"8:1152921504606846976\",\"(8,1):(1,0)\",\"16\"]}")),
                "8:1152921504606846976", "16-byte elements", "past the 64-bit range");
        // copy_bank_conflicts did the same: row m of (32,64):(2^58,1) is at byte m·2^59, past 2^63−1 from row 16
        assertMentions(error(reply("{\"id\":1,\"op\":\"copy_bank_conflicts\",\"args\":[\"(32,64):(288230376151711744,1)\","
                + "\"SM80_CP_ASYNC_CACHEALWAYS_U128\",\"16\",\"(16,8):(8,1)\",\"(1,8)\"]}")),
                "(32,64):(288230376151711744,1)", "2-byte elements", "past the 64-bit range");
        // a negative offset is below the base: bank floorMod(byte / 4, 32); 8 wavefronts, as the mirror (8,64):(64,1)
        assertEquals("8", reply("{\"id\":2,\"op\":\"bank_conflicts\",\"args\":[\"(8,64):(-64,-1)\",\"(8,1):(1,1)\",\"16\"]}")
                .get("result").textValue());
        // composition: the answer (8):(2^61) reaches 7·2^61 > 2^63−1; every engine refuses, and eval refuses that layout
        // in the same words
        for (String engine : List.of("auto", "cute", "category")) {
            assertMentions(error(reply("{\"id\":3,\"op\":\"composition\",\"args\":[\"(4,4):(1,4294967296)\",\"(8):(2147483648)\"],"
                    + "\"engine\":\"" + engine + "\"}")), "overflow the 64-bit range", "past 2^63−1");
        }
        assertMentions(error(reply("{\"id\":4,\"op\":\"eval\",\"args\":[\"(8):(2305843009213693952)\",\"4\"]}")),
                "the offsets of (8):(2305843009213693952) overflow the 64-bit range", "past 2^63−1");
        // an operand whose own values do not fit is refused as it is read: 7·2^62 + 3·2
        assertMentions(error(reply("{\"id\":5,\"op\":\"composition\",\"args\":[\"(8,4):(4611686018427387904,2)\",\"(4):(1)\"]}")),
                "(8,4):(4611686018427387904,2) overflow the 64-bit range", "32281802128991715334");
        // cosize is CuTe's 1 + Σ (s−1)·|d| (CuTe C++ prints 12 and _4)
        assertEquals("12", reply("{\"id\":6,\"op\":\"cosize\",\"args\":[\"(4,3):(-1,-4)\"]}").get("result").textValue());
        assertEquals("4", reply("{\"id\":7,\"op\":\"cosize\",\"args\":[\"4:-1\"]}").get("result").textValue());
        // only products that are part of the answer are checked (CuTe C++: (2147483648) and (_1,4294967296))
        assertEquals("(2147483648)", reply("{\"id\":8,\"op\":\"prefix_product\",\"args\":[\"(4294967297)\",\"2147483648\"]}")
                .get("result").textValue());
        assertEquals("(1,4294967296)", reply("{\"id\":9,\"op\":\"compact_col_major\",\"args\":[\"(4294967296,4294967296)\"]}")
                .get("result").textValue());
        // ():() has size 1 and maps 0 to 0; index 1 is refused by its size, in the same words every time
        assertEquals("0", reply("{\"id\":10,\"op\":\"eval\",\"args\":[\"():()\",\"0\"]}").get("result").textValue());
        for (int i = 0; i < 3; i++) {
            assertEquals("index 1 is outside [0,1) of ():(): a layout with no modes has size 1 and no last mode to extend past it",
                    error(reply("{\"id\":11,\"op\":\"eval\",\"args\":[\"():()\",\"1\"]}")));
        }
    }
}
