/**
 * The category's array kernels (tractability, the standard representation, the encoded layout's strides, the
 * mutual-refinement walk, the pullback and pushforward along a refinement; paper §2.2, §4.1.2), each the one
 * definition that the values and the composition walk run; not exported from the module, not public API.
 */
package org.layoutcat.category.internal;
