"""Whole programs, part 2: stencils, graphs, simulations and numerics. Expected values come from
Python reference implementations written here, never from our compiler."""
from common import *
import math

P = 'programs/'

# ---------------------------------------------------------------- stencils
def heat(g, steps):
    n, m = len(g), len(g[0])
    for _ in range(steps):
        g = [[g[i][j] if i in (0, n - 1) or j in (0, m - 1) else
              0.25 * (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1]) for j in range(m)] for i in range(n)]
    return g
G = [[100.0 if i == 0 else (50.0 if j == 4 else 0.0) for j in range(5)] for i in range(4)]
write(P + 'heat_stencil.fut', 'Jacobi heat diffusion on a 2-D f32 grid with fixed borders, iterated in a loop.', '''
entry main [n][m] (g: [n][m]f32) (steps: i32) : [n][m]f32 =
  loop g for _s < steps do
    tabulate_2d n m (\\i j ->
      if i == 0 || j == 0 || i == n - 1 || j == m - 1 then g[i, j]
      else 0.25 * (g[i - 1, j] + g[i + 1, j] + g[i, j - 1] + g[i, j + 1]))
''', [(f'{A2(G, "f32")} 7i32', A2(heat(G, 7), 'f32')), (f'{A2(G, "f32")} 0i32', A2(G, 'f32'))])

def life(b, steps):
    n, m = len(b), len(b[0])
    for _ in range(steps):
        nb = []
        for i in range(n):
            row = []
            for j in range(m):
                c = sum(b[(i + di) % n][(j + dj) % m] for di in (-1, 0, 1) for dj in (-1, 0, 1) if di or dj)
                row.append(c == 3 or (c == 2 and b[i][j]))
            nb.append(row)
        b = nb
    return b
B = [[False] * 8 for _ in range(7)]
for (i, j) in [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2), (5, 5), (5, 6), (5, 7)]: B[i][j] = True
write(P + 'game_of_life.fut', "Conway's game of life on a torus: neighbour counts by nested loops over literal arrays inside tabulate_2d.", '''
entry main [n][m] (b: [n][m]bool) (steps: i32) : [n][m]bool =
  loop b for _s < steps do
    tabulate_2d n m (\\i j ->
      let cnt = loop c = 0i32 for di in [-1i64, 0, 1] do
                  loop c for dj in [-1i64, 0, 1] do
                    if di == 0 && dj == 0 then c
                    else c + (if b[(i + di + n) % n, (j + dj + m) % m] then 1 else 0)
      in cnt == 3 || (cnt == 2 && b[i, j]))
''', [(f'{A2(B, "bool")} {s}i32', A2(life(B, s), 'bool')) for s in (1, 4, 9)])

