package org.layoutcat.diagrams;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jgrapht.Graph;
import org.jgrapht.graph.AsUnmodifiableGraph;
import org.jgrapht.graph.builder.GraphTypeBuilder;

/**
 * A picture: its title (CuTe notation), its drawing ({@link Scene}) and its structure as a JGraphT graph whose
 * vertices are tuple entries, basepoints, brackets and cells and whose edges are arrows, nesting and refinement
 * (so the same picture exports to DOT). Every node's {@link DiagramNode#box() box} is where the scene draws it,
 * and every {@link DiagramEdge.Kind#ARROW arrow} edge is drawn by the scene curve of the same id.
 *
 * <p>Immutable: the graph is an unmodifiable view of a private copy.
 */
public final class Diagram {
    private final String title;
    private final Scene scene;
    private final Graph<DiagramNode, DiagramEdge> graph;
    private final Map<String, DiagramNode> byId;

    private Diagram(String title, Scene scene, Graph<DiagramNode, DiagramEdge> graph) {
        this.title = title;
        this.scene = scene;
        Graph<DiagramNode, DiagramEdge> copy = newGraph();
        Map<String, DiagramNode> ids = new LinkedHashMap<>();
        for (DiagramNode n : graph.vertexSet()) {
            if (ids.put(n.id(), n) != null) throw new IllegalArgumentException("two nodes named " + n.id() + " in " + title);
            copy.addVertex(n);
        }
        for (DiagramEdge e : graph.edgeSet()) copy.addEdge(graph.getEdgeSource(e), graph.getEdgeTarget(e), e);
        this.graph = new AsUnmodifiableGraph<>(copy);
        this.byId = ids;
    }

    /**
     * The diagram of the given title, drawing and structure (the graph is copied).
     *
     * @throws IllegalArgumentException where two nodes of the graph share an id
     */
    public static Diagram of(String title, Scene scene, Graph<DiagramNode, DiagramEdge> graph) {
        return new Diagram(title, scene, graph);
    }

    /** An empty graph of the kind diagrams use: directed, parallel edges allowed, insertion-ordered. */
    public static Graph<DiagramNode, DiagramEdge> newGraph() {
        return GraphTypeBuilder.<DiagramNode, DiagramEdge>directed()
                .allowingMultipleEdges(true).allowingSelfLoops(false).weighted(false).buildGraph();
    }

    /** The title, in CuTe notation. */
    public String title() {
        return title;
    }

    public Scene scene() {
        return scene;
    }

    /** The structure: an unmodifiable view. */
    public Graph<DiagramNode, DiagramEdge> graph() {
        return graph;
    }

    /**
     * The node named {@code id}, or an IllegalArgumentException.
     *
     * @throws IllegalArgumentException where no node is named {@code id}
     */
    public DiagramNode node(String id) {
        DiagramNode n = byId.get(id);
        if (n == null) throw new IllegalArgumentException("no node " + id + " in the diagram " + title);
        return n;
    }

    /** Canvas width in pixels. */
    public double width() {
        return scene.width();
    }

    /** Canvas height in pixels. */
    public double height() {
        return scene.height();
    }
}
