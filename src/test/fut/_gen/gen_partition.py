"""Writes ../soacs/partition_*.fut: partition, partition2 and intrinsics.partition on inputs large
enough for the parallel code path (200000 rows), rows of rank 2, tuples of arrays, one class,
dropped classes, empty inputs, and a partition inside a map (the sequential path). Expected values
come from a stable partition written here in Python; order-sensitive checksums (sum of (i+1)*x,
wrapped to i64) check stability within each class without printing 200000 values."""
from common import *

P = 'soacs/'
N = 200000

def part(k, cls, xs):
    """Stable partition: classes 0..k-1 in order, then the rows outside them; and the class sizes."""
    groups = [[] for _ in range(k + 1)]
    for x in xs:
        c = cls(x)
        groups[c if 0 <= c < k else k].append(x)
    return [x for g in groups for x in g], [len(g) for g in groups[:k]]

def wsum(xs):
    return wrap(sum((i + 1) * x for i, x in enumerate(xs)), 'i64')

def fmod(a, b):
    """Futhark's % on integers (rounds towards negative infinity, like Python)."""
    return a % b

# Shared Futhark helper: order-sensitive checksum.
WSUM = 'def wsum [n] (xs: [n]i64) : i64 = i64.sum (map2 (\\i x -> (i + 1) * x) (iota n) xs)\n'

xs = [fmod(i * 7919, 10007) - 5000 for i in range(N)]
a = [x for x in xs if fmod(x, 3) == 0]
b = [x for x in xs if fmod(x, 3) != 0]
write(P + 'partition_large.fut',
      'partition on 200000 elements (parallel path): sizes, ends and order-sensitive checksums of both parts.',
      WSUM + '''
entry main (n: i64) : (i64, i64, i64, i64, i64, i64, i64, i64) =
  let xs = map (\\i -> (i * 7919) % 10007 - 5000) (iota n)
  let (a, b) = partition (\\x -> x % 3 == 0) xs
  in (length a, length b, a[0], a[length a - 1], b[0], b[length b - 1], wsum a, wsum b)
''', [(f'{N}i64', ' '.join(f'{v}i64' for v in [len(a), len(b), a[0], a[-1], b[0], b[-1], wsum(a), wsum(b)]))])

ys = [wrap(fmod(i * 104729, 65536) - 32768, 'i32') for i in range(N)]
p1 = [y for y in ys if y < -10000]
p2 = [y for y in ys if not y < -10000 and fmod(y, 2) == 0]
p3 = [y for y in ys if not y < -10000 and fmod(y, 2) != 0]
write(P + 'partition2_large.fut',
      'partition2 on 200000 i32 (parallel path): the three parts keep their order.',
      WSUM + '''
entry main (n: i64) : (i64, i64, i64, i64, i64, i64, i32, i32, i32) =
  let ys = map (\\i -> i32.i64 ((i * 104729) % 65536 - 32768)) (iota n)
  let (a, b, c) = partition2 (< -10000) (\\y -> y % 2 == 0) ys
  let w (zs: []i32) = wsum (map i64.i32 zs)
  in (length a, length b, length c, w a, w b, w c, a[length a - 1], b[0], c[length c - 1])
''', [(f'{N}i64', ' '.join([f'{len(p1)}i64', f'{len(p2)}i64', f'{len(p3)}i64', f'{wsum(p1)}i64', f'{wsum(p2)}i64',
                           f'{wsum(p3)}i64', f'{p1[-1]}i32', f'{p2[0]}i32', f'{p3[-1]}i32']))])

