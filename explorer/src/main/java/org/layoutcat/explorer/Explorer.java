package org.layoutcat.explorer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.layoutcat.ops.batch.BatchEngine;
import org.layoutcat.ops.Failure;
import org.layoutcat.ops.code.CodeWriter;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.diagrams.Palette;
import org.layoutcat.examples.Catalog;
import org.layoutcat.examples.Example;

/**
 * {@code layoutcat serve}: the explorer, a small web application over the engine on the JDK's HTTP server. One page
 * and its two assets, served from the jar; a JSON API the page calls:
 * <ul>
 *   <li>{@code GET /api/catalog}: the kinds of view, the operations of the table, the atoms, the gallery's examples;</li>
 *   <li>{@code GET /api/schema}: the table as the page builds its forms from it: every operation with its group, its
 *       parameters (name, kind words, optional) and its pictures, each with its options and their defaults;</li>
 *   <li>{@code POST /api/view}: a view ({@link Views}) of {@code {"kind", "args", "options"}};</li>
 *   <li>{@code POST /api/draw?format=svg|png|tex}: the same request's picture, as {@code layoutcat draw} writes it;</li>
 *   <li>{@code POST /api/code?lang=cpp|dsl|decl}: an operation's CuTe C++ test or CuTe DSL check, as {@code layoutcat cpp},
 *       or its answer (a layout) as a C++ type declaration;</li>
 *   <li>{@code POST /api/batch}: one request of the batch protocol, answered as {@code layoutcat batch} answers it.</li>
 * </ul>
 *
 * <p>Safe to leave running: it binds the loopback address unless told otherwise, answers only requests addressed to
 * the name it is bound under (no DNS rebinding), reads no file (its assets are resources of the jar), refuses a body
 * past {@link #MAX_BODY} bytes (the batch endpoint: {@link #MAX_BATCH_BODY}), works on {@link #WORKERS} requests at
 * once and refuses more than {@link #QUEUE} waiting, takes on a request only where its estimated memory fits in a budget
 * beside the others' and refuses one past the whole budget, gives each request {@link #TIME_LIMIT_S} seconds of work
 * (counted from the start of its work, not its wait) or says it took too long ({@link Admission}), and its page loads
 * nothing from any other host (a content security policy of {@code 'self'}).
 */
public final class Explorer implements AutoCloseable {

    /** Largest request body of the page's endpoints, in bytes. */
    static final int MAX_BODY = 64 * 1024;
    /** Largest batch request, in bytes: the batch mode's longest line. */
    static final int MAX_BATCH_BODY = 4 * 1024 * 1024;
    /** Seconds a request's work may take, counted from the start of its work. */
    static final int TIME_LIMIT_S = 10;
    /** Requests worked on at once. */
    static final int WORKERS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
    /** Requests waiting for a worker before more are refused. */
    static final int QUEUE = 32;

    private static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:;"
            + " connect-src 'self'; font-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

    /** The page and its assets: path → (resource, content type). Nothing else is served from the jar or the disk. */
    private static final Map<String, String[]> ASSETS = Map.of(
            "/", new String[] {"index.html", "text/html; charset=utf-8"},
            "/index.html", new String[] {"index.html", "text/html; charset=utf-8"},
            "/app.js", new String[] {"app.js", "text/javascript; charset=utf-8"},
            "/app.css", new String[] {"app.css", "text/css; charset=utf-8"},
            "/favicon.svg", new String[] {"favicon.svg", "image/svg+xml"});

    private final HttpServer server;
    private final Admission admission;
    private final ExecutorService handlers;
    private final Set<String> hosts;
    private final byte[] catalog;
    private final byte[] schema;

    private Explorer(HttpServer server, Admission admission, ExecutorService handlers, Set<String> hosts) {
        this.server = server;
        this.admission = admission;
        this.handlers = handlers;
        this.hosts = hosts;
        this.catalog = catalog();
        this.schema = schema();
    }

    /**
     * Starts the explorer on {@code address:port} (port 0: a free one).
     *
     * @throws IllegalArgumentException where the port is out of range or taken, naming it
     */
    public static Explorer start(InetAddress address, int port) {
        return start(address, port, Admission.Limits.defaults());
    }

