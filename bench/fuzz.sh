#!/usr/bin/env bash
# The fuzz run of issue 34: every operation of the table fuzzed from its parameters' kinds with the boundary values
# (0, 1, -1, 2^31, 2^32, 2^32+16, 2^62, 2^63-1, huge tiles, swizzle bits 0-31), answered in-process and through a pipe
# to `java -Xmx64m -jar cli/target/layoutcat.jar batch`, every reply checked (exactly once, in order, in our words,
# within its ranges, by its definition where that is cheap) and every request timed warm against 100 ms.
# Usage: bench/fuzz.sh [--seed S] [--per-op N] [--mode in|pipe|both] [--report FILE] [--limit-ms MS] [--stall-s S]
# (defaults: seed 34, 300 per operation, both, target/fuzz-report.md). Set NOBUILD=1 to use the jars as they are.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
JAVA_HOME=$("$root/bin/jdk25") || exit 2
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
cd "$root"
if [ -z "${NOBUILD:-}" ]; then mvn -B -q -o -DskipTests package -pl cli,bench -am >&2; fi
exec java -Xmx64m -cp bench/target/benchmarks.jar org.layoutcat.bench.Fuzz --jar cli/target/layoutcat.jar --report target/fuzz-report.md "$@"