# intrinsics.partition with k classes, some rows outside [0, k): they follow the classes, in order.
K = 5
zs = [fmod(i * 31, 97) - 10 for i in range(N)]
zp, zc = part(K, lambda z: fmod(z, 7), zs)
zp_small, zc_small = part(3, lambda z: fmod(z, 5), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, 13])
# Two entry points: write the test block by hand.
raw(P + 'partition_classes.fut', f'''-- intrinsics.partition with k classes and rows outside them (they come last, stable) on 12 and 200000 rows.
-- ==
-- entry: small
-- input {{ {A([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, 13], 'i64')} }}
-- output {{ {A(zp_small, 'i64')} {A(zc_small, 'i64')} }}
-- ==
-- entry: main
-- input {{ {N}i64 }}
-- output {{ {A(zc, 'i64')} {len(zp)}i64 {wsum(zp)}i64 {zp[-1]}i64 }}
{WSUM}
entry small (xs: []i64) : ([]i64, []i64) = intrinsics.partition 3 (\\x -> x % 5) xs

entry main (n: i64) : ([]i64, i64, i64, i64) =
  let zs = map (\\i -> (i * 31) % 97 - 10) (iota n)
  let (ps, sizes) = intrinsics.partition 5 (\\z -> z % 7) zs
  in (sizes, length ps, wsum ps, ps[n - 1])
''')

# Rows of rank 2.
M = 3
rows = [[fmod(i * 13 + j * 7, 101) for j in range(M)] for i in range(N)]
ra = [r for r in rows if fmod(sum(r), 2) == 0]
rb = [r for r in rows if fmod(sum(r), 2) != 0]
flat = lambda rs: [x for r in rs for x in r]
write(P + 'partition_rows.fut',
      'partition of 200000 rows of rank 2 (rows copied whole, order kept).',
      WSUM + '''
entry main (n: i64) : (i64, i64, []i64, []i64, i64, i64) =
  let rows = map (\\i -> map (\\j -> (i * 13 + j * 7) % 101) (iota 3)) (iota n)
  let (a, b) = partition (\\r -> i64.sum r % 2 == 0) rows
  in (length a, length b, a[length a - 1], b[0], wsum (flatten a), wsum (flatten b))
''', [(f'{N}i64', ' '.join([f'{len(ra)}i64', f'{len(rb)}i64', A(ra[-1], 'i64'), A(rb[0], 'i64'),
                           f'{wsum(flat(ra))}i64', f'{wsum(flat(rb))}i64']))])

# Tuples of arrays (an array of records): keys and values move together.
keys = [fmod(i * 7, 10) for i in range(N)]
vals = [fmod(i * 3, 1000) for i in range(N)]
pairs = list(zip(keys, vals))
t1 = [p for p in pairs if p[0] < 3]
t2 = [p for p in pairs if not p[0] < 3 and p[1] < 500]
t3 = [p for p in pairs if not p[0] < 3 and not p[1] < 500]
ws = lambda ps: f'{wsum([p[0] for p in ps])}i64 {wsum([p[1] for p in ps])}i64'
write(P + 'partition_tuples.fut',
      'partition2 of 200000 (key, value) records: both components move together and keep order.',
      WSUM + '''
entry main (n: i64) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) =
  let kvs = map (\\i -> {k = (i * 7) % 10, v = (i * 3) % 1000}) (iota n)
  let (a, b, c) = partition2 (\\r -> r.k < 3) (\\r -> r.v < 500) kvs
  let w (rs: []{k: i64, v: i64}) = (wsum (map (.k) rs), wsum (map (.v) rs))
  let (a0, a1) = w a
  let (b0, b1) = w b
  let (c0, c1) = w c
  in (length a, length b, length c, a0, a1, b0, b1, c0, c1, c[0].k, c[0].v)
''', [(f'{N}i64', ' '.join([f'{len(t1)}i64', f'{len(t2)}i64', f'{len(t3)}i64', ws(t1), ws(t2), ws(t3),
                           f'{t3[0][0]}i64 {t3[0][1]}i64']))])

