/** Every worked example of the source documents, executable and asserted. */
package org.layoutcat.examples;
