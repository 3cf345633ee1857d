/**
 * The pictures: tuple morphisms, mutual refinements and composition walkthroughs (paper §2–§4), and CuTe's
 * layout grids (swizzled ones too, by shared-memory bank), thread–value layouts, coordinate tables, divide/product
 * tilings, and one instruction's accesses against the 32 shared-memory banks.
 */
package org.layoutcat.diagrams.picture;
