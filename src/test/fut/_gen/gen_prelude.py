"""Generates prelude/soacs, prelude/arrays, prelude/functional and prelude/bool programs."""
from common import *
from functools import reduce as freduce
import itertools

P = 'prelude/soacs/'
xs = [3, 1, 4, 1, 5, 9, 2, 6]
ys = [2, 7, 1, 8, 2, 8, 1, 8]
write(P + 'map_1_to_5.fut', 'map, map2, map3, map4 and map5 apply element-wise.', '''
entry main [n] (a: [n]i32) (b: [n]i32) : ([]i32, []i32, []i32, []i32, []i32) =
  (map (+ 1) a, map2 (-) a b, map3 (\\x y z -> x * y + z) a b a,
   map4 (\\x y z w -> x + y + z + w) a b a b, map5 (\\x y z w v -> x * y * z * w * v) a b a b a)
''', [(f'{A(xs,"i32")} {A(ys,"i32")}', ' '.join([A([x+1 for x in xs],'i32'), A([x-y for x,y in zip(xs,ys)],'i32'),
      A([x*y+x for x,y in zip(xs,ys)],'i32'), A([2*x+2*y for x,y in zip(xs,ys)],'i32'), A([x*y*x*y*x for x,y in zip(xs,ys)],'i32')]))])
write(P + 'map_nested_tuple.fut', 'map returning tuples produces several arrays.', '''
entry main (xs: []i32) : ([]i32, []bool) = unzip (map (\\x -> (x * x, x % 2 == 0)) xs)
''', [(A(xs,'i32'), f'{A([x*x for x in xs],"i32")} {A([x%2==0 for x in xs],"bool")}')])
write(P + 'reduce_ops.fut', 'reduce with +, *, max and min; an empty reduction gives the neutral element.', '''
entry main (xs: []i32) : (i32, i32, i32, i32, i32) =
  (reduce (+) 0 xs, reduce (*) 1 xs, reduce i32.max i32.lowest xs, reduce i32.min i32.highest xs, reduce (*) 1 (take 0 xs))
''', [(A(xs,'i32'), f'{sum(xs)}i32 {freduce(lambda a,b:a*b, xs)}i32 {max(xs)}i32 {min(xs)}i32 1i32')])
write(P + 'reduce_tuple.fut', 'reduce over tuples (argmax with index of the first maximum).', '''
entry main (xs: []i32) : (i32, i64) =
  reduce (\\(a, i) (b, j) -> if a > b || (a == b && i < j) then (a, i) else (b, j))
         (i32.lowest, -1) (zip xs (indices xs))
''', [(A(xs,'i32'), f'{max(xs)}i32 {xs.index(max(xs))}i64')])
write(P + 'reduce_comm.fut', 'reduce_comm with a commutative operator.', '''
entry main (xs: []f64) : (f64, f64) = (reduce_comm (+) 0 xs, reduce_comm f64.max (-f64.inf) xs)
''', [('[1.5f64, -2.0f64, 4.25f64]', '3.75f64 4.25f64')])
write(P + 'reduce_noncommutative.fut', 'reduce with an associative but non-commutative operator keeps order (2x2 matrix product).', '''
type m2 = (i64, i64, i64, i64)
def mul ((a, b, c, d): m2) ((e, f, g, h): m2) : m2 = (a*e + b*g, a*f + b*h, c*e + d*g, c*f + d*h)
entry main (n: i64) : (i64, i64, i64, i64) =
  reduce mul (1, 0, 0, 1) (map (\\i -> (1, i, 0, 1)) (1...n) ++ [(1, 1, 1, 0)])
''', []) if False else None
def mm(p, q):
    a,b,c,d = p; e,f,g,h = q
    return (a*e+b*g, a*f+b*h, c*e+d*g, c*f+d*h)
