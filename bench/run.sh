#!/usr/bin/env bash
# Runs the benchmark harness through the project's launcher (which finds the JDK and builds):
#   bench/run.sh [Harness options]              the kernels (see bench/README.md), e.g. --quick, --kernels sum,dot
#   bench/run.sh bridge [BridgeBench options]   the bridge's own cost (scalar calls, copies)
# Environment: BENCH_JAVA_OPTS (default -Xms8g -Xmx8g -XX:+AlwaysPreTouch: the largest kernel holds
# 256 MiB inputs several times over, and a fixed, pre-touched heap keeps timed runs from growing it
# or faulting its pages in; G1 shrank the heap at each System.gc() between variants, and sequential
# Java's scan then measured 72-440 ms instead of 13 ms; -XX:+UseTransparentHugePages backs the heap
# with 2 MiB pages where the kernel allows it (madvise), as malloc'd native arrays are: a kernel
# streaming a 256 MiB Java array lent in place ran 1.2-1.6x C on 4 KiB pages, 0.75x C on huge pages),
# CC (the C compiler for the baselines).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
FUTHARK4J_JAVA_OPTS="${BENCH_JAVA_OPTS:--Xms8g -Xmx8g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages}" exec scripts/futhark4j benchmarks "$@"
