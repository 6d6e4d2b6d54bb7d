"""Generates programs on empty inputs: 1-d SOACs on empty arrays (pass) and 2-d shape cases (known failures)."""
from common import *

write('prelude/soacs/empty_inputs.fut', 'hist, reduce_by_index and scatter with no indices return their initial arrays.', '''
entry main [k] (is: [k]i64) (vs: [k]i32) : ([]i32, []i32, []i32) =
  (hist (+) 0 3 is vs, reduce_by_index (replicate 2 5) (+) 0 is vs, scatter (replicate 2 9) is vs)
''', [('empty([0]i64) empty([0]i32)', '[0i32, 0i32, 0i32] [5i32, 5i32] [9i32, 9i32]')])
KA = 'known-failures/prelude/arrays/'
write('prelude/arrays/empty_transpose_inner.fut', 'transpose of a [2][0] array has shape [0][2].', '''
entry main (n: i64) : ([][]i32, i64) = let e = replicate n (replicate 0 1i32) in (transpose e, length (transpose e))
''', [('2i64', 'empty([0][2]i32) 0i64')])
write('prelude/arrays/empty_unflatten.fut', 'unflatten 0 m of an empty array has shape [0][m] (its transpose has m rows).', '''
entry main (m: i64) : (i64, [][]i32) = let u = unflatten 0 m (replicate 0 1i32) in (length (transpose u), u)
''', [('3i64', '3i64 empty([0][3]i32)')])
