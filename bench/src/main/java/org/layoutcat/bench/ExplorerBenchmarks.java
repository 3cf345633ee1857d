package org.layoutcat.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.layoutcat.explorer.Explorer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The explorer's answers over HTTP on the loopback, as the page asks for them: the page itself, the catalog, the views
 * of the large cases (a 128x256 tiled MMA, a 256x256 layout, the 128x64 swizzled tile with its banks) and the
 * PNG of that tile. The time of a view is the server's part of drawing it; the page's part is measured in the browser
 * ({@code window.layoutcat.timings}, printed by ExplorerBrowserTest).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class ExplorerBenchmarks {
    Explorer explorer;
    HttpClient http;
    URI base;

    static final String MMA = "{\"kind\":\"mma\",\"args\":[\"SM80_16x8x16_F16F16F16F16_TN\",\"4x2x1\",\"<128,256,16>\"]}";
    static final String LAYOUT = "{\"kind\":\"layout\",\"args\":[\"(256,256):(256,1)\"]}";
    static final String SWIZZLED = "{\"kind\":\"layout\",\"args\":[\"Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))\",\"2\"]}";

    @Setup(Level.Trial)
    public void start() {
        explorer = Explorer.start(InetAddress.getLoopbackAddress(), 0);
        http = HttpClient.newHttpClient();
        base = explorer.uri();
    }

    @TearDown(Level.Trial)
    public void stop() {
        explorer.close();
    }

    private byte[] get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(base.resolve(path)).build(), HttpResponse.BodyHandlers.ofByteArray()).body();
    }

    private byte[] post(String path, String body) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) throw new IllegalStateException(path + " " + body + ": " + r.statusCode());
        return r.body();
    }

    @Benchmark
    public byte[] page() throws Exception {
        return get("/");
    }

    @Benchmark
    public byte[] catalog() throws Exception {
        return get("/api/catalog");
    }

    @Benchmark
    public byte[] viewTiledMma128x256() throws Exception {
        return post("/api/view", MMA);
    }

    @Benchmark
    public byte[] viewLayout256x256() throws Exception {
        return post("/api/view", LAYOUT);
    }

    @Benchmark
    public byte[] viewSwizzledTile128x64() throws Exception {
        return post("/api/view", SWIZZLED);
    }

    @Benchmark
    public byte[] pngSwizzledTile128x64() throws Exception {
        return post("/api/draw?format=png", SWIZZLED);
    }

    @Benchmark
    public byte[] svgTiledMma128x256() throws Exception {
        return post("/api/draw?format=svg", MMA);
    }
}
