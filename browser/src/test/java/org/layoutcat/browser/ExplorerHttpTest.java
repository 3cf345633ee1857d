package org.layoutcat.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.layoutcat.ops.batch.BatchEngine;
import org.layoutcat.explorer.Explorer;

/** The explorer's HTTP side: its endpoints, its answers against CuTe C++'s, and its limits. */
class ExplorerHttpTest {
    static Explorer explorer;
    static HttpClient http = HttpClient.newHttpClient();
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void start() throws IOException {
        // the work limit is not under test here (AdmissionTest holds it): a generous one, so that a busy machine's
        // slower paint of the largest PNG is not mistaken for a failure
        explorer = Explorer.start(InetAddress.getLoopbackAddress(), 0, java.time.Duration.ofMinutes(2));
    }

    @AfterAll
    static void stop() {
        explorer.close();
    }

    static HttpResponse<byte[]> post(String path, String body) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(explorer.uri().resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static JsonNode view(String body) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = post("/api/view", body);
        JsonNode n = JSON.readTree(r.body());
        assertEquals(200, r.statusCode(), () -> body + " -> " + n);
        return n;
    }

    @Test
    void thePageAndItsAssetsComeFromTheJarUnderAPolicyOfSelf() throws Exception {
        for (String path : List.of("/", "/app.js", "/app.css", "/favicon.svg")) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(explorer.uri().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), path);
            String csp = r.headers().firstValue("Content-Security-Policy").orElseThrow();
            assertTrue(csp.contains("default-src 'self'") && csp.contains("connect-src 'self'"), csp);
            assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElseThrow());
        }
        HttpResponse<String> missing = http.send(HttpRequest.newBuilder(explorer.uri().resolve("/../../etc/passwd")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(404, missing.statusCode());
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(explorer.uri()).build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(!page.body().contains("http://") && !page.body().contains("https://"), "the page names no other host");
    }

    @Test
    void aRequestAddressedToAnotherHostIsRefused() throws Exception {
        // a DNS-rebinding page would send its own host name: raw HTTP, as java.net.http will not set Host
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), explorer.uri().getPort())) {
            s.getOutputStream().write("GET / HTTP/1.1\r\nHost: attacker.example:80\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String reply = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(reply.startsWith("HTTP/1.1 403"), reply);
            assertTrue(reply.contains("not to 'attacker.example:80'"), reply);
        }
    }

    @Test
    void aRequestAnotherSiteCouldSendIsRefused() throws Exception {
        String body = "{\"kind\":\"layout\",\"args\":[\"4:1\"]}";
        // a form's content type needs no preflight: a page elsewhere could send it, so it is refused
        HttpResponse<String> plain = http.send(HttpRequest.newBuilder(explorer.uri().resolve("/api/view")).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, plain.statusCode());
        assertTrue(plain.body().contains("Content-Type: application/json"), plain.body());
        for (String[] h : List.of(new String[] {"Origin", "http://evil.example"}, new String[] {"Origin", "null"},
                new String[] {"Sec-Fetch-Site", "cross-site"})) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(explorer.uri().resolve("/api/view")).header("Content-Type", "application/json")
                    .header(h[0], h[1]).POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(403, r.statusCode(), h[0] + ": " + h[1]);
        }
        HttpResponse<String> own = http.send(HttpRequest.newBuilder(explorer.uri().resolve("/api/view")).header("Content-Type", "application/json")
                .header("Origin", explorer.uri().toString().replaceAll("/$", "")).header("Sec-Fetch-Site", "same-origin")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, own.statusCode(), own.body());
    }

    @Test
    void aViewTooLargeToWalkIsRefusedAtOnce() throws Exception {
        // 10^18 (thread, value) pairs over a 4-element tile: refused before one is walked, as draw refuses it (a walk
        // of them would never end, so the refusal naming their count is the proof); the MMA's cells are counted alike
        HttpResponse<byte[]> r = post("/api/view", "{\"kind\":\"tv\",\"args\":[\"(1000000000,1000000000):(0,0)\",\"4\"]}");
        assertEquals(400, r.statusCode());
        assertTrue(JSON.readTree(r.body()).get("error").asText().contains("1000000000000000000"), new String(r.body(), StandardCharsets.UTF_8));
        HttpResponse<byte[]> mma = post("/api/view", "{\"kind\":\"mma\",\"args\":[\"SM80_16x8x16_F16F16F16F16_TN\",\"1x100000000x1\"],\"options\":{\"only\":\"C\"}}");
        assertEquals(400, mma.statusCode());
        // C of 1×100,000,000 atoms of 16×8: 16 × 800,000,000 cells, counted from the tile
        assertEquals("C has 12800000000 cells; the explorer draws at most 65536 a grid (tile it, or slice it with an operation, and look at a part)",
                JSON.readTree(mma.body()).get("error").asText());
        assertEquals(200, post("/api/view", "{\"kind\":\"layout\",\"args\":[\"4:1\"]}").statusCode(), "the workers are free");
    }

    @Test
    void aTvLayoutOfOneValueAThreadIsDrawn() throws Exception {
        JsonNode v = view("{\"kind\":\"tv\",\"args\":[\"8:1\",\"8\"]}");
        JsonNode tile = v.get("panels").get(1);
        for (int e = 0; e < 8; e++) assertEquals(e, tile.get("thread").get(e).asInt());
    }

    @Test
    void anOperationWhoseResultIsNoLayoutShowsNoGrid() throws Exception {
        JsonNode v = view("{\"kind\":\"op\",\"args\":[\"size\",\"(4,8):(1,4)\"]}");
        assertEquals("32", v.get("text").asText());
        assertTrue(!v.has("panels"), "size answers a number, not the layout 32:1");
        HttpResponse<byte[]> png = post("/api/draw?format=png", "{\"kind\":\"op\",\"args\":[\"size\",\"(4,8):(1,4)\"]}");
        assertEquals(400, png.statusCode());
        JsonNode layout = view("{\"kind\":\"op\",\"args\":[\"logical_divide\",\"(4,8):(1,4)\",\"(2,2):(1,4)\"]}");
        assertEquals(32, layout.get("panels").get(0).get("offset").size());
        assertTrue(layout.get("request").get("cpp").asBoolean());
    }

    @Test
    void aPngOfA256By256GridIsScaledToFitThePngLimit() throws Exception {
        HttpResponse<byte[]> png = post("/api/draw?format=png", "{\"kind\":\"layout\",\"args\":[\"(256,256):(256,1)\"]}");
        assertEquals(200, png.statusCode(), new String(png.body(), StandardCharsets.UTF_8));
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png.body()));
        assertTrue((long) image.getWidth() * image.getHeight() <= 36_000_000L, image.getWidth() + "x" + image.getHeight());
    }

    @Test
    void aSwizzledLayoutsOffsetsAreCuTeCppsOwn() throws Exception {
        // CuTe C++ prints 73 for Sw<3,3,3> o 0 o (8,64):(64,1) at index 9, and its pointer form is the same function
        for (String l : List.of("Sw<3,3,3> o 0 o (8,64):(64,1)", "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)")) {
            JsonNode p = view("{\"kind\":\"layout\",\"args\":[\"" + l + "\",\"2\"]}").get("panels").get(0);
            assertEquals(8, p.get("rows").asInt());
            assertEquals(64, p.get("cols").asInt());
            assertEquals(73, p.get("offset").get(9).asLong());
            assertEquals(65, p.get("unswizzled").get(9).asLong());
            assertEquals(4, p.get("bank").get(9).asLong()); // ⌊73·2/4⌋ mod 32
        }
    }

    /**
     * Issue 37: a TMA copy is a view like the others. A 128x128 half tile of a row-major (512,1024) tensor, K-major in
     * SW128 atoms ((8,16),(64,2)):((64,512),(1,8192)): two copies of box (64,128). Checked against definitions, not
     * the view's own derivation: element (m,k) has global offset 1024m + k; the tensor map's dimension 0 is k, so its TMA
     * coordinate is (k,m), inside the box of the copy that moves it; it lands where SWIZZLE_128B puts its bytes
     * (PTX ISA, tensor copy swizzling: 16-byte chunk c of 128-byte line r is written at chunk c XOR r mod 8), the line
     * byte 128m + 2(k mod 64) of atom k / 64 (8192 elements on); and the two panels point at each other (the page names
     * a shared cell by the tile element it points at).
     */
    @Test
    void aTmaCopyIsAViewOfEveryElementInGlobalAndSharedMemory() throws Exception {
        JsonNode v = view("{\"kind\":\"tma\",\"args\":[\"(512,1024):(1024,1)\",\"Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,2)):((64,512),(1,8192))\",\"f16\"]}");
        assertEquals(List.of("(0,0)", "(64,0)"), JSON.convertValue(v.get("copies"), List.class));
        assertEquals("(64,128)", "(" + v.get("reply").get("box_dim").asText().replaceAll("[^0-9,]", "") + ")");
        JsonNode global = v.get("panels").get(0), shared = v.get("panels").get(1);
        assertEquals(128, global.get("rows").asInt());
        assertEquals(128, global.get("cols").asInt());
        int[] moved = new int[2];
        for (int m = 0; m < 128; m++) {
            for (int k = 0; k < 128; k++) {
                int e = m + 128 * k;
                assertEquals(1024L * m + k, global.get("offset").get(e).asLong());
                assertEquals(k, global.get("tmaCoord").get(0).get(e).asLong());
                assertEquals(m, global.get("tmaCoord").get(1).get(e).asLong());
                int copy = global.get("copy").get(e).asInt();
                moved[copy]++;
                assertTrue(k >= 64 * copy && k < 64 * copy + 64, "(" + m + "," + k + ") in copy " + copy); // box (64,128) at (64·copy, 0)
                long line = 128L * m + 2 * (k % 64);
                long swizzled = (line ^ (((line >> 7) & 7) << 4)) / 2 + 8192L * (k / 64);
                long a = global.get("peer").get(e).asLong();
                assertEquals(swizzled, a, "(" + m + "," + k + ")");
                assertEquals(a, shared.get("offset").get((int) a).asLong());
                assertEquals(e, shared.get("peer").get((int) a).asLong());
                assertEquals(copy, shared.get("copy").get((int) a).asInt());
                assertEquals((line / 16) % 8, global.get("chunk").get(e).asLong()); // the chunk before the swizzle
                assertEquals(a * 2 / 4 % 32, shared.get("bank").get((int) a).asLong());
            }
        }
        assertEquals(List.of(8192, 8192), List.of(moved[0], moved[1])); // each copy moves its box: 64 x 128 elements
        assertEquals(64, shared.get("cols").asInt()); // 128-byte lines of halves
        assertEquals(256, shared.get("rows").asInt());
    }

    /** A layout's view is coloured as {@code draw layout --color} colours its picture: by row, column, offset, bank or none. */
    @Test
    void aLayoutsViewIsColouredAsItsColorOptionSays() throws Exception {
        for (String by : List.of("row", "column", "offset", "none")) {
            JsonNode p = view("{\"kind\":\"layout\",\"args\":[\"(4,8):(1,4)\"],\"options\":{\"color\":\"" + by + "\"}}").get("panels").get(0);
            assertEquals(by, p.get("colour").asText());
        }
        assertEquals("offset", view("{\"kind\":\"layout\",\"args\":[\"(4,8):(1,4)\"]}").get("panels").get(0).get("colour").asText());
        assertEquals("bank", view("{\"kind\":\"layout\",\"args\":[\"(4,8):(1,4)\",\"2\"]}").get("panels").get(0).get("colour").asText());
    }

    /** Every view of the schema shows its own example (the form's defaults, as a bare {@code ?kind=NAME} asks for it). */
    @Test
    void everyViewShowsItsOwnExample() throws Exception {
        JsonNode schema = JSON.readTree(http.send(HttpRequest.newBuilder(explorer.uri().resolve("/api/schema")).build(),
                HttpResponse.BodyHandlers.ofByteArray()).body());
        int seen = 0;
        for (JsonNode v : schema.get("views")) {
            ObjectNode request = JSON.createObjectNode().put("kind", v.get("name").asText());
            ArrayNode args = request.putArray("args");
            for (JsonNode a : v.get("args")) args.add(a.path("value").asText(""));
            request.putObject("options");
            HttpResponse<byte[]> r = post("/api/view", JSON.writeValueAsString(request));
            assertEquals(200, r.statusCode(), () -> request + " -> " + new String(r.body(), java.nio.charset.StandardCharsets.UTF_8));
            seen++;
        }
        assertTrue(seen > 0, "no view in the schema");
    }

    @Test
    void aRefusalSaysWhyInTheEnginesWords() throws Exception {
        HttpResponse<byte[]> r = post("/api/view", "{\"kind\":\"compose\",\"args\":[\"(4,6):(1,5)\",\"3:2\"]}");
        assertEquals(400, r.statusCode());
        String error = JSON.readTree(r.body()).get("error").asText();
        // the batch mode's words for composition's refusal (ExplorerAnswersAsBatchTest holds them equal)
        assertTrue(error.startsWith("(4,6):(1,5) o 3:2: no layout of size 3") && error.contains("divisib"), error);
        HttpResponse<byte[]> bad = post("/api/view", "{\"kind\":\"layout\",\"args\":[\"(4,8):(1,4\"]}");
        assertEquals(400, bad.statusCode());
        assertTrue(JSON.readTree(bad.body()).get("error").asText().startsWith("cannot parse \"(4,8):(1,4\""));
        HttpResponse<byte[]> unknown = post("/api/view", "{\"kind\":\"lyout\",\"args\":[]}");
        assertTrue(JSON.readTree(unknown.body()).get("error").asText().contains("unknown view 'lyout'"));
        HttpResponse<byte[]> notJson = post("/api/view", "{\"kind\":");
        assertTrue(JSON.readTree(notJson.body()).get("error").asText().startsWith("the request is not valid JSON"));
    }

    @Test
    void theBatchEndpointAnswersAsTheBatchModeDoes() throws Exception {
        for (String line : List.of("{\"id\":1,\"op\":\"composition\",\"args\":[\"(12,3,6):(1,72,12)\",\"(6,6):(1,6)\"]}",
                "{\"id\":\"x\",\"op\":\"complement\",\"args\":[\"(2,4):(1,2)\",\"16\"]}",
                "{\"id\":2,\"op\":\"compose\",\"args\":[\"(4,6):(1,5)\",\"3:2\"]}", "{\"id\":3,\"op\":")) {
            HttpResponse<byte[]> r = post("/api/batch", line);
            assertEquals(200, r.statusCode());
            assertEquals(BatchEngine.reply(line), new String(r.body(), StandardCharsets.UTF_8));
        }
        assertEquals("{\"id\":1,\"result\":\"(6,(2,3)):(1,(6,72))\"}",
                new String(post("/api/batch", "{\"id\":1,\"op\":\"composition\",\"args\":[\"(12,3,6):(1,72,12)\",\"(6,6):(1,6)\"]}").body(),
                        StandardCharsets.UTF_8).replace(",\"engine\":\"cute\"", "").replace(",\"engine\":\"category\"", ""));
    }

    @Test
    void aBodyPastTheLimitIsRefusedUnread() throws Exception {
        String big = "{\"kind\":\"layout\",\"args\":[\"" + "1".repeat(70_000) + "\"]}";
        HttpResponse<byte[]> r = post("/api/view", big);
        assertEquals(413, r.statusCode());
        assertTrue(JSON.readTree(r.body()).get("error").asText().contains("larger than 65536 bytes"));
    }

    @Test
    void aRequestPastTheMemoryBudgetIsRefusedBeforeWork() throws Exception {
        // a 256x256 grid's PNG is a 36-megapixel image (144 MB): an explorer working within 64 MB refuses it, and says so
        try (Explorer small = Explorer.start(InetAddress.getLoopbackAddress(), 0, 64L << 20)) {
            String body = "{\"kind\":\"layout\",\"args\":[\"(256,256):(256,1)\"]}";
            HttpResponse<byte[]> png = http.send(HttpRequest.newBuilder(small.uri().resolve("/api/draw?format=png"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(400, png.statusCode());
            String error = JSON.readTree(png.body()).get("error").asText();
            assertTrue(error.startsWith("the explorer estimates a PNG of 65536 cells at ") && error.contains("past the 64 MB it works within"), error);
            HttpResponse<byte[]> view = http.send(HttpRequest.newBuilder(small.uri().resolve("/api/view"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, view.statusCode(), "its view fits");
        }
    }

    @Test
    void aGridPastTheLimitIsRefusedBeforeItIsComputed() throws Exception {
        HttpResponse<byte[]> r = post("/api/view", "{\"kind\":\"layout\",\"args\":[\"(1024,1024):(1024,1)\"]}");
        assertEquals(400, r.statusCode());
        assertTrue(JSON.readTree(r.body()).get("error").asText().contains("1048576 cells"));
    }

    @Test
    void aTiledMmaOf128By256IsUnderTwoMegabytes() throws Exception {
        // SM80_16x8x16 (m16n8k16) with 4x2x1 atoms over a 128x256 tile: C 128x256, A 128x16, B 16x256
        HttpResponse<byte[]> r = post("/api/view",
                "{\"kind\":\"mma\",\"args\":[\"SM80_16x8x16_F16F16F16F16_TN\",\"4x2x1\",\"<128,256,16>\"]}");
        assertEquals(200, r.statusCode());
        assertTrue(r.body().length < 2_000_000, r.body().length + " bytes");
        JsonNode v = JSON.readTree(r.body());
        long cells = 0;
        for (JsonNode p : v.get("panels")) cells += p.get("rows").asLong() * p.get("cols").asLong();
        assertEquals(128 * 256 + 128 * 16 + 16 * 256, cells);
        assertEquals(256, v.get("threads").asInt());
        // every accumulator is held by one (thread, value) pair, 128 of them per thread (32768 / 256)
        JsonNode c = v.get("panels").get(0);
        long[] perThread = new long[256];
        for (JsonNode t : c.get("thread")) perThread[t.asInt()]++;
        for (long n : perThread) assertEquals(128, n);
    }

    /**
     * Issue 36's atoms in the explorer: the catalog offers one atom of each UMMA family and the SM120 atoms, and a
     * 2-CTA UMMA atom's accumulator is split between its two CTAs as CuTe's CLayout says ((2,(128,N)):(128,(1,256)):
     * rows 0-127 are CTA 0's, rows 128-255 CTA 1's).
     */
    @Test
    void blackwellAtomsAreOfferedAndTheTwoCtaSplitIsDrawn() throws Exception {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(explorer.uri().resolve("/api/catalog")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        String mma = JSON.readTree(r.body()).get("mma").toString();
        assertTrue(mma.contains("SM100_MMA_F16BF16_2x1SM_SS<") && mma.contains("SM120_16x8x32_TN<"), mma.length() + " characters");
        JsonNode v = view("{\"kind\":\"mma\",\"args\":[\"SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,64,UMMA::Major::K,UMMA::Major::K>\",\"1x1x1\"]}");
        assertEquals(2, v.get("threads").asInt());
        JsonNode c = v.get("panels").get(0);
        assertEquals(256, c.get("rows").asInt());
        assertEquals(64, c.get("cols").asInt());
        for (int row : new int[] {0, 127, 128, 255}) {
            assertEquals(row / 128, c.get("thread").get(row).asInt(), "row " + row + " of column 0"); // column-major cells: element = row
        }
    }

    /**
     * Issue 36: a TMEM load is a view like the others: make_tmem_copy's first tile of the accumulator, each (m,n) by the
     * thread and register that hold it, drawn as its figure.
     */
    @Test
    void aTmemLoadIsAView() throws Exception {
        JsonNode v = view("{\"kind\":\"tmem-copy\",\"args\":[\"SM100_TMEM_LOAD_32dp32b8x\",\"F32\",\"(128,256):(65536,1)\",\"33\"]}");
        assertTrue(v.get("title").asText().contains("SM100_TMEM_LOAD_32dp32b8x"), v.get("title").asText());
        assertTrue(v.get("figures").get(0).get("svg").asText().contains("<svg"), "an SVG figure");
        // the accumulator in tensor memory: M = 64 in the 16-lane halves of the four quarters (CuTe's tmem_frg_1sm)
        // (the tmem_frg layout, as TmemOracleTest holds it to CuTe C++'s: row m in lane 32·(m/16) + m mod 16, column n), a
        // grid of data: 128 lanes × 16 columns, each cell its (m,n), by quarter
        JsonNode t = view("{\"kind\":\"tmem\",\"args\":[\"(64,16)\",\"1\",\"F32\",\"NON_INTERLEAVED\"]}");
        assertEquals("(((16,4),16),1,1):(((65536,2097152),1),0,0)", t.get("text").asText());
        JsonNode grid = t.get("panels").get(0);
        assertEquals(128, grid.get("rows").asInt());
        assertEquals(16, grid.get("cols").asInt());
        for (int m = 0; m < 64; m++) {
            for (int n = 0; n < 16; n++) {
                int lane = 32 * (m / 16) + m % 16;
                assertEquals("(" + m + "," + n + ")", grid.get("text").get(lane + 128 * n).asText());
                assertEquals(lane / 32, grid.get("quarter").get(lane + 128 * n).asInt());
            }
        }
        assertEquals("", grid.get("text").get(16).asText()); // lane 16: none of M = 64 in the first quarter's second half
        assertEquals(-1, grid.get("quarter").get(16).asInt());
    }

    @Test
    void everyGalleryExampleOpensInTheExplorer() throws Exception {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(explorer.uri().resolve("/api/catalog")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        JsonNode examples = JSON.readTree(r.body()).get("examples");
        assertTrue(examples.size() > 50, examples.size() + " examples");
        List<String> failed = new ArrayList<>();
        for (JsonNode e : examples) {
            String body = "{\"kind\":" + JSON.writeValueAsString(e.get("kind").asText()) + ",\"args\":" + JSON.writeValueAsString(e.get("args")) + "}";
            HttpResponse<byte[]> v = post("/api/view", body);
            if (v.statusCode() != 200) failed.add(e.get("title").asText() + ": " + new String(v.body(), StandardCharsets.UTF_8));
        }
        assertEquals(List.of(), failed);
    }

    @Test
    void aCompositionIsItsWalkthroughsSevenPanels() throws Exception {
        JsonNode v = view("{\"kind\":\"compose\",\"args\":[\"(12,3,6):(1,72,12)\",\"(6,6):(1,6)\"]}");
        assertTrue(v.get("steps").asBoolean());
        assertEquals("(6,(2,3)):(1,(6,72))", v.get("text").asText()); // the README's and CuTe's answer
        assertEquals(7, v.get("figures").size());
        assertTrue(v.get("figures").get(2).get("label").asText().contains("mutual refinement"));
        assertTrue(v.get("figures").get(0).get("svg").asText().startsWith("<?xml") || v.get("figures").get(0).get("svg").asText().startsWith("<svg"));
    }

    @Test
    void whereTheCategoryCannotComposeCuTesAlgorithmIsSteppedThrough() throws Exception {
        // (2,2):(3,1) is not tractable (2 does not divide 3): CuTe's walk, a line a step, then the composite's grid
        JsonNode v = view("{\"kind\":\"compose\",\"args\":[\"(2,2):(3,1)\",\"(2,2):(1,2)\"]}");
        assertTrue(v.get("notes").get(0).asText().contains("is not tractable"), v.get("notes").toString());
        JsonNode figures = v.get("figures");
        assertTrue(figures.get(0).get("label").asText().startsWith("CuTe's algorithm, step 1 of "));
        assertTrue(figures.get(0).get("text").asText().contains("coalesce_x(A)"));
        JsonNode last = figures.get(figures.size() - 1);
        assertEquals("A∘B = (2,2):(3,1)", last.get("label").asText()); // CuTe C++: composition((2,2):(3,1), (2,2):(1,2))
        assertTrue(last.has("svg"));
    }

    @Test
    void theCodeAndDrawEndpointsGiveTheCommandsOutput() throws Exception {
        HttpResponse<byte[]> cpp = post("/api/code?lang=cpp", "{\"kind\":\"op\",\"args\":[\"composition\",\"(4,4):(4,1)\",\"(2,2):(1,2)\"]}");
        assertEquals(200, cpp.statusCode());
        String text = new String(cpp.body(), StandardCharsets.UTF_8);
        assertTrue(text.contains("#include <cute/tensor.hpp>") && text.contains("composition"), text);
        HttpResponse<byte[]> dsl = post("/api/code?lang=dsl", "{\"kind\":\"op\",\"args\":[\"composition\",\"(4,4):(4,1)\",\"(2,2):(1,2)\"]}");
        assertTrue(new String(dsl.body(), StandardCharsets.UTF_8).contains("import cutlass.cute as cute"));
        HttpResponse<byte[]> png = post("/api/draw?format=png", "{\"kind\":\"layout\",\"args\":[\"(4,8):(1,4)\"]}");
        assertEquals(200, png.statusCode());
        assertEquals((byte) 0x89, png.body()[0]);
        assertEquals('P', png.body()[1]);
        assertTrue(png.headers().firstValue("Content-Disposition").orElseThrow().contains("layoutcat-layout.png"));
        HttpResponse<byte[]> tex = post("/api/draw?format=tex", "{\"kind\":\"layout\",\"args\":[\"(4,8):(1,4)\"]}");
        assertTrue(new String(tex.body(), StandardCharsets.US_ASCII).contains("tikzpicture"));
    }

    @Test
    void aCopyCellNamesWhereItsThreadAndValueLand() throws Exception {
        // ldmatrix x4 of halves over a 16x8... tile: source and destination, each cell's peer on the other side
        JsonNode v = view("{\"kind\":\"copy\",\"args\":[\"SM75_U32x4_LDSM_N\",\"16\",\"(32,1)\",\"(1,8)\"]}");
        JsonNode s = v.get("panels").get(0), d = v.get("panels").get(1);
        assertEquals(1, s.get("peerPanel").asInt());
        assertEquals(0, d.get("peerPanel").asInt());
        long cells = s.get("rows").asLong() * s.get("cols").asLong();
        for (int e = 0; e < cells; e++) {
            int peer = s.get("peer").get(e).asInt();
            if (peer < 0) continue;
            // the same (thread, value) pair on both sides: the owner of e in S holds peer in D
            assertEquals(s.get("thread").get(e).asInt(), d.get("thread").get(peer).asInt(), "element " + e);
        }
    }

    @Test
    void aCopyWithItsTensorsShowsEachElementsSourceAndDestinationOffsets() throws Exception {
        // cp.async of 16 bytes, 128 threads of 8 halves over a 16x64 tile, row-major in global memory into the SW128
        // atom's swizzle in shared memory: element (m, n) is read at 64 m + n and written at Sw<3,3,3>(64 m + n)
        JsonNode v = view("{\"kind\":\"copy\",\"args\":[\"SM80_CP_ASYNC_CACHEALWAYS_U128\",\"16\",\"(16,8):(8,1)\",\"(1,8)\"],"
                + "\"options\":{\"src\":\"(16,64):(64,1)\",\"dst\":\"Sw<3,3,3> o 0 o (16,64):(64,1)\"}}");
        JsonNode s = v.get("panels").get(0), d = v.get("panels").get(1);
        for (int m = 0; m < 16; m++) {
            for (int n = 0; n < 64; n++) {
                long x = 64L * m + n;
                int e = m + 16 * n;
                assertEquals(x, s.get("address").get(e).asLong());
                assertEquals(x ^ ((x & (7L << 6)) >> 3), d.get("address").get(e).asLong(), "(" + m + "," + n + ")");
            }
        }
        HttpResponse<byte[]> wrong = post("/api/view", "{\"kind\":\"copy\",\"args\":[\"SM80_CP_ASYNC_CACHEALWAYS_U128\",\"16\",\"(16,8):(8,1)\",\"(1,8)\"],"
                + "\"options\":{\"src\":\"(16,32):(32,1)\"}}");
        assertEquals(400, wrong.statusCode());
        assertTrue(JSON.readTree(wrong.body()).get("error").asText().contains("has 512 elements where the tile has 1024"));
    }

    @Test
    void aBankViewMarksEachConflictingElement() throws Exception {
        // a column of halves, row-major 64 wide: 8 threads read (t, 0), all in bank 0, 8 words: 8-way (the CUDA guide's rule)
        JsonNode column = view("{\"kind\":\"banks\",\"args\":[\"(8,64):(64,1)\",\"8:1\",\"2\"]}");
        JsonNode p = column.get("panels").get(0);
        for (int r = 0; r < 8; r++) {
            assertEquals(8, p.get("ways").get(r).asInt(), "row " + r);
            assertEquals(0, p.get("bank").get(r).asInt());
        }
        assertEquals(0, p.get("ways").get(8).asInt(), "column 1 is not read");
        assertTrue(column.get("reply").get("result").asText().length() > 0);
        // through the SW128 swizzle, 16-byte chunks down the rows: one word a bank, no conflict
        JsonNode swizzled = view("{\"kind\":\"banks\",\"args\":[\"Sw<3,3,3> o 0 o (8,64):(64,1)\",\"(8,8):(1,8)\",\"2\"]}");
        JsonNode q = swizzled.get("panels").get(0);
        int read = 0;
        for (JsonNode w : q.get("ways")) if (w.asInt() > 0) {
            read++;
            assertEquals(1, w.asInt());
        }
        assertEquals(64, read);
    }

    @Test
    void aStageOfInstructionsMarksEachInstructionsConflicts() throws Exception {
        // 32 threads each read 16 bytes down a column of a 64x64 tile of halves, 8 instructions across: a quarter warp's
        // 8 rows share banks 4c..4c+3, 8-way, 256 wavefronts against 32 (as bank_conflicts counts them); through the
        // SW128 swizzle the rows' chunks are permuted: one word a bank, 32 wavefronts
        JsonNode plain = view("{\"kind\":\"banks\",\"args\":[\"(64,64):(64,1)\",\"(32,8,8):(1,64,512)\",\"2\"]}");
        assertEquals("256", plain.get("text").asText());
        assertEquals("32", plain.get("reply").get("minimum").asText());
        JsonNode p = plain.get("panels").get(0);
        int read = 0;
        for (int e = 0; e < 4096; e++) {
            if (p.get("thread").get(e).asInt() < 0) continue;
            read++;
            assertEquals(8, p.get("ways").get(e).asInt());
            // index e = r + 64 c is read by thread r (rows 0..31), value c mod 8, instruction c / 8
            assertEquals(e % 64, p.get("thread").get(e).asInt());
            assertEquals((e / 64) / 8, p.get("instruction").get(e).asInt());
        }
        assertEquals(32 * 64, read);
        JsonNode swizzled = view("{\"kind\":\"banks\",\"args\":[\"Sw<3,3,3> o 0 o (64,64):(64,1)\",\"(32,8,8):(1,64,512)\",\"2\"]}");
        assertEquals("32", swizzled.get("text").asText());
        for (JsonNode w : swizzled.get("panels").get(0).get("ways")) assertTrue(w.asInt() <= 1);
    }

    @Test
    void aTiledCopysStageIsCountedAsCopyBankConflictsCountsIt() throws Exception {
        // the README's stage: cp.async of 16 bytes, 128 threads over a 128x64 tile of halves: 4 warps, 32 instructions,
        // each a quarter warp a 128-byte row: 128 wavefronts, the minimum
        JsonNode v = view("{\"kind\":\"copybanks\",\"args\":[\"(128,64):(64,1)\",\"SM80_CP_ASYNC_CACHEALWAYS_U128\",\"16\",\"(16,8):(8,1)\",\"(1,8)\"]}");
        assertEquals("128", v.get("text").asText());
        assertEquals("128", v.get("reply").get("minimum").asText());
        assertEquals("32", v.get("reply").get("instructions").asText());
        JsonNode p = v.get("panels").get(0);
        long last = 0;
        for (int e = 0; e < 128 * 64; e++) {
            assertEquals(1, p.get("ways").get(e).asInt(), "element " + e);
            last = Math.max(last, p.get("instruction").get(e).asLong());
        }
        assertEquals(31, last);
        assertTrue(v.get("figures").get(0).get("svg").asText().contains("<svg"));
        HttpResponse<byte[]> svg = post("/api/draw?format=svg", "{\"kind\":\"copybanks\",\"args\":[\"(128,64):(64,1)\",\"SM80_CP_ASYNC_CACHEALWAYS_U128\",\"16\",\"(16,8):(8,1)\",\"(1,8)\"]}");
        assertEquals(200, svg.statusCode());
    }

    @Test
    void anMmaOperandsLdmatrixStageIsCountedAsSwizzleSearchCountsIt() throws Exception {
        // ldmatrix.x4 into A of m16n8k16 tiled 2x2x1 over a K-major 128x64 tile of halves: 64 warp instructions; with no
        // swizzle each quarter warp's 8 rows share 4 banks, 8-way, 2,048 wavefronts; through SW128, 256, the minimum
        // (swizzle_search's README figures: 2,176 and 384 with cp.async's 128 added)
        String spec = "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1";
        JsonNode plain = view("{\"kind\":\"copybanks\",\"args\":[\"(128,64):(64,1)\",\"" + spec + "\"]}");
        assertEquals("2048", plain.get("text").asText());
        assertEquals("64", plain.get("reply").get("instructions").asText());
        for (JsonNode w : plain.get("panels").get(0).get("ways")) assertEquals(8, w.asInt());
        JsonNode swizzled = view("{\"kind\":\"copybanks\",\"args\":[\"Sw<3,3,3> o 0 o (128,64):(64,1)\",\"" + spec + "\"]}");
        assertEquals("256", swizzled.get("text").asText());
        assertEquals("256", swizzled.get("reply").get("minimum").asText());
        for (JsonNode w : swizzled.get("panels").get(0).get("ways")) assertEquals(1, w.asInt());
    }

    /**
     * Issue 37: the swizzle search's view ranks the candidates as swizzle_search does (the batch reply's result,
     * wavefronts, lower_bound, candidates, cutlass and cutlass_wavefronts) and draws the chosen candidate's stage: each
     * copy's tile of banks, the copy's wavefronts over that candidate as copy_bank_conflicts and the copy banks view count
     * them (the definition, instruction by instruction) and each copy's worst instruction.
     */
    @Test
    void theSwizzleSearchViewRanksAsTheOperationAndDrawsAChosenCandidatesStage() throws Exception {
        String write = "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)", read = "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1";
        List<String> args = List.of("(128,64)", "2", "K", write, read);
        ObjectNode line = JSON.createObjectNode().put("id", 1).put("op", "swizzle_search");
        args.forEach(line.putArray("args")::add);
        JsonNode batch = JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(line)));
        ObjectNode request = JSON.createObjectNode().put("kind", "swizzle-search");
        args.forEach(request.putArray("args")::add);
        JsonNode v = view(JSON.writeValueAsString(request));
        JsonNode ranking = v.get("ranking");
        assertEquals(batch.get("lower_bound").asLong(), ranking.get("lowerBound").asLong());
        assertEquals(batch.get("candidates").asInt(), ranking.get("tried").asInt());
        assertEquals(1, ranking.get("chosen").asInt());
        JsonNode best = ranking.get("candidates").get(0);
        assertEquals(batch.get("result").asText(), best.get("layout").asText());
        assertEquals(batch.get("wavefronts").asLong(), best.get("wavefronts").asLong());
        long last = 0;
        int cutlass = -1;
        for (JsonNode c : ranking.get("candidates")) {
            assertTrue(c.get("wavefronts").asLong() >= last, "ranked by wavefronts: " + c);
            last = c.get("wavefronts").asLong();
            assertEquals(c.get("wavefronts").asLong(), c.get("perAccess").get(0).asLong() + c.get("perAccess").get(1).asLong(), c::toString);
            assertTrue(c.get("wavefronts").asLong() >= batch.get("lower_bound").asLong(), c::toString);
            boolean isCutlass = c.get("layout").asText().equals(batch.get("cutlass").asText());
            assertEquals(isCutlass, c.get("cutlass").asBoolean(), c::toString);
            if (isCutlass) {
                assertEquals(batch.get("cutlass_wavefronts").asLong(), c.get("wavefronts").asLong());
                if (cutlass < 0) cutlass = c.get("rank").asInt();
            }
        }
        assertTrue(cutlass > 0, "CUTLASS's choice is among the candidates");
        assertEquals(2, v.get("panels").size()); // the best's tile under the write and under the read
        HttpResponse<byte[]> picture = post("/api/draw?format=svg", JSON.writeValueAsString(request)); // the worst instructions, which the page asks for next
        assertEquals(200, picture.statusCode());
        assertTrue(new String(picture.body(), StandardCharsets.UTF_8).contains("<svg"));

        // CUTLASS's choice, by its rank: its stage, each copy counted instruction by instruction as copy_bank_conflicts
        // and the copy banks view count a tiled copy's stage
        ((ArrayNode) request.get("args")).add(String.valueOf(cutlass));
        JsonNode chosen = view(JSON.writeValueAsString(request));
        assertEquals(cutlass, chosen.get("ranking").get("chosen").asInt());
        String layout = batch.get("cutlass").asText();
        JsonNode row = chosen.get("ranking").get("candidates").get(cutlass - 1);
        ObjectNode stage = JSON.createObjectNode().put("id", 2).put("op", "copy_bank_conflicts");
        for (String a : List.of(layout, "SM80_CP_ASYNC_CACHEALWAYS_U128", "16", "(16,8):(8,1)", "(1,8)")) ((ArrayNode) stage.withArray("args")).add(a);
        assertEquals(JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(stage))).get("result").asLong(), row.get("perAccess").get(0).asLong());
        JsonNode operand = view(JSON.writeValueAsString(JSON.createObjectNode().put("kind", "copybanks").set("args",
                JSON.createArrayNode().add(layout).add(read))));
        assertEquals(operand.get("text").asLong(), row.get("perAccess").get(1).asLong());
        JsonNode p = chosen.get("panels").get(0), q = chosen.get("panels").get(1);
        assertEquals(128 * 64, p.get("offset").size());
        assertEquals(p.get("cols").asLong(), q.get("x").asLong(), "the read's tile right of the write's");
        assertEquals(0, q.get("shares").asInt(), "the same tile: its offsets and banks sent once");
        // each cell: the candidate's offset of the element (CuTe's smem_ptr[16b] swizzle of byte addresses, as element
        // offsets), and its bank, ⌊offset·2 B / 4 B⌋ mod 32
        org.layoutcat.core.ComposedLayout l = ((org.layoutcat.core.ComposedLayout) org.layoutcat.core.AnyLayout.parse(layout)).inOffsetForm();
        for (int e = 0; e < 128 * 64; e += 37) {
            assertEquals(l.apply(e), p.get("offset").get(e).asLong(), "element " + e);
            assertEquals(Math.floorMod(Math.floorDiv(2 * l.apply(e), 4), 32), p.get("bank").get(e).asLong(), "element " + e);
        }
        assertTrue(chosen.get("title").asText().contains("candidate " + cutlass + " of "), chosen.get("title").asText());
        ((ArrayNode) request.get("args")).set(5, "100000");
        HttpResponse<byte[]> past = post("/api/view", JSON.writeValueAsString(request));
        assertEquals(400, past.statusCode());
        assertTrue(JSON.readTree(past.body()).get("error").asText().startsWith("candidate 100000: the search ranks "),
                new String(past.body(), StandardCharsets.UTF_8));
    }

    /** A view, the operation behind it, and that operation's arguments. */
    static Stream<Arguments> views() {
        String sw = "Sw<3,3,3> o 0 o (8,64):(64,1)";
        return Stream.of(
                Arguments.of("compose", List.of("(12,3,6):(1,72,12)", "(6,6):(1,6)"), "composition", List.of("(12,3,6):(1,72,12)", "(6,6):(1,6)")),
                // a swizzled layout composed with a plain one: CuTe's Sw<3,3,3> o 0 o (8,8):(64,1), as compose and batch answer
                Arguments.of("compose", List.of(sw, "(8,8):(1,8)"), "composition", List.of(sw, "(8,8):(1,8)")),
                Arguments.of("compose", List.of("(4,6):(1,5)", "3:2"), "composition", List.of("(4,6):(1,5)", "3:2")),
                Arguments.of("divide", List.of("(4,8):(1,4)", "(2,2):(1,4)"), "logical_divide", List.of("(4,8):(1,4)", "(2,2):(1,4)")),
                Arguments.of("product", List.of("(2,2):(4,1)", "6:1"), "logical_product", List.of("(2,2):(4,1)", "6:1")),
                Arguments.of("refinement", List.of("(4,6)", "(2,12)"), "mutual_refinement", List.of("(4,6)", "(2,12)")),
                Arguments.of("morphism", List.of("(2,2):(3,30)"), "to_morphism", List.of("(2,2):(3,30)")),
                Arguments.of("op", List.of("complement", "(2,4):(1,2)", "16"), "complement", List.of("(2,4):(1,2)", "16")),
                Arguments.of("swizzle-search", List.of("(128,16)", "2", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(64,2):(2,1)/(1,8)",
                        "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1", "3"), "swizzle_search", List.of("(128,16)", "2", "K",
                        "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(64,2):(2,1)/(1,8)", "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1")),
                Arguments.of("op", List.of("coalesce", sw), "coalesce", List.of(sw)),
                Arguments.of("op", List.of("bank_conflicts", "(8,64):(64,1)", "(32,8):(64,1)", "2"), "bank_conflicts",
                        List.of("(8,64):(64,1)", "(32,8):(64,1)", "2")));
    }

    /**
     * Every view with an operation behind it answers as the batch mode answers that operation's request: the same
     * result, the same further fields, and the same refusal in the same words. The request a view names is the one its
     * C++ button compiles, so it is checked to be the view's own.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("views")
    void aViewAnswersAsTheBatchModeDoes(String kind, List<String> args, String op, List<String> opArgs) throws Exception {
        ObjectNode request = JSON.createObjectNode().put("kind", kind);
        ArrayNode a = request.putArray("args");
        args.forEach(a::add);
        request.putObject("options");
        HttpResponse<byte[]> r = post("/api/view", JSON.writeValueAsString(request));
        JsonNode view = JSON.readTree(r.body());

        ObjectNode line = JSON.createObjectNode().put("id", 1).put("op", op);
        ArrayNode b = line.putArray("args");
        opArgs.forEach(b::add);
        JsonNode batch = JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(line)));

        if (batch.has("error")) {
            assertEquals(400, r.statusCode(), view::toString);
            assertEquals(batch.get("error").asText(), view.get("error").asText());
            return;
        }
        assertEquals(200, r.statusCode(), view::toString);
        ObjectNode expected = ((ObjectNode) batch).deepCopy();
        expected.remove("id");
        assertEquals(expected, view.get("reply"), "the view's reply is the batch mode's");
        assertEquals(batch.get("result").asText(), view.get("text").asText(), "the text a view copies is its value");
        assertEquals(op, view.get("request").get("op").asText(), "the request a view names is its own");
        assertFalse(view.get("request").get("args").isEmpty());
    }
}
