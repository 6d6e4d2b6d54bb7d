"""Whole programs, part 5: matrix power, polynomials, complex DFT, geometry, 3-D arrays, a tokenizer
with a sum-type state, bigger inputs. Expected values come from Python reference implementations
written here, never from our compiler."""
from common import *
import math, cmath

P = 'programs/'

def mmul(a, b, p):
    n = len(a)
    return [[sum(a[i][k] * b[k][j] % p for k in range(n)) % p for j in range(n)] for i in range(n)]
def mpow(a, e, p):
    n = len(a); r = [[1 if i == j else 0 for j in range(n)] for i in range(n)]
    while e > 0:
        if e % 2 == 1: r = mmul(r, a, p)
        a = mmul(a, a, p); e //= 2
    return r
FIB = [[1, 1], [1, 0]]
M3 = [[2, 0, 1], [1, 3, 5], [7, 1, 1]]
MOD = 1000000007
write(P + 'matrix_power.fut', 'Matrix power modulo a prime by repeated squaring: a while loop on (result, base, exponent) with matrices built by nested maps over a transpose.', '''
def matmul [n] (p: i64) (a: [n][n]i64) (b: [n][n]i64) : [n][n]i64 =
  map (\\row -> map (\\col -> reduce (+) 0 (map2 (\\x y -> x * y % p) row col) % p) (transpose b)) a

entry main [n] (a: [n][n]i64) (e: i64) (p: i64) : [n][n]i64 =
  let id = tabulate_2d n n (\\i j -> if i == j then 1 else 0)
  let (r, _, _) =
    loop (r, b, e) = (id, a, e) while e > 0 do
      let r = if e % 2 == 1 then matmul p r b else r
      in (r, matmul p b b, e / 2)
  in r
''', [(f'{A2(FIB, "i64")} {e}i64 {MOD}i64', A2(mpow(FIB, e, MOD), 'i64')) for e in (0, 10, 90, 1000)] +
     [(f'{A2(M3, "i64")} 12345i64 {MOD}i64', A2(mpow(M3, 12345, MOD), 'i64'))])

