"""Whole programs, part 6: arrays whose size changes in loops, in-place updates of matrices inside
loops inside maps, array operators in scans, filters over rows, closures over arrays, graph
relaxation. Expected values come from Python reference implementations written here."""
from common import *
import math

P = 'programs/'
def A3(x, t): return '[' + ', '.join(A2(m, t) for m in x) + ']'

# ---------------------------------------------------------------- batched Gaussian elimination
def gauss(a, b):
    n = len(b); a = [r[:] for r in a]; b = b[:]
    for k in range(n):
        p = max(range(k, n), key=lambda i: (abs(a[i][k]), -i))
        a[k], a[p] = a[p], a[k]; b[k], b[p] = b[p], b[k]
        for i in range(k + 1, n):
            f = a[i][k] / a[k][k]
            for j in range(k, n): a[i][j] -= f * a[k][j]
            b[i] -= f * b[k]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (b[i] - sum(a[i][j] * x[j] for j in range(i + 1, n))) / a[i][i]
    return x
GA = [[[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]], [[0.0, 2.0, 1.0], [1.0, 1.0, 1.0], [4.0, 0.0, 3.0]]]
GB = [[8.0, -11.0, -3.0], [5.0, 6.0, 13.0]]
write(P + 'batched_gauss.fut', 'A batch of linear systems solved by Gaussian elimination with partial pivoting: in-place element and row updates of a matrix in nested loops, inside a map over the batch.', '''
def solve [n] (a: [n][n]f64) (b: [n]f64) : [n]f64 =
  let (a, b) =
    loop (a, b) = (copy a, copy b) for k < n do
      let p = loop p = k for i in (k + 1)..<n do
                if f64.abs a[i, k] > f64.abs a[p, k] then i else p
      let rk = copy a[k]
      let rp = copy a[p]
      let a[k] = rp
      let a[p] = rk
      let bk = b[k]
      let b[k] = b[p]
      let b[p] = bk
      in loop (a, b) for i in (k + 1)..<n do
           let f = a[i, k] / a[k, k]
           let a = loop a for j in k..<n do a with [i, j] = a[i, j] - f * a[k, j]
           in (a, b with [i] = b[i] - f * b[k])
  let x = replicate n 0f64
  in loop x for r < n do
       let i = n - 1 - r
       let s = loop s = 0 for j in (i + 1)..<n do s + a[i, j] * x[j]
       in x with [i] = (b[i] - s) / a[i, i]

entry main [k][n] (as: [k][n][n]f64) (bs: [k][n]f64) : [k][n]f64 = map2 solve as bs
''', [(f'{A3(GA, "f64")} {A2(GB, "f64")}', A2([gauss(a, b) for a, b in zip(GA, GB)], 'f64'))])

# ---------------------------------------------------------------- rows sorted in place
RS = [[5, 2, 9, 1], [3, 3, -1, 0], [8, 7, 6, 5], [0, 0, 0, 1]]
rs_sorted = [sorted(r) for r in RS]
order = sorted(range(len(RS)), key=lambda i: (rs_sorted[i][0], i))
write(P + 'sort_rows.fut', 'Insertion sort of every row (a while loop with in-place swaps inside a for loop, inside a map), then the rows ordered by their minimum with a stable counting of ranks and a scatter of rows.', '''
def insertion_sort [n] (xs: [n]i32) : [n]i32 =
  loop a = copy xs for i in 1..<n do
    let (a, _) = loop (a, j) = (a, i) while j > 0 && a[j - 1] > a[j] do
                   let t = a[j]
                   let a[j] = a[j - 1]
                   let a[j - 1] = t
                   in (a, j - 1)
    in a

entry main [r][c] (m: [r][c]i32) : ([r][c]i32, [r][c]i32) =
  let sorted = map insertion_sort m
  let key = map (\\row -> row[0]) sorted
  let rank = map (\\i -> i64.sum (map (\\j -> if key[j] < key[i] || (key[j] == key[i] && j < i) then 1 else 0) (iota r))) (iota r)
  let ordered = scatter (replicate r (replicate c 0)) rank sorted
  in (sorted, ordered)
''', [(A2(RS, 'i32'), f'{A2(rs_sorted, "i32")} {A2([rs_sorted[i] for i in order], "i32")}')])

# ---------------------------------------------------------------- sizes that change in loops
def pascal(n):
    row = [1]
    for _ in range(n): row = [a + b for a, b in zip(row + [0], [0] + row)]
    return row
write(P + 'pascal.fut', "Pascal's triangle rows by a loop whose array grows each iteration (a tabulate of one more element), and a doubling loop on an array of unknown size.", '''
entry main (n: i32) : []i64 =
  loop row = [1i64] for _i < n do
    let k = length row
    in tabulate (k + 1) (\\i -> (if i < k then row[i] else 0) + (if i > 0 then row[i - 1] else 0))

entry doubling (n: i64) : (i64, i64) =
  let xs = loop xs = [1i64] while length xs < n do xs ++ map (+ i64.i32 (i32.i64 (length xs))) xs
  in (length xs, i64.sum xs)
''', [])
def doubling(n):
    xs = [1]
    while len(xs) < n: xs = xs + [x + len(xs) for x in xs]
    return len(xs), sum(xs)
