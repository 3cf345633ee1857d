#!/usr/bin/env bash
# Builds a self-contained layoutcat for a Linux x86-64 machine without Java (a GPU machine, say): a jlink runtime
# of java.base, java.logging and jdk.unsupported (about 34 MB), layoutcat.jar (layoutcat's classes and JCuda's driver
# JNI library) with the libraries it names in lib/, and a one-line launcher. Usage: gpu/bundle.sh [OUT_DIR]   (default gpu/target/bundle); then OUT_DIR/layoutcat ...
set -euo pipefail
JAVA_HOME=$("$(dirname "${BASH_SOURCE[0]}")/../bin/jdk25") || exit 2 # the runtime is a JDK 25's
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/gpu/target/bundle}"
jar="$root/cli/target/layoutcat.jar"
if [ ! -f "$jar" ] || [ ! -d "$(dirname "$jar")/lib" ] || [ "${REBUILD:-0}" = 1 ]; then
  (cd "$root" && mvn -B -q -DskipTests -pl cli -am package)
fi
rm -rf "$out/runtime"
mkdir -p "$out"
"$JAVA_HOME/bin/jlink" --add-modules java.base,java.logging,jdk.unsupported --strip-debug --no-man-pages --no-header-files \
  --compress=zip-6 --output "$out/runtime"
"$out/runtime/bin/java" -Xshare:dump >/dev/null # the base class-data-sharing archive: a faster start
cp "$jar" "$out/layoutcat.jar"
rm -rf "$out/lib" && cp -r "$(dirname "$jar")/lib" "$out/lib" # the libraries layoutcat.jar names (Class-Path)
printf '#!/bin/sh\nexec "$(dirname "$0")/runtime/bin/java" -jar "$(dirname "$0")/layoutcat.jar" "$@"\n' > "$out/layoutcat"
chmod +x "$out/layoutcat"
du -sh "$out/runtime" "$out/layoutcat.jar" "$out/lib" "$out"