mats = [(1, i, 2, 1) for i in range(1, 6)] + [(1, 1, 1, 0)]
r = freduce(mm, mats, (1, 0, 0, 1))
write(P + 'reduce_noncommutative.fut', 'reduce with an associative but non-commutative operator keeps order (2x2 matrix products).', '''
def mul ((a, b, c, d): (i64, i64, i64, i64)) ((e, f, g, h): (i64, i64, i64, i64)) =
  (a*e + b*g, a*f + b*h, c*e + d*g, c*f + d*h)
entry main (n: i64) : (i64, i64, i64, i64) =
  reduce mul (1, 0, 0, 1) (map (\\i -> (1, i, 2, 1)) (1...n) ++ [(1, 1, 1, 0)])
''', [('5i64', ' '.join(f'{v}i64' for v in r))])
write(P + 'scan_inclusive.fut', 'scan is an inclusive prefix scan.', '''
entry main (xs: []i32) : ([]i32, []i32, []i32) =
  (scan (+) 0 xs, scan i32.max i32.lowest xs, scan (*) 1 xs)
''', [(A(xs,'i32'), ' '.join(A(list(itertools.accumulate(xs, f)),'i32') for f in [lambda a,b:a+b, max, lambda a,b:a*b]))])
write(P + 'scan_tuple.fut', 'scan over tuples (running count and sum of positives).', '''
entry main (xs: []i32) : ([]i32, []i32) =
  unzip (scan (\\(a, b) (c, d) -> (a + c, b + d)) (0, 0) (map (\\x -> (i32.bool (x > 2), x)) xs))
''', [(A(xs,'i32'), f'{A(list(itertools.accumulate([int(x>2) for x in xs])),"i32")} {A(list(itertools.accumulate(xs)),"i32")}')])
write(P + 'scan_empty.fut', 'scan and reduce on empty arrays.', '''
entry main (xs: []f32) : ([]f32, f32) = (scan (+) 0 xs, reduce (+) 0 xs)
''', [('empty([0]f32)', 'empty([0]f32) 0.0f32')])
write(P + 'filter_tuples.fut', 'filter on an array of tuples keeps order.', '''
entry main [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) = unzip (filter (\\(x, y) -> x < y) (zip xs ys))
''', [(f'{A(xs,"i32")} {A(ys,"i32")}', f'{A([x for x,y in zip(xs,ys) if x<y],"i32")} {A([y for x,y in zip(xs,ys) if x<y],"i32")}')])
write(P + 'partition.fut', 'partition splits by a predicate, keeping order on both sides.', '''
entry main (xs: []i32) : ([]i32, []i32) = partition (\\x -> x % 2 == 0) xs
''', [(A(xs,'i32'), f'{A([x for x in xs if x%2==0],"i32")} {A([x for x in xs if x%2!=0],"i32")}')])
write(P + 'partition2.fut', 'partition2 splits into three parts by two predicates.', '''
entry main (xs: []i32) : ([]i32, []i32, []i32) = partition2 (< 3) (< 6) xs
''', [(A(xs,'i32'), f'{A([x for x in xs if x<3],"i32")} {A([x for x in xs if 3<=x<6],"i32")} {A([x for x in xs if x>=6],"i32")}')])
def histo(k, is_, vs, op, ne):
    h = [ne]*k
    for i, v in zip(is_, vs):
        if 0 <= i < k: h[i] = op(h[i], v)
    return h
is_ = [0, 2, 2, 5, 1, -1, 2, 0]
write(P + 'hist.fut', 'hist with + and max; out-of-range indices are ignored.', '''
entry main [n] (is: [n]i64) (vs: [n]i32) : ([]i32, []i32) =
  (hist (+) 0 4 is vs, hist i32.max i32.lowest 4 is vs)
''', [(f'{A(is_,"i64")} {A(xs,"i32")}', f'{A(histo(4,is_,xs,lambda a,b:a+b,0),"i32")} {A(histo(4,is_,xs,max,-2**31),"i32")}')])
write(P + 'reduce_by_index.fut', 'reduce_by_index combines into an existing destination array.', '''
entry main [n] (dest: *[]i32) (is: [n]i64) (vs: [n]i32) : []i32 = reduce_by_index dest (+) 0 is vs
''', [(f'[100i32, 200i32, 300i32, 400i32] {A(is_,"i64")} {A(xs,"i32")}',
       A([a+b for a,b in zip([100,200,300,400], histo(4,is_,xs,lambda a,b:a+b,0))],'i32'))])
