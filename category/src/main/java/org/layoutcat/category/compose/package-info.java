/**
 * Composition of tractable layouts by the paper's algorithm (standard representations, mutual refinement,
 * pullback, pushforward, composition, coalesce) with its trace, and logical divide, product and complement of
 * layouts computed through morphisms (paper §4.1.3–§4.1.4).
 */
package org.layoutcat.category.compose;
