"""Whole programs, part 4: text (u8 arrays), bits, dates, an interpreter over a sum type, searching,
merging, records with operators, 3-D arrays. Expected values come from Python reference
implementations written here, never from our compiler."""
from common import *
import math, datetime

P = 'programs/'
def bytes_of(s): return A(list(s.encode()), 'u8')

# ---------------------------------------------------------------- text
def wc(s):
    b = s.encode()
    return b.count(b'\n'), len(s.split()), len(b)
TXT = "the quick  brown fox\njumps over\n\tthe lazy dog \n"
write(P + 'word_count.fut', 'wc on a u8 array: lines, words (starts of non-space runs, found by looking at the previous byte) and bytes.', '''
def is_space (c: u8) : bool = c == 32 || c == 10 || c == 9 || c == 13

entry main [n] (s: [n]u8) : (i64, i64, i64) =
  let lines = s |> map (\\c -> if c == 10 then 1 else 0) |> i64.sum
  let starts = map (\\i -> !(is_space s[i]) && (i == 0 || is_space s[i - 1])) (iota n)
  let words = starts |> map i64.bool |> i64.sum
  in (lines, words, n)
''', [(bytes_of(TXT), ' '.join(f'{v}i64' for v in wc(TXT))), (bytes_of("one"), '0i64 1i64 3i64'), ('empty([0]u8)', '0i64 0i64 0i64')])

def rle(xs):
    vals, lens = [], []
    for x in xs:
        if vals and vals[-1] == x: lens[-1] += 1
        else: vals.append(x); lens.append(1)
    return vals, lens
