/**
 * Array kernels the other packages and modules of layoutcat share (the order of flat modes by stride, coalescing
 * flat modes, exact arithmetic); they name no type of {@code org.layoutcat.core}, whose values build themselves from
 * what the kernels return ({@link Flat}). Not part of the public API: its signatures may change from one version
 * to the next.
 */
package org.layoutcat.core.internal;