write(P + 'reduce_by_index_mul.fut', 'reduce_by_index with multiplication.', '''
entry main [k] (n: i64) (is: [k]i64) (vs: [k]i64) : []i64 = reduce_by_index (replicate n 1) (*) 1 is vs
''', [('3i64 [0i64, 0i64, 2i64, 2i64, 2i64] [2i64, 3i64, 4i64, 5i64, 6i64]', '[6i64, 1i64, 120i64]')])
write(P + 'scatter_1d.fut', 'scatter writes values at indices; out-of-range indices are ignored.', '''
entry main [n] (dest: *[]i32) (is: [n]i64) (vs: [n]i32) : []i32 = scatter dest is vs
''', [('[0i32, 0i32, 0i32, 0i32] [1i64, 3i64, -1i64, 9i64] [5i32, 6i32, 7i32, 8i32]', '[0i32, 5i32, 0i32, 6i32]')])
write(P + 'scatter_2d.fut', 'scatter_2d writes at (row, column) pairs.', '''
entry main (n: i64) (is: [](i64, i64)) (vs: []i32) : [][]i32 = scatter_2d (replicate n (replicate n 0)) is vs
''', []) if False else None
write('known-failures/prelude/soacs/scatter_2d.fut', 'scatter_2d writes at (row, column) pairs; out-of-range pairs are ignored.', '''
entry main [k] (n: i64) (rs: [k]i64) (cs: [k]i64) (vs: [k]i32) : [][]i32 =
  scatter_2d (replicate n (replicate n 0)) (zip rs cs) vs
''', [('2i64 [0i64, 1i64, 5i64] [1i64, 0i64, 0i64] [7i32, 8i32, 9i32]', '[[0i32, 7i32], [8i32, 0i32]]')])
write('known-failures/prelude/soacs/scatter_3d.fut', 'scatter_3d writes at (i, j, k) triples.', '''
entry main [k] (is: [k]i64) (js: [k]i64) (ks: [k]i64) (vs: [k]i32) : [][][]i32 =
  scatter_3d (replicate 2 (replicate 2 (replicate 2 0))) (zip3 is js ks) vs
''', [('[0i64, 1i64] [1i64, 1i64] [0i64, 1i64] [4i32, 5i32]', '[[[0i32, 0i32], [4i32, 0i32]], [[0i32, 0i32], [0i32, 5i32]]]')])
write(P + 'map_scan_reduce_nest.fut', 'SOACs nested inside map: per-row scans and reductions.', '''
entry main (m: [][]i32) : ([][]i32, []i32) = (map (scan (+) 0) m, map (reduce i32.max i32.lowest) m)
''', [('[[1i32, 2i32, 3i32], [4i32, -5i32, 6i32]]', '[[1i32, 3i32, 6i32], [4i32, -1i32, 5i32]] [3i32, 6i32]')])
write(P + 'stream_like_sum.fut', 'A segmented sum via scan and flags, written with map, scan and filter.', '''
entry main [n] (flags: [n]bool) (xs: [n]i32) : []i32 =
  let sums = scan (\\(f1, a) (f2, b) -> (f1 || f2, if f2 then b else a + b)) (false, 0) (zip flags xs)
  let ends = map (\\i -> i == length xs - 1 || flags[i + 1]) (indices xs)
  in map (.1) (filter (.0) (zip ends (map (.1) sums)))
''', [('[true, false, true, false, false, true] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32]', '[3i32, 12i32, 6i32]')])

R = 'prelude/arrays/'
write(R + 'iota_indices.fut', 'iota n counts from 0; indices gives the valid indices of an array.', '''
entry main (n: i64) (xs: []f32) : ([]i64, []i32, []i64) = (iota n, map i32.i64 (iota 3), indices xs)
''', [('4i64 [1.0f32, 2.0f32]', '[0i64, 1i64, 2i64, 3i64] [0i32, 1i32, 2i32] [0i64, 1i64]'),
      ('0i64 empty([0]f32)', 'empty([0]i64) [0i32, 1i32, 2i32] empty([0]i64)')])
write(R + 'replicate_nd.fut', 'replicate of scalars and of arrays.', '''
entry main (n: i64) (x: bool) : ([]bool, [][]i32) = (replicate n x, replicate 2 (replicate n 7))
''', [('3i64 true', '[true, true, true] [[7i32, 7i32, 7i32], [7i32, 7i32, 7i32]]')])
write(R + 'tabulate.fut', 'tabulate, tabulate_2d and tabulate_3d.', '''
entry main (n: i64) : ([]i64, [][]i64, [][][]i64) =
  (tabulate n (* 2), tabulate_2d 2 n (\\i j -> i * 10 + j), tabulate_3d 2 2 2 (\\i j k -> i * 100 + j * 10 + k))
''', [('3i64', '[0i64, 2i64, 4i64] [[0i64, 1i64, 2i64], [10i64, 11i64, 12i64]] '
       '[[[0i64, 1i64], [10i64, 11i64]], [[100i64, 101i64], [110i64, 111i64]]]')])
