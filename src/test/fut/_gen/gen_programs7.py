"""Whole programs, part 7: image-style pipelines of maps over rows on larger generated inputs
(the rows of an inner map written in place), with a run-time error raised inside such a row.
Expected values come from Python reference implementations written here."""
from common import *

P = 'programs/'

H, W = 300, 200
def px(i, j): return (i * 7 + j * 13 + (i * j) % 5) % 256
img = [[px(i, j) for j in range(W)] for i in range(H)]
gray = [[(3 * v) // 4 + 10 for v in r] for r in img]
thr = [[1 if v > 128 else 0 for v in r] for r in gray]
colsum = [sum(thr[i][j] for i in range(H)) for j in range(W)]
rowmax = [max(r) for r in gray]
grad = [[abs(gray[i][j + 1] - gray[i][j]) for j in range(W - 1)] for i in range(H)]
write(P + 'image_pipeline.fut', 'An image pipeline on a generated 300 x 200 u8 image: per-pixel maps over rows, a threshold, column sums through a transpose, row maxima, and a horizontal gradient of one less column; also a bounds error raised inside one row.', '''
def pixel (i: i64) (j: i64) : u8 = u8.i64 ((i * 7 + j * 13 + (i * j) % 5) % 256)

entry main (h: i64) (w: i64) : ([w]i32, [h]u8, i64, i64) =
  let img = tabulate_2d h w pixel
  let gray = map (\\row -> map (\\v -> u8.i32 (i32.u8 v * 3 / 4 + 10)) row) img
  let thr = map (map (\\v -> if v > 128 then 1i32 else 0)) gray
  let colsum = map i32.sum (transpose thr)
  let rowmax = map u8.maximum gray
  let grad = map (\\row -> map (\\j -> i64.abs (i64.u8 row[j + 1] - i64.u8 row[j])) (iota (w - 1))) gray
  in (colsum, rowmax, i64.sum (flatten grad), grad[h - 1, w - 2])

entry shifted (h: i64) (w: i64) (k: i64) : [h][w]u8 =
  let img = tabulate_2d h w pixel
  in map (\\row -> map (\\j -> row[j + k]) (iota w)) img
''', [])
bad = f'''-- ==
-- entry: main
-- input {{ {H}i64 {W}i64 }}
-- output {{ {A(colsum, 'i32')} {A(rowmax, 'u8')} {sum(map(sum, grad))}i64 {grad[H - 1][W - 2]}i64 }}
-- ==
-- entry: shifted
-- input {{ 3i64 4i64 0i64 }}
-- output {{ {A2([[px(i, j) for j in range(4)] for i in range(3)], 'u8')} }}
-- input {{ 2000i64 50i64 1i64 }}
-- error: out of bounds
'''
raw(P + 'image_pipeline.fut', open(os.path.join(ROOT, P + 'image_pipeline.fut')).read().replace('-- ==\n', bad, 1))

# particles: 3-D positions as rows of a [n][3] array, updated for a few steps
N = 20000
def pos0(i, d): return ((i * 37 + d * 11) % 101) / 10.0
ps = [[pos0(i, d) for d in range(3)] for i in range(N)]
vs = [[((i + d) % 7 - 3) * 0.5 for d in range(3)] for i in range(N)]
for _ in range(5):
    ps = [[p[d] + 0.1 * v[d] for d in range(3)] for p, v in zip(ps, vs)]
    vs = [[-v[d] if (p[d] < 0 or p[d] > 10) else v[d] for d in range(3)] for p, v in zip(ps, vs)]
cen = [sum(p[d] for p in ps) / N for d in range(3)]
outside = sum(1 for p in ps if any(c < 0 or c > 10 for c in p))
write(P + 'particles.fut', 'Particles in a box: positions and velocities as [n][3] f64 arrays through a loop of five steps (rows of inner maps), reflections at the walls, then the centroid and a count of particles outside.', '''
entry main (n: i64) (steps: i32) : ([3]f64, i64) =
  let ps0 = tabulate_2d n 3 (\\i d -> f64.i64 ((i * 37 + d * 11) % 101) / 10)
  let vs0 = tabulate_2d n 3 (\\i d -> f64.i64 ((i + d) % 7 - 3) * 0.5)
  let (ps, _) =
    loop (ps, vs) = (ps0, vs0) for _s < steps do
      let ps' = map2 (\\p v -> map2 (\\x dx -> x + 0.1 * dx) p v) ps vs
      let vs' = map2 (\\p v -> map2 (\\x dx -> if x < 0 || x > 10 then -dx else dx) p v) ps' vs
      in (ps', vs')
  let centroid = map (\\col -> f64.sum col / f64.i64 n) (transpose ps)
  let outside = map (\\p -> if any (\\x -> x < 0 || x > 10) p then 1 else 0) ps |> i64.sum
  in (centroid, outside)
''', [(f'{N}i64 5i32', f'{A(cen, "f64")} {outside}i64')])
