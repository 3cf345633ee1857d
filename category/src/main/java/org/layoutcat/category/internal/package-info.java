/**
 * The category's array kernels (tractability, the standard representation, the mutual-refinement walk on flat
 * arrays), used by its operations; not exported from the module, not public API.
 */
package org.layoutcat.category.internal;
