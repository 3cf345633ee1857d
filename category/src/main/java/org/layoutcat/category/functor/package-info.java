/**
 * The realization functor Tuple → FinSet and Nest → FinSet, {@code |S| = [0, size S)} and
 * {@code |f| = colex_T ∘ F(f) ∘ colex_S⁻¹}, with F the coordinate functor (paper §2.3, §3.1).
 */
package org.layoutcat.category.functor;
