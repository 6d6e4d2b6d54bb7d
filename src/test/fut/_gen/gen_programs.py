"""Whole programs in the style of small benchmarks and exercises (area programs/, part 1: sorting,
scans, linear algebra). Each combines several features; expected values come from a Python
reference implementation of the same algorithm written here, never from our compiler."""
from common import *
import math

P = 'programs/'

def hsh(i):
    """The u32 hash used by several programs: (i * 2654435761) xor (i >> 3), wrapping."""
    return ((i * 2654435761) & 0xffffffff) ^ (i >> 3)

# ---------------------------------------------------------------- sorting
xs = [170, 45, 75, 90, 802, 24, 2, 66, 4294967295, 0, 2147483648, 7]
N = 20000
big = sorted(hsh(i) for i in range(N))
write(P + 'radix_sort.fut', 'LSD radix sort of u32, one bit per pass: a stable split with two scans and a scatter.', '''
def radix_pass [n] (b: i32) (xs: [n]u32) : [n]u32 =
  let bits = map (\\x -> i64.u32 ((x >> u32.i32 b) & 1)) xs
  let zeros = map (\\x -> 1 - x) bits
  let nz = i64.sum zeros
  let pos0 = scan (+) 0 zeros
  let pos1 = scan (+) 0 bits
  let idx = map3 (\\b p0 p1 -> if b == 0 then p0 - 1 else nz + p1 - 1) bits pos0 pos1
  in scatter (copy xs) idx xs

def radix_sort [n] (xs: [n]u32) : [n]u32 =
  loop xs for b < 32 do radix_pass b xs

entry main [n] (xs: [n]u32) : [n]u32 = radix_sort xs

entry big (n: i64) : (bool, u32, u32, u32) =
  let xs = map (\\i -> (u32.i64 i * 2654435761u32) ^ (u32.i64 i >> 3)) (iota n)
  let s = radix_sort xs
  let ok = and (map (\\i -> s[i] <= s[i + 1]) (iota (n - 1)))
  in (ok, s[0], s[n / 2], s[n - 1])
''', [])
raw(P + 'radix_sort.fut', open(os.path.join(ROOT, P + 'radix_sort.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ {A(xs, 'u32')} }}
-- output {{ {A(sorted(xs), 'u32')} }}
-- input {{ empty([0]u32) }}
-- output {{ empty([0]u32) }}
-- ==
-- entry: big
-- input {{ {N}i64 }}
-- output {{ true {big[0]}u32 {big[N // 2]}u32 {big[N - 1]}u32 }}
''', 1))

bs = [5, -3, 12, 0, 7, 7, -20, 3, 100, -1, 4, 8, 2, 2, 9, -7]
write(P + 'bitonic_sort.fut', 'Bitonic sort of a power-of-two array: two nested while loops around a tabulate with xor partners.', '''
entry main [n] (xs: [n]i32) : [n]i32 =
  let (xs, _) =
    loop (xs, size) = (xs, 2i64) while size <= n do
      let (xs, _) =
        loop (xs, stride) = (xs, size / 2) while stride > 0 do
          let xs' = tabulate n (\\i ->
                      let j = i ^ stride
                      let a = xs[i]
                      let b = xs[j]
                      let asc = (i & size) == 0
                      in if (j > i) == asc then i32.min a b else i32.max a b)
          in (xs', stride / 2)
      in (xs, size * 2)
  in xs
''', [(A(bs, 'i32'), A(sorted(bs), 'i32')), (A(bs[:8], 'i32'), A(sorted(bs[:8]), 'i32')), ('[3]', '[3]')])

fs = [3.5, -1.25, 9.0, 0.5, 2.0, -7.75, 4.0, 4.0, 1.5]
write(P + 'odd_even_sort.fut', 'Odd-even transposition sort on f32: n phases, each a tabulate comparing with the neighbour.', '''
entry main [n] (xs: [n]f32) : [n]f32 =
  loop xs for p < n do
    tabulate n (\\i ->
      let partner = if i % 2 == p % 2 then i + 1 else i - 1
      in if partner < 0 || partner >= n then xs[i]
         else if partner > i then f32.min xs[i] xs[partner]
         else f32.max xs[i] xs[partner])
''', [(A(fs, 'f32'), A(sorted(fs), 'f32')), (A(fs[:2], 'f32'), A(sorted(fs[:2]), 'f32'))])

# ---------------------------------------------------------------- scans
cx = [5, -2, 17, 11, 3, 40, -8, 12, 10, 25]
kept = [x for x in cx if x > 10]
NB = 100000
bigv = [((i * 37) % 101) - 50 for i in range(NB)]
bk = [x for x in bigv if x > 10]
write(P + 'compaction.fut', 'Stream compaction by prefix sum of flags and scatter (also on 100000 generated elements).', '''
def compact [n] (p: i32 -> bool) (xs: [n]i32) : []i32 =
  let flags = map (\\x -> if p x then 1i64 else 0) xs
  let offs = scan (+) 0 flags
  let m = if n == 0 then 0 else offs[n - 1]
  let idx = map2 (\\f o -> if f == 1 then o - 1 else -1) flags offs
  in scatter (replicate m 0) idx xs

entry main [n] (xs: [n]i32) (t: i32) : ([]i32, i64) =
  let r = compact (> t) xs
  in (r, length r)

entry big (n: i64) : (i64, i64, i32, i32) =
  let xs = map (\\i -> i32.i64 ((i * 37) % 101) - 50) (iota n)
  let r = compact (> 10) xs
  let m = length r
  in (m, i64.sum (map i64.i32 r), r[0], r[m - 1])
''', [])
raw(P + 'compaction.fut', open(os.path.join(ROOT, P + 'compaction.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ {A(cx, 'i32')} 10i32 }}
-- output {{ {A(kept, 'i32')} {len(kept)}i64 }}
-- input {{ {A(cx, 'i32')} 100i32 }}
-- output {{ empty([0]i32) 0i64 }}
-- ==
-- entry: big
-- input {{ {NB}i64 }}
-- output {{ {len(bk)}i64 {sum(bk)}i64 {bk[0]}i32 {bk[-1]}i32 }}
''', 1))

fl = [True, False, False, True, True, False, False, False, True, False]
sv = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
out = []; acc = 0
for f, x in zip(fl, sv):
    acc = x if f else acc + x
    out.append(acc)
ends = [out[i] for i in range(len(sv)) if i == len(sv) - 1 or fl[i + 1]]
write(P + 'segmented_scan.fut', 'Segmented scan via a scan on (flag, value) pairs, and the segment totals picked with a short-circuit test.', '''
def segscan [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 =
  let op (f1: bool, x1: i32) (f2: bool, x2: i32) = (f1 || f2, if f2 then x2 else x1 + x2)
  let (_, r) = unzip (scan op (false, 0) (zip flags xs))
  in r

entry main [n] (flags: [n]bool) (xs: [n]i32) : ([n]i32, []i32) =
  let s = segscan flags xs
  let ends = map (\\i -> i == n - 1 || flags[i + 1]) (iota n)
  let totals = map (.1) (filter (.0) (zip ends s))
  in (s, totals)
''', [(f'{A(fl, "bool")} {A(sv, "i32")}', f'{A(out, "i32")} {A(ends, "i32")}'),
      (f'{A([False, False], "bool")} {A([4, 5], "i32")}', '[4i32, 9i32] [9i32]')])

fl2 = [True, False, True, False, False, True, True, False]
v2 = [1.5, 2.5, -1.0, 4.0, 0.5, 9.0, -3.0, -2.0]
seg = []; s = -1
for f in fl2:
    if f: s += 1
    seg.append(s)
ns = s + 1
sums = [sum(v for v, g in zip(v2, seg) if g == k) for k in range(ns)]
mxs = [max(v for v, g in zip(v2, seg) if g == k) for k in range(ns)]
write(P + 'segmented_reduce.fut', 'Segmented sum and max: segment ids from a scan over flags, then reduce_by_index.', '''
entry main [n] (flags: [n]bool) (xs: [n]f64) : ([]f64, []f64) =
  let seg = map (\\f -> if f then 1i64 else 0) flags |> scan (+) 0 |> map (\\s -> s - 1)
  let nseg = if n == 0 then 0 else seg[n - 1] + 1
  let sums = reduce_by_index (replicate nseg 0) (+) 0 seg xs
  let maxs = reduce_by_index (replicate nseg f64.lowest) f64.max f64.lowest seg xs
  in (sums, maxs)
''', [(f'{A(fl2, "bool")} {A(v2, "f64")}', f'{A(sums, "f64")} {A(mxs, "f64")}')])

# ---------------------------------------------------------------- linear algebra
def gj_inverse(a):
    n = len(a)
    a = [r[:] for r in a]
    inv = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    for k in range(n):
        p = k
        for i in range(k, n):
            if abs(a[i][k]) > abs(a[p][k]): p = i
        a[k], a[p] = a[p], a[k]
        inv[k], inv[p] = inv[p], inv[k]
        piv = a[k][k]
        ak = [x / piv for x in a[k]]; ik = [x / piv for x in inv[k]]
        na, ni = [], []
        for i in range(n):
            if i == k: na.append(ak); ni.append(ik)
            else:
                f = a[i][k]
                na.append([x - f * y for x, y in zip(a[i], ak)])
                ni.append([x - f * y for x, y in zip(inv[i], ik)])
        a, inv = na, ni
    return inv
M = [[2.0, 1.0, 0.0, 3.0], [1.0, -1.0, 4.0, 0.5], [0.0, 5.0, 1.0, 2.0], [7.0, 0.0, 1.0, 1.0]]
write(P + 'gauss_jordan.fut', 'Matrix inverse by Gauss-Jordan elimination with partial pivoting: a pair of matrices through a loop, row swaps by in-place updates, argmax by reduce.', '''
def argmax_abs [n] (k: i64) (col: [n]f64) : i64 =
  let (i, _) = reduce (\\(i1, v1) (i2, v2) -> if v2 > v1 then (i2, v2) else (i1, v1))
                      (k, f64.abs col[k])
                      (map (\\i -> (i, f64.abs col[i])) (k..<n))
  in i

def swap_rows [n][m] (k: i64) (p: i64) (a: *[n][m]f64) : *[n][m]f64 =
  let rk = copy a[k]
  let rp = copy a[p]
  let a[k] = rp
  let a[p] = rk
  in a

entry main [n] (a0: [n][n]f64) : [n][n]f64 =
  let id = tabulate_2d n n (\\i j -> if i == j then 1f64 else 0)
  let (_, inv) =
    loop (a, inv) = (copy a0, id) for k < n do
      let p = argmax_abs k (map (\\row -> row[k]) a)
      let a = swap_rows k p a
      let inv = swap_rows k p inv
      let piv = a[k, k]
      let ak = map (/ piv) a[k]
      let ik = map (/ piv) inv[k]
      let elim row f pr = map2 (\\x y -> x - f * y) row pr
      let a' = map2 (\\i row -> if i == k then ak else elim row row[k] ak) (iota n) a
      let inv' = map3 (\\i row f -> if i == k then ik else elim row f ik) (iota n) inv (map (\\r -> r[k]) a)
      in (a', inv')
  in inv
''', [(A2(M, 'f64'), A2(gj_inverse(M), 'f64')), ('[[4.0, 7.0], [2.0, 6.0]]', A2(gj_inverse([[4.0, 7.0], [2.0, 6.0]]), 'f64'))])

def lu(a):
    n = len(a)
    L = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    U = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for k in range(i, n):
            U[i][k] = a[i][k] - sum(L[i][j] * U[j][k] for j in range(i))
        for k in range(i + 1, n):
            L[k][i] = (a[k][i] - sum(L[k][j] * U[j][i] for j in range(i))) / U[i][i]
    return L, U
LA = [[4.0, 3.0, 2.0], [6.0, 3.0, 1.0], [2.0, 5.0, 7.0]]
L, U = lu(LA)
write(P + 'lu_decomposition.fut', 'Doolittle LU decomposition: sequential loops over ranges with in-place element updates of two matrices.', '''
entry main [n] (a: [n][n]f64) : ([n][n]f64, [n][n]f64) =
  let l = tabulate_2d n n (\\i j -> if i == j then 1f64 else 0)
  let u = replicate n (replicate n 0f64)
  in loop (l, u) for i < n do
       let u = loop u for k in i..<n do
                 let s = loop s = 0 for j < i do s + l[i, j] * u[j, k]
                 in u with [i, k] = a[i, k] - s
       let l = loop l for k in (i + 1)..<n do
                 let s = loop s = 0 for j < i do s + l[k, j] * u[j, i]
                 in l with [k, i] = (a[k, i] - s) / u[i, i]
       in (l, u)
''', [(A2(LA, 'f64'), f'{A2(L, "f64")} {A2(U, "f64")}')])

def chol(a):
    n = len(a)
    L = [[0.0] * n for _ in range(n)]
    for j in range(n):
        s = sum(L[j][k] ** 2 for k in range(j))
        d = math.sqrt(a[j][j] - s)
        col = []
        for i in range(n):
            if i < j: col.append(0.0)
            elif i == j: col.append(d)
            else: col.append((a[i][j] - sum(L[i][k] * L[j][k] for k in range(j))) / d)
        for i in range(j, n): L[i][j] = col[i]
    return L
CA = [[25.0, 15.0, -5.0, 1.0], [15.0, 18.0, 0.0, 2.0], [-5.0, 0.0, 11.0, 3.0], [1.0, 2.0, 3.0, 20.0]]
write(P + 'cholesky.fut', 'Cholesky factorisation: a column computed by a map with inner loops, written back by an in-place loop.', '''
entry main [n] (a: [n][n]f64) : [n][n]f64 =
  loop l = replicate n (replicate n 0f64) for j < n do
    let s = loop s = 0 for k < j do s + l[j, k] * l[j, k]
    let d = f64.sqrt (a[j, j] - s)
    let col = map (\\i -> if i < j then 0
                         else if i == j then d
                         else (a[i, j] - (loop t = 0 for k < j do t + l[i, k] * l[j, k])) / d)
                  (iota n)
    in loop l for i < n do
         if i >= j then l with [i, j] = col[i] else l
''', [(A2(CA, 'f64'), A2(chol(CA), 'f64'))])

def thomas(a, b, c, d):
    n = len(d)
    cp = [0.0] * n; dp = [0.0] * n
    cp[0] = c[0] / b[0]; dp[0] = d[0] / b[0]
    for i in range(1, n):
        m = b[i] - a[i] * cp[i - 1]
        cp[i] = c[i] / m
        dp[i] = (d[i] - a[i] * dp[i - 1]) / m
    x = dp[:]
    for i in range(n - 2, -1, -1):
        x[i] = dp[i] - cp[i] * x[i + 1]
    return x
TA = [[0.0, 1.0, 1.0, 1.0, 1.0], [0.0, -1.0, 2.0, 0.5, 1.0]]
TB = [[4.0, 4.0, 4.0, 4.0, 4.0], [5.0, 6.0, 7.0, 6.0, 5.0]]
TC = [[1.0, 1.0, 1.0, 1.0, 0.0], [1.0, 1.0, -2.0, 1.0, 0.0]]
TD = [[5.0, 6.0, 6.0, 6.0, 5.0], [1.0, 2.0, 3.0, 4.0, 5.0]]
write(P + 'tridiagonal.fut', 'A batch of tridiagonal systems solved by the Thomas algorithm: in-place updates inside sequential loops inside a map4.', '''
def thomas [n] (a: [n]f32) (b: [n]f32) (c: [n]f32) (d: [n]f32) : [n]f32 =
  let cp = replicate n 0f32
  let dp = replicate n 0f32
  let cp[0] = c[0] / b[0]
  let dp[0] = d[0] / b[0]
  let (cp, dp) =
    loop (cp, dp) for i in 1..<n do
      let m = b[i] - a[i] * cp[i - 1]
      let cp[i] = c[i] / m
      let dp[i] = (d[i] - a[i] * dp[i - 1]) / m
      in (cp, dp)
  let x = copy dp
  in loop x for j < n - 1 do
       let i = n - 2 - j
       in x with [i] = dp[i] - cp[i] * x[i + 1]

entry main [k][n] (a: [k][n]f32) (b: [k][n]f32) (c: [k][n]f32) (d: [k][n]f32) : [k][n]f32 =
  map4 thomas a b c d
''', [(' '.join(A2(m, 'f32') for m in (TA, TB, TC, TD)), A2([thomas(*z) for z in zip(TA, TB, TC, TD)], 'f32'))])