PC = [1.0, -3.0, 0.0, 2.0, 0.5]
PXS = [0.0, 1.0, -1.0, 2.5, -0.75]
ev = [sum(c * x ** i for i, c in enumerate(PC)) for x in PXS]
PA, PB = [1, 2, 3], [4, -5, 0, 6]
pm = [sum(PA[i] * PB[k - i] for i in range(len(PA)) if 0 <= k - i < len(PB)) for k in range(len(PA) + len(PB) - 1)]
write(P + 'polynomials.fut', 'Polynomials: Horner evaluation in a loop mapped over points, multiplication by tabulate with a guarded gather, derivative by map2 with iota.', '''
def horner [n] (cs: [n]f64) (x: f64) : f64 = loop acc = 0 for i < n do acc * x + cs[n - 1 - i]

entry eval [n][m] (cs: [n]f64) (xs: [m]f64) : [m]f64 = map (horner cs) xs

entry mul [n][m] (a: [n]i64) (b: [m]i64) : []i64 =
  tabulate (n + m - 1) (\\k -> i64.sum (map (\\i -> if k - i >= 0 && k - i < m then a[i] * b[k - i] else 0) (iota n)))

entry deriv [n] (cs: [n]f64) : []f64 =
  map2 (\\i c -> f64.i64 i * c) (iota n) cs |> drop 1
''', [])
raw(P + 'polynomials.fut', open(os.path.join(ROOT, P + 'polynomials.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: eval
-- input {{ {A(PC, 'f64')} {A(PXS, 'f64')} }}
-- output {{ {A(ev, 'f64')} }}
-- ==
-- entry: mul
-- input {{ {A(PA, 'i64')} {A(PB, 'i64')} }}
-- output {{ {A(pm, 'i64')} }}
-- ==
-- entry: deriv
-- input {{ {A(PC, 'f64')} }}
-- output {{ {A([i * c for i, c in enumerate(PC)][1:], 'f64')} }}
''', 1))

DRE = [1.0, 2.0, 0.0, -1.0, 3.0, 0.5]
DIM = [0.0, -1.0, 1.0, 0.0, 2.0, 0.0]
xs = [complex(r, i) for r, i in zip(DRE, DIM)]
n = len(xs)
X = [sum(x * cmath.exp(-2j * math.pi * j * k / n) for j, x in enumerate(xs)) for k in range(n)]
back = [sum(Xk * cmath.exp(2j * math.pi * j * k / n) for k, Xk in enumerate(X)) / n for j in range(n)]
write(P + 'dft_complex.fut', 'A discrete Fourier transform and its inverse with complex numbers as records and a small complex library.', '''
type complex = {re: f64, im: f64}
def c0 : complex = {re = 0, im = 0}
def cadd (a: complex) (b: complex) : complex = {re = a.re + b.re, im = a.im + b.im}
def cmul (a: complex) (b: complex) : complex = {re = a.re * b.re - a.im * b.im, im = a.re * b.im + a.im * b.re}
def cis (t: f64) : complex = {re = f64.cos t, im = f64.sin t}
def cscale (s: f64) (a: complex) : complex = a with re = s * a.re with im = s * a.im

def dft [n] (sign: f64) (xs: [n]complex) : [n]complex =
  tabulate n (\\k -> reduce cadd c0 (map2 (\\j x -> cmul x (cis (sign * 2 * f64.pi * f64.i64 (j * k) / f64.i64 n))) (iota n) xs))

entry main [n] (re: [n]f64) (im: [n]f64) : ([n]f64, [n]f64, [n]f64, [n]f64) =
  let xs = map2 (\\r i -> {re = r, im = i}) re im
  let ys = dft (-1) xs
  let zs = dft 1 ys |> map (cscale (1 / f64.i64 n))
  in (map (.re) ys, map (.im) ys, map (.re) zs, map (.im) zs)
''', [(f'{A(DRE, "f64")} {A(DIM, "f64")}', ' '.join(A(v, 'f64') for v in ([z.real for z in X], [z.imag for z in X], [z.real for z in back], [z.imag for z in back])))])

def shoelace(px, py):
    n = len(px)
    return sum(px[i] * py[(i + 1) % n] - px[(i + 1) % n] * py[i] for i in range(n)) / 2
def perim(px, py):
    n = len(px)
    return sum(math.hypot(px[(i + 1) % n] - px[i], py[(i + 1) % n] - py[i]) for i in range(n))
GXS, GYS = [0.0, 4.0, 4.0, 2.0, 0.0], [0.0, 0.0, 3.0, 5.0, 3.0]
cent = (sum(GXS) / len(GXS), sum(GYS) / len(GYS))
write(P + 'polygon_geometry.fut', 'Polygon area (shoelace), perimeter and centroid with 2-D vectors as tuples, user operators and rotate to pair each vertex with the next.', '''
type v2 = (f32, f32)
def (<+>) ((a, b): v2) ((c, d): v2) : v2 = (a + c, b + d)
def (<->) ((a, b): v2) ((c, d): v2) : v2 = (a - c, b - d)
def cross ((a, b): v2) ((c, d): v2) : f32 = a * d - b * c
def norm ((a, b): v2) : f32 = f32.sqrt (a * a + b * b)

entry main [n] (xs: [n]f32) (ys: [n]f32) : (f32, f32, f32, f32) =
  let ps = zip xs ys
  let next = rotate 1 ps
  let area = f32.sum (map2 cross ps next) / 2
  let per = f32.sum (map2 (\\p q -> norm (q <-> p)) ps next)
  let (sx, sy) = reduce (<+>) (0, 0) ps
  in (area, per, sx / f32.i64 n, sy / f32.i64 n)
''', [(f'{A(GXS, "f32")} {A(GYS, "f32")}', f'{V(shoelace(GXS, GYS), "f32")} {V(perim(GXS, GYS), "f32")} {V(cent[0], "f32")} {V(cent[1], "f32")}')])

# ---------------------------------------------------------------- 3-D
A3 = [[[i * 100 + j * 10 + k - 50 for k in range(4)] for j in range(3)] for i in range(2)]
s0 = [[sum(A3[i][j][k] for i in range(2)) for k in range(4)] for j in range(3)]
s1 = [[sum(A3[i][j][k] for j in range(3)) for k in range(4)] for i in range(2)]
s2 = [[sum(A3[i][j]) for j in range(3)] for i in range(2)]
tr = [[[A3[i][j][k] for i in range(2)] for j in range(3)] for k in range(4)]
def A3s(x, t): return '[' + ', '.join(A2(m, t) for m in x) + ']'
write(P + 'arrays_3d.fut', 'Reductions of a 3-D array along each axis (reduce with nested map2 operators) and a full axis reversal by transposes and map transpose.', '''
entry main [a][b][c] (x: [a][b][c]i32) : ([b][c]i32, [a][c]i32, [a][b]i32, [c][b][a]i32, i32) =
  let s0 = reduce (map2 (map2 (+))) (replicate b (replicate c 0)) x
  let s1 = map (reduce (map2 (+)) (replicate c 0)) x
  let s2 = map (map i32.sum) x
  let t = map transpose (transpose (map transpose x))
  let corner = t[c - 1, b - 1, 0] + x[a - 1, 0, c - 1]
  in (s0, s1, s2, t, corner)
''', [(A3s(A3, 'i32'), f'{A2(s0, "i32")} {A2(s1, "i32")} {A2(s2, "i32")} {A3s(tr, "i32")} {A3[0][2][3] + A3[1][0][3]}i32')])

MN = 96
def ma(i, j): return (i * 7 + j * 3) % 11 - 5
def mb(i, j): return (i * 5 + j * 13) % 7 - 3
prod = [[sum(ma(i, k) * mb(k, j) for k in range(MN)) for j in range(MN)] for i in range(MN)]
rows = [sum(r) for r in prod]
trace = sum(prod[i][i] for i in range(MN))
sub = [[prod[i][j] for j in range(1, MN, 2)] for i in range(0, 4)]
write(P + 'matmul_views.fut', 'Matrix multiply (96x96 generated) through a transpose, then row sums, the trace and a strided slice of the product; also on explicit inputs.', '''
def matmul [n][m][p] (a: [n][m]i64) (b: [m][p]i64) : [n][p]i64 =
  let bt = transpose b
  in map (\\row -> map (\\col -> i64.sum (map2 (*) row col)) bt) a

entry main [n][m][p] (a: [n][m]i64) (b: [m][p]i64) : [n][p]i64 = matmul a b

entry big (n: i64) : ([n]i64, i64, [][]i64) =
  let a = tabulate_2d n n (\\i j -> (i * 7 + j * 3) % 11 - 5)
  let b = tabulate_2d n n (\\i j -> (i * 5 + j * 13) % 7 - 3)
  let c = matmul a b
  in (map i64.sum c, i64.sum (map (\\i -> c[i, i]) (iota n)), c[0:4, 1::2])
''', [])
EA = [[1, 2, 3], [4, 5, 6]]
EB = [[1, 0], [0, 1], [2, -1]]
raw(P + 'matmul_views.fut', open(os.path.join(ROOT, P + 'matmul_views.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ {A2(EA, 'i64')} {A2(EB, 'i64')} }}
-- output {{ {A2([[sum(EA[i][k] * EB[k][j] for k in range(3)) for j in range(2)] for i in range(2)], 'i64')} }}
-- ==
-- entry: big
-- input {{ {MN}i64 }}
-- output {{ {A(rows, 'i64')} {trace}i64 {A2(sub, 'i64')} }}
''', 1))

# ---------------------------------------------------------------- tokenizer with a sum-type state
def tokens(s):
    b = s.encode(); nums = []; words = 0; longest = 0; cur = None; curlen = 0; curnum = 0
    def flush():
        nonlocal cur, words, longest, curlen, curnum
        if cur == 'num': nums.append(curnum)
        elif cur == 'word': words += 1; longest = max(longest, curlen)
        cur = None
    for c in b:
        if 48 <= c <= 57:
            if cur != 'num': flush(); cur = 'num'; curnum = 0
            curnum = curnum * 10 + (c - 48)
        elif 97 <= c <= 122 or 65 <= c <= 90:
            if cur != 'word': flush(); cur = 'word'; curlen = 0
            curlen += 1
        else: flush()
    flush()
    return sum(nums), len(nums), words, longest
TS = "abc 12 de3f  45678,x9 longestword 0 7"
tk = tokens(TS)
write(P + 'tokenizer.fut', 'A tokenizer over u8 with a sum-type state (#idle | #number i64 | #word i32) carried through a for-in loop, matched at every byte.', '''
type state = #idle | #number i64 | #word i32
type acc = {sum: i64, nums: i32, words: i32, longest: i32}

def flush (a: acc) (s: state) : acc =
  match s
  case #idle -> a
  case #number v -> a with sum = a.sum + v with nums = a.nums + 1
  case #word l -> a with words = a.words + 1 with longest = i32.max a.longest l

def is_digit (c: u8) = c >= '0' && c <= '9'
def is_alpha (c: u8) = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')

entry main [n] (s: [n]u8) : (i64, i32, i32, i32) =
  let (a, st) =
    loop (a, st) = ({sum = 0, nums = 0, words = 0, longest = 0}, #idle : state) for c in s do
      if is_digit c then
        match st
        case #number v -> (a, #number (v * 10 + i64.u8 (c - '0')))
        case _ -> (flush a st, #number (i64.u8 (c - '0')))
      else if is_alpha c then
        match st
        case #word l -> (a, #word (l + 1))
        case _ -> (flush a st, #word 1)
      else (flush a st, #idle)
  let a = flush a st
  in (a.sum, a.nums, a.words, a.longest)
''', [(A(list(TS.encode()), 'u8'), f'{tk[0]}i64 {tk[1]}i32 {tk[2]}i32 {tk[3]}i32')])

# ---------------------------------------------------------------- bigger inputs
BN = 100000
keys = [(i * 7919) % 1000 for i in range(BN)]
vals = [((i * 31) % 977) * 0.5 - 100.0 for i in range(BN)]
bmax = [-math.inf] * 1000
bcnt = [0] * 1000
for k, v in zip(keys, vals):
    bmax[k] = max(bmax[k], v); bcnt[k] += 1
write(P + 'bucket_stats.fut', 'Per-bucket max (reduce_by_index with f32.max), counts (hist) and means over 100000 generated elements with computed keys; the top bucket by an argmax.', '''
entry main (n: i64) (k: i64) : (f32, f32, i64, i64, i64) =
  let keys = map (\\i -> (i * 7919) % k) (iota n)
  let vals = map (\\i -> f32.i64 ((i * 31) % 977) * 0.5 - 100) (iota n)
  let maxs = reduce_by_index (replicate k (-f32.inf)) f32.max (-f32.inf) keys vals
  let counts = hist (+) 0 k keys (replicate n 1i64)
  let (bi, bv) = reduce (\\(i, a) (j, b) -> if b > a || (b == a && j < i) then (j, b) else (i, a)) (-1, -f32.inf) (zip (iota k) maxs)
  in (bv, f32.minimum maxs, bi, i64.maximum counts, i64.minimum counts)
''', [(f'{BN}i64 1000i64', f'{V(max(bmax), "f32")} {V(min(bmax), "f32")} {bmax.index(max(bmax))}i64 {max(bcnt)}i64 {min(bcnt)}i64')])

def first_exceeding(xs, t):
    s = 0
    for i, x in enumerate(xs):
        s += x
        if s > t: return i, s
    return -1, s
EX = [3, 1, 4, 1, 5, 9, 2, 6]
EN = 50000
rowsum = []
for r in range(40):
    row = [((r * 131 + j * 17) % 23) - 5 for j in range(EN // 40)]
    rowsum.append(first_exceeding(row, 300)[0])
write(P + 'early_exit.fut', 'Early exit from a while loop on (index, sum, done), alone and mapped over the rows of a generated 40 x 1250 matrix.', '''
def first_exceeding [n] (t: i32) (xs: [n]i32) : (i64, i32) =
  let (i, s, _) = loop (i, s, done) = (0i64, 0i32, false) while !done && i < n do
                    let s' = s + xs[i]
                    in if s' > t then (i, s', true) else (i + 1, s', false)
  in (if i == n then -1 else i, s)

entry main [n] (xs: [n]i32) (t: i32) : (i64, i32) = first_exceeding t xs

entry rows (r: i64) (m: i64) : []i64 =
  let mat = tabulate_2d r m (\\i j -> i32.i64 ((i * 131 + j * 17) % 23) - 5)
  in map (\\row -> (first_exceeding 300 row).0) mat
''', [])
raw(P + 'early_exit.fut', open(os.path.join(ROOT, P + 'early_exit.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ {A(EX, 'i32')} 12i32 }}
-- output {{ {first_exceeding(EX, 12)[0]}i64 {first_exceeding(EX, 12)[1]}i32 }}
-- input {{ {A(EX, 'i32')} 100i32 }}
-- output {{ -1i64 {sum(EX)}i32 }}
-- ==
-- entry: rows
-- input {{ 40i64 {EN // 40}i64 }}
-- output {{ {A(rowsum, 'i64')} }}
''', 1))
