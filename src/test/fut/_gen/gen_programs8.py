"""Whole programs, part 8: narrow integer types (i8/i16 fixed point), a ledger of transactions as a
sum type applied in a loop, image transforms with rotate/reverse/strided slices, iterate_while.
Expected values come from Python reference implementations written here."""
from common import *

P = 'programs/'

# ---------------------------------------------------------------- i8 / i16 audio
def clamp(v, lo, hi): return max(lo, min(hi, v))
AU1 = [100, -100, 50, 127, -128, 0, 64, -64, 90, 33]
AU2 = [60, -60, 100, 10, -10, 0, 64, -65, 90, -33]
mix = [clamp(a + b, -128, 127) for a, b in zip(AU1, AU2)]
wrapsum = [wrap(a + b, 'i8') for a, b in zip(AU1, AU2)]
taps = [3, 5, 5, 3]  # Q4 fixed point, sum 16
def fir(xs):
    out = []
    for i in range(len(xs)):
        acc = 0
        for k, t in enumerate(taps):
            j = i - k
            acc += t * (xs[j] if j >= 0 else 0)
        out.append(wrap(acc >> 4, 'i16'))
    return out
S16 = [1000, -2000, 32767, -32768, 500, 0, 12345, -12345]
write(P + 'audio_fixed_point.fut', 'Audio samples in narrow integers: saturating i8 mixing by widening to i16, wrapping i8 sums, and a 4-tap FIR filter in Q4 fixed point on i16 accumulated in i32 (arithmetic shift of negative sums).', '''
def sat8 (x: i16) : i8 = i8.i16 (i16.max (-128) (i16.min 127 x))

def fir [n] (taps: [4]i32) (xs: [n]i16) : [n]i16 =
  tabulate n (\\i ->
    let acc = loop acc = 0i32 for k < 4 do
                let j = i - k
                in acc + taps[k] * (if j >= 0 then i32.i16 xs[j] else 0)
    in i16.i32 (acc >> 4))

entry main [n] (a: [n]i8) (b: [n]i8) : ([n]i8, [n]i8) =
  (map2 (\\x y -> sat8 (i16.i8 x + i16.i8 y)) a b, map2 (+) a b)

entry filter16 [n] (xs: [n]i16) : [n]i16 = fir [3, 5, 5, 3] xs
''', [])
raw(P + 'audio_fixed_point.fut', open(os.path.join(ROOT, P + 'audio_fixed_point.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ {A(AU1, 'i8')} {A(AU2, 'i8')} }}
-- output {{ {A(mix, 'i8')} {A(wrapsum, 'i8')} }}
-- ==
-- entry: filter16
-- input {{ {A(S16, 'i16')} }}
-- output {{ {A(fir(S16), 'i16')} }}
''', 1))

# ---------------------------------------------------------------- ledger
NT, NA = 100000, 50
def tx(i):
    k = i % 3
    a = (i * 17) % NA
    b = (i * 29 + 3) % NA
    amt = (i * 13) % 200 + 1
    return k, a, b, amt
def ledger(nt):
    bal = [1000] * NA
    rejected = 0
    for i in range(nt):
        k, a, b, amt = tx(i)
        if k == 0: bal[a] += amt
        elif k == 1:
            if bal[a] >= amt: bal[a] -= amt
            else: rejected += 1
        else:
            if a != b and bal[a] >= amt: bal[a] -= amt; bal[b] += amt
            else: rejected += 1
    return bal, rejected
bal, rej = ledger(NT)
write(P + 'ledger.fut', 'A bank ledger: 100000 generated transactions as a sum type (#deposit | #withdraw | #transfer) applied in order by a loop with a match and in-place balance updates; rejected transactions counted.', '''
type tx = #deposit i64 i64 | #withdraw i64 i64 | #transfer i64 i64 i64

def gen (na: i64) (i: i64) : tx =
  let a = (i * 17) % na
  let b = (i * 29 + 3) % na
  let amt = (i * 13) % 200 + 1
  in if i % 3 == 0 then #deposit a amt
     else if i % 3 == 1 then #withdraw a amt
     else #transfer a b amt

entry main (nt: i64) (na: i64) : ([na]i64, i64) =
  let txs = map (gen na) (iota nt)
  in loop (bal, rejected) = (replicate na 1000i64, 0i64) for t in txs do
       match t
       case #deposit a amt -> (bal with [a] = bal[a] + amt, rejected)
       case #withdraw a amt ->
         if bal[a] >= amt then (bal with [a] = bal[a] - amt, rejected) else (bal, rejected + 1)
       case #transfer a b amt ->
         if a != b && bal[a] >= amt
         then let bal[a] = bal[a] - amt
              let bal[b] = bal[b] + amt
              in (bal, rejected)
         else (bal, rejected + 1)
''', [(f'{NT}i64 {NA}i64', f'{A(bal, "i64")} {rej}i64'), ('0i64 2i64', '[1000i64, 1000i64] 0i64')])

# ---------------------------------------------------------------- image transforms
IM = [[i * 10 + j for j in range(6)] for i in range(4)]
rot90 = [[IM[len(IM) - 1 - i][j] for i in range(len(IM))] for j in range(6)]   # clockwise
flip = [r[::-1] for r in IM]
down = [r[::2] for r in IM[::2]]
shift = [r[2:] + r[:2] for r in IM]
write(P + 'image_transforms.fut', 'Image transforms on a 2-D i32 array: clockwise rotation (transpose of the reversed rows), horizontal flip, 2x downsampling with strided slices, a cyclic shift of every row with rotate, and a transpose of a strided view.', '''
entry main [h][w] (img: [h][w]i32) : ([w][h]i32, [h][w]i32, [][]i32, [h][w]i32, [][]i32) =
  let rot = transpose (reverse img)
  let flip = map reverse img
  let down = img[::2, ::2]
  let shifted = map (rotate 2) img
  let tv = transpose img[1:, ::3]
  in (rot, flip, down, shifted, tv)
''', [(A2(IM, 'i32'), ' '.join(A2(x, 'i32') for x in (rot90, flip, down, shift, [[IM[i][j] for i in range(1, 4)] for j in range(0, 6, 3)])))])

# ---------------------------------------------------------------- iterate_while
def fixpoint(c):
    x = 1.0; n = 0
    while abs(x * x - c) > 1e-9 and n < 60:
        x = 0.5 * (x + c / x); n += 1
    return x, n
FC = [2.0, 10.0, 0.5, 144.0]
fr = [fixpoint(c) for c in FC]
def steps_to_one(x):
    n = 0
    while x != 1:
        x = x // 2 if x % 2 == 0 else 3 * x + 1; n += 1
    return n
CX = [1, 6, 7, 27, 97]
write(P + 'iterate_fixpoint.fut', 'Fixed points with iterate_while on a record state (Heron square roots with a step counter) and iterate for a fixed number of LCG steps.', '''
type st = {x: f64, n: i32}

entry main [k] (cs: [k]f64) : ([k]f64, [k]i32) =
  let run c = iterate_while (\\(s: st) -> f64.abs (s.x * s.x - c) > 1e-9 && s.n < 60)
                            (\\(s: st) -> {x = 0.5 * (s.x + c / s.x), n = s.n + 1})
                            {x = 1, n = 0}
  let rs = map run cs
  in (map (.x) rs, map (.n) rs)

entry lcg (steps: i32) (seed: u32) : u32 = iterate steps (\\s -> s * 1103515245 + 12345) seed
''', [])
def lcg(steps, s):
    for _ in range(steps): s = (s * 1103515245 + 12345) & 0xffffffff
    return s
raw(P + 'iterate_fixpoint.fut', open(os.path.join(ROOT, P + 'iterate_fixpoint.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ {A(FC, 'f64')} }}
-- output {{ {A([r[0] for r in fr], 'f64')} {A([r[1] for r in fr], 'i32')} }}
-- ==
-- entry: lcg
-- input {{ 0i32 42u32 }}
-- output {{ 42u32 }}
-- input {{ 1000i32 42u32 }}
-- output {{ {lcg(1000, 42)}u32 }}
''', 1))