write(R + 'zip_unzip_3.fut', 'zip3 and unzip3 are inverses.', '''
entry main [n] (a: [n]i32) (b: [n]f32) (c: [n]bool) : ([]i32, []f32, []bool) = unzip3 (zip3 a b c)
''', [('[1i32, 2i32] [0.5f32, 1.5f32] [true, false]', '[1i32, 2i32] [0.5f32, 1.5f32] [true, false]')])
write(R + 'zip_unzip_4_5.fut', 'zip4/unzip4 and zip5/unzip5 round trip, with an element-wise operation in between.', '''
entry main [n] (a: [n]i32) (b: [n]i32) : ([]i32, []i32, []i32, []i32, []i32) =
  let (p, q, r, s) = unzip4 (map (\\(w, x, y, z) -> (z, y, x, w)) (zip4 a b a b))
  let (v, _, _, _, u) = unzip5 (zip5 p q r s a)
  in (v, q, r, s, u)
''', [('[1i32, 2i32] [3i32, 4i32]', '[3i32, 4i32] [1i32, 2i32] [3i32, 4i32] [1i32, 2i32] [1i32, 2i32]')])
write(R + 'zip_unzip_2.fut', 'zip and unzip on pairs; zip of an array with itself.', '''
entry main (a: []i32) : ([]i32, []i32) = unzip (map (\\(x, y) -> (x + y, x * y)) (zip a a))
''', [('[2i32, 3i32]', '[4i32, 6i32] [4i32, 9i32]')])
write(R + 'concat.fut', 'concat and ++ join arrays, including empty ones and 2-d rows.', '''
entry main (a: []i32) (b: []i32) : ([]i32, []i32, [][]i32) = (concat a b, a ++ [] ++ b ++ a, [a] ++ [a])
''', [('[1i32, 2i32] [3i32]', '[1i32, 2i32, 3i32] [1i32, 2i32, 3i32, 1i32, 2i32] [[1i32, 2i32], [1i32, 2i32]]')])
m = [[1,2,3],[4,5,6]]
write(R + 'flatten_unflatten.fut', 'flatten and unflatten between 1-d and 2-d.', '''
entry main (m: [][]i32) (n: i64) (k: i64) : ([]i32, [][]i32) =
  let f = flatten m
  in (f, unflatten n k f)
''', [(f'{A2(m,"i32")} 3i64 2i64', '[1i32, 2i32, 3i32, 4i32, 5i32, 6i32] [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]]')])
write(R + 'flatten_3d_4d.fut', 'flatten_3d, flatten_4d, unflatten_3d and unflatten_4d.', '''
entry main (n: i64) : ([]i64, [][][]i64, []i64) =
  let a = tabulate_3d 2 2 n (\\i j k -> i * 100 + j * 10 + k)
  let b = unflatten_4d 2 2 2 1 (iota 8)
  in (flatten_3d a, unflatten_3d 2 2 n (flatten_3d a), flatten_4d b)
''', [('2i64', '[0i64, 1i64, 10i64, 11i64, 100i64, 101i64, 110i64, 111i64] '
       '[[[0i64, 1i64], [10i64, 11i64]], [[100i64, 101i64], [110i64, 111i64]]] [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64]')])
