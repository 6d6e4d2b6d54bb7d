#!/usr/bin/env bash
# futhark4j against the reference Futhark compiler's multicore backend, on the realistic programs
# of bench/programs/ (LU decomposition, option pricing, tridiagonal solvers, k-means, n-body,
# stencil, BFS), alternating in one run: for each round and each program, `scripts/futhark4j bench`
# (our compiler, its default backend) and `$FUTHARK_REF bench --backend=multicore` on the same
# file, one right after the other (in odd rounds ours first, in even rounds the reference first,
# so that a drift of the machine reaches both sides alike).
#   bench/vs-ref.sh [--rounds R] [--runs N] [--markdown FILE] [--docs] [PROGRAM...]
# PROGRAM: a name in bench/programs/ (lud, bfs, ...) or the path of a .fut file (default: all of
# bench/programs/*.fut and the harness kernels bench/fut/*.fut; --programs-only: the former).
# R rounds (default 3); N timed runs per dataset and tool (default 10; the
# reference does at least N, and more until 0.5 s have passed). Prints, per round and dataset, the
# mean per call of both and the ratio ours/reference; at the end, per dataset, the ratios of all
# rounds and their median, and the geometric mean of the medians (over the `random input`
# datasets, the benchmark sizes; the small checking datasets, named `#i (...)`, are listed but
# left out of it, their times being mostly call overhead). --markdown FILE also writes that
# summary as a Markdown table to FILE; --docs writes it into docs/performance.md, in place of the
# table between the lines `<!-- vs-ref table: begin -->` and `<!-- vs-ref table: end -->`, with the
# date, the commit and the command (it fails, changing nothing, when the reference is absent or the
# markers are not there).
# The reference: $FUTHARK_REF, default ../shared/tools/reference-futhark/futhark relative to the
# project root; where it is absent, only our timings are printed. Its build outputs (the program's
# executable and .c file next to the .fut, and the data/ folder of generated random inputs where
# the script made it) are deleted after each run and at the end.
# Datasets are matched by name: literally, else by the index of a literal case (`#0 (...)`: the
# tools abbreviate values differently), else with the scalar literals written alike (the
# reference writes 0.03f32 as 3.0e-2f32), else the last one left on each side.
# Measure on an otherwise idle machine. No timings are asserted.
set -euo pipefail
CALLER_PWD="$PWD"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
ROUNDS=3
RUNS=10
MARKDOWN=""
DOCS=0
ARGS=("$@")
KERNELS=1
PROGS=()
usage() { echo "usage: bench/vs-ref.sh [--rounds R] [--runs N] [--markdown FILE] [--docs] [--programs-only] [PROGRAM...]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) [ $# -ge 2 ] || usage; ROUNDS="$2"; shift 2 ;;
    --runs) [ $# -ge 2 ] || usage; RUNS="$2"; shift 2 ;;
    --markdown) [ $# -ge 2 ] || usage; MARKDOWN="$2"; shift 2 ;;
    --programs-only) KERNELS=0; shift ;;
    --docs) DOCS=1; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) usage ;;
    *) PROGS+=("$1"); shift ;;
  esac
done
case "$ROUNDS" in ''|*[!0-9]*|0) echo "vs-ref: --rounds wants a positive number" >&2; exit 2 ;; esac
case "$RUNS" in ''|*[!0-9]*|0) echo "vs-ref: --runs wants a positive number" >&2; exit 2 ;; esac
if [ -n "$MARKDOWN" ]; then
  case "$MARKDOWN" in /*) ;; *) MARKDOWN="$CALLER_PWD/$MARKDOWN" ;; esac
fi

# The programs, as paths relative to the project root.
FILES=()
if [ ${#PROGS[@]} -eq 0 ]; then
  for f in bench/programs/*.fut; do [ -e "$f" ] && FILES+=("$f"); done
  # and the harness kernels (bench/fut: saxpy, histogram, scan, matmul, ...), every spelling
  if [ "$KERNELS" = 1 ]; then for f in bench/fut/*.fut; do [ -e "$f" ] && FILES+=("$f"); done; fi
else
  for p in "${PROGS[@]}"; do
    if [ -f "bench/programs/$p.fut" ]; then FILES+=("bench/programs/$p.fut")
    elif [ -f "bench/programs/$p" ]; then FILES+=("bench/programs/$p")
    elif [ -f "$p" ]; then FILES+=("$p")
    elif [ -f "$CALLER_PWD/$p" ]; then FILES+=("$CALLER_PWD/$p")
    else echo "vs-ref: no program $p (bench/programs/$p.fut)" >&2; exit 2
    fi
  done
fi
[ ${#FILES[@]} -gt 0 ] || { echo "vs-ref: no programs" >&2; exit 2; }

# The reference compiler: an absolute path, a path relative to where the script was called from
# (FUTHARK_REF set) or to the project root (the default), or a command on the PATH.
REF="${FUTHARK_REF:-../shared/tools/reference-futhark/futhark}"
case "$REF" in
  /*) ;;
  */*) if [ -n "${FUTHARK_REF:-}" ]; then REF="$CALLER_PWD/$REF"; else REF="$ROOT/$REF"; fi ;;
  *) REF="$(command -v "$REF" || echo "$REF")" ;;
