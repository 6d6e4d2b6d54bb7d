#!/usr/bin/env bash
# What a user of `futhark4j bench` sees for the bandwidth-bound kernels, against the hand-written C,
# alternating in one run: for each round, each kernel's C baseline (bench/c/NAME.c, its own timer)
# and then `scripts/futhark4j bench` of bench/fut/NAME.fut (every spelling: every entry point of
# the file) on data of the same size and kind.
#   bench/vs-c.sh [--rounds R] [--runs N] [KERNEL...]     kernels: saxpy histogram scan (default: all)
# C runs right before and right after each futhark4j bench run (their means averaged, their best
# runs' minimum taken). Prints, per round, the mean and the best run per call of C and of each
# Futhark entry point and their ratios; at the end the ratios of all rounds and their medians.
# Measure on an otherwise idle machine. No timings are asserted.
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
c_run() { # prints "mean_us min_us" of one C run
  # shellcheck disable=SC2046
  "$W/$1" --runs "$RUNS" --warmup 3 --out "$W/$1.out" $(c_args "$1") \
    | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["mean_us"], d["min_us"])'
}
for r in $(seq 1 "$ROUNDS"); do
  for k in "${KERNELS[@]}"; do
    # C runs right before and right after futhark4j bench, and Futhark is compared with the two
    # together, so that a drift of the machine within the round reaches both sides alike.
    c_before=$(c_run "$k")
    scripts/futhark4j bench --runs "$RUNS" --json "$W/$k.json" "bench/fut/$k.fut" > "$W/$k.bench.txt"
    c_after=$(c_run "$k")
    # shellcheck disable=SC2086
    python3 - "$W/$k.json" "$k" "$r" $c_before $c_after >> "$RESULTS" <<'EOF'
import json, sys
path, kernel, rnd = sys.argv[1], sys.argv[2], sys.argv[3]
cb_mean, cb_min, ca_mean, ca_min = map(float, sys.argv[4:8])
c_mean, c_min = (cb_mean + ca_mean) / 2, min(cb_min, ca_min)
for key, v in json.load(open(path)).items():
    entry = key.rsplit(":", 1)[1]
    for name, d in v["datasets"].items():
        if "16777216" not in name:
            continue  # the small checking datasets
        runs = d["runtimes"]
        mean, best = sum(runs) / len(runs), min(runs)
        print(f"round {rnd} {kernel:10s} {entry:30s} C {c_mean/1000:8.2f} ms (best {c_min/1000:6.2f})  "
              f"futhark4j bench {mean/1000:8.2f} ms (best {best/1000:6.2f})  mean {mean/c_mean:5.2f}x  best {best/c_min:5.2f}x")
EOF
    grep "^round $r $k " "$RESULTS" || true
  done
done
echo
echo "ratios (futhark4j bench / C) of the means and of the best runs, rounds in order, and their medians:"
python3 - "$RESULTS" <<'EOF'
import sys, collections, statistics
rs = collections.OrderedDict()
for line in open(sys.argv[1]):
    f = line.split()
    rs.setdefault((f[2], f[3]), []).append((float(f[-3][:-1]), float(f[-1][:-1])))
for (k, e), v in rs.items():
    means = [m for m, _ in v]
    bests = [b for _, b in v]
    print(f"  {k:10s} {e:30s} mean {', '.join(f'{m:.2f}' for m in means)} (median {statistics.median(means):.2f})"
          f"   best {', '.join(f'{b:.2f}' for b in bests)} (median {statistics.median(bests):.2f})")
EOF
