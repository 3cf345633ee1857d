package org.layoutcat.diagrams;

/**
 * A vertex of a diagram's graph: an entry of a tuple, the basepoint, a bracket (a tuple node of a nested
 * tuple), a grid cell or a header cell. Immutable; identified by {@code id}, unique in its diagram.
 *
 * @param id unique name, e.g. {@code dom.3} or {@code cell.2.5}
 * @param kind what it stands for
 * @param label the text it shows
 * @param box where it is drawn
 */
public record DiagramNode(String id, Kind kind, String label, Box box) {
    /** What a node stands for. */
    public enum Kind { ENTRY, BASEPOINT, BRACKET, CELL, HEADER }

    /**
     * The hash of the id alone: equal nodes have equal ids, and a diagram's graph hashes its nodes on every vertex and
     * edge operation, where hashing the box's doubles and the label each time cost a 65,536-cell grid most of its second.
     */
    @Override
    public int hashCode() {
        return id.hashCode();
    }

    /** This node moved by (dx, dy) and renamed {@code prefix + id}. */
    public DiagramNode moved(String prefix, double dx, double dy) {
        return new DiagramNode(prefix + id, kind, label, box.translate(dx, dy));
    }
}
