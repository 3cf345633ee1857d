package org.layoutcat.diagrams.export;

import java.io.StringWriter;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.DefaultAttribute;
import org.jgrapht.nio.dot.DOTExporter;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramEdge;
import org.layoutcat.diagrams.DiagramNode;

/**
 * Writes a picture's graph in Graphviz DOT with jgrapht-io: entries as boxes, basepoints as circles, brackets as
 * plain text of their sub-tuple, cells and headers as boxes; arrows solid, nesting dashed without heads,
 * refinement dotted. Vertices are named n0, n1, ... in the graph's order, their ids kept as tooltips.
 */
public final class DotWriter {
    private DotWriter() {}

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** The DOT text of the diagram's graph. */
    public static String write(Diagram d) {
        Map<DiagramNode, String> names = new HashMap<>();
        for (DiagramNode v : d.graph().vertexSet()) names.put(v, "n" + names.size());
        DOTExporter<DiagramNode, DiagramEdge> exporter = new DOTExporter<>(names::get);
        exporter.setGraphAttributeProvider(() -> {
            // jgrapht-io writes graph attributes verbatim: quote them here
            Map<String, Attribute> m = new LinkedHashMap<>();
            m.put("label", DefaultAttribute.createAttribute(quoted(d.title())));
            m.put("labelloc", DefaultAttribute.createAttribute(quoted("t")));
            m.put("rankdir", DefaultAttribute.createAttribute(quoted("LR")));
            m.put("fontname", DefaultAttribute.createAttribute(quoted("monospace")));
            return m;
        });
        exporter.setVertexAttributeProvider(v -> {
            Map<String, Attribute> m = new LinkedHashMap<>();
            m.put("label", DefaultAttribute.createAttribute(v.label()));
            m.put("tooltip", DefaultAttribute.createAttribute(v.id()));
            m.put("fontname", DefaultAttribute.createAttribute("monospace"));
            m.put("shape", DefaultAttribute.createAttribute(switch (v.kind()) {
                case ENTRY, CELL, HEADER -> "box";
                case BASEPOINT -> "circle";
                case BRACKET -> "plaintext";
            }));
            return m;
        });
        exporter.setEdgeAttributeProvider(e -> {
            Map<String, Attribute> m = new LinkedHashMap<>();
            switch (e.kind()) {
                case ARROW -> m.put("style", DefaultAttribute.createAttribute("solid"));
                case NESTING -> {
                    m.put("style", DefaultAttribute.createAttribute("dashed"));
                    m.put("arrowhead", DefaultAttribute.createAttribute("none"));
                }
                case REFINES -> m.put("style", DefaultAttribute.createAttribute("dotted"));
            }
            return m;
        });
        StringWriter w = new StringWriter();
        exporter.exportGraph(d.graph(), w);
        return w.toString();
    }
}
