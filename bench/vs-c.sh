#!/usr/bin/env bash
# What a user of `futhark4j bench` sees for the bandwidth-bound kernels, against the hand-written C,
# alternating in one run: for each round, each kernel's C baseline (bench/c/NAME.c, its own timer)
# and then `scripts/futhark4j bench` of bench/fut/NAME.fut (every spelling: every entry point of
# the file) on data of the same size and kind.
#   bench/vs-c.sh [--rounds R] [--runs N] [KERNEL...]     kernels: saxpy histogram scan (default: all)
# Prints, per round, the mean per call of C and of each Futhark entry point and their ratio; at the
# end the ratios of all rounds. Measure on an otherwise idle machine. No timings are asserted.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
ROUNDS=3
RUNS=10
KERNELS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    saxpy|histogram|scan) KERNELS+=("$1"); shift ;;
    *) echo "usage: bench/vs-c.sh [--rounds R] [--runs N] [saxpy|histogram|scan]..." >&2; exit 2 ;;
  esac
done
[ ${#KERNELS[@]} -gt 0 ] || KERNELS=(saxpy histogram scan)
W=target/vs-c
mkdir -p "$W"
N=16777216
CC="${CC:-gcc}"
for k in "${KERNELS[@]}"; do
  [ "$W/$k" -nt "bench/c/$k.c" ] || $CC -O3 -march=native -fno-math-errno -fopenmp -o "$W/$k" "bench/c/$k.c" -lm
done
# Inputs for C as raw little-endian files, of the kind the .fut files' random input blocks make.
python3 - "$W" "$N" <<'EOF'
import sys, os, numpy as np
w, n = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(1)
def put(name, a):
    p = os.path.join(w, name)
    if not os.path.exists(p): a.tofile(p)
put("xs.f32", rng.random(n, dtype=np.float32))
put("ys.f32", rng.random(n, dtype=np.float32))
put("is.i32", rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32))
put("xs.i64", rng.integers(-1000, 1000, n, dtype=np.int64))
EOF
c_args() {
  case "$1" in
    saxpy) echo "2.0 $N $W/xs.f32 $N $W/ys.f32" ;;
    histogram) echo "$N $W/is.i32" ;;
    scan) echo "$N $W/xs.i64" ;;
  esac
}
scripts/futhark4j --version >/dev/null # builds the launcher's jar first, outside any timing
RESULTS="$W/results.txt"
: > "$RESULTS"
for r in $(seq 1 "$ROUNDS"); do
  for k in "${KERNELS[@]}"; do
    # shellcheck disable=SC2046
    c_mean=$("$W/$k" --runs "$RUNS" --warmup 3 --out "$W/$k.out" $(c_args "$k") | python3 -c 'import json,sys; print(json.load(sys.stdin)["mean_us"])')
    scripts/futhark4j bench --runs "$RUNS" --json "$W/$k.json" "bench/fut/$k.fut" > "$W/$k.bench.txt"
    python3 - "$W/$k.json" "$k" "$r" "$c_mean" >> "$RESULTS" <<'EOF'
import json, sys
path, kernel, rnd, c = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
for key, v in json.load(open(path)).items():
    entry = key.rsplit(":", 1)[1]
    for name, d in v["datasets"].items():
        if "16777216" not in name:
            continue  # the small checking datasets
        print(f"round {rnd} {kernel:10s} {entry:30s} C {c/1000:8.2f} ms  futhark4j bench {d['mean']/1000:8.2f} ms  {d['mean']/c:5.2f}x")
EOF
    tail -n +1 "$RESULTS" | grep "^round $r $k " || true
  done
done
echo
echo "ratios (futhark4j bench / C), rounds in order:"
python3 - "$RESULTS" <<'EOF'
import sys, collections
rs = collections.OrderedDict()
for line in open(sys.argv[1]):
    f = line.split()
    rs.setdefault((f[2], f[3]), []).append(f[-1])
for (k, e), v in rs.items():
    print(f"  {k:10s} {e:30s} {', '.join(v)}")
EOF