esac
HAVE_REF=1
if [ ! -x "$REF" ]; then
  HAVE_REF=0
  echo "note: no reference compiler at $REF (set FUTHARK_REF); timing futhark4j alone, no ratios" >&2
fi

W=target/vs-ref
mkdir -p "$W"
W="$(cd "$W" && pwd)"
RESULTS="$W/results.tsv"
: > "$RESULTS"

# The data/ folders of random inputs the reference makes next to the programs: removed at the end
# where they did not exist before.
MADE_DATA=()
for f in "${FILES[@]}"; do
  d="$(dirname "$f")/data"
  [ -e "$d" ] && continue
  case " ${MADE_DATA[*]-} " in *" $d "*) ;; *) MADE_DATA+=("$d") ;; esac
done
clean_ref() { # the reference's build outputs for program $1: its executable and C file
  local base="${1%.fut}" g
  for g in "$base" "$base.c"; do
    if [ -f "$g" ]; then rm -f -- "$g"; fi
  done
}
cleanup() {
  local f d
  for f in "${FILES[@]}"; do clean_ref "$f"; done
  for d in "${MADE_DATA[@]-}"; do
    if [ -n "$d" ] && [ -d "$d" ]; then rm -rf -- "$d"; fi
  done
}
trap cleanup EXIT

scripts/futhark4j --version >/dev/null # builds the launcher's jar first, outside any timing
if [ "$HAVE_REF" = 1 ]; then { "$REF" --version 2>&1 || true; } | head -n 1 || true; fi

run_ours() { # $1 program, $2 JSON out, $3 log
  rm -f -- "$2"
  if ! scripts/futhark4j bench --runs "$RUNS" --json "$2" "$1" > "$3" 2>&1; then
    echo "  futhark4j bench $1 failed (see $3):" >&2
    grep -i "fail\|error" "$3" | head -n 5 | sed 's/^/    /' >&2 || true
  fi
}
run_ref() {
  rm -f -- "$2"
  if ! "$REF" bench --backend=multicore --runs "$RUNS" --json "$2" "$1" > "$3" 2>&1; then
    echo "  reference bench $1 failed (see $3):" >&2
    tail -n 5 "$3" | sed 's/^/    /' >&2 || true
  fi
  clean_ref "$1"
}

# Matches the datasets of the two JSON files and appends one line per dataset to RESULTS:
# round, program, entry, dataset, our mean (µs), the reference's mean (µs) ("-" where absent).
read -r -d '' MATCH_PY <<'EOF' || true
import json, math, os, re, sys

def load(path):
    if not os.path.isfile(path) or os.path.getsize(path) == 0:
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        print(f"  cannot read {path}: {e}", file=sys.stderr)
        return {}
    out = {}
    for key, v in (d.items() if isinstance(d, dict) else []):
        # futhark bench: "prog.fut" for main, "prog.fut:entry" otherwise; futhark4j: "prog.fut:entry".
        i = key.rfind(".fut:")
        entry = key[i + 5:] if i >= 0 else ("main" if key.endswith(".fut") else key.rsplit(":", 1)[-1])
        ds = out.setdefault(entry, {})
        for name, dv in ((v or {}).get("datasets") or {}).items():
            rts = [float(t) for t in (dv or {}).get("runtimes") or []]
            if rts:
                ds[name] = sum(rts) / len(rts)
    return out

SUFFIX = r"(i8|i16|i32|i64|u8|u16|u32|u64|f16|f32|f64)"
LIT = re.compile(r"^#(\d+) \(")
NUM = re.compile(r"^(-?)(\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)" + SUFFIX + r"$")

def canon(name):
    """The same for the names both tools give one dataset."""
    m = LIT.match(name)
    if m:
        return ("#", int(m.group(1)))
    toks = []
    for t in name.split():
        n = NUM.match(t)
        if n:
            v = float(n.group(1) + n.group(2))
            t = (repr(v) if n.group(3)[0] == "f" else str(int(v))) + n.group(3)
        toks.append(t)
    return ("=", " ".join(toks))