write(R + 'transpose.fut', 'transpose of non-square matrices, twice is identity.', '''
entry main (m: [][]i32) : ([][]i32, [][]i32) = (transpose m, transpose (transpose m))
''', [(A2(m,'i32'), f'{A2([list(c) for c in zip(*m)],"i32")} {A2(m,"i32")}')])
write(R + 'rotate.fut', 'rotate shifts elements left for positive and right for negative amounts.', '''
entry main (xs: []i32) : ([]i32, []i32, []i32) = (rotate 1 xs, rotate (-2) xs, rotate 0 xs)
''', [('[1i32, 2i32, 3i32, 4i32, 5i32]', '[2i32, 3i32, 4i32, 5i32, 1i32] [4i32, 5i32, 1i32, 2i32, 3i32] [1i32, 2i32, 3i32, 4i32, 5i32]')])
write(R + 'reverse.fut', 'reverse on 1-d arrays and on the outer dimension of 2-d arrays.', '''
entry main (xs: []i32) (m: [][]i32) : ([]i32, [][]i32) = (reverse xs, reverse m)
''', [(f'[1i32, 2i32, 3i32] {A2(m,"i32")}', f'[3i32, 2i32, 1i32] {A2(m[::-1],"i32")}')])
write(R + 'take_drop.fut', 'take and drop, including 0 and the whole length.', '''
entry main (xs: []i32) (n: i64) : ([]i32, []i32, []i32, []i32) = (take n xs, drop n xs, take 0 xs, drop (length xs) xs)
''', [('[1i32, 2i32, 3i32, 4i32] 3i64', '[1i32, 2i32, 3i32] [4i32] empty([0]i32) empty([0]i32)')])
write(R + 'split.fut', 'split divides an array at a position.', '''
entry main (xs: []i32) (n: i64) : ([]i32, []i32) = split n xs
''', [('[1i32, 2i32, 3i32, 4i32] 1i64', '[1i32] [2i32, 3i32, 4i32]')])
write(R + 'head_last_tail_init.fut', 'head, last, tail and init.', '''
entry main (xs: []i32) : (i32, i32, []i32, []i32) = (head xs, last xs, tail xs, init xs)
''', [('[5i32, 6i32, 7i32]', '5i32 7i32 [6i32, 7i32] [5i32, 6i32]'), ('[9i32]', '9i32 9i32 empty([0]i32) empty([0]i32)')])
write(R + 'head_empty.fut', 'head of an empty array is an out-of-bounds error.', '''
entry main (xs: []i32) : i32 = head xs
''', [('[1i32]', '1i32'), ('empty([0]i32)', ('error', 'out of bounds'))])
write(R + 'copy_length.fut', 'copy duplicates an array; length of nested arrays is the outer size.', '''
entry main (m: [][]i32) : (i64, [][]i32) = (length m, copy m)
''', [(A2(m,'i32'), f'2i64 {A2(m,"i32")}')])
write(R + 'foldl_foldr.fut', 'foldl folds from the left, foldr from the right (visible with subtraction).', '''
entry main (xs: []i32) : (i32, i32) = (foldl (-) 100 xs, foldr (-) 100 xs)
''', [('[1i32, 2i32, 3i32]', f'{((100-1)-2)-3}i32 {1-(2-(3-100))}i32')])
write(R + 'all_any.fut', 'all and any, including on empty arrays.', '''
entry main (xs: []i32) : (bool, bool, bool, bool) =
  (all (> 0) xs, any (> 2) xs, all (> 0) (take 0 xs), any (> 0) (take 0 xs))
''', [('[1i32, 2i32, 3i32]', 'true true true false'), ('[0i32, 1i32]', 'false false true false')])
write(R + 'iterate.fut', 'iterate applies a function n times; iterate_while until the predicate fails.', '''
entry main (x: i32) : (i32, i32, i32) =
  (iterate 3 (* 2) x, iterate 0 (* 2) x, iterate_while (< 100) (* 3) x)
''', [('2i32', '16i32 2i32 162i32')])
write(R + 'iterate_until.fut', 'iterate_until applies a function until a predicate holds.', '''
entry main (x: i32) : i32 = iterate_until (> 50) (\\v -> v * v) x
''', [('3i32', '81i32'), ('100i32', '100i32')])
write(R + 'flatmap.fut', 'A flat map: map each element to a fixed-size array, then flatten.', '''
entry main (xs: []i32) : []i32 = flatten (map (\\x -> [x, x * 10]) xs)
''', [('[1i32, 2i32]', '[1i32, 10i32, 2i32, 20i32]')])
write(R + 'zip_length_mismatch.fut', 'Arrays of different run-time lengths cannot be coerced to one size for map2: a run-time error.', '''
entry main [n] (xs: [n]i32) (ys: []i32) : []i32 = map2 (+) xs (ys :> [n]i32)
''', [('[1i32, 2i32] [3i32, 4i32]', '[4i32, 6i32]'), ('[1i32, 2i32] [3i32]', ('error', '[Ss]ize coercion|cannot match shape'))])
write(R + 'array_of_arrays_ops.fut', 'Whole-row operations on 2-d arrays: map reverse, rotate inner, map2 on rows.', '''
entry main (m: [][]i32) : ([][]i32, [][]i32) = (map reverse m, map2 (map2 (+)) m m)
''', [(A2(m,'i32'), f'{A2([r[::-1] for r in m],"i32")} {A2([[2*v for v in r] for r in m],"i32")}')])
write('prelude/arrays/empty_2d.fut', 'Empty 2-d arrays keep their inner size.', '''
entry main (n: i64) : ([][]i32, i64) = let e = replicate 0 (replicate n 0i32) in (e, length (transpose e))
''', [('3i64', 'empty([0][3]i32) 3i64')])

