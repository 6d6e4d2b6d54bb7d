#!/usr/bin/env bash
# Runs the benchmark harness from a checkout: builds the classes if needed, then
#   bench/run.sh [Harness options]          the kernels (see bench/README.md), e.g. --quick, --kernels sum,dot
#   bench/run.sh bridge [BridgeBench options]   the bridge's own cost (scalar calls, copies)
# Run it from anywhere; it works in the project root. Environment: JAVA_HOME (a JDK >= 21; otherwise
# the newest one in /usr/lib/jvm), BENCH_JAVA_OPTS (default -Xmx8g: the largest kernel holds
# 256 MiB inputs several times over), CC (the C compiler for the baselines, default gcc).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

java_ok() { [ -x "$1/bin/java" ] && "$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1 | awk '{exit !($1 >= 21)}'; }
JDK="${JAVA_HOME:-}"
if [ -z "$JDK" ] || ! java_ok "$JDK"; then
  JDK=""
  for c in $(ls -d /usr/lib/jvm/* 2>/dev/null | sort -V -r); do java_ok "$c" && { JDK="$c"; break; }; done
fi
[ -n "$JDK" ] || { echo "bench/run.sh: no JDK >= 21 (set JAVA_HOME)" >&2; exit 2; }

if [ ! -f target/classpath.txt ] || [ -n "$(find src/main pom.xml -newer target/classpath.txt -type f -print -quit)" ]; then
  echo "bench/run.sh: building ..." >&2
  JAVA_HOME="$JDK" mvn -q -B -DskipTests package >&2
fi

MAIN=io.github.futhark4j.bench.Harness
if [ "${1:-}" = "bridge" ]; then MAIN=io.github.futhark4j.bench.BridgeBench; shift; fi
# shellcheck disable=SC2086
exec "$JDK/bin/java" ${BENCH_JAVA_OPTS:--Xmx8g} --enable-native-access=ALL-UNNAMED -cp "target/classes:$(cat target/classpath.txt)" "$MAIN" "$@"