# All rows in one class (both ways), k = 1, and empty inputs.
ones = [fmod(i * 5, 1000) for i in range(N)]
o1, oc1 = part(1, lambda x: 0 if x < 500 else -1, ones)
write(P + 'partition_one_class.fut',
      'All 200000 rows in one class (the other part empty, either way round), and k = 1 with the other rows dropped.',
      WSUM + '''
entry main (n: i64) : (i64, i64, i64, i64, i64, i64, []i64, i64) =
  let xs = map (\\i -> (i * 5) % 1000) (iota n)
  let (a, b) = partition (\\x -> x >= 0) xs
  let (c, d) = partition (\\x -> x < 0) xs
  let (e, sizes) = intrinsics.partition 1 (\\x -> if x < 500 then 0 else -1) xs
  in (length a, length b, length c, length d, wsum a, wsum d, sizes, wsum e)
''', [(f'{N}i64', ' '.join([f'{N}i64', '0i64', '0i64', f'{N}i64', f'{wsum(ones)}i64', f'{wsum(ones)}i64',
                           A(oc1, 'i64'), f'{wsum(o1)}i64']))])

write(P + 'partition_empty.fut',
      'partition and partition2 of empty arrays (also of rows and records) give empty parts.',
      '''
entry main (xs: []i32) (xss: [][]i32) : ([]i32, []i32, []i32, [][]i32, [][]i32, []i64) =
  let (a, b, c) = partition2 (< 0) (> 10) xs
  let (d, e) = partition (\\r -> r[0] > 0) xss
  let (_, sizes) = intrinsics.partition 4 (\\x -> i64.i32 x) xs
  in (a, b, c, d, e, sizes)
''', [('empty([0]i32) empty([0][2]i32)',
       'empty([0]i32) empty([0]i32) empty([0]i32) empty([0][2]i32) empty([0][2]i32) [0i64, 0i64, 0i64, 0i64]')])

# Inside a map: one partition per row (the sequential path inside a parallel loop).
R, C = 3000, 57
def row(r): return [fmod(r * 31 + j * 17, 11) for j in range(C)]
out = []
for r in range(R):
    p, _ = part(3, lambda x: fmod(x, 3), row(r))
    out.append(p)
write(P + 'partition_in_map.fut',
      'A partition inside a map over 3000 rows (sequential inside the parallel loop): each row grouped by x % 3, stable.',
      WSUM + '''
entry main (n: i64) (m: i64) : ([]i64, []i64, i64) =
  let res = map (\\r -> let row = map (\\j -> (r * 31 + j * 17) % 11) (iota m)
                        let (a, b, c) = partition2 (\\x -> x % 3 == 0) (\\x -> x % 3 == 1) row
                        in (a ++ b ++ c) :> [m]i64) (iota n)
  in (res[0], res[n - 1], wsum (flatten res))
''', [(f'{R}i64 {C}i64', f'{A(out[0], "i64")} {A(out[-1], "i64")} {wsum([x for r in out for x in r])}i64')])

# A class function that fails (an index out of bounds): on the parallel path, as one chunk, and
# inside a map; the error is reported, not a wrong result.
raw(P + 'partition_error.fut', f'''-- A partition whose class function indexes out of bounds fails: on 200000 rows, on 10 rows and inside a map.
-- ==
-- entry: main
-- input {{ {N}i64 {N - 1}i64 }}
-- error: out of bounds
-- input {{ 10i64 9i64 }}
-- error: out of bounds
-- ==
-- entry: inmap
-- input {{ 3000i64 }}
-- error: out of bounds
-- input {{ 1i64 }}
-- output {{ [[0i64, 2i64, 4i64, 6i64, 8i64, 1i64, 3i64, 5i64, 7i64, 9i64]] }}
entry main (n: i64) (bad: i64) : ([]i64, []i64) =
  let ws = map (\\i -> i % 4) (iota (n - 1))
  let xs = iota n
  let (a, b) = partition (\\x -> if x == bad then ws[x] > 5 else x % 2 == 0) xs
  in (a, b)

entry inmap (n: i64) : [n][10]i64 =
  map (\\r -> let row = iota 10
             let (ps, _) = intrinsics.partition 2 (\\x -> row[(x + r * 7) % 11] % 2) row
             in ps) (iota n)
''')