def match(a, b):
    """Pairs (name, name-in-b) of the datasets of a and b; a name without partner pairs with None."""
    pairs, left_a, left_b = [], list(a), list(b)
    for how in (lambda n: n, canon):
        for n in list(left_a):
            cands = [m for m in left_b if how(m) == how(n)]
            if len(cands) == 1:
                pairs.append((n, cands[0]))
                left_a.remove(n)
                left_b.remove(cands[0])
    if len(left_a) == 1 and len(left_b) == 1:
        print(f"  note: matched dataset {left_a[0]!r} with {left_b[0]!r} (the only ones left)", file=sys.stderr)
        pairs.append((left_a[0], left_b[0]))
        left_a, left_b = [], []
    pairs += [(n, None) for n in left_a] + [(None, m) for m in left_b]
    order_a, order_b = {n: i for i, n in enumerate(a)}, {m: i for i, m in enumerate(b)}
    return sorted(pairs, key=lambda p: (0, order_a[p[0]]) if p[0] is not None else (1, order_b[p[1]]))

ours_path, ref_path, prog, rnd = sys.argv[1:5]
ours, ref = load(ours_path), load(ref_path)
entries = list(ours) + [e for e in ref if e not in ours]
for e in entries:
    o, r = ours.get(e, {}), ref.get(e, {})
    for no, nr in match(o, r):
        name = no if no is not None else nr
        mo = f"{o[no]:.3f}" if no is not None else "-"
        mr = f"{r[nr]:.3f}" if nr is not None else "-"
        print("\t".join([rnd, prog, e, name.replace("\t", " "), mo, mr]))
EOF

# Prints the lines of RESULTS of round $1, program $2.
read -r -d '' SHOW_PY <<'EOF' || true
import sys
rnd, prog = sys.argv[2], sys.argv[3]
def ms(s):
    if s == "-":
        return "        -   "
    us = float(s)
    return f"{us / 1000:9.3f} ms" if us >= 1000 else f"{us:9.2f} µs"
