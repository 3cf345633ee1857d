/**
 * Pictures of layouts and morphisms as data: a {@link org.layoutcat.diagrams.Diagram} is a drawing
 * ({@link org.layoutcat.diagrams.Scene}) plus its structure as a JGraphT graph of entries, brackets and arrows
 * (the tuple morphisms of paper §2–§4 and the layouts of CuTe); {@link org.layoutcat.diagrams.Drawings} names
 * every picture by kind and arguments.
 */
package org.layoutcat.diagrams;
