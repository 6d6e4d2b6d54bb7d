"""Whole programs, part 3: simulations, number theory and dynamic programming (several on >= 10^4
generated elements, for the OpenMP paths). Expected values come from Python reference
implementations written here, never from our compiler."""
from common import *
import math, struct

P = 'programs/'

def f32(x): return struct.unpack('f', struct.pack('f', x))[0]

# ---------------------------------------------------------------- k-means
def kmeans(pts, k, iters):
    cs = [p[:] for p in pts[:k]]
    for _ in range(iters):
        assign = []
        for p in pts:
            best, bd = 0, math.inf
            for i, c in enumerate(cs):
                d = sum((x - y) ** 2 for x, y in zip(p, c))
                if d < bd: best, bd = i, d
            assign.append(best)
        ncs = []
        for i in range(k):
            mem = [p for p, a in zip(pts, assign) if a == i]
            if not mem: ncs.append(cs[i])
            else: ncs.append([sum(p[d] for p in mem) / len(mem) for d in range(len(pts[0]))])
        cs = ncs
    return cs
PTS = [[1.0, 1.0], [1.5, 2.0], [3.0, 4.0], [5.0, 7.0], [3.5, 5.0], [4.5, 5.0], [3.5, 4.5], [9.0, 1.0], [8.5, 0.5]]
write(P + 'kmeans.fut', 'k-means clustering: argmin by reduce on (index, distance) pairs, counts by hist, new centres by reduce_by_index with a vector operator.', '''
def argmin [k] (ds: [k]f64) : i64 =
  let (i, _) = reduce (\\(i1, d1) (i2, d2) -> if d2 < d1 then (i2, d2) else (i1, d1)) (0, f64.inf) (zip (iota k) ds)
  in i

entry main [n][d] (k: i64) (iters: i32) (pts: [n][d]f64) : [k][d]f64 =
  let cs0 = tabulate k (\\i -> pts[i])
  in loop cs = cs0 for _i < iters do
       let assign = map (\\p -> argmin (map (\\c -> f64.sum (map2 (\\x y -> (x - y) * (x - y)) p c)) cs)) pts
       let counts = hist (+) 0 k assign (replicate n 1i64)
       let sums = reduce_by_index (replicate k (replicate d 0f64)) (map2 (+)) (replicate d 0) assign pts
       in map3 (\\s c old -> if c == 0 then old else map (/ f64.i64 c) s) sums counts cs
''', [(f'{k}i64 {it}i32 {A2(PTS, "f64")}', A2(kmeans(PTS, k, it), 'f64')) for (k, it) in ((2, 1), (3, 5))])

# ---------------------------------------------------------------- n-body
def nbody(xs, ys, zs, ms, dt, steps):
    n = len(xs); ps = list(zip(xs, ys, zs)); vs = [(0.0, 0.0, 0.0)] * n
    for _ in range(steps):
        acc = []
        for p in ps:
            a = [0.0, 0.0, 0.0]
            for q, m in zip(ps, ms):
                r = [q[t] - p[t] for t in range(3)]
                d2 = sum(c * c for c in r) + 0.01
                s = m / (d2 * math.sqrt(d2))
                for t in range(3): a[t] += s * r[t]
            acc.append(a)
        vs = [tuple(v[t] + dt * a[t] for t in range(3)) for v, a in zip(vs, acc)]
        ps = [tuple(p[t] + dt * v[t] for t in range(3)) for p, v in zip(ps, vs)]
    return [p[0] for p in ps], [p[1] for p in ps], [p[2] for p in ps]
