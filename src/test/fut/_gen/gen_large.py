"""Generates programs with large generated inputs, so the multicore (OpenMP) code paths split the work.
Expected values are computed by Python from the same closed-form inputs."""
from common import *
import itertools

P = 'prelude/soacs/'
N = 100000
xs = [(i * 7919) % 1000 - 500 for i in range(N)]
write(P + 'large_reduce_scan.fut', 'reduce and scan over 100000 generated elements (parallel code paths).', '''
entry main (n: i64) : (i64, i64, i64, i64) =
  let xs = map (\\i -> (i * 7919) % 1000 - 500) (iota n)
  let s = scan (+) 0 xs
  in (reduce (+) 0 xs, i64.maximum xs, s[n / 2], s[n - 1])
''', [(f'{N}i64', f'{sum(xs)}i64 {max(xs)}i64 {sum(xs[:N//2+1])}i64 {sum(xs)}i64')])
def mm(p, q):
    a, b = p; c, d = q
    return (a * c % 1000003, (b * c + d) % 1000003)
fs = [((i % 7) + 1, i % 11) for i in range(N)]
acc = (1, 0)
for f in fs: acc = mm(acc, f)
write(P + 'large_reduce_noncomm.fut', 'A non-commutative reduce (composition of affine maps mod a prime) over 100000 elements keeps left-to-right order.', '''
def comp ((a, b): (i64, i64)) ((c, d): (i64, i64)) : (i64, i64) = (a * c % 1000003, (b * c + d) % 1000003)
entry main (n: i64) : (i64, i64) =
  reduce comp (1, 0) (map (\\i -> ((i % 7) + 1, i % 11)) (iota n))
''', [(f'{N}i64', f'{acc[0]}i64 {acc[1]}i64')])
pre = list(itertools.accumulate(fs, mm))
write(P + 'large_scan_noncomm.fut', 'A non-commutative scan over 100000 elements: selected prefixes match a sequential fold.', '''
def comp ((a, b): (i64, i64)) ((c, d): (i64, i64)) : (i64, i64) = (a * c % 1000003, (b * c + d) % 1000003)
entry main (n: i64) : ([]i64, []i64) =
  let s = scan comp (1, 0) (map (\\i -> ((i % 7) + 1, i % 11)) (iota n))
  in unzip (map (\\i -> s[i]) [0, 1, 999, n / 3, n - 1])
''', [(f'{N}i64', f'{A([pre[i][0] for i in [0,1,999,N//3,N-1]],"i64")} {A([pre[i][1] for i in [0,1,999,N//3,N-1]],"i64")}')])
k = 17
h = [0] * k
for i in range(N): h[(i * i) % k] += i % 5
write(P + 'large_hist.fut', 'hist with many collisions over 100000 elements.', '''
entry main (n: i64) : []i64 =
  hist (+) 0 17 (map (\\i -> (i * i) % 17) (iota n)) (map (% 5) (iota n))
''', [(f'{N}i64', A(h, 'i64'))])
ev = [x for x in xs if x % 3 == 0]
write(P + 'large_filter_partition.fut', 'filter and partition over 100000 elements keep order.', '''
entry main (n: i64) : (i64, i64, i64, i64, i64) =
  let xs = map (\\i -> (i * 7919) % 1000 - 500) (iota n)
  let ys = filter (\\x -> x % 3 == 0) xs
  let (a, b) = partition (< 0) xs
  in (length ys, ys[length ys - 1], i64.sum ys, length a, b[0])
''', [(f'{N}i64', f'{len(ev)}i64 {ev[-1]}i64 {sum(ev)}i64 {len([x for x in xs if x < 0])}i64 {[x for x in xs if x >= 0][0]}i64')])
dest = [0] * 1000
for i in range(N):
    pass
# scatter with unique indices: a permutation of 0..N-1
perm_idx = [(i * 7) % N for i in range(N)]   # 7 and 100000 are coprime, so this is a permutation
res = [0] * N
for i, j in enumerate(perm_idx): res[j] = i
write(P + 'large_scatter.fut', 'scatter of a permutation over 100000 elements.', '''
entry main (n: i64) : (i64, i64, i64, i64) =
  let r = scatter (replicate n 0) (map (\\i -> (i * 7) % n) (iota n)) (iota n)
  in (r[0], r[1], r[n - 1], i64.sum r)
''', [(f'{N}i64', f'{res[0]}i64 {res[1]}i64 {res[N-1]}i64 {sum(res)}i64')])
rbi = [0] * 10
for i in range(N): rbi[i % 10] = max(rbi[i % 10], (i * 31) % 977)
write(P + 'large_reduce_by_index.fut', 'reduce_by_index with max over 100000 elements.', '''
entry main (n: i64) : []i64 =
  reduce_by_index (replicate 10 0) i64.max 0 (map (% 10) (iota n)) (map (\\i -> (i * 31) % 977) (iota n))
''', [(f'{N}i64', A(rbi, 'i64'))])
M = 300
write(P + 'large_nested_map.fut', 'Nested maps with inner reductions on a 300x300 generated matrix.', '''
entry main (n: i64) : (i64, []i64) =
  let m = tabulate_2d n n (\\i j -> (i * 3 + j * 5) % 17)
  let rows = map i64.sum m
  let cols = map i64.sum (transpose m)
  in (i64.sum rows, cols[0:3])
''', [(f'{M}i64', f'{sum((i*3+j*5)%17 for i in range(M) for j in range(M))}i64 '
       f'{A([sum((i*3+j*5)%17 for i in range(M)) for j in range(3)], "i64")}')])
fsum = sum(float(i % 100) * 0.5 for i in range(N))
write(P + 'large_f64_sum.fut', 'f64 sum over 100000 elements (exactly representable partial sums).', '''
entry main (n: i64) : f64 = f64.sum (map (\\i -> f64.i64 (i % 100) * 0.5) (iota n))
''', [(f'{N}i64', f'{fsum}f64')])
write('exprs/large_loop_in_map.fut', 'A sequential loop inside a parallel map over 20000 elements.', '''
entry main (n: i64) : (i64, i64) =
  let r = map (\\i -> loop acc = 0 for j < i % 50 do acc + j * i) (iota n)
  in (i64.sum r, r[n - 1])
''', [('20000i64', f'{sum(sum(j*i for j in range(i%50)) for i in range(20000))}i64 {sum(j*19999 for j in range(19999%50))}i64')])
