#!/usr/bin/env bash
# Runs the benchmark harness through the project's launcher (which finds the JDK and builds):
#   bench/run.sh [Harness options]              the kernels (see bench/README.md), e.g. --quick, --kernels sum,dot
#   bench/run.sh bridge [BridgeBench options]   the bridge's own cost (scalar calls, copies)
# Environment: BENCH_JAVA_OPTS (default -Xmx8g: the largest kernel holds 256 MiB inputs several times
# over), CC (the C compiler for the baselines, default gcc).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
FUTHARK4J_JAVA_OPTS="${BENCH_JAVA_OPTS:--Xmx8g}" exec scripts/futhark4j benchmarks "$@"
