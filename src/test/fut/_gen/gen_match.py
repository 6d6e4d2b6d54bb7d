"""Generates more match and loop forms."""
from common import *

E = 'exprs/'
write(E + 'match_bool_unsigned.fut', 'match on bool literals and on large unsigned literals.', '''
entry main (b: bool) (x: u8) : (i32, i32) =
  (match b case true -> 1 case false -> 0, match x case 255 -> 2 case 0 -> 1 case _ -> 0)
''', [('true 255u8', '1i32 2i32'), ('false 7u8', '0i32 0i32')])
write(E + 'match_tuple_of_sums.fut', 'match on a pair of sum-typed values, with wildcards in either position.', '''
type t = #x | #y i32
def combine (a: t) (b: t) : i32 =
  match (a, b)
  case (#x, #x) -> 0
  case (#y v, #x) -> v
  case (#x, #y w) -> 10 * w
  case (#y v, #y w) -> v + w
entry main (i: i32) : []i32 =
  [combine #x #x, combine (#y i) #x, combine #x (#y i), combine (#y i) (#y (i * 2))]
''', [('3i32', '[0i32, 3i32, 30i32, 9i32]')])
write(E + 'loop_small_int_counter.fut', 'for loops whose bound has a small integer type give the counter that type.', '''
entry main (n: i8) (m: u16) : (i8, u16) =
  (loop s = 0i8 for i < n do s + i, loop s = 0u16 for j < m do s + j * 2)
''', [('5i8 4u16', '10i8 12u16')])
write(E + 'match_shadowing.fut', 'Names bound by a pattern shadow outer names only inside their case.', '''
entry main (x: i32) (y: i32) : (i32, i32) =
  let r = match (y, x) case (x, 0) -> x case (_, _) -> x
  in (r, x)
''', [('0i32 7i32', '7i32 0i32'), ('2i32 7i32', '2i32 2i32')])
write(E + 'loop_tuple_arrays.fut', 'A loop carrying two arrays and a scalar, swapping the arrays each iteration.', '''
entry main (xs: []i32) (n: i32) : ([]i32, []i32, i32) =
  loop (a, b, k) = (xs, map (* 10) xs, 0) for _i < n do (b, a, k + 1)
''', [('[1i32, 2i32] 3i32', '[10i32, 20i32] [1i32, 2i32] 3i32'), ('[1i32, 2i32] 2i32', '[1i32, 2i32] [10i32, 20i32] 2i32')])
