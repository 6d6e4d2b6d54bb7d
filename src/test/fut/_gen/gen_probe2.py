"""Generates a fourth round: uniqueness, aliasing and lifted types."""
from common import *

U = 'uniqueness/'
write(U + 'fresh_result_of_map.fut', 'A function returning map of a non-unique parameter may declare a unique result; the argument stays usable.', '''
def bump (xs: []i32) : *[]i32 = map (+ 1) xs
entry main (xs: []i32) : ([]i32, []i32) =
  let ys = bump xs
  let ys[0] = 100
  in (xs, ys)
''', [('[1i32, 2i32]', '[1i32, 2i32] [100i32, 3i32]')])
write(U + 'consumed_in_branch.fut', 'An array consumed in one branch of an if counts as consumed after the if.', '''
entry main (b: bool) (xs: *[]i32) : i32 =
  let ys = if b then xs with [0] = 1 else copy xs
  in xs[0] + ys[0]
''', compile_error='but this was consumed')
write(U + 'alias_through_tuple.fut', 'An alias created through a tuple pattern is tracked.', '''
entry main (xs: *[]i32) : []i32 =
  let (a, _) = (xs, 1)
  let a[0] = 5
  in xs
''', compile_error='but this was consumed')
write(U + 'alias_through_slice.fut', 'A slice aliases its array: it cannot be used after the array is updated.', '''
entry main (xs: *[]i32) : []i32 =
  let s = xs[1:]
  let xs[0] = 0
  in s
''', compile_error='but this was consumed')
write(U + 'consume_twice_in_call.fut', 'The same array cannot be passed to a consuming parameter and used as another argument.', '''
def upd (xs: *[]i32) (ys: []i32) : *[]i32 = xs with [0] = ys[1]
entry main (xs: *[]i32) : []i32 = upd xs xs
''', compile_error='but this was consumed|[Cc]onsum[a-z]* "?xs')
write(U + 'consume_free_in_loop.fut', 'A loop body may not consume an array bound outside the loop.', '''
entry main (xs: *[]i32) (n: i64) : i32 =
  loop acc = 0 for i < n do let ys = xs with [i] = 0 in acc + ys[0]
''', compile_error='[Cc]onsum[a-z]* "?xs|but this was consumed')
write(U + 'alias_via_return.fut', 'A non-unique function result aliases its arguments, so updating it consumes the argument.', '''
def same (xs: []i32) : []i32 = xs
entry main (xs: *[]i32) : ([]i32, []i32) =
  let ys = copy (same xs)
  let ys[0] = 7
  in (xs, ys)
''', [('[1i32, 2i32]', '[1i32, 2i32] [7i32, 2i32]')])
write('uniqueness/scalar_from_array_swap.fut', 'Swapping two elements through a scalar read from the array (insertion sort on a copy); the scalar does not alias the array.', '''
entry main (xs: []i32) : []i32 =
  let n = length xs
  in loop a = copy xs for i < n do
       (loop (a, j) = (a, i) while j > 0 && a[j - 1] > a[j] do
          let t = a[j]
          let a[j] = a[j - 1]
          let a[j - 1] = t
          in (a, j - 1)).0
''', [('[5i32, 2i32, 9i32, 1i32, 5i32]', '[1i32, 2i32, 5i32, 5i32, 9i32]'), ('empty([0]i32)', 'empty([0]i32)')])

T = 'types/'
write(T + 'lifted_type_param.fut', "A fully lifted type parameter ('^a) lets a polymorphic function accept functions.", '''
def pass '^a (x: a) : a = x
entry main (x: i32) : i32 = (pass (+ 1)) x + pass x
''', [('2i32', '5i32')])
write(T + 'record_with_function.fut', 'A record may hold a function in a field, applied after projection.', '''
entry main (x: i32) : i32 =
  let r = {f = (* 3), k = 4}
  in r.f x + r.k
''', [('2i32', '10i32')])
write(T + 'size_dependent_result_in_map.fut', 'A function whose result size is its argument, used inside map with a constant size.', '''
def row (n: i64) (v: i32) : [n]i32 = replicate n v
entry main (vs: []i32) : [][]i32 = map (row 3) vs
''', [('[1i32, 2i32]', '[[1i32, 1i32, 1i32], [2i32, 2i32, 2i32]]')])
write('uniqueness/swap_elements.fut', 'Swapping two elements in place through a scalar temporary (minimal form).', '''
entry main (xs: *[]i32) : []i32 =
  let t = xs[0]
  let xs[0] = xs[1]
  let xs[1] = t
  in xs
''', [('[1i32, 2i32, 3i32]', '[2i32, 1i32, 3i32]')])
KA = 'known-failures/prelude/arrays/'
write('prelude/arrays/empty_map_rows.fut', 'map over an empty array producing rows of 2 gives shape [0][2].', '''
entry main (xs: []i32) : [][]i32 = map (\\x -> [x, x]) xs
''', [('empty([0]i32)', 'empty([0][2]i32)')])
write('prelude/arrays/empty_tabulate_2d.fut', 'tabulate_2d 0 n gives shape [0][n].', '''
entry main (n: i64) : [][]i64 = tabulate_2d 0 n (\\i j -> i + j)
''', [('3i64', 'empty([0][3]i64)')])
write('prelude/arrays/empty_transpose.fut', 'transpose of a [0][3] array has shape [3][0].', '''
entry main (m: [][]i32) : [][]i32 = transpose m
''', [('empty([0][3]i32)', 'empty([3][0]i32)')])
write('prelude/arrays/empty_filter_rows.fut', 'filter removing every row of an n x 2 matrix gives shape [0][2].', '''
entry main (m: [][]i32) : [][]i32 = filter (\\r -> r[0] > 100) m
''', [('[[1i32, 2i32], [3i32, 4i32]]', 'empty([0][2]i32)')])
write('prelude/arrays/empty_input_inner_size.fut', 'The inner size of an empty [0][3] input is 3 (seen through size parameters and transpose).', '''
entry main [n][m] (xs: [n][m]i32) : (i64, i64, i64) = (n, m, length (transpose xs))
''', [('empty([0][3]i32)', '0i64 3i64 3i64')])
write('prelude/arrays/empty_inner_size_computed.fut', 'The inner size of an empty array built by map is known inside the program (a scalar result).', '''
entry main (k: i64) : i64 =
  let e = map (\\x -> [x, x, x]) (map i32.i64 (replicate 0 k))
  in length (transpose e)
''', [('5i64', '3i64')])
write('uniqueness/length_after_update.fut', 'The length of an array, taken before an in-place update, is an i64 that can be used afterwards.', '''
entry main (xs: *[]i32) : (i64, []i32) =
  let n = length xs
  let xs[0] = 1
  in (n, xs)
''', [('[5i32, 6i32]', '2i64 [1i32, 6i32]')])
write('uniqueness/sum_after_update.fut', 'A scalar reduction of an array, computed before an in-place update, can be used afterwards.', '''
entry main (xs: *[]i32) : (i32, []i32) =
  let s = i32.sum xs
  let xs[0] = 1
  in (s, xs)
''', [('[5i32, 6i32]', '11i32 [1i32, 6i32]')])
write('uniqueness/map_result_after_update.fut', 'A fresh array computed by map before an in-place update does not alias the updated array.', '''
entry main (xs: *[]i32) : (i32, []i32) =
  let ys = map (+ 1) xs
  let xs[0] = 1
  in (ys[0], xs)
''', [('[5i32, 6i32]', '6i32 [1i32, 6i32]')])
