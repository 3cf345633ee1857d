package org.layoutcat.examples;

import org.layoutcat.diagrams.Markup;
import org.layoutcat.diagrams.export.Exports;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The gallery: every example run, grouped by source, with its expected and computed values, a ✓ or ✗, and its
 * picture inline — written as {@code index.html} beside one SVG file per picture.
 */
public final class Gallery {
    /** What a gallery run produced. */
    public record Result(int examples, int passed, int failed, int pictures, Path index) {
        /** {@code N examples: N passed, N failed}. */
        public String summary() {
            return examples + " examples: " + passed + " passed, " + failed + " failed";
        }
    }

    private Gallery() {}

    /**
     * Runs every example of {@code examples}, draws their figures as SVG, writes into {@code dir}.
     *
     * @throws IllegalStateException where a figure cannot be drawn, naming the example
     * @throws IOException where a file cannot be written
     */
    public static Result write(List<Example> examples, Path dir) throws IOException {
        Files.createDirectories(dir);
        Map<Source, List<Example.Outcome>> bySource = new EnumMap<>(Source.class);
        for (Example e : examples) bySource.computeIfAbsent(e.source(), s -> new ArrayList<>()).add(e.check());
        Map<String, String> svgs = new LinkedHashMap<>();
        int passed = 0;
        int failed = 0;
        StringBuilder body = new StringBuilder();
        StringBuilder toc = new StringBuilder("<nav><ul>");
        int n = 0;
        for (Map.Entry<Source, List<Example.Outcome>> group : bySource.entrySet()) {
            Source source = group.getKey();
            int ok = (int) group.getValue().stream().filter(Example.Outcome::passed).count();
            toc.append("<li><a href=\"#").append(source.key()).append("\">").append(Markup.escape(source.title())).append("</a> — ")
               .append(ok).append('/').append(group.getValue().size()).append("</li>");
            body.append("<section id=\"").append(source.key()).append("\"><h2>").append(Markup.escape(source.title()))
                .append(" <small>(").append(source == Source.PAPER_NOTES ? "shared/PAPER-NOTES.md"
                        : source == Source.ATOMS ? "CUTLASS cute/atom, printed by CuTe C++"
                        : source == Source.SWIZZLE ? "CuTe C++'s swizzles and GMMA atoms; the CUDA C++ Programming Guide's shared-memory banks"
                        : "seed " + source.key())
                .append(")</small></h2>\n");
            for (Example.Outcome o : group.getValue()) {
                n++;
                if (o.passed()) passed++; else failed++;
                Example e = o.example();
                String id = "ex" + n;
                body.append("<article class=\"example ").append(o.passed() ? "pass" : "fail").append("\" id=\"").append(id).append("\">")
                    .append("<header><span class=\"mark\">").append(o.passed() ? "✓" : "✗").append("</span> <b>")
                    .append(Markup.escape(e.section())).append("</b> — ").append(Markup.escape(e.title())).append("</header>")
                    .append("<dl><dt>input</dt><dd><code>").append(Markup.escape(e.input())).append("</code></dd>")
                    .append("<dt>printed in the source</dt><dd><pre>").append(Markup.escape(e.printed())).append("</pre></dd>");
                if (!e.expected().equals(e.printed())) {
                    body.append("<dt>correct value</dt><dd><pre>").append(Markup.escape(e.expected())).append("</pre></dd>");
                }
                if (o.computed().equals(e.expected()) && o.computed().lines().count() > 3) { // a long table once
                    body.append("<dt>computed</dt><dd>the same, line for line</dd>");
                } else {
                    body.append("<dt>computed</dt><dd><pre>").append(Markup.escape(o.computed())).append("</pre></dd>");
                }
                if (!e.note().isEmpty()) body.append("<dt>note</dt><dd>").append(Markup.escape(e.note())).append("</dd>");
                body.append("</dl>");
                if (e.figure() != null) {
                    String file = id + "-" + e.figure().kind() + ".svg";
                    String svg;
                    try {
                        svg = new String(Exports.render(e.figure().draw(), Exports.Format.SVG, 1), StandardCharsets.UTF_8);
                    } catch (IllegalArgumentException | ArithmeticException ex) {
                        throw new IllegalStateException("the picture of example " + n + " (" + e.title() + ") cannot be drawn: " + ex.getMessage(), ex);
                    }
                    svgs.put(file, svg);
                    // each picture from its own file: an SVG keeps its stylesheet's classes to itself (inline, the
                    // pictures' classes r0, t2, ... of one page would restyle each other), and the page stays small
                    body.append("<figure><a href=\"").append(file).append("\"><img src=\"").append(file).append("\" alt=\"")
                        .append(Markup.escape(e.figure().kind() + " picture of " + e.title())).append("\"></a><figcaption><a href=\"")
                        .append(file).append("\">").append(file).append("</a> — <code>layoutcat draw ").append(Markup.escape(e.figure().kind()));
                    for (String a : e.figure().args()) body.append(" \"").append(Markup.escape(a)).append('"');
                    body.append("</code></figcaption></figure>");
                }
                body.append("</article>\n");
            }
            body.append("</section>\n");
        }
        toc.append("</ul></nav>");
        for (Map.Entry<String, String> f : svgs.entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
        }
        Path index = dir.resolve("index.html");
        Result result = new Result(n, passed, failed, svgs.size(), index);
        String summary = result.summary();
        String html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>layoutcat gallery</title>\n<style>\n"
                + STYLE + "</style></head><body>\n<h1>layoutcat — the sources' worked examples</h1>\n<p class=\"summary\" id=\"summary\">"
                + summary + "</p>\n" + ORDER + toc + "\n" + body + CHECK + "</body></html>\n";
        Files.writeString(index, html, StandardCharsets.UTF_8);
        return result;
    }


