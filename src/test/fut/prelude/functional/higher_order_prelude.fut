-- Prelude functions passed as arguments to user higher-order functions.
-- ==
-- input { [1i32, 5i32, 2i32] }
-- output { [5i32, 5i32] [-4i32, 3i32] [true, false] }
def on_pairs 'a 'b (f: a -> a -> b) (xs: []a) : []b = map2 f (init xs) (tail xs)
entry main (xs: []i32) : ([]i32, []i32, []bool) = (on_pairs i32.max xs, on_pairs (-) xs, on_pairs (<) xs)
