package org.layoutcat.diagrams.export;

import java.util.LinkedHashMap;
import java.util.Map;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Point;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.svg.SvgWriter;

/**
 * Writes a picture as a standalone LaTeX document with one TikZ picture that compiles as written with pdflatex
 * (packages: standalone, tikz with arrows.meta; lmodern where installed, for a scalable monospace font).
 * Coordinates are the scene's pixels at 0.75 pt each with y pointing down, so the TikZ picture matches the SVG. The output is pure ASCII: the few non-ASCII symbols of
 * the labels become math ({@code ∘} → {@code $\circ$}).
 */
public final class TikzWriter {
    private TikzWriter() {}

    /**
     * The standalone document of the diagram.
     *
     * @throws IllegalArgumentException where a label has a character without a TeX form (see {@link #tex})
     */
    public static String write(Diagram d) {
        Scene scene = d.scene();
        Map<String, String> colours = new LinkedHashMap<>();
        StringBuilder body = new StringBuilder();
        for (Scene.Shape s : scene.shapes()) {
            if (s instanceof Scene.Rect r) rect(body, r, colours);
            else if (s instanceof Scene.Text t) text(body, t, colours);
            else if (s instanceof Scene.Curve c) curve(body, c, colours);
            else polyline(body, (Scene.Polyline) s, colours);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("% ").append(tex(d.title()).replace('\n', ' ')).append('\n');
        sb.append("\\documentclass[tikz,border=2pt]{standalone}\n");
        sb.append("\\usepackage[T1]{fontenc}\n");
        sb.append("\\IfFileExists{lmodern.sty}{\\usepackage{lmodern}}{}\n");
        sb.append("\\usetikzlibrary{arrows.meta}\n");
        for (Map.Entry<String, String> c : colours.entrySet()) {
            sb.append("\\definecolor{").append(c.getValue()).append("}{HTML}{").append(c.getKey().substring(1).toUpperCase(java.util.Locale.ROOT)).append("}\n");
        }
        sb.append("\\begin{document}\n");
        sb.append("\\begin{tikzpicture}[x=0.75pt,y=-0.75pt,line join=round]\n");
        sb.append("\\path[use as bounding box] (0,0) rectangle (").append(n(scene.width())).append(',').append(n(scene.height())).append(");\n");
        sb.append(body);
        sb.append("\\end{tikzpicture}\n");
        sb.append("\\end{document}\n");
        return sb.toString();
    }

    private static String colour(String hex, Map<String, String> colours) {
        if ("none".equals(hex)) return null;
        return colours.computeIfAbsent(hex.toLowerCase(java.util.Locale.ROOT), h -> "lc" + toLetters(colours.size()));
    }

    /** 0 → a, 25 → z, 26 → ba: TeX names take letters only. */
    private static String toLetters(int i) {
        StringBuilder sb = new StringBuilder();
        do {
            sb.insert(0, (char) ('a' + i % 26));
            i /= 26;
        } while (i > 0);
        return sb.toString();
    }

    private static void rect(StringBuilder sb, Scene.Rect r, Map<String, String> colours) {
        String fill = colour(r.fill(), colours);
        String stroke = colour(r.stroke(), colours);
        if (fill == null && stroke == null) return;
        StringBuilder opts = new StringBuilder();
        if (fill != null) opts.append("fill=").append(fill);
        if (stroke != null) {
            if (opts.length() > 0) opts.append(',');
            opts.append("draw=").append(stroke).append(",line width=").append(n(r.strokeWidth() * 0.75)).append("pt");
        }
        if (r.dashed()) opts.append(",dashed");
        if (r.radius() > 0) opts.append(",rounded corners=").append(n(r.radius() * 0.75)).append("pt");
        sb.append("\\path[").append(opts).append("] (").append(n(r.box().x())).append(',').append(n(r.box().y()))
                .append(") rectangle (").append(n(r.box().right())).append(',').append(n(r.box().bottom())).append(");\n");
    }

    private static void text(StringBuilder sb, Scene.Text t, Map<String, String> colours) {
        String anchor = switch (t.anchor()) {
            case START -> "west";
            case MIDDLE -> "center";
            case END -> "east";
        };
        double pt = t.size() * 0.75;
        sb.append("\\node[anchor=").append(anchor).append(",inner sep=0pt,text=").append(colour(t.fill(), colours))
                .append(",font=\\ttfamily").append(t.bold() ? "\\bfseries" : "").append("\\fontsize{").append(n(pt))
                .append("}{").append(n(pt * 1.2)).append("}\\selectfont] at (").append(n(t.x())).append(',').append(n(t.y()))
                .append(") {").append(tex(t.text())).append("};\n");
    }

    private static void curve(StringBuilder sb, Scene.Curve c, Map<String, String> colours) {
        sb.append("\\draw[").append("draw=").append(colour(c.stroke(), colours)).append(",line width=")
                .append(n(c.width() * 0.75)).append("pt");
        if (c.dashed()) sb.append(",dashed");
        if (c.arrow()) sb.append(",-{Stealth[length=6pt,width=5pt]}");
        sb.append("] ").append(p(c.from())).append(" .. controls ").append(p(c.c1())).append(" and ").append(p(c.c2()))
                .append(" .. ").append(p(c.to())).append(";\n");
    }

    private static void polyline(StringBuilder sb, Scene.Polyline l, Map<String, String> colours) {
        sb.append("\\draw[draw=").append(colour(l.stroke(), colours)).append(",line width=").append(n(l.width() * 0.75)).append("pt] ");
        for (int i = 0; i < l.points().size(); i++) {
            if (i > 0) sb.append(" -- ");
            sb.append(p(l.points().get(i)));
        }
        sb.append(";\n");
    }

    private static String p(Point q) {
        return "(" + n(q.x()) + "," + n(q.y()) + ")";
    }

    private static String n(double v) {
        return SvgWriter.num(v);
    }

    /**
     * A label as TeX text: specials escaped, the labels' non-ASCII symbols as math, anything else refused.
     *
     * @throws IllegalArgumentException for a character outside ASCII that is none of the labels' symbols
     */
    public static String tex(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            switch (c) {
                case '\\' -> sb.append("\\textbackslash{}");
                case '{' -> sb.append("\\{");
                case '}' -> sb.append("\\}");
                case '_' -> sb.append("\\_");
                case '#' -> sb.append("\\#");
                case '$' -> sb.append("\\$");
                case '%' -> sb.append("\\%");
                case '&' -> sb.append("\\&");
                case '^' -> sb.append("\\^{}");
                case '~' -> sb.append("\\~{}");
                case '<' -> sb.append("\\textless{}");
                case '>' -> sb.append("\\textgreater{}");
                case '-' -> sb.append("-{}");
                case '∘' -> sb.append("$\\circ$");
                case '→' -> sb.append("$\\to$");
                case '′' -> sb.append("$'$");
                case 'α' -> sb.append("$\\alpha$");
                case '·' -> sb.append("$\\cdot$");
                case '×' -> sb.append("$\\times$");
                case '♭' -> sb.append("$\\flat$");
                case '⊘' -> sb.append("$\\oslash$");
                case '⊗' -> sb.append("$\\otimes$");
                case '⊂' -> sb.append("$\\subset$");
                case 'Φ' -> sb.append("$\\Phi$");
                case '–' -> sb.append("--");
                case '⌊' -> sb.append("$\\lfloor$");
                case '⌋' -> sb.append("$\\rfloor$");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        throw new IllegalArgumentException("no TeX form for the character U+" + Integer.toHexString(c) + " in the label " + s);
                    }
                    sb.append((char) c);
                }
            }
        }
        return sb.toString();
    }
}