    /**
     * Marks on the body, once the page has loaded, how many pictures it holds and how many the browser loaded and
     * laid out with a non-zero size ({@code data-pictures}, {@code data-rendered}), and how wide the page is against
     * the window ({@code data-scroll-width}, {@code data-window-width}): what the browser test reads.
     */
    private static final String CHECK = """
            <script>
            window.addEventListener('load', () => {
              const svgs = [...document.querySelectorAll('figure img')];
              const drawn = svgs.filter(s => { const r = s.getBoundingClientRect(); return s.naturalWidth > 0 && r.width > 0 && r.height > 0; });
              document.body.dataset.pictures = svgs.length;
              document.body.dataset.rendered = drawn.length;
              document.body.dataset.scrollWidth = document.documentElement.scrollWidth;
              document.body.dataset.windowWidth = window.innerWidth;
            });
            </script>
            """;

    /** The order of composition, named once for the whole page. */
    private static final String ORDER = "<p class=\"order\">Order of composition on this page: every <b>input</b> line"
            + " and every diagram write CuTe's <code>composition(A, B)</code> = A∘B, B applied first, A's layout read at"
            + " B's values. The categorical paper and its blog summary write the same composite B∘A with <i>their</i> A"
            + " applied first; their cards quote them, so there the source's A is the diagram's B.</p>\n";

    private static final String STYLE = """
            body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1200px; padding: 0 1em; color: #222; }
            h1 { font-size: 1.6em; } h2 { border-bottom: 2px solid #ddd; padding-bottom: .2em; margin-top: 2em; }
            h2 small { font-weight: normal; color: #777; font-size: .6em; }
            .summary { font-size: 1.1em; font-weight: bold; }
            .order { background: #f5f7ff; border: 1px solid #dde; border-radius: 4px; padding: .5em .8em; }
            article { border: 1px solid #ddd; border-left: 6px solid #3a3; border-radius: 4px; padding: .6em 1em; margin: 1em 0; }
            article.fail { border-left-color: #c33; background: #fff4f4; }
            .mark { font-weight: bold; } article.pass .mark { color: #282; } article.fail .mark { color: #c22; }
            dl { display: grid; grid-template-columns: 12em 1fr; gap: .2em 1em; margin: .6em 0; }
            dt { color: #666; } dd { margin: 0; min-width: 0; } code { font-size: .95em; overflow-wrap: anywhere; }
            pre { margin: 0; font-size: .9em; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 24em; overflow-y: auto; }
            figure { margin: .5em 0; } figure img { display: block; max-width: 100%; height: auto; border: 1px solid #eee; }
            figcaption { color: #777; font-size: .85em; }
            """;
}
