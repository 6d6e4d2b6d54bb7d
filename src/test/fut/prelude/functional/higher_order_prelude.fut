-- Prelude functions passed as arguments to user higher-order functions.
-- ==
-- input { [1i32, 5i32, 2i32] }
-- output { [5i32, 5i32] [-4i32, 3i32] [true, false] }
def on_pairs [n] 'a 'b (f: a -> a -> b) (xs: [n]a) : []b =
  let k = n - 1
  in map2 f xs[0:k] (xs[1:n] :> [k]a)
entry main (xs: []i32) : ([]i32, []i32, []bool) = (on_pairs i32.max xs, on_pairs (-) xs, on_pairs (<) xs)