F = 'prelude/functional/'
write(F + 'id_const.fut', 'id returns its argument; const ignores its second argument.', '''
entry main (xs: []i32) : ([]i32, []i32) = (map id xs, map (const 7) xs)
''', [('[1i32, 2i32]', '[1i32, 2i32] [7i32, 7i32]')])
write(F + 'flip.fut', 'flip swaps the arguments of a binary function.', '''
entry main (a: i32) (b: i32) : (i32, i32) = ((-) a b, flip (-) a b)
''', [('10i32 3i32', '7i32 -7i32')])
write(F + 'curry_uncurry.fut', 'curry and uncurry convert between tupled and curried functions.', '''
def addp (p: (i32, i32)) = p.0 * 10 + p.1
entry main [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) =
  (map2 (curry addp) xs ys, map (uncurry (\\a b -> a - b)) (zip xs ys))
''', [('[1i32, 2i32] [3i32, 4i32]', '[13i32, 24i32] [-2i32, -2i32]')])
write('prelude/functional/pipe_compose_ops.fut', '|>, <|, >-> and <-< from the prelude used as first-class operators.', '''
entry main (x: i32) : (i32, i32, i32) =
  ((|>) x (+ 1), (<|) (* 2) x, ((>->) (+ 1) (* 3)) x)
''', [('4i32', '5i32 8i32 15i32')])
write(F + 'compose_chain.fut', 'Long composition chains behave like nested application.', '''
def sub3 (x: i32) = x - 3
def f = (+ 1) >-> (* 2) >-> sub3 >-> i32.abs
def g = i32.abs <-< sub3 <-< (* 2) <-< (+ 1)
entry main (xs: []i32) : ([]i32, []i32) = (map f xs, map g xs)
''', [('[0i32, -5i32, 3i32]', f'{A([abs((x+1)*2-3) for x in [0,-5,3]],"i32")} {A([abs((x+1)*2-3) for x in [0,-5,3]],"i32")}')])
write(F + 'closure_selection.fut', 'A closure chosen by a value is applied inside map (functions are passed, not returned from if).', '''
def apply_kind (i: i32) (f: i32 -> i32) (g: i32 -> i32) (x: i32) : i32 = if i == 0 then f x else g x
entry main [n] (is: [n]i32) (xs: [n]i32) : []i32 = map2 (\\i x -> apply_kind i (+ 1) (* 2) x) is xs
''', [('[0i32, 1i32, 0i32] [5i32, 5i32, 7i32]', '[6i32, 10i32, 8i32]')])
write(F + 'higher_order_prelude.fut', 'Prelude functions passed as arguments to user higher-order functions.', '''
def on_pairs [n] 'a 'b (f: a -> a -> b) (xs: [n]a) : []b =
  let k = n - 1
  in map2 f xs[0:k] (xs[1:n] :> [k]a)
entry main (xs: []i32) : ([]i32, []i32, []bool) = (on_pairs i32.max xs, on_pairs (-) xs, on_pairs (<) xs)
''', [('[1i32, 5i32, 2i32]', '[5i32, 5i32] [-4i32, 3i32] [true, false]')])

B = 'prelude/bool/'
write(B + 'bool_ops.fut', 'bool operators: &&, ||, !, ==, != on every combination.', '''
entry main [n] (a: [n]bool) (b: [n]bool) : ([]bool, []bool, []bool, []bool, []bool) =
  (map2 (&&) a b, map2 (||) a b, map (\\x -> !x) a, map2 (==) a b, map2 (!=) a b)
''', [('[false, false, true, true] [false, true, false, true]',
       '[false, false, false, true] [false, true, true, true] [true, true, false, false] [true, false, false, true] [false, true, true, false]')])
write(B + 'bool_conversions.fut', 'bool.i32, bool.f64 and conversions of bool to numbers via i32.bool and f32.bool.', '''
entry main (xs: []i32) : ([]bool, []i32, []f32, []bool) =
  let bs = map bool.i32 xs
  in (bs, map i32.bool bs, map f32.bool bs, map bool.f64 [0.0, 2.5])
''', [('[0i32, 1i32, -3i32]', '[false, true, true] [0i32, 1i32, 1i32] [0.0f32, 1.0f32, 1.0f32] [false, true]')])
write(B + 'bool_reductions.fut', 'Reductions over bools with && and || (and their neutral elements), and counting trues.', '''
entry main (xs: []bool) : (bool, bool, i32) =
  (reduce (&&) true xs, reduce (||) false xs, i32.sum (map i32.bool xs))
''', [('[true, false]', 'false true 1i32'), ('[true, true]', 'true true 2i32'), ('empty([0]bool)', 'true false 0i32')])