NX, NY, NZ, NM = [0.0, 1.0, 0.0, -1.0, 0.5], [0.0, 0.0, 1.0, 0.5, -1.0], [0.0, 0.5, -0.5, 0.0, 1.0], [10.0, 1.0, 1.0, 2.0, 0.5]
write(P + 'nbody.fut', 'N-body steps with 3-vectors as records and user operators (+^, -^, *^), positions and velocities as arrays of records through a loop.', '''
type vec = {x: f64, y: f64, z: f64}
def (+^) (a: vec) (b: vec) : vec = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def (-^) (a: vec) (b: vec) : vec = {x = a.x - b.x, y = a.y - b.y, z = a.z - b.z}
def (*^) (s: f64) (v: vec) : vec = {x = s * v.x, y = s * v.y, z = s * v.z}
def dot (a: vec) (b: vec) : f64 = a.x * b.x + a.y * b.y + a.z * b.z
def zero : vec = {x = 0, y = 0, z = 0}

def accel [n] (ps: [n]vec) (ms: [n]f64) (p: vec) : vec =
  map2 (\\q m -> let r = q -^ p
                let d2 = dot r r + 0.01
                in (m / (d2 * f64.sqrt d2)) *^ r) ps ms
  |> reduce (+^) zero

entry main [n] (xs: [n]f64) (ys: [n]f64) (zs: [n]f64) (ms: [n]f64) (dt: f64) (steps: i32) : ([n]f64, [n]f64, [n]f64) =
  let ps0 = map3 (\\x y z -> {x, y, z}) xs ys zs
  let (ps, _) =
    loop (ps, vs) = (ps0, replicate n zero) for _s < steps do
      let acc = map (accel ps ms) ps
      let vs' = map2 (\\v a -> v +^ dt *^ a) vs acc
      in (map2 (\\p v -> p +^ dt *^ v) ps vs', vs')
  in (map (.x) ps, map (.y) ps, map (.z) ps)
''', [(f'{A(NX, "f64")} {A(NY, "f64")} {A(NZ, "f64")} {A(NM, "f64")} 0.01f64 {s}i32', ' '.join(A(v, 'f64') for v in nbody(NX, NY, NZ, NM, 0.01, s))) for s in (1, 10)])

# ---------------------------------------------------------------- Black-Scholes
def cnd(x):
    k = 1 / (1 + 0.2316419 * abs(x))
    w = 1 - 1 / math.sqrt(2 * math.pi) * math.exp(-x * x / 2) * k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))))
    return 1 - w if x < 0 else w
def bs(s, x, t, r, v):
    d1 = (math.log(s / x) + (r + v * v / 2) * t) / (v * math.sqrt(t))
    d2 = d1 - v * math.sqrt(t)
    call = s * cnd(d1) - x * math.exp(-r * t) * cnd(d2)
    put = x * math.exp(-r * t) * cnd(-d2) - s * cnd(-d1)
    return call, put
