-- Partial application of multi-parameter functions and prelude functions.
-- ==
-- input { [1i32, 3i32] }
-- output { [121i32, 321i32] [100i32, 300i32] [2i32, 3i32] }
def add3 (a: i32) (b: i32) (c: i32) = a + b * 10 + c * 100
entry main (xs: []i32) : ([]i32, []i32, []i32) =
  let f = add3 1
  let g = f 2
  in (map g xs, map (add3 0 0) xs, map (i32.max 2) xs)
