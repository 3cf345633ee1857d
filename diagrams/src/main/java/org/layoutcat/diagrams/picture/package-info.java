/**
 * The pictures: tuple morphisms, mutual refinements and composition walkthroughs (paper §2–§4), and CuTe's
 * layout grids, thread–value layouts, coordinate tables and divide/product tilings.
 */
package org.layoutcat.diagrams.picture;