NB = 20000
opts = [(50 + (i % 100), 40 + (i * 7) % 60, 0.25 + (i % 8) * 0.25) for i in range(NB)]
res = [bs(s, x, t, 0.02, 0.3) for (s, x, t) in opts]
write(P + 'black_scholes.fut', 'Black-Scholes call and put prices with a polynomial normal CDF, on 20000 generated options (totals) and a few given ones.', '''
def cnd (x: f64) : f64 =
  let k = 1 / (1 + 0.2316419 * f64.abs x)
  let poly = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))))
  let w = 1 - 1 / f64.sqrt (2 * f64.pi) * f64.exp (-x * x / 2) * poly
  in if x < 0 then 1 - w else w

def price (r: f64) (v: f64) (s: f64) (x: f64) (t: f64) : (f64, f64) =
  let d1 = (f64.log (s / x) + (r + v * v / 2) * t) / (v * f64.sqrt t)
  let d2 = d1 - v * f64.sqrt t
  let disc = x * f64.exp (-r * t)
  in (s * cnd d1 - disc * cnd d2, disc * cnd (-d2) - s * cnd (-d1))

entry main [n] (s: [n]f64) (x: [n]f64) (t: [n]f64) : ([n]f64, [n]f64) =
  unzip (map3 (price 0.02 0.3) s x t)

entry big (n: i64) : (f64, f64) =
  let s = map (\\i -> f64.i64 (50 + i % 100)) (iota n)
  let x = map (\\i -> f64.i64 (40 + (i * 7) % 60)) (iota n)
  let t = map (\\i -> 0.25 + f64.i64 (i % 8) * 0.25) (iota n)
  let (c, p) = unzip (map3 (price 0.02 0.3) s x t)
  in (f64.sum c, f64.sum p)
''', [])
few = opts[:5]
fr = [bs(s, x, t, 0.02, 0.3) for (s, x, t) in few]
raw(P + 'black_scholes.fut', open(os.path.join(ROOT, P + 'black_scholes.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ {A([o[0] for o in few], 'f64')} {A([o[1] for o in few], 'f64')} {A([o[2] for o in few], 'f64')} }}
-- output {{ {A([r[0] for r in fr], 'f64')} {A([r[1] for r in fr], 'f64')} }}
-- ==
-- entry: big
-- input {{ {NB}i64 }}
-- output {{ {V(sum(r[0] for r in res), 'f64')} {V(sum(r[1] for r in res), 'f64')} }}
''', 1))

# ---------------------------------------------------------------- Monte Carlo pi
def mc(n, m):
    tot = 0
    for i in range(n):
        s = (i * 2654435761 + 1) & 0xffffffff
        for _ in range(m):
            s1 = (s * 1664525 + 1013904223) & 0xffffffff
            s2 = (s1 * 1664525 + 1013904223) & 0xffffffff
            x = (s1 >> 8) / 16777216; y = (s2 >> 8) / 16777216
            if x * x + y * y <= 1: tot += 1
            s = s2
    return tot
MN, MM = 20000, 8
hits = mc(MN, MM)
write(P + 'monte_carlo_pi.fut', 'Monte Carlo estimate of pi: a u32 LCG per element carried through a loop inside a map over 20000 elements.', '''
def lcg (s: u32) : u32 = s * 1664525 + 1013904223

entry main (n: i64) (m: i32) : (i64, f64) =
  let hits = map (\\i ->
                   let (_, h) =
                     loop (s, h) = (u32.i64 i * 2654435761 + 1, 0i64) for _j < m do
                       let s1 = lcg s
                       let s2 = lcg s1
                       let x = f64.u32 (s1 >> 8) / 16777216
                       let y = f64.u32 (s2 >> 8) / 16777216
                       in (s2, if x * x + y * y <= 1 then h + 1 else h)
                   in h) (iota n)
  let total = i64.sum hits
  in (total, 4 * f64.i64 total / f64.i64 (n * i64.i32 m))
''', [(f'{MN}i64 {MM}i32', f'{hits}i64 {V(4 * hits / (MN * MM), "f64")}'), ('3i64 2i32', f'{mc(3, 2)}i64 {V(4 * mc(3, 2) / 6, "f64")}')])

# ---------------------------------------------------------------- Mandelbrot
def mandel(w, h, maxit):
    out = []
    for i in range(h):
        row = []
        for j in range(w):
            cr = -2.0 + 3.0 * j / w; ci = -1.5 + 3.0 * i / h
            zr = zi = 0.0; it = 0
            while it < maxit and zr * zr + zi * zi <= 4:
                zr, zi = zr * zr - zi * zi + cr, 2 * zr * zi + ci
                it += 1
            row.append(it)
        out.append(row)
    return out
write(P + 'mandelbrot.fut', 'Mandelbrot escape counts on an h x w grid: a while loop over a (re, im, count) triple inside tabulate_2d.', '''
entry main (w: i64) (h: i64) (maxit: i32) : [h][w]i32 =
  tabulate_2d h w (\\i j ->
    let cr = -2.0 + 3.0 * f64.i64 j / f64.i64 w
    let ci = -1.5 + 3.0 * f64.i64 i / f64.i64 h
    let (_, _, it) =
      loop (zr, zi, it) = (0f64, 0f64, 0) while it < maxit && zr * zr + zi * zi <= 4 do
        (zr * zr - zi * zi + cr, 2 * zr * zi + ci, it + 1)
    in it)
''', [(f'{w}i64 {h}i64 {m}i32', A2(mandel(w, h, m), 'i32')) for (w, h, m) in ((8, 6, 30), (3, 2, 5))])

# ---------------------------------------------------------------- number theory
def collatz(x):
    c = 0
    while x != 1:
        x = x // 2 if x % 2 == 0 else 3 * x + 1; c += 1
    return c
CN = 30000
ls = [collatz(i + 1) for i in range(CN)]
best = max(ls); arg = ls.index(best)
write(P + 'collatz.fut', 'Collatz sequence lengths of 1..n by a while loop on a pair inside a map, the longest by an argmax reduce.', '''
def collatz (x: i64) : i32 =
  let (_, c) = loop (x, c) = (x, 0) while x != 1 do
                 (if x % 2 == 0 then x / 2 else 3 * x + 1, c + 1)
  in c

entry main (n: i64) : (i32, i64, i64) =
  let ls = map (\\i -> collatz (i + 1)) (iota n)
  let (best, arg) = reduce (\\(a, i) (b, j) -> if b > a || (b == a && j < i) then (b, j) else (a, i))
                           (0, 0) (zip ls (iota n))
  in (best, arg + 1, i64.sum (map i64.i32 ls))
''', [(f'{CN}i64', f'{best}i32 {arg + 1}i64 {sum(ls)}i64'), ('1i64', '0i32 1i64 0i64'), ('10i64', f'19i32 9i64 {sum(collatz(i) for i in range(1, 11))}i64')])

def sieve(n):
    isp = [True] * (n + 1); isp[0] = isp[1] = False
    for i in range(2, n + 1):
        if i * i > n: break
        if isp[i]:
            for j in range(i * i, n + 1, i): isp[j] = False
    return [i for i in range(n + 1) if isp[i]]
pr = sieve(100000)
write(P + 'primes_sieve.fut', 'Sieve of Eratosthenes with in-place updates in a while loop nested in a for loop, then filter.', '''
def sieve (n: i64) : []i64 =
  let is = replicate (n + 1) true
  let is[0] = false
  let is[1] = false
  let is = loop is for i in 2..<(n + 1) do
             if i * i > n || !is[i] then is
             else let (is, _) = loop (is, j) = (is, i * i) while j <= n do
                                  (is with [j] = false, j + i)
                  in is
  in filter (\\i -> is[i]) (iota (n + 1))

entry main (n: i64) : []i64 = sieve n

entry count (n: i64) : (i64, i64, i64) =
  let ps = sieve n
  let k = length ps
  in (k, i64.sum ps, ps[k - 1])
''', [])
raw(P + 'primes_sieve.fut', open(os.path.join(ROOT, P + 'primes_sieve.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ 30i64 }}
-- output {{ {A(sieve(30), 'i64')} }}
-- input {{ 1i64 }}
-- output {{ empty([0]i64) }}
-- ==
-- entry: count
-- input {{ 100000i64 }}
-- output {{ {len(pr)}i64 {sum(pr)}i64 {pr[-1]}i64 }}
''', 1))

def gcd(a, b):
    while b: a, b = b, a % b
    return a
GN = 120
gsum = [sum(gcd(i + 1, j + 1) for j in range(GN)) for i in range(GN)]
cop = sum(1 for i in range(GN) for j in range(GN) if gcd(i + 1, j + 1) == 1)
write(P + 'gcd_table.fut', 'A table of gcds by a while loop on a pair in tabulate_2d (u16): row sums and the count of coprime pairs.', '''
def gcd (a: u16) (b: u16) : u16 =
  let (a, _) = loop (a, b) = (a, b) while b != 0 do (b, a % b)
  in a

entry main (n: i64) : ([n]u32, i64) =
  let t = tabulate_2d n n (\\i j -> gcd (u16.i64 (i + 1)) (u16.i64 (j + 1)))
  let sums = map (\\row -> u32.sum (map u32.u16 row)) t
  let coprime = flatten t |> map (\\g -> if g == 1 then 1i64 else 0) |> i64.sum
  in (sums, coprime)
''', [(f'{GN}i64', f'{A(gsum, "u32")} {cop}i64')])

# ---------------------------------------------------------------- dynamic programming
def knap(ws, vs, cap):
    dp = [0] * (cap + 1)
    for w, v in zip(ws, vs):
        dp = [max(dp[c], dp[c - w] + v) if c >= w else dp[c] for c in range(cap + 1)]
    return dp[cap]
KW, KV = [12, 2, 1, 1, 4, 7, 3], [4, 2, 1, 2, 10, 9, 5]
write(P + 'knapsack.fut', '0/1 knapsack by dynamic programming: a loop over items around a map over capacities.', '''
entry main [n] (ws: [n]i64) (vs: [n]i32) (cap: i64) : i32 =
  let dp = loop dp = replicate (cap + 1) 0i32 for i < n do
             map (\\c -> if c >= ws[i] then i32.max dp[c] (dp[c - ws[i]] + vs[i]) else dp[c]) (iota (cap + 1))
  in dp[cap]
''', [(f'{A(KW, "i64")} {A(KV, "i32")} {c}i64', f'{knap(KW, KV, c)}i32') for c in (0, 5, 15, 40)])

def lis(xs):
    dp = []
    for i in range(len(xs)):
        best = 1
        for j in range(i):
            if xs[j] < xs[i]: best = max(best, dp[j] + 1)
        dp.append(best)
    return max(dp) if dp else 0
LX = [10, 9, 2, 5, 3, 7, 101, 18, 4, 8, 6, 12, 15, 1]
write(P + 'longest_increasing.fut', 'Longest increasing subsequence, O(n^2) DP with an inner loop and an in-place update per element.', '''
entry main [n] (xs: [n]i32) : i32 =
  let dp = loop dp = replicate n 1i32 for i < n do
             let best = loop best = 1 for j < i do
                          if xs[j] < xs[i] then i32.max best (dp[j] + 1) else best
             in dp with [i] = best
  in if n == 0 then 0 else i32.maximum dp
''', [(A(LX, 'i32'), f'{lis(LX)}i32'), ('empty([0]i32)', '0i32'), (A(list(range(20, 0, -1)), 'i32'), '1i32')])

# ---------------------------------------------------------------- Newton with higher-order helpers
def newton_sqrt(c):
    x = c if c > 1 else 1.0
    it = 0
    while True:
        dx = (x * x - c) / (2 * x)
        x = x - dx; it += 1
        if not (abs(dx) > 1e-12 and it < 100): break
    return x, it
NC = [2.0, 9.0, 0.25, 1e6, 1.0]
nr = [newton_sqrt(c) for c in NC]
write(P + 'newton.fut', 'Newton iteration through a higher-order helper taking f and its derivative as lambdas, with a do-while style loop on a record.', '''
def newton (f: f64 -> f64) (df: f64 -> f64) (x0: f64) : (f64, i32) =
  let step (s: {x: f64, dx: f64, it: i32}) =
    let dx = f s.x / df s.x
    in {x = s.x - dx, dx, it = s.it + 1}
  let s = loop s = step {x = x0, dx = 0, it = 0} while f64.abs s.dx > 1e-12 && s.it < 100 do step s
  in (s.x, s.it)

entry main [n] (cs: [n]f64) : ([n]f64, [n]i32) =
  unzip (map (\\c -> newton (\\x -> x * x - c) (\\x -> 2 * x) (if c > 1 then c else 1)) cs)
''', [(A(NC, 'f64'), f'{A([r[0] for r in nr], "f64")} {A([r[1] for r in nr], "i32")}')])
