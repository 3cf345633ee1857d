/**
 * Refinements of nested tuples, relative modes, mutual refinement, and the pullback and pushforward of morphisms
 * along refinements: the moves that make two morphisms composable (paper §4.1.2).
 */
package org.layoutcat.category.refine;