    /**
     * Starts the explorer on {@code address:port} working within a memory budget of {@code budget} bytes (the
     * default: {@link Admission#BUDGET}, or half the heap where that is less): a request estimated past it is refused.
     *
     * @throws IllegalArgumentException where the port is out of range or taken, or the budget is under 1 MiB
     */
    public static Explorer start(InetAddress address, int port, long budget) {
        Admission.Limits d = Admission.Limits.defaults();
        return start(address, port, new Admission.Limits(d.workers(), d.waiting(), d.waitLimitS(), d.workLimitS(), budget));
    }

    /**
     * Starts the explorer on {@code address:port} where a request may work up to {@code workLimit} (the default: 10 s)
     * before it is given up with a 503: for a slow or shared machine, or a person who draws large pictures.
     *
     * @throws IllegalArgumentException where the port is out of range or taken, or the limit is under 1 s
     */
    public static Explorer start(InetAddress address, int port, java.time.Duration workLimit) {
        Admission.Limits d = Admission.Limits.defaults();
        return start(address, port, new Admission.Limits(d.workers(), d.waiting(), d.waitLimitS(), workLimit.toSeconds(), d.budget()));
    }

    static Explorer start(InetAddress address, int port, Admission.Limits limits) {
        if (port < 0 || port > 65535) throw new IllegalArgumentException("--port " + port + " is outside 0..65535");
        // a client that sends its request or reads its reply slowly is cut off (the JDK's server reads these once)
        System.setProperty("sun.net.httpserver.maxReqTime", System.getProperty("sun.net.httpserver.maxReqTime", "30"));
        System.setProperty("sun.net.httpserver.maxRspTime", System.getProperty("sun.net.httpserver.maxRspTime", "60"));
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(address, port), 64);
        } catch (java.net.BindException e) {
            throw new IllegalArgumentException("cannot listen on " + address.getHostAddress() + ":" + port + ": " + e.getMessage()
                    + " (another program has the port? --port 0 takes a free one)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Admission admission = new Admission(limits);
        // a connection waits on its client in a virtual thread of its own: slow clients hold no worker and no page
        ExecutorService handlers = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("layoutcat-explorer-http-", 0).factory());
        int bound = server.getAddress().getPort();
        Set<String> hosts = hosts(address, bound);
        Explorer e = new Explorer(server, admission, handlers, hosts);
        server.createContext("/", e::handle);
        server.setExecutor(handlers);
        server.start();
        return e;
    }

    /**
     * The Host headers a request may carry: the loopback names for a loopback address; the address and its name for
     * another; every address of this machine's interfaces and its name for the wildcard address.
     */
    private static Set<String> hosts(InetAddress address, int port) {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        java.util.List<InetAddress> addresses = new java.util.ArrayList<>(List.of(address));
        if (address.isLoopbackAddress()) {
            names.add("localhost");
        } else if (address.isAnyLocalAddress()) {
            try {
                for (var ni : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
                    addresses.addAll(java.util.Collections.list(ni.getInetAddresses()));
                }
                names.add(InetAddress.getLocalHost().getHostName());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            names.add("localhost");
        } else {
            names.add(address.getHostName());
        }
        for (InetAddress a : addresses) {
            String h = a.getHostAddress();
            int zone = h.indexOf('%');
            if (zone >= 0) h = h.substring(0, zone);
            names.add(a instanceof java.net.Inet6Address ? "[" + h + "]" : h);
            if (a.isLoopbackAddress()) names.addAll(List.of("127.0.0.1", "[::1]", "[0:0:0:0:0:0:0:1]"));
        }
        java.util.Set<String> out = new java.util.HashSet<>();
        for (String n : names) out.add((n + ":" + port).toLowerCase(java.util.Locale.ROOT));
        return Set.copyOf(out);
    }

    /** The address the page is at, {@code http://127.0.0.1:PORT/}. */
    public URI uri() {
        InetSocketAddress a = server.getAddress();
        InetAddress ip = a.getAddress();
        String host = ip.isAnyLocalAddress() ? "127.0.0.1" // the wildcard: this machine's loopback reaches it too
                : ip instanceof java.net.Inet6Address ? "[" + (ip.isLoopbackAddress() ? "::1" : ip.getHostAddress().replaceAll("%.*", "")) + "]"
                : ip.getHostAddress();
        return URI.create("http://" + host + ":" + a.getPort() + "/");
    }

    @Override
    public void close() {
        server.stop(0);
        admission.close();
        handlers.shutdownNow();
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            Headers h = x.getResponseHeaders();
            h.set("Content-Security-Policy", CSP);
            h.set("X-Content-Type-Options", "nosniff");
            h.set("Referrer-Policy", "no-referrer");
            h.set("Cross-Origin-Resource-Policy", "same-origin");
            String host = x.getRequestHeaders().getFirst("Host");
            if (host == null || !hosts.contains(host.toLowerCase(java.util.Locale.ROOT))) {
                text(x, 403, "this explorer answers requests addressed to " + uri().getAuthority() + ", not to '"
                        + (host == null ? "" : org.layoutcat.core.LayoutArgumentException.quote(host)) + "'");
                return;
            }
            String path = x.getRequestURI().getRawPath();
            String method = x.getRequestMethod();
            if (path.startsWith("/api/")) {
                api(x, path, method);
                return;
            }
            String[] asset = ASSETS.get(path);
            if (asset == null) {
                text(x, 404, "no page " + org.layoutcat.core.LayoutArgumentException.quote(path) + " here: the explorer is at /");
                return;
            }
            if (!method.equals("GET") && !method.equals("HEAD")) {
                text(x, 405, path + " is read with GET");
                return;
            }
            byte[] body = resource(asset[0]);
            h.set("Cache-Control", "no-cache");
            send(x, 200, asset[1], body);
        }
    }

    private void api(HttpExchange x, String path, String method) throws IOException {
        Map<String, String> query;
        try {
            query = query(x.getRequestURI().getRawQuery());
        } catch (IllegalArgumentException e) {
            json(x, 400, error("the query '" + org.layoutcat.core.LayoutArgumentException.quote(String.valueOf(x.getRequestURI().getRawQuery()))
                    + "' is not valid: " + e.getMessage()));
            return;
        }
        String refused = crossSite(x, method);
        if (refused != null) {
            json(x, 403, error(refused));
            return;
        }
        if (path.equals("/api/catalog") || path.equals("/api/schema")) {
            if (!method.equals("GET")) {
                json(x, 405, error(path + " is read with GET"));
                return;
            }
            send(x, 200, "application/json", path.equals("/api/schema") ? schema : catalog);
            return;
        }
        if (!method.equals("POST")) {
            json(x, 405, error(path + " takes a POST of a JSON request"));
            return;
        }
        if (!List.of("/api/view", "/api/draw", "/api/code", "/api/batch").contains(path)) {
            json(x, 404, error("no endpoint " + org.layoutcat.core.LayoutArgumentException.quote(path)
                    + ": /api/catalog, /api/schema, /api/view, /api/draw, /api/code, /api/batch"));
            return;
        }
        // a place among the requests in hand before the body is read: the bodies held are bounded too
        if (!admission.enter()) {
            json(x, 503, error(admission.busy()));
            return;
        }
        try {
            work(x, path, query);
        } finally {
            admission.leave();
        }
    }

    private void work(HttpExchange x, String path, Map<String, String> query) throws IOException {
        boolean batch = path.equals("/api/batch");
        byte[] body = body(x, batch ? MAX_BATCH_BODY : MAX_BODY);
        if (body == null) {
            json(x, 413, error("the request is larger than " + (batch ? MAX_BATCH_BODY : MAX_BODY) + " bytes"));
            return;
        }
        Admission.Estimate cost = Admission.estimate(path, query.getOrDefault("format", "svg"), body);
        switch (path) {
            case "/api/view" -> answer(x, path, cost, () -> new Reply(200, "application/json", Views.view(Views.read(body)), null));
            case "/api/draw" -> answer(x, path, cost, () -> {
                String format = query.getOrDefault("format", "svg");
                Views.Request r = Views.read(body);
                byte[] bytes = Views.draw(r, format);
                String type = switch (format) {
                    case "png" -> "image/png";
                    case "svg" -> "image/svg+xml";
                    default -> "application/x-tex; charset=us-ascii";
                };
                return new Reply(200, type, bytes, "layoutcat-" + r.kind() + "." + format);
            });
            case "/api/code" -> answer(x, path, cost, () -> {
                String lang = query.getOrDefault("lang", "cpp");
                Views.Request r = Views.read(body);
                if (!r.kind().equals("op")) throw new IllegalArgumentException("/api/code takes an operation: {\"kind\": \"op\", \"args\": [op, ...]}");
                String op = r.arg(0, "the operation");
                List<String> args = r.args().subList(1, r.args().size());
                String code = switch (lang) {
                    case "cpp" -> CodeWriter.cpp(op, args);
                    case "dsl" -> CodeWriter.dsl(op, args);
                    case "decl" -> CodeWriter.declaration(op, args);
                    default -> throw new IllegalArgumentException("lang '" + org.layoutcat.core.LayoutArgumentException.quote(lang)
                            + "': cpp, dsl or decl");
                };
                return new Reply(200, "text/plain; charset=utf-8", code.getBytes(StandardCharsets.UTF_8), null);
            });
            case "/api/batch" -> answer(x, path, cost, () -> {
                String reply = BatchEngine.reply(new String(body, StandardCharsets.UTF_8));
                return new Reply(200, "application/json", (reply == null ? error("the request is blank") : reply)
                        .getBytes(StandardCharsets.UTF_8), null);
            });
            default -> throw new IllegalStateException(path);
        }
    }

    /**
     * Why a request from another site is refused, or null: a page elsewhere may send a "simple" POST that no
     * preflight guards (a form's content type) and make the explorer work for it. So a POST must carry JSON's content
     * type (which makes a browser ask first, and the explorer never allows another origin), and a request a browser
     * marks as sent from another site or origin is refused.
     */
    private String crossSite(HttpExchange x, String method) {
        Headers h = x.getRequestHeaders();
        String site = h.getFirst("Sec-Fetch-Site");
        if (site != null && !site.equals("same-origin") && !site.equals("none")) return "this explorer answers its own page, not a request from another site";
        String origin = h.getFirst("Origin");
        if (origin != null) { // "null" too: a sandboxed frame of any page sends that
            String own = origin.replaceFirst("^https?://", "").toLowerCase(java.util.Locale.ROOT);
            if (!hosts.contains(own)) return "this explorer answers its own page, not one from " + org.layoutcat.core.LayoutArgumentException.quote(origin);
        }
        if (method.equals("POST")) {
            String type = h.getFirst("Content-Type");
            if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
                return "a POST to the explorer carries Content-Type: application/json";
            }
        }
        return null;
    }

    /** A reply: its status, content type, body, and the name of the file it is saved as (or null). */
    record Reply(int status, String type, byte[] body, String filename) {}

    /**
     * Works out a reply on a worker, admitted by its estimated cost, within the time limit from the start of its work
     * ({@link Admission#answer}); a refusal is a 400 with the engine's reason.
     */
    private void answer(HttpExchange x, String path, Admission.Estimate cost, Supplier<Reply> work) throws IOException {
        admission.answer(x.getRequestMethod() + " " + path, cost, () -> {
            try {
                return work.get();
            } catch (RuntimeException | StackOverflowError e) { // as the batch mode tells them (any other Error ends the work)
                return switch (Failure.of(null, e)) {
                    case Failure.Refused f -> new Reply(400, "application/json", error(f.message()).getBytes(StandardCharsets.UTF_8), null);
                    case Failure.Internal f -> {
                        System.err.println("layoutcat serve: an internal error answered " + path + ":");
                        e.printStackTrace();
                        yield new Reply(500, "application/json", error(f.message()).getBytes(StandardCharsets.UTF_8), null);
                    }
                };
            }
        }, r -> {
            if (r.filename() != null) x.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"" + r.filename() + "\"");
            x.getResponseHeaders().set("Cache-Control", "no-store");
            send(x, r.status(), r.type(), r.body());
        });
    }

    /** The body, or null past {@code limit} bytes. */
    private static byte[] body(HttpExchange x, int limit) throws IOException {
        String length = x.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > limit) return null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        try (InputStream in = x.getRequestBody()) {
            byte[] b = in.readNBytes(limit + 1);
            return b.length > limit ? null : b;
        }
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> q = new java.util.LinkedHashMap<>();
        if (raw == null) return q;
        for (String part : raw.split("&")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                q.put(java.net.URLDecoder.decode(part.substring(0, eq), StandardCharsets.UTF_8),
                        java.net.URLDecoder.decode(part.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return q;
    }

    private static void send(HttpExchange x, int status, String type, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", type);
        // a refusal may leave the request's body unread (too large, another host, busy), and then the server drops the
        // connection: say so, so that a client does not send its next request on a connection about to close
        if (status >= 400) x.getResponseHeaders().set("Connection", "close");
        boolean head = x.getRequestMethod().equals("HEAD");
        x.sendResponseHeaders(status, head ? -1 : body.length == 0 ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream out = x.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static void text(HttpExchange x, int status, String message) throws IOException {
        send(x, status, "text/plain; charset=utf-8", (message + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void json(HttpExchange x, int status, String json) throws IOException {
        send(x, status, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code {"error": message}}. */
    static String error(String message) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (JsonGenerator g = Views.JSON.createGenerator(b)) {
            g.writeStartObject();
            g.writeStringField("error", org.layoutcat.core.LayoutArgumentException.cut(message)); // cut as the batch mode cuts its errors
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toString(StandardCharsets.UTF_8);
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = Explorer.class.getResourceAsStream("www/" + name)) {
            if (in == null) throw new IOException("the jar lacks the explorer's " + name);
            return in.readAllBytes();
        }
    }

    /**
     * The table as the page's forms read it, computed once, at start: {@code {"ops": [{name, group, help, usage,
     * params: [{name, kind, optional, help, list}], example, pictures: [names]}], "views": [{name, label, op, view, help,
     * args: [{name, label, kind, optional, choices, value}], options: [{name, label, choices, value}]}]}}. A view is the
     * first operation declaring a picture of its name (as {@code draw NAME} takes it); its positional arguments are
     * the operation's parameters and the picture's trailing options; its options, the picture's others but the title
     * and those naming an argument. Defaults: the operation's example.
     */
    static byte[] schema() {
        ByteArrayOutputStream b = new ByteArrayOutputStream(1 << 16);
        try (JsonGenerator g = Views.JSON.createGenerator(b)) {
            g.writeStartObject();
            g.writeArrayFieldStart("ops");
            for (Operation o : Operations.all()) {
                g.writeStartObject();
                g.writeStringField("name", o.name());
                g.writeStringField("group", o.group().words());
                g.writeStringField("help", o.help());
                g.writeStringField("usage", o.usage());
                g.writeArrayFieldStart("params");
                for (org.layoutcat.ops.Param<?> p : o.params()) {
                    g.writeStartObject();
                    g.writeStringField("name", p.name());
                    g.writeStringField("kind", p.kind().words());
                    g.writeBooleanField("optional", p.optional());
                    g.writeStringField("help", p.help());
                    if (list(p) != null) g.writeStringField("list", list(p));
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeArrayFieldStart("example");
                for (String a : o.example()) g.writeString(a);
                g.writeEndArray();
                g.writeArrayFieldStart("pictures");
                for (org.layoutcat.ops.Picture p : o.pictures()) g.writeString(p.name());
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("views");
            for (String name : org.layoutcat.ops.Pictures.names()) {
                org.layoutcat.ops.Pictures.Drawn d = org.layoutcat.ops.Pictures.find(name);
                org.layoutcat.ops.Picture p = d.picture();
                Operation o = d.op();
                g.writeStartObject();
                g.writeStringField("name", p.name());
                g.writeStringField("label", p.label());
                g.writeStringField("op", o.name());
                g.writeStringField("view", p.view().name());
                g.writeStringField("help", o.name() + ": " + o.help() + " — draw " + p.name() + " takes " + p.words());
                g.writeArrayFieldStart("args");
                List<org.layoutcat.ops.Param<?>> params = o.params().subList(0, Math.min(o.params().size(), p.leading()));
                for (int i = 0; i < params.size(); i++) {
                    org.layoutcat.ops.Param<?> q = params.get(i);
                    g.writeStartObject();
                    g.writeStringField("name", q.name());
                    g.writeStringField("label", q.name() + (q.optional() ? " (optional)" : "") + ": " + q.help());
                    g.writeStringField("kind", q.kind().words());
                    g.writeBooleanField("optional", q.optional());
                    if (list(q) != null) g.writeStringField("list", list(q));
                    g.writeStringField("value", i < o.example().size() ? o.example().get(i) : "");
                    g.writeEndObject();
                }
                for (org.layoutcat.ops.Picture.Option<?> t : p.trailing()) option(g, t, true);
                g.writeEndArray();
                g.writeArrayFieldStart("options");
                for (org.layoutcat.ops.Picture.Option<?> t : p.options()) {
                    if (t != org.layoutcat.ops.Picture.TITLE && !p.trailing().contains(t) && !p.naming().contains(t)) option(g, t, false);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }

    /** The page's list of names a parameter takes ({@code mma}, {@code copy}: the atoms), or null. */
    private static String list(org.layoutcat.ops.Param<?> p) {
        if (p.kind() == org.layoutcat.ops.ArgKind.MMA_ATOM) return "mma";
        if (p.kind() == org.layoutcat.ops.ArgKind.COPY_ATOM) return "copy";
        return null;
    }

    /** An option in the schema: its name, label, choices (with none first where it has no default) and default. */
    private static void option(JsonGenerator g, org.layoutcat.ops.Picture.Option<?> o, boolean optional) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", o.name());
        g.writeStringField("label", o.label() + (optional ? " (optional)" : ""));
        g.writeBooleanField("optional", true);
        String value = o.otherwise() == null ? "" : o.choices().stream()
                .filter(c -> { try { return o.flag().apply(c).equals(o.otherwise()); } catch (IllegalArgumentException e) { return false; } })
                .findFirst().orElse("");
        if (!o.choices().isEmpty()) {
            g.writeArrayFieldStart("choices");
            if (o.otherwise() == null) g.writeString("");
            for (String c : o.choices()) g.writeString(c);
            g.writeEndArray();
        }
        g.writeStringField("value", value);
        g.writeEndObject();
    }

    /** What the page offers: kinds, operations, atoms, examples and the palette. Computed once, at start. */
    private static byte[] catalog() {
        ByteArrayOutputStream b = new ByteArrayOutputStream(1 << 16);
        try (JsonGenerator g = Views.JSON.createGenerator(b)) {
            g.writeStartObject();
            g.writeArrayFieldStart("kinds");
            for (String k : org.layoutcat.ops.Pictures.names()) g.writeString(k);
            g.writeEndArray();
            g.writeArrayFieldStart("ops");
            for (Operation o : Operations.all()) {
                g.writeStartObject();
                g.writeStringField("name", o.name());
                g.writeStringField("usage", o.usage());
                g.writeStringField("help", o.help());
                g.writeStringField("group", o.group().words());
                g.writeArrayFieldStart("example");
                for (String a : o.example()) g.writeString(a);
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("mma");
            for (MmaAtom a : Atoms.mmaAtoms()) g.writeString(a.name());
            for (MmaAtom a : Atoms.gmmaAtoms()) g.writeString(a.name());
            for (MmaAtom a : Atoms.ummaSamples()) g.writeString(a.name()); // one of each UMMA family: its M and N are the name's to edit
            for (MmaAtom a : Atoms.sm120Atoms()) g.writeString(a.name());
            g.writeEndArray();
            g.writeArrayFieldStart("copy");
            for (CopyAtom a : Atoms.copyAtoms()) g.writeString(a.name());
            g.writeEndArray();
            g.writeArrayFieldStart("examples");
            for (Example e : Catalog.all()) {
                if (e.picture().isEmpty()) continue;
                var f = e.picture().get();
                g.writeStartObject();
                g.writeStringField("source", e.source().title());
                g.writeStringField("section", e.section());
                g.writeStringField("title", e.title());
                g.writeStringField("kind", f.kind());
                g.writeArrayFieldStart("args");
                for (String a : f.args()) g.writeString(a);
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("palette");
            for (int i = 0; i < Palette.size(); i++) g.writeString(Palette.fill(i));
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }
}