RX = [3, 3, 3, 1, 1, 7, 3, 3, 9, 9, 9, 9, 0]
write(P + 'run_length.fut', 'Run-length encoding and decoding: run starts by filter over indices, lengths from the next start; decoding by scatter of run marks, scan and gather.', '''
entry encode [n] (xs: [n]i32) : ([]i32, []i64) =
  let starts = filter (\\i -> i == 0 || xs[i] != xs[i - 1]) (iota n)
  let m = length starts
  let vals = map (\\i -> xs[i]) starts
  let lens = map (\\k -> (if k == m - 1 then n else starts[k + 1]) - starts[k]) (iota m)
  in (vals, lens)

entry decode [m] (vals: [m]i32) (lens: [m]i64) : []i32 =
  let offs = scan (+) 0 lens
  let total = if m == 0 then 0 else offs[m - 1]
  let starts = map2 (-) offs lens
  let marks = scatter (replicate total 0i64) starts (map (const 1) starts)
  let run = scan (+) 0 marks |> map (\\r -> r - 1)
  in map (\\r -> vals[r]) run
''', [])
rv, rl = rle(RX)
raw(P + 'run_length.fut', open(os.path.join(ROOT, P + 'run_length.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: encode
-- input {{ {A(RX, 'i32')} }}
-- output {{ {A(rv, 'i32')} {A(rl, 'i64')} }}
-- input {{ empty([0]i32) }}
-- output {{ empty([0]i32) empty([0]i64) }}
-- ==
-- entry: decode
-- input {{ {A(rv, 'i32')} {A(rl, 'i64')} }}
-- output {{ {A(RX, 'i32')} }}
''', 1))

def caesar(s, k):
    out = []
    for c in s.encode():
        if 97 <= c <= 122: out.append((c - 97 + k) % 26 + 65)
        elif 65 <= c <= 90: out.append((c - 65 + k) % 26 + 97)
        else: out.append(c)
    return out
CT = "Hello, World! xyz"
write(P + 'caesar.fut', 'A Caesar shift that also swaps case, on u8 with character literals, and its inverse with a negative key (floor %).', '''
def shift (k: i32) (c: u8) : u8 =
  if c >= 'a' && c <= 'z' then u8.i32 ((i32.u8 (c - 'a') + k) % 26) + 'A'
  else if c >= 'A' && c <= 'Z' then u8.i32 ((i32.u8 (c - 'A') + k) % 26) + 'a'
  else c

entry main [n] (s: [n]u8) (k: i32) : ([n]u8, [n]u8) =
  let enc = map (shift k) s
  in (enc, map (shift (-k)) enc)
''', [(f'{bytes_of(CT)} 3i32', f'{A(caesar(CT, 3), "u8")} {bytes_of(CT.swapcase().swapcase())}')])

def histeq(img):
    flat = [p for r in img for p in r]
    h = [0] * 256
    for p in flat: h[p] += 1
    cdf = []; a = 0
    for c in h: a += c; cdf.append(a)
    cmin = min(c for c in cdf if c != 0)
    tot = len(flat)
    lut = [0 if tot == cmin else ((c - cmin) * 255 // (tot - cmin)) & 0xff for c in cdf]
    return [[lut[p] for p in r] for r in img]
HI = [[(i * 13 + j * 7) % 40 + 100 for j in range(7)] for i in range(6)]
write(P + 'histogram_equalisation.fut', 'Histogram equalisation of a u8 image: hist over the flattened image, a scan for the CDF, a lookup table applied with nested maps.', '''
entry main [h][w] (img: [h][w]u8) : [h][w]u8 =
  let flat = flatten img
  let hst = hist (+) 0 256 (map i64.u8 flat) (map (const 1i64) flat)
  let cdf = scan (+) 0 hst
  let cmin = reduce i64.min i64.highest (map (\\c -> if c == 0 then i64.highest else c) cdf)
  let total = h * w
  let lut = map (\\c -> if total == cmin then 0u8 else u8.i64 ((c - cmin) * 255 / (total - cmin))) cdf
  in map (map (\\p -> lut[i64.u8 p])) img
''', [(A2(HI, 'u8'), A2(histeq(HI), 'u8'))])

# ---------------------------------------------------------------- bits
PX = [0, 1, 255, 0x8000000000000000, 0xffffffffffffffff, 0x0123456789abcdef, 12345678901234567890]
pc = [bin(x).count('1') for x in PX]
rev = [int('{:064b}'.format(x)[::-1], 2) for x in PX]
write(P + 'popcount.fut', 'Population count of u64 via a 256-entry table built by tabulate, checked against u64.popc; bit reversal by a loop of shifts.', '''
entry main [n] (xs: [n]u64) : ([n]i32, [n]i32, [n]u64) =
  let tbl = tabulate 256 (\\i -> loop c = 0i32 for b < 8 do c + i32.i64 ((i >> b) & 1))
  let by_table = map (\\x -> loop c = 0 for k < 8 do c + tbl[i64.u64 ((x >> u64.i64 (8 * k)) & 0xff)]) xs
  let reversed = map (\\x -> loop r = 0u64 for b < 64 do (r << 1) | ((x >> u64.i32 b) & 1)) xs
  in (by_table, map u64.popc xs, reversed)
''', [(A(PX, 'u64'), f'{A(pc, "i32")} {A(pc, "i32")} {A(rev, "u64")}')])

def gray(n): return n ^ (n >> 1)
def ungray(g):
    n = 0
    while g: n ^= g; g >>= 1
    return n
GX = [0, 1, 2, 3, 4, 5, 200, 65535, 40000, 12345]
write(P + 'gray_code.fut', 'Gray code of u16 values and its inverse by a while loop on (value, shifted) pairs; i8 arithmetic with wrapping checks.', '''
def gray (x: u16) : u16 = x ^ (x >> 1)
def ungray (g: u16) : u16 =
  let (n, _) = loop (n, g) = (0u16, g) while g != 0 do (n ^ g, g >> 1)
  in n

entry main [n] (xs: [n]u16) : ([n]u16, [n]bool) =
  let gs = map gray xs
  in (gs, map2 (\\x g -> ungray g == x) xs gs)
''', [(A(GX, 'u16'), f'{A([gray(x) for x in GX], "u16")} {A([ungray(gray(x)) == x for x in GX], "bool")}')])

# ---------------------------------------------------------------- dates
def civil_days(y, m, d):
    y = y - 1 if m <= 2 else y
    era = y // 400
    yoe = y - era * 400
    mp = (m + 9) % 12
    doy = (153 * mp + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468
DY = [(1970, 1, 1), (2000, 2, 29), (2024, 12, 31), (1969, 7, 20), (1, 1, 1), (1600, 3, 1), (2100, 3, 1), (-44, 3, 15), (0, 2, 29)]
for (y, m, d) in DY:
    if y >= 1: assert civil_days(y, m, d) == datetime.date(y, m, d).toordinal() - 719163
days = [civil_days(*t) for t in DY]
wd = [(x + 4) % 7 for x in days]
write(P + 'dates.fut', 'Date arithmetic: days since 1970 from (y, m, d) with floor division for negative years, weekday by %, and the inverse mapping back.', '''
def days_from_civil (y: i32) (m: i32) (d: i32) : i32 =
  let y = if m <= 2 then y - 1 else y
  let era = y / 400
  let yoe = y - era * 400
  let mp = (m + 9) % 12
  let doy = (153 * mp + 2) / 5 + d - 1
  let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
  in era * 146097 + doe - 719468

def civil_from_days (z: i32) : (i32, i32, i32) =
  let z = z + 719468
  let era = z / 146097
  let doe = z - era * 146097
  let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
  let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
  let mp = (5 * doy + 2) / 153
  let d = doy - (153 * mp + 2) / 5 + 1
  let m = if mp < 10 then mp + 3 else mp - 9
  in (yoe + era * 400 + (if m <= 2 then 1 else 0), m, d)

entry main [n] (ys: [n]i32) (ms: [n]i32) (ds: [n]i32) : ([n]i32, [n]i32, [n]bool) =
  let days = map3 days_from_civil ys ms ds
  let weekday = map (\\x -> (x + 4) % 7) days
  let back = map civil_from_days days
  in (days, weekday, map4 (\\(y, m, d) y0 m0 d0 -> y == y0 && m == m0 && d == d0) back ys ms ds)
''', [(' '.join(A([t[k] for t in DY], 'i32') for k in range(3)), f'{A(days, "i32")} {A(wd, "i32")} {A([True] * len(DY), "bool")}')])

# ---------------------------------------------------------------- interpreter
def run(ops, args, x):
    st = [x]; pc = 0; steps = 0
    while pc < len(ops) and steps < 10000:
        o, a = ops[pc], args[pc]; steps += 1; pc += 1
        if o == 0: st.append(a)
        elif o in (1, 2, 3):
            b = st.pop(); c = st.pop()
            r = c + b if o == 1 else c - b if o == 2 else c * b
            st.append(((r + 2**31) % 2**32) - 2**31)
        elif o == 4: st.append(st[-1])
        elif o == 5: st[-1], st[-2] = st[-2], st[-1]
        elif o == 6: st.append(st[-2])
        elif o == 7:
            b = st.pop()
            if b == 0: pc = a
        elif o == 8: pc = a
        elif o == 9: st.pop()
    return st[-1] if st else 0, steps
# factorial: [n] -> [n!]
FO = [0, 5, 4, 7, 5, 6, 3, 5, 0, 2, 8, 9]
FA = [1, 0, 0, 11, 0, 0, 0, 0, 1, 0, 2, 0]
IX = [0, 1, 5, 10, 12, 13]
res = [run(FO, FA, x) for x in IX]
write(P + 'stack_machine.fut', 'An interpreter for a small stack machine: instructions as a sum type decoded from codes, a while loop with in-place stack updates and a match, run inside a map over inputs.', '''
type instr = #push i32 | #arith u8 | #dup | #swap | #over | #jz i64 | #jmp i64 | #pop | #nop

def decode (op: i32) (arg: i32) : instr =
  match op
  case 0 -> #push arg
  case 1 -> #arith 0
  case 2 -> #arith 1
  case 3 -> #arith 2
  case 4 -> #dup
  case 5 -> #swap
  case 6 -> #over
  case 7 -> #jz (i64.i32 arg)
  case 8 -> #jmp (i64.i32 arg)
  case 9 -> #pop
  case _ -> #nop

def run [n] (prog: [n]instr) (x: i32) : (i32, i32) =
  let stack = replicate 64 0i32 with [0] = x
  let (stack, sp, _, steps) =
    loop (stack, sp, pc, steps) = (stack, 1i64, 0i64, 0i32) while pc < n && steps < 10000 do
      let pc' = pc + 1
      let steps' = steps + 1
      in match prog[pc]
         case #push c -> (stack with [sp] = c, sp + 1, pc', steps')
         case #arith k ->
           let b = stack[sp - 1]
           let a = stack[sp - 2]
           let r = if k == 0 then a + b else if k == 1 then a - b else a * b
           in (stack with [sp - 2] = r, sp - 1, pc', steps')
         case #dup -> (stack with [sp] = stack[sp - 1], sp + 1, pc', steps')
         case #swap ->
           let a = stack[sp - 2]
           let b = stack[sp - 1]
           let stack[sp - 2] = b
           let stack[sp - 1] = a
           in (stack, sp, pc', steps')
         case #over -> (stack with [sp] = stack[sp - 2], sp + 1, pc', steps')
         case #jz t -> (stack, sp - 1, if stack[sp - 1] == 0 then t else pc', steps')
         case #jmp t -> (stack, sp, t, steps')
         case #pop -> (stack, sp - 1, pc', steps')
         case #nop -> (stack, sp, pc', steps')
  in (if sp > 0 then stack[sp - 1] else 0, steps)

entry main [n][m] (ops: [n]i32) (args: [n]i32) (xs: [m]i32) : ([m]i32, [m]i32) =
  let prog = map2 decode ops args
  in unzip (map (run prog) xs)
''', [(f'{A(FO, "i32")} {A(FA, "i32")} {A(IX, "i32")}', f'{A([r[0] for r in res], "i32")} {A([r[1] for r in res], "i32")}')])

# ---------------------------------------------------------------- searching and merging
def lower(xs, x):
    lo, hi = 0, len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < x: lo = mid + 1
        else: hi = mid
    return lo
BN, BQ = 100000, 20000
bxs = [i * 3 for i in range(BN)]
bqs = [(i * 7919) % (3 * BN + 10) for i in range(BQ)]
bres = [lower(bxs, q) for q in bqs]
write(P + 'binary_search.fut', 'Lower-bound binary search by a while loop on a pair, mapped over queries (20000 queries into 100000 elements).', '''
def lower_bound [n] (xs: [n]i32) (x: i32) : i64 =
  let (lo, _) = loop (lo, hi) = (0, n) while lo < hi do
                  let mid = (lo + hi) / 2
                  in if xs[mid] < x then (mid + 1, hi) else (lo, mid)
  in lo

entry main [n][m] (xs: [n]i32) (qs: [m]i32) : [m]i64 = map (lower_bound xs) qs

entry big (n: i64) (m: i64) : (i64, i64, i64) =
  let xs = map (\\i -> i32.i64 (i * 3)) (iota n)
  let qs = map (\\i -> i32.i64 ((i * 7919) % (3 * n + 10))) (iota m)
  let r = map (lower_bound xs) qs
  in (i64.sum r, r[0], r[m - 1])
''', [])
SX = [1, 3, 3, 5, 9, 12]
SQ = [0, 1, 3, 4, 12, 13, -5]
raw(P + 'binary_search.fut', open(os.path.join(ROOT, P + 'binary_search.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ {A(SX, 'i32')} {A(SQ, 'i32')} }}
-- output {{ {A([lower(SX, q) for q in SQ], 'i64')} }}
-- ==
-- entry: big
-- input {{ {BN}i64 {BQ}i64 }}
-- output {{ {sum(bres)}i64 {bres[0]}i64 {bres[-1]}i64 }}
''', 1))

QX = [7, 2, 9, 4, 4, 1, 8, 3, 6, 5, 0]
write(P + 'quickselect.fut', 'Quickselect (k-th smallest) with Lomuto partitioning: a for loop over a range with swaps, inside a while loop on a 4-tuple.', '''
entry main [n] (xs: [n]i32) (k: i64) : i32 =
  let (a, _, _, _) =
    loop (a, lo, hi, found) = (copy xs, 0i64, n - 1, false) while !found do
      let pivot = a[hi]
      let (a, store) =
        loop (a, store) = (a, lo) for i in lo..<hi do
          if a[i] < pivot
          then let ai = a[i]
               let sv = a[store]
               let a[store] = ai
               let a[i] = sv
               in (a, store + 1)
          else (a, store)
      let sv = a[store]
      let a[hi] = sv
      let a[store] = pivot
      in if store == k then (a, lo, hi, true)
         else if store < k then (a, store + 1, hi, false)
         else (a, lo, store - 1, false)
  in a[k]
''', [(f'{A(QX, "i32")} {k}i64', f'{sorted(QX)[k]}i32') for k in (0, 3, 5, 10)])

MA = [1, 4, 4, 7, 10, 15]
MB = [0, 4, 5, 6, 20]
write(P + 'merge_sorted.fut', 'Parallel merge of two sorted arrays: each element finds its output position by binary search in the other array (lower/upper bound for stability), then one scatter.', '''
def search [n] (strict: bool) (xs: [n]i32) (x: i32) : i64 =
  let (lo, _) = loop (lo, hi) = (0, n) while lo < hi do
                  let mid = (lo + hi) / 2
                  in if xs[mid] < x || (!strict && xs[mid] == x) then (mid + 1, hi) else (lo, mid)
  in lo

entry main [n][m] (a: [n]i32) (b: [m]i32) : []i32 =
  let pa = map2 (\\i x -> i + search true b x) (iota n) a
  let pb = map2 (\\j y -> j + search false a y) (iota m) b
  in scatter (replicate (n + m) 0) (pa ++ pb) (a ++ b)
''', [(f'{A(MA, "i32")} {A(MB, "i32")}', A(sorted(MA + MB), 'i32')), (f'empty([0]i32) {A(MB, "i32")}', A(MB, 'i32'))])

PERM = [3, 0, 4, 1, 5, 2]
inv = [0] * len(PERM)
for i, p in enumerate(PERM): inv[p] = i
write(P + 'permutations.fut', 'Inverse permutation by scatter, composition by gather, and the cycle count by following each cycle in a while loop.', '''
entry main [n] (p: [n]i64) : ([n]i64, [n]i64, i64) =
  let inv = scatter (replicate n 0) p (iota n)
  let comp = map (\\i -> p[inv[i]]) (iota n)
  let is_min_of_cycle i =
    let (_, j, ok) = loop (k, j, ok) = (0, p[i], true) while ok && j != i && k < n do
                       (k + 1, p[j], ok && j > i)
    in ok
  let cycles = tabulate n is_min_of_cycle |> map i64.bool |> i64.sum
  in (inv, comp, cycles)
''', [(A(PERM, 'i64'), f'{A(inv, "i64")} {A(list(range(6)), "i64")} 2i64'), (A([0, 1, 2], 'i64'), f'{A([0, 1, 2], "i64")} {A([0, 1, 2], "i64")} 3i64')])