raw(P + 'pascal.fut', open(os.path.join(ROOT, P + 'pascal.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ 0i32 }}
-- output {{ [1i64] }}
-- input {{ 10i32 }}
-- output {{ {A(pascal(10), 'i64')} }}
-- input {{ 60i32 }}
-- output {{ {A(pascal(60), 'i64')} }}
-- ==
-- entry: doubling
-- input {{ 1000i64 }}
-- output {{ {doubling(1000)[0]}i64 {doubling(1000)[1]}i64 }}
''', 1))

# ---------------------------------------------------------------- vector scans
VN = 20000
vrows = [[(i * 3 + d) % 17 - 8 for d in range(3)] for i in range(VN)]
acc = [0, 0, 0]; mx = [0, 0, 0]; pref = []
for r in vrows:
    acc = [a + b for a, b in zip(acc, r)]; pref.append(acc)
picks = [0, 1, 2, 9999, VN - 1]
write(P + 'vector_scan.fut', 'A scan whose operator adds 3-vectors (arrays) over 20000 rows, and a reduce with a tuple-of-arrays operator; picked prefixes and the maxima per component.', '''
entry main (n: i64) : ([][3]i64, [3]i64, [3]i64) =
  let rows = tabulate_2d n 3 (\\i d -> (i * 3 + d) % 17 - 8)
  let pre = scan (map2 (+)) (replicate 3 0) rows
  let (mx, mn) = reduce (\\(a1, b1) (a2, b2) -> (map2 i64.max a1 a2, map2 i64.min b1 b2))
                        (replicate 3 i64.lowest, replicate 3 i64.highest)
                        (zip pre pre)
  in (map (\\i -> pre[i]) [0, 1, 2, 9999, n - 1], mx, mn)
''', [(f'{VN}i64', f'{A2([pref[i] for i in picks], "i64")} {A([max(p[d] for p in pref) for d in range(3)], "i64")} {A([min(p[d] for p in pref) for d in range(3)], "i64")}')])

# ---------------------------------------------------------------- filtering rows
FR = [[1, -2, 3], [-5, 1, 1], [0, 0, 0], [7, -8, 2], [2, 2, -3]]
keep = [r for r in FR if sum(r) >= 0]
pos = [r for r in FR if r[0] > 0]; nonpos = [r for r in FR if r[0] <= 0]
write(P + 'filter_rows.fut', 'filter and partition over the rows of a matrix, then the kept rows reversed with a negative-stride slice and their columns summed.', '''
entry main [n][m] (a: [n][m]i32) : ([][m]i32, [][m]i32, [][m]i32, [m]i32) =
  let keep = filter (\\r -> i32.sum r >= 0) a
  let (pos, nonpos) = partition (\\r -> r[0] > 0) a
  let rev = keep[::-1]
  in (rev, pos, nonpos, reduce (map2 (+)) (replicate m 0) keep)
''', [(A2(FR, 'i32'), f'{A2(keep[::-1], "i32")} {A2(pos, "i32")} {A2(nonpos, "i32")} {A([sum(r[j] for r in keep) for j in range(3)], "i32")}')])

# ---------------------------------------------------------------- closures over arrays
CC = [[1.0, 2.0], [0.0, 0.0, 1.0], [3.0], [-1.0, 0.5, 0.25, 2.0]]
CX = [0.5, -2.0, 3.0]
def peval(cs, x): return sum(c * x ** i for i, c in enumerate(cs))
ml = max(len(c) for c in CC)
padded = [c + [0.0] * (ml - len(c)) for c in CC]
write(P + 'closures.fut', 'Functions returned from functions and capturing arrays (a polynomial from padded coefficient rows), applied in a map; composition of the closures with >->.', '''
def poly [n] (cs: [n]f64) : f64 -> f64 =
  \\x -> loop acc = 0 for i < n do acc * x + cs[n - 1 - i]

def scale_then (k: f64) (f: f64 -> f64) : f64 -> f64 = (\\x -> k * x) >-> f

entry main [p][n][m] (cs: [p][n]f64) (xs: [m]f64) : ([p][m]f64, [p][m]f64) =
  let direct = map (\\row -> map (poly row) xs) cs
  let scaled = map (\\row -> let g = scale_then 2 (poly row) in map g xs) cs
  in (direct, scaled)
''', [(f'{A2(padded, "f64")} {A(CX, "f64")}', f'{A2([[peval(c, x) for x in CX] for c in CC], "f64")} {A2([[peval(c, 2 * x) for x in CX] for c in CC], "f64")}')])

# ---------------------------------------------------------------- connected components on a grid
def components(grid):
    h, w = len(grid), len(grid[0])
    lab = [[i * w + j if grid[i][j] else -1 for j in range(w)] for i in range(h)]
    changed = True; rounds = 0
    while changed:
        changed = False; rounds += 1
        new = [r[:] for r in lab]
        for i in range(h):
            for j in range(w):
                if lab[i][j] < 0: continue
                best = lab[i][j]
                for di, dj in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    y, x = i + di, j + dj
                    if 0 <= y < h and 0 <= x < w and lab[y][x] >= 0: best = min(best, lab[y][x])
                new[i][j] = best
                if best != lab[i][j]: changed = True
        lab = new
    return lab, rounds
GR = ["##..#", "#...#", "..###", "#....", "##.##"]
grid = [[c == '#' for c in r] for r in GR]
lab, rounds = components(grid)
ncomp = len({v for r in lab for v in r if v >= 0})
write(P + 'grid_components.fut', 'Connected components of a boolean grid by min-label propagation: a while loop until no label changes, on cells as a sum type (#wall | #open i64).', '''
type cell = #wall | #open i64

def label (c: cell) : i64 = match c case #wall -> -1 case #open l -> l

entry main [h][w] (g: [h][w]bool) : ([h][w]i64, i32, i64) =
  let cells = tabulate_2d h w (\\i j -> if g[i, j] then #open (i * w + j) else #wall)
  let (cells, _, rounds) =
    loop (cells, changed, rounds) = (cells, true, 0i32) while changed do
      let step i j =
        match cells[i, j]
        case #wall -> #wall
        case #open l ->
          let nb = [(i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)]
          let best = loop best = l for (y, x) in nb do
                       if y >= 0 && y < h && x >= 0 && x < w
                       then match cells[y, x]
                            case #open m -> i64.min best m
                            case #wall -> best
                       else best
          in #open best
      let cells' = tabulate_2d h w step
      let changed = or (map2 (\\a b -> label a != label b) (flatten cells) (flatten cells'))
      in (cells', changed, rounds + 1)
  let labels = map (map label) cells
  let roots = map2 (\\i l -> if l == i then 1i64 else 0) (iota (h * w)) (flatten labels) |> i64.sum
  in (labels, rounds, roots)
''', [(A2(grid, 'bool'), f'{A2(lab, "i64")} {rounds}i32 {ncomp}i64')])

# ---------------------------------------------------------------- Bellman-Ford
def bellman(n, es, src):
    INF = 10 ** 9
    d = [INF] * n; d[src] = 0
    for _ in range(n - 1):
        nd = d[:]
        for (u, v, w) in es:
            if d[u] < INF: nd[v] = min(nd[v], d[u] + w)
        d = nd
    return d
ES = [(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 1), (2, 3, 5), (3, 4, 3), (4, 1, -2), (5, 0, 1)]
write(P + 'bellman_ford.fut', 'Single-source shortest paths (Bellman-Ford) on an edge list: each round a reduce_by_index with i32.min over the relaxed edges.', '''
def inf : i32 = 1000000000

entry main [e] (n: i64) (us: [e]i64) (vs: [e]i64) (ws: [e]i32) (src: i64) : [n]i32 =
  let d0 = tabulate n (\\i -> if i == src then 0 else inf)
  in loop d = d0 for _r < n - 1 do
       let cand = map2 (\\u w -> if d[u] < inf then d[u] + w else inf) us ws
       in reduce_by_index (copy d) i32.min inf vs cand
''', [(f'6i64 {A([e[0] for e in ES], "i64")} {A([e[1] for e in ES], "i64")} {A([e[2] for e in ES], "i32")} {s}i64', A(bellman(6, ES, s), 'i32')) for s in (0, 5, 4)])

# ---------------------------------------------------------------- edit distance
def edit(a, b):
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
        prev = cur
    return prev[-1]
def lcs(a, b):
    prev = [0] * (len(b) + 1)
    for i in range(len(a)):
        cur = [0] * (len(b) + 1)
        for j in range(len(b)):
            cur[j + 1] = prev[j] + 1 if a[i] == b[j] else max(prev[j + 1], cur[j])
        prev = cur
    return prev[-1]
W1, W2 = "kitten sitting", "sitting kitten!"
write(P + 'edit_distance.fut', 'Levenshtein distance and longest common subsequence of two u8 strings: two rows through a loop, the current one filled by an inner loop with in-place updates.', '''
entry main [n][m] (a: [n]u8) (b: [m]u8) : (i32, i32) =
  let prev0 = tabulate (m + 1) i32.i64
  let dist = loop prev = prev0 for i < n do
               loop cur = replicate (m + 1) (i32.i64 (i + 1)) for j < m do
                 let sub = prev[j] + (if a[i] == b[j] then 0 else 1)
                 in cur with [j + 1] = i32.min sub (i32.min (prev[j + 1] + 1) (cur[j] + 1))
  let (lcs, _) = loop (prev, cur) = (replicate (m + 1) 0i32, replicate (m + 1) 0i32) for i < n do
                   let cur = loop cur for j < m do
                               cur with [j + 1] = if a[i] == b[j] then prev[j] + 1 else i32.max prev[j + 1] cur[j]
                   in (cur, prev)
  in (dist[m], lcs[m])
''', [(f'{A(list(W1.encode()), "u8")} {A(list(W2.encode()), "u8")}', f'{edit(W1, W2)}i32 {lcs(W1, W2)}i32'),
      (f'{A(list(b"abc"), "u8")} empty([0]u8)', '3i32 0i32')])