for line in open(sys.argv[1], encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if len(f) != 6 or f[0] != rnd or f[1] != prog:
        continue
    _, _, e, name, o, r = f
    ratio = f"{float(o) / float(r):6.2f}x" if o != "-" and r != "-" and float(r) > 0 else "    -  "
    label = (e + ": " if e != "main" else "") + name
    if len(label) > 60:
        label = label[:57] + "..."
    print(f"round {rnd} {prog:15s} {label:60s} futhark4j {ms(o)}  reference {ms(r)}  {ratio}")
EOF

# The summary: per dataset the ratios of all rounds and their median, and the geometric mean of
# the medians; with a second argument, also as a Markdown table into that file.
read -r -d '' SUMMARY_PY <<'EOF' || true
import collections, math, statistics, sys
rows = collections.OrderedDict()
for line in open(sys.argv[1], encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if len(f) != 6:
        continue
    rnd, prog, e, name, o, r = f
    row = rows.setdefault((prog, e, name), {"ours": [], "ref": [], "ratios": []})
    if o != "-":
        row["ours"].append(float(o))
    if r != "-":
        row["ref"].append(float(r))
    if o != "-" and r != "-" and float(r) > 0:
        row["ratios"].append(float(o) / float(r))

def med(xs):
    return statistics.median(xs) if xs else None

def t(us):
    if us is None:
        return "-"
    return f"{us / 1000:.3f} ms" if us >= 1000 else f"{us:.2f} µs"

def label(prog, e, name):
    return prog + ("" if e == "main" else ":" + e) + "  " + name

bench_meds, all_meds = [], []
print("ratios (futhark4j / reference multicore) of the mean per call, rounds in order, and their medians:")
for (prog, e, name), row in rows.items():
    m = med(row["ratios"])
    if m is not None:
        all_meds.append(m)
        if not name.startswith("#"):
            bench_meds.append(m)
    rs = ", ".join(f"{x:.2f}" for x in row["ratios"]) or "-"
    mo, mr = med(row["ours"]), med(row["ref"])
    times = f"median {t(mo)} vs {t(mr)}"
    print(f"  {label(prog, e, name)[:70]:70s} {rs:24s} (median {m:.2f})   {times}" if m is not None
          else f"  {label(prog, e, name)[:70]:70s} {rs:24s} (no ratio)       {times}")

def geo(xs):
    # A ratio of 0 (a call of a checking case below the timers' microsecond) has no logarithm:
    # such datasets are left out of the mean, and counted.
    pos = [x for x in xs if x > 0]
    return (math.exp(sum(math.log(x) for x in pos) / len(pos)) if pos else None), len(xs) - len(pos)

def zeros(n):
    return f", {n} left out: a time of 0 µs" if n else ""

(g_bench, z_bench), (g_all, z_all) = geo(bench_meds), geo(all_meds)
if g_bench is not None:
    print(f"geometric mean of the medians, benchmark datasets ({len(bench_meds) - z_bench}{zeros(z_bench)}): {g_bench:.2f}")
if g_all is not None:
    print(f"geometric mean of the medians, all datasets ({len(all_meds) - z_all}{zeros(z_all)}): {g_all:.2f}")
if not all_meds:
    print("no ratios (no reference timings, or no dataset timed by both)")

if len(sys.argv) > 2:
    def cell(s):
        return s.replace("|", "\\|")
    with open(sys.argv[2], "w", encoding="utf-8") as md:
        md.write("| Program | Entry | Dataset | futhark4j | reference multicore | ours/ref per round | median |\n")
        md.write("|---|---|---|---:|---:|---|---:|\n")
        for (prog, e, name), row in rows.items():
            mo, mr, m = med(row["ours"]), med(row["ref"]), med(row["ratios"])
            md.write(f"| {cell(prog)} | {cell(e)} | `{cell(name)}` | "
                     f"{t(mo)} | {t(mr)} | "
                     f"{', '.join(f'{x:.2f}' for x in row['ratios']) or '-'} | {'-' if m is None else f'{m:.2f}'} |\n")
        md.write("\n")
        if g_bench is not None:
            md.write(f"Geometric mean of the medians over the benchmark datasets ({len(bench_meds) - z_bench}{zeros(z_bench)}): **{g_bench:.2f}**")
            if g_all is not None and len(all_meds) != len(bench_meds):
                md.write(f" (all {len(all_meds) - z_all} datasets{zeros(z_all)}: {g_all:.2f})")
            md.write(".\n")
        elif g_all is not None:
            md.write(f"Geometric mean of the medians ({len(all_meds) - z_all} datasets{zeros(z_all)}): **{g_all:.2f}**.\n")
        else:
            md.write("No ratios (no reference timings).\n")
        md.write(f"\nTimes are the medians over the rounds of the mean per call; ratios below 1 mean futhark4j is faster.\n")
EOF

for r in $(seq 1 "$ROUNDS"); do
  for f in "${FILES[@]}"; do
    name="$(basename "$f" .fut)"
    ours_json="$W/$name.ours.json"
    ref_json="$W/$name.ref.json"
    if [ "$HAVE_REF" = 1 ] && [ $((r % 2)) -eq 0 ]; then
      run_ref "$f" "$ref_json" "$W/$name.ref.txt"
      run_ours "$f" "$ours_json" "$W/$name.ours.txt"
    else
      run_ours "$f" "$ours_json" "$W/$name.ours.txt"
      if [ "$HAVE_REF" = 1 ]; then run_ref "$f" "$ref_json" "$W/$name.ref.txt"; else rm -f -- "$ref_json"; fi
    fi
    python3 -c "$MATCH_PY" "$ours_json" "$ref_json" "$name" "$r" >> "$RESULTS"
    python3 -c "$SHOW_PY" "$RESULTS" "$r" "$name"
  done
done
echo
if [ "$DOCS" = 1 ] && [ -z "$MARKDOWN" ]; then MARKDOWN="$W/summary.md"; fi
if [ -n "$MARKDOWN" ]; then
  python3 -c "$SUMMARY_PY" "$RESULTS" "$MARKDOWN"
  echo "summary written to $MARKDOWN"
else
  python3 -c "$SUMMARY_PY" "$RESULTS"
fi
if [ "$DOCS" = 1 ]; then
  if [ "$HAVE_REF" != 1 ]; then echo "vs-ref: --docs needs the reference's timings; docs/performance.md left as it is" >&2; exit 1; fi
  python3 - "$MARKDOWN" "docs/performance.md" "$(date -u +%Y-%m-%d)" "$(git rev-parse --short HEAD 2>/dev/null || echo '?')" \
      "bench/vs-ref.sh ${ARGS[*]}" <<'PY'
import sys
table, doc, day, commit, command = sys.argv[1:6]
begin, end = "<!-- vs-ref table: begin -->", "<!-- vs-ref table: end -->"
text = open(doc, encoding="utf-8").read()
if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
    sys.exit(f"vs-ref: {doc} has no single '{begin}' ... '{end}' section; left as it is")
body = f"Run of {day} on {commit} (`{command}`):\n\n" + open(table, encoding="utf-8").read()
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(doc, "w", encoding="utf-8").write(head + begin + "\n" + body + end + tail)
print(f"table written into {doc}")
PY
fi