def blur(img):
    h, w = len(img), len(img[0])
    out = []
    for i in range(h):
        row = []
        for j in range(w):
            s = 0
            for di in range(3):
                for dj in range(3):
                    y = max(0, min(h - 1, i + di - 1)); x = max(0, min(w - 1, j + dj - 1))
                    s += img[y][x]
            row.append(s // 9)
        out.append(row)
    return out
IMG = [[(i * 37 + j * 91 + i * j * 7) % 256 for j in range(6)] for i in range(5)]
write(P + 'box_blur.fut', 'A 3x3 box blur on a u8 image with clamped borders, summing in u32.', '''
entry main [h][w] (img: [h][w]u8) : [h][w]u8 =
  tabulate_2d h w (\\i j ->
    let s = loop s = 0u32 for di < 3 do
              loop s for dj < 3 do
                let y = i64.max 0 (i64.min (h - 1) (i + di - 1))
                let x = i64.max 0 (i64.min (w - 1) (j + dj - 1))
                in s + u32.u8 img[y, x]
    in u8.u32 (s / 9))
''', [(A2(IMG, 'u8'), A2(blur(IMG), 'u8'))])

cxs = [1.0, 2.0, -1.0, 0.5, 3.0, 4.0, -2.0, 0.0]
ker = [0.25, 0.5, 0.25]
conv = [sum(cxs[i + j] * ker[j] for j in range(3)) for i in range(len(cxs) - 2)]
write(P + 'convolution.fut', 'A valid-mode 1-D convolution and a 2-D one built from it on rows and (transposed) columns.', '''
def conv1 [n][k] (ker: [k]f32) (xs: [n]f32) : []f32 =
  tabulate (n - k + 1) (\\i -> f32.sum (map (\\j -> xs[i + j] * ker[j]) (iota k)))

entry main [n][k] (xs: [n]f32) (ker: [k]f32) : []f32 = conv1 ker xs

entry sep [n][m][k] (img: [n][m]f32) (ker: [k]f32) : [][]f32 =
  let rows = map (conv1 ker) img
  in transpose (map (conv1 ker) (transpose rows))
''', [])
IM2 = [[float((i * 5 + j * 3) % 7) for j in range(5)] for i in range(4)]
rows = [[sum(r[i + j] * ker[j] for j in range(3)) for i in range(3)] for r in IM2]
cols = [[sum(rows[i + j][c] * ker[j] for j in range(3)) for c in range(3)] for i in range(2)]
raw(P + 'convolution.fut', open(os.path.join(ROOT, P + 'convolution.fut')).read().replace('-- ==\n', f'''-- ==
-- entry: main
-- input {{ {A(cxs, 'f32')} {A(ker, 'f32')} }}
-- output {{ {A(conv, 'f32')} }}
-- ==
-- entry: sep
-- input {{ {A2(IM2, 'f32')} {A(ker, 'f32')} }}
-- output {{ {A2(cols, 'f32')} }}
''', 1))

def sat(a):
    n, m = len(a), len(a[0])
    return [[sum(a[x][y] for x in range(i + 1) for y in range(j + 1)) for j in range(m)] for i in range(n)]
SA = [[(i * 3 + j * 5) % 11 - 4 for j in range(5)] for i in range(4)]
S = sat(SA)
qs = [(0, 0, 3, 4), (1, 1, 2, 3), (2, 0, 3, 0), (0, 2, 0, 2)]
def rect(r0, c0, r1, c1):
    return sum(SA[i][j] for i in range(r0, r1 + 1) for j in range(c0, c1 + 1))
write(P + 'summed_area.fut', 'Summed-area table by scans over rows and transposed columns, then rectangle queries with bounds tests.', '''
entry main [n][m][q] (a: [n][m]i32) (r0: [q]i64) (c0: [q]i64) (r1: [q]i64) (c1: [q]i64) : ([n][m]i32, [q]i32) =
  let t = map (scan (+) 0) a |> transpose |> map (scan (+) 0) |> transpose
  let at i j = if i < 0 || j < 0 then 0 else t[i, j]
  let sums = map4 (\\a b c d -> at c d - at (a - 1) d - at c (b - 1) + at (a - 1) (b - 1)) r0 c0 r1 c1
  in (t, sums)
''', [(f'{A2(SA, "i32")} {A([q[0] for q in qs], "i64")} {A([q[1] for q in qs], "i64")} {A([q[2] for q in qs], "i64")} {A([q[3] for q in qs], "i64")}',
       f'{A2(S, "i32")} {A([rect(*q) for q in qs], "i32")}')])

# ---------------------------------------------------------------- graphs
INF = 1000000
def fw(d):
    n = len(d); d = [r[:] for r in d]
    for k in range(n):
        d = [[min(d[i][j], d[i][k] + d[k][j]) for j in range(n)] for i in range(n)]
    return d
D = [[0, 3, INF, 7, INF], [8, 0, 2, INF, INF], [5, INF, 0, 1, INF], [2, INF, INF, 0, INF], [INF, INF, INF, 4, 0]]
write(P + 'floyd_warshall.fut', 'All-pairs shortest paths (Floyd-Warshall): a loop over k around tabulate_2d.', '''
entry main [n] (d: [n][n]i32) : [n][n]i32 =
  loop d for k < n do
    tabulate_2d n n (\\i j -> i32.min d[i, j] (d[i, k] + d[k, j]))
''', [(A2(D, 'i32'), A2(fw(D), 'i32'))])

def bfs(adj, src):
    n = len(adj); dist = [-1] * n; dist[src] = 0; front = [src]; lvl = 0
    while front:
        nxt = [j for j in range(n) if dist[j] < 0 and any(adj[i][j] for i in front)]
        for j in nxt: dist[j] = lvl + 1
        front = nxt; lvl += 1
    return dist
ADJ = [[False] * 7 for _ in range(7)]
for (i, j) in [(0, 1), (1, 2), (2, 3), (0, 4), (4, 3), (3, 5), (6, 0)]: ADJ[i][j] = True
write(P + 'bfs_matrix.fut', 'Breadth-first search levels on an adjacency matrix: a while loop over a (distances, frontier, level) triple.', '''
entry main [n] (adj: [n][n]bool) (src: i64) : [n]i32 =
  let dist0 = (replicate n (-1i32)) with [src] = 0
  let (dist, _, _) =
    loop (dist, frontier, lvl) = (dist0, tabulate n (== src), 0i32) while or frontier do
      let next = map2 (\\j d -> d < 0 && or (map2 (&&) frontier (map (\\row -> row[j]) adj))) (iota n) dist
      let dist' = map2 (\\nx d -> if nx then lvl + 1 else d) next dist
      in (dist', next, lvl + 1)
  in dist
''', [(f'{A2(ADJ, "bool")} {s}i64', A(bfs(ADJ, s), 'i32')) for s in (0, 6, 5)])

def pagerank(adj, iters, damp):
    n = len(adj); out = [sum(r) for r in adj]; r = [1.0 / n] * n
    for _ in range(iters):
        c = [r[i] / out[i] if out[i] != 0 else 0.0 for i in range(n)]
        r = [(1 - damp) / n + damp * sum(adj[i][j] * c[i] for i in range(n)) for j in range(n)]
    return r
PA = [[0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 1.0, 0.0], [1.0, 0.0, 0.0, 1.0], [0.0, 0.0, 1.0, 0.0]]
write(P + 'pagerank.fut', 'PageRank iterations on a dense f64 link matrix, using transpose and a damping factor.', '''
entry main [n] (adj: [n][n]f64) (iters: i32) (damp: f64) : [n]f64 =
  let outdeg = map f64.sum adj
  let adj_t = transpose adj
  in loop r = replicate n (1 / f64.i64 n) for _i < iters do
       let contrib = map2 (\\ri d -> if d == 0 then 0 else ri / d) r outdeg
       in map (\\col -> (1 - damp) / f64.i64 n + damp * f64.sum (map2 (*) col contrib)) adj_t
''', [(f'{A2(PA, "f64")} {k}i32 0.85f64', A(pagerank(PA, k, 0.85), 'f64')) for k in (1, 20)])

def spmv(rowptr, cols, vals, x):
    return [sum(vals[k] * x[cols[k]] for k in range(rowptr[r], rowptr[r + 1])) for r in range(len(rowptr) - 1)]
RP = [0, 2, 2, 5, 6, 6]
CO = [0, 3, 1, 2, 3, 0]
VA = [2.0, -1.0, 0.5, 4.0, 1.0, 3.0]
XV = [1.0, 2.0, 3.0, 4.0]
write(P + 'csr_spmv.fut', 'Sparse matrix-vector product in CSR form, by rows (an #[unsafe] loop over a range) and flat (row ids by hist and scan, then reduce_by_index).', '''
entry rows [r1][nnz][c] (rowptr: [r1]i64) (cols: [nnz]i64) (vals: [nnz]f32) (x: [c]f32) : []f32 =
  map (\\r -> #[unsafe] loop s = 0f32 for k in rowptr[r]..<rowptr[r + 1] do s + vals[k] * x[cols[k]])
      (iota (r1 - 1))

entry flat [r1][nnz][c] (rowptr: [r1]i64) (cols: [nnz]i64) (vals: [nnz]f32) (x: [c]f32) : []f32 =
  let inner = rowptr[1:r1 - 1]
  let marks = hist (+) 0 nnz inner (map (const 1i64) inner)
  let row = scan (+) 0 marks
  let prods = map2 (\\k v -> v * x[k]) cols vals
  in reduce_by_index (replicate (r1 - 1) 0) (+) 0 row prods
''', [])
ys = spmv(RP, CO, VA, XV)
blk = f'''-- input {{ {A(RP, 'i64')} {A(CO, 'i64')} {A(VA, 'f32')} {A(XV, 'f32')} }}
-- output {{ {A(ys, 'f32')} }}
'''
raw(P + 'csr_spmv.fut', open(os.path.join(ROOT, P + 'csr_spmv.fut')).read().replace('-- ==\n', '-- ==\n-- entry: rows flat\n' + blk, 1))
