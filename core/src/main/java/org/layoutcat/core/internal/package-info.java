/**
 * Array kernels the other packages and modules of layoutcat share (the order of flat modes by stride); not part of
 * the public API: its signatures may change from one version to the next.
 */
package org.layoutcat.core.internal;
