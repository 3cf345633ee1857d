package org.layoutcat.diagrams;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jgrapht.Graph;
import org.jgrapht.graph.AsUnmodifiableGraph;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jgrapht.GraphType;
import org.jgrapht.graph.AbstractBaseGraph;
import org.jgrapht.graph.DefaultGraphSpecificsStrategy;
import org.jgrapht.graph.DefaultGraphType;
import org.jgrapht.graph.GraphSpecificsStrategy;
import org.jgrapht.graph.IntrusiveEdgesSpecifics;
import org.jgrapht.graph.specifics.DirectedSpecifics;
import org.jgrapht.graph.specifics.Specifics;

/**
 * A picture: its title (CuTe notation), its drawing ({@link Scene}) and its structure as a JGraphT graph whose
 * vertices are tuple entries, basepoints, brackets and cells and whose edges are arrows, nesting and refinement
 * (so the same picture exports to DOT). Every node's {@link DiagramNode#box() box} is where the scene draws it,
 * and every {@link DiagramEdge.Kind#ARROW arrow} edge is drawn by the scene curve of the same id.
 *
 * <p>Immutable: the graph is an unmodifiable view of a private copy, made the first time it is asked for (a picture's
 * SVG and PNG never ask).
 */
public final class Diagram {
    private final String title;
    private final Scene scene;
    private final Map<String, DiagramNode> byId;
    /** The nodes and edges the graph is made of, in order, the first time it is asked for. */
    private final List<DiagramNode> nodes;
    private final List<Edge> edges;
    private volatile Graph<DiagramNode, DiagramEdge> graph;

    /** An edge of a picture being drawn: the edge and its ends, as {@link Graph#addEdge(Object, Object, Object)} takes them. */
    public record Edge(DiagramEdge edge, DiagramNode source, DiagramNode target) {}

    private Diagram(String title, Scene scene, List<DiagramNode> nodes, List<Edge> edges) {
        this.title = title;
        this.scene = scene;
        Map<String, DiagramNode> ids = new HashMap<>();
        for (DiagramNode n : nodes) {
            if (ids.put(n.id(), n) != null) throw new IllegalArgumentException("two nodes named " + n.id() + " in " + title);
        }
        this.byId = ids;
        this.nodes = nodes;
        this.edges = edges;
    }

    /**
     * The diagram of the given title, drawing and structure (the graph is copied).
     *
     * @throws IllegalArgumentException where two nodes of the graph share an id
     */
    public static Diagram of(String title, Scene scene, Graph<DiagramNode, DiagramEdge> graph) {
        List<Edge> edges = new ArrayList<>();
        for (DiagramEdge e : graph.edgeSet()) edges.add(new Edge(e, graph.getEdgeSource(e), graph.getEdgeTarget(e)));
        return new Diagram(title, scene, List.copyOf(graph.vertexSet()), List.copyOf(edges));
    }

    /**
     * The diagram of the nodes and edges a picture being drawn recorded, which its caller gives up (they are kept as they
     * are, and must not change afterwards): its graph, one of {@link #newGraph()} with the nodes and then the edges added
     * in order, is made the first time {@link #graph()} is asked for, not before (a 65,536-cell grid's graph is 200,000
     * nodes and edges; making it was half the time of drawing the grid, and its SVG and PNG never read it).
     *
     * @throws IllegalArgumentException where two nodes share an id
     */
    public static Diagram ofDrawn(String title, Scene scene, List<DiagramNode> nodes, List<Edge> edges) {
        return new Diagram(title, scene, nodes, edges);
    }

    /**
     * An empty graph of the kind diagrams use: directed, parallel edges allowed, no self-loops, unweighted,
     * insertion-ordered. It keeps no index of the edges between each pair of vertices (JGraphT's default keeps one, a
     * map from vertex pairs to edge sets): {@code getEdge(u, v)} scans the edges out of u, and adding an edge costs
     * two list appends. A 128x64 grid's 16,000 nesting edges were most of the time of building its picture.
     */
    public static Graph<DiagramNode, DiagramEdge> newGraph() {
        return new PlainGraph();
    }

    /** A directed multigraph without the vertex-pair index; see {@link #newGraph}. */
    private static final class PlainGraph extends AbstractBaseGraph<DiagramNode, DiagramEdge> {
        private static final long serialVersionUID = 1L;

        PlainGraph() {
            super(null, null, DefaultGraphType.directedMultigraph().asUnweighted(), new WithoutPairIndex());
        }
    }

    /** JGraphT's default specifics, less the pair index: the directed specifics over an insertion-ordered map. */
    private static final class WithoutPairIndex implements GraphSpecificsStrategy<DiagramNode, DiagramEdge> {
        private static final long serialVersionUID = 1L;

        @Override
        public Function<GraphType, IntrusiveEdgesSpecifics<DiagramNode, DiagramEdge>> getIntrusiveEdgesSpecificsFactory() {
            return new DefaultGraphSpecificsStrategy<DiagramNode, DiagramEdge>().getIntrusiveEdgesSpecificsFactory();
        }

        @Override
        public BiFunction<Graph<DiagramNode, DiagramEdge>, GraphType, Specifics<DiagramNode, DiagramEdge>> getSpecificsFactory() {
            return (graph, type) -> new DirectedSpecifics<>(graph, new LinkedHashMap<>(), getEdgeSetFactory());
        }
    }

    /** The nodes, in the order they were drawn (the graph's vertices, without making the graph). */
    public List<DiagramNode> nodes() {
        return java.util.Collections.unmodifiableList(nodes);
    }

    /** The edges with their ends, in the order they were drawn (the graph's edges, without making the graph). */
    public List<Edge> edges() {
        return java.util.Collections.unmodifiableList(edges);
    }

    /** The title, in CuTe notation. */
    public String title() {
        return title;
    }

    public Scene scene() {
        return scene;
    }

    /**
     * The structure: an unmodifiable view, made on the first call.
     *
     * @throws IllegalArgumentException where an edge {@link #ofDrawn} has an end that is not among its nodes
     */
    public Graph<DiagramNode, DiagramEdge> graph() {
        Graph<DiagramNode, DiagramEdge> g = graph;
        if (g != null) return g;
        synchronized (this) {
            if (graph == null) {
                Graph<DiagramNode, DiagramEdge> made = newGraph();
                for (DiagramNode n : nodes) made.addVertex(n);
                for (Edge e : edges) made.addEdge(e.source(), e.target(), e.edge());
                graph = new AsUnmodifiableGraph<>(made);
            }
            return graph;
        }
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
