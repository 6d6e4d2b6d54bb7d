-- curry and uncurry convert between tupled and curried functions.
-- ==
-- input { [1i32, 2i32] [3i32, 4i32] }
-- output { [13i32, 24i32] [-2i32, -2i32] }
def addp (p: (i32, i32)) = p.0 * 10 + p.1
entry main [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) =
  (map2 (curry addp) xs ys, map (uncurry (\a b -> a - b)) (zip xs ys))
