package org.layoutcat.diagrams;

/**
 * An edge of a diagram's graph. Immutable; identified by {@code id}, unique in its diagram.
 *
 * @param id unique name; an {@link Kind#ARROW} is drawn by the {@link Scene.Curve} of the same id
 * @param kind an arrow i → α(i) of a morphism, a nesting edge (a tuple node to its child), or a refinement edge
 *     (an entry to the piece that refines it)
 */
public record DiagramEdge(String id, Kind kind) {
    /** What an edge stands for. */
    public enum Kind { ARROW, NESTING, REFINES }
}
