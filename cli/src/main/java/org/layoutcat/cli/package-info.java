/** The command line: the JSON Lines batch mode and the human commands over the engine. */
package org.layoutcat.cli;
