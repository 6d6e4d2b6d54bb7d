"""Generates programs over array views: transposes, strided and reversed slices, combined with other operations."""
from common import *

R = 'prelude/arrays/'
m = [[r * 10 + c for c in range(4)] for r in range(3)]
T = [list(c) for c in zip(*m)]
write(R + 'flatten_transposed.fut', 'flatten of a transposed matrix reads it in column-major order.', '''
entry main (m: [][]i32) : []i32 = flatten (transpose m)
''', [(A2(m, 'i32'), A([v for r in T for v in r], 'i32'))])
write(R + 'index_transposed.fut', 'Indexing rows and elements of a transposed matrix.', '''
entry main (m: [][]i32) : ([]i32, i32, []i32) = let t = transpose m in (t[1], t[3, 2], t[::2, 0])
''', [(A2(m, 'i32'), f'{A(T[1],"i32")} {T[3][2]}i32 {A([r[0] for r in T[::2]],"i32")}')])
write(R + 'reverse_rotate_2d.fut', 'reverse and rotate on the outer and inner dimensions of a matrix.', '''
entry main (m: [][]i32) : ([][]i32, [][]i32, [][]i32) = (reverse (transpose m), map (rotate 1) m, rotate (-1) m)
''', [(A2(m, 'i32'), ' '.join([A2(T[::-1],'i32'), A2([r[1:]+r[:1] for r in m],'i32'), A2(m[-1:]+m[:-1],'i32')]))])
write(R + 'map_over_strided.fut', 'map and reduce over strided and reversed slices.', '''
entry main (xs: []i32) : ([]i32, i32, []i32) = (map (* 2) xs[::2], i32.sum xs[::-3], map2 (+) xs[0:3] (xs[3:6:1] :> [3]i32))
''', [(A(list(range(1, 9)), 'i32'), f'{A([2*v for v in list(range(1,9))[::2]],"i32")} {sum(list(range(1,9))[::-3])}i32 {A([a+b for a,b in zip([1,2,3],[4,5,6])],"i32")}')])
write(R + 'update_copied_transpose.fut', 'Updating a copy of a transposed matrix leaves the original unchanged.', '''
entry main (m: [][]i32) : ([][]i32, [][]i32) = let t = copy (transpose m) in (m, t with [0, 1] = -1)
''', [(A2(m, 'i32'), f'{A2(m,"i32")} {A2([[(-1 if (i,j)==(0,1) else v) for j,v in enumerate(r)] for i,r in enumerate(T)],"i32")}')])
write(R + 'concat_transposed.fut', 'Concatenating a matrix with its transposed-back view.', '''
entry main (m: [][]i32) : [][]i32 = m ++ transpose (transpose m)
''', [(A2(m, 'i32'), A2(m + m, 'i32'))])
write(R + 'nested_unzip.fut', 'unzip of nested tuples, then unzip again.', '''
entry main (xs: []i32) : ([]i32, []i32, []bool) =
  let (a, bc) = unzip (map (\\x -> (x, (x * 2, x > 1))) xs)
  let (b, c) = unzip bc
  in (a, b, c)
''', [('[1i32, 2i32]', '[1i32, 2i32] [2i32, 4i32] [false, true]')])
write(R + 'transpose_in_map.fut', 'transpose applied inside map on the inner matrices of a 3-d array, then summed.', '''
entry main (a: [][][]i32) : [][]i32 = map (\\mm -> map i32.sum (transpose mm)) a
''', [('[[[1i32, 2i32], [3i32, 4i32]], [[5i32, 6i32], [7i32, 8i32]]]', '[[4i32, 6i32], [12i32, 14i32]]')])
write(R + 'slice_of_slice.fut', 'Slicing a slice, with strides on both levels.', '''
entry main (xs: []i32) : ([]i32, []i32) = (xs[1:7][::2], xs[::-1][1::3])
''', [(A(list(range(10)), 'i32'), f'{A(list(range(10))[1:7][::2],"i32")} {A(list(range(10))[::-1][1::3],"i32")}')])
