#!/usr/bin/env bash
# Builds the bundle (gpu/bundle.sh) plus what gpu/device-check.sh needs: the JUnit console launcher and the gpu
# module's compiled tests. Usage: gpu/device-bundle.sh OUT_DIR
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: gpu/device-bundle.sh OUT_DIR}"
(cd "$root" && mvn -B -q -DskipTests -pl cli -am package)
"$root/gpu/bundle.sh" "$out"
junit="$HOME/.m2/repository/org/junit/platform/junit-platform-console-standalone/1.14.1/junit-platform-console-standalone-1.14.1.jar"
[ -f "$junit" ] || mvn -B -q dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:1.14.1
rm -rf "$out/tests"
mkdir -p "$out/tests"
cp "$junit" "$out/tests/junit.jar"
cp -r "$root/gpu/target/test-classes" "$out/tests/test-classes"
cp "$root/gpu/device-check.sh" "$out/run.sh"
du -sh "$out"
