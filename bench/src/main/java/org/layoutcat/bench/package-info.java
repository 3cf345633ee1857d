/** JMH benchmarks of the engine on the seeds' examples and on a seeded random mix. */
package org.layoutcat.bench;
