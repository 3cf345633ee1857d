package org.layoutcat.diagrams;

import java.util.LinkedHashMap;
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
 * <p>Immutable: the graph is an unmodifiable view of a private copy.
 */
public final class Diagram {
    private final String title;
    private final Scene scene;
    private final Graph<DiagramNode, DiagramEdge> graph;
    private final Map<String, DiagramNode> byId;

    private Diagram(String title, Scene scene, Graph<DiagramNode, DiagramEdge> graph, boolean owned) {
        this.title = title;
        this.scene = scene;
        Graph<DiagramNode, DiagramEdge> copy = owned ? graph : newGraph();
        Map<String, DiagramNode> ids = new LinkedHashMap<>();
        for (DiagramNode n : graph.vertexSet()) {
            if (ids.put(n.id(), n) != null) throw new IllegalArgumentException("two nodes named " + n.id() + " in " + title);
            if (!owned) copy.addVertex(n);
        }
        if (!owned) for (DiagramEdge e : graph.edgeSet()) copy.addEdge(graph.getEdgeSource(e), graph.getEdgeTarget(e), e);
        this.graph = new AsUnmodifiableGraph<>(copy);
        this.byId = ids;
    }

    /**
     * The diagram of the given title, drawing and structure (the graph is copied).
     *
     * @throws IllegalArgumentException where two nodes of the graph share an id
     */
    public static Diagram of(String title, Scene scene, Graph<DiagramNode, DiagramEdge> graph) {
        return new Diagram(title, scene, graph, false);
    }

    /**
     * The diagram of a graph its caller gives up: the graph, one of {@link #newGraph()}, is kept as it is (behind an
     * unmodifiable view) instead of copied, and the caller must not change it afterwards. A picture being drawn hands
     * its graph over so (a 65,536-cell grid's graph is 200,000 nodes and edges).
     *
     * @throws IllegalArgumentException where two nodes of the graph share an id
     */
    public static Diagram ofOwned(String title, Scene scene, Graph<DiagramNode, DiagramEdge> graph) {
        return new Diagram(title, scene, graph, true);
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
