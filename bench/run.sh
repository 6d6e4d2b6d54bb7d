#!/usr/bin/env bash
# Runs the benchmark harness through the project's launcher (which finds the JDK and builds):
#   bench/run.sh [Harness options]              the kernels (see bench/README.md), e.g. --quick, --kernels sum,dot
#   bench/run.sh bridge [BridgeBench options]   the bridge's own cost (scalar calls, copies)
# Environment: BENCH_JAVA_OPTS (default -Xmx8g: the largest kernel holds 256 MiB inputs several times
# over; -XX:MaxHeapFreeRatio=100: G1 shrinks the heap after the System.gc() before each variant, and
# every run of a Java variant then grew it again for its 128 MiB result, so sequential Java's scan
# measured 72-440 ms instead of 13 ms), CC (the C compiler for the baselines, default gcc).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
FUTHARK4J_JAVA_OPTS="${BENCH_JAVA_OPTS:--Xmx8g -XX:MaxHeapFreeRatio=100}" exec scripts/futhark4j benchmarks "$@"
