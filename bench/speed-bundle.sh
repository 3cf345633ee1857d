#!/usr/bin/env bash
# Makes the bundle of bench/device-speed.sh: this tree's build ("after") and BEFORE_COMMIT's ("before"), each a
# layoutcat.jar and a benchmarks.jar, with a jlink runtime for a host without Java, small enough to travel
# (after's benchmarks.jar keeps only what its layoutcat.jar and lib/ lack). PYCUTE=DIR adds DIR/pycute (CUTLASS's
# python/pycute) for the side-by-side figure. Usage: bench/speed-bundle.sh BEFORE_COMMIT [OUT]  (default .bundle/speed)
set -euo pipefail
JAVA_HOME=$("$(dirname "${BASH_SOURCE[0]}")/../bin/jdk25") || exit 2 # the runtime is a JDK 25's
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
root="$(cd "$(dirname "$0")/.." && pwd)"
before="${1:?usage: bench/speed-bundle.sh BEFORE_COMMIT [OUT]}"
out="${2:-$root/.bundle/speed}"
rm -rf "$out" && mkdir -p "$out/before" "$out/after"
(cd "$root" && mvn -B -q -DskipTests package)
cp "$root/cli/target/layoutcat.jar" "$out/after/layoutcat.jar"
[ -d "$root/cli/target/lib" ] && cp -r "$root/cli/target/lib" "$out/after/lib" # the libraries it names (Class-Path)
# the command the build runs to make its start archive (a class-data-sharing archive before issue 22, the AOT cache
# since), one argument a line (TARGET for its folder)
training() {
  python3 - "$1/cli/pom.xml" <<'PY'
import re, sys
pom = open(sys.argv[1]).read()
ids = [i for i in ("<id>ahead-of-time-cache</id>", "<id>class-data-sharing-archive</id>") if i in pom]
if not ids:
    sys.exit(0)  # a build without an archive: no training (device-speed.sh then trains on a drawn composition)
run = pom[pom.index(ids[0]):]
args = re.findall(r"<argument>(.*?)</argument>", run[:run.index("</arguments>")])
print("\n".join(a.replace("${project.build.directory}", "TARGET") for a in args[args.index("-jar") + 2:]))
PY
}
training "$root" > "$out/after/training.txt"
python3 - "$root/bench/target/benchmarks.jar" "$out/after" "$out/after/benchmarks.jar" <<'PY'
import glob, sys, zipfile
src, have, dst = sys.argv[1:]
kept = set()
for jar in [f"{have}/layoutcat.jar"] + glob.glob(f"{have}/lib/*.jar"):
    kept |= set(zipfile.ZipFile(jar).namelist())
with zipfile.ZipFile(src) as z, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as o:
    for e in z.infolist():
        if e.filename not in kept or e.filename.startswith("META-INF/BenchmarkList") or e.filename.startswith("META-INF/CompilerHints"):
            o.writestr(e, z.read(e.filename))
PY
tree="$(mktemp -d)"
git -C "$root" worktree add -f --detach "$tree" "$before" >/dev/null
trap 'git -C "$root" worktree remove --force "$tree" 2>/dev/null || true' EXIT
(cd "$tree" && mvn -B -q -DskipTests package)
cp "$tree/cli/target/layoutcat.jar" "$out/before/layoutcat.jar"
[ -d "$tree/cli/target/lib" ] && cp -r "$tree/cli/target/lib" "$out/before/lib"
training "$tree" > "$out/before/training.txt"
cp "$tree/bench/target/benchmarks.jar" "$out/before/benchmarks.jar"
"$JAVA_HOME/bin/jlink" --add-modules java.base,java.logging,jdk.unsupported,java.management --strip-debug --no-man-pages \
  --no-header-files --compress=zip-6 --output "$out/rt"
tar cJf "$out/runtime.tar.xz" -C "$out" rt && rm -rf "$out/rt"
[ -n "${PYCUTE:-}" ] && cp -r "$PYCUTE/pycute" "$out/pycute"
du -sh "$out"/* "$out"
