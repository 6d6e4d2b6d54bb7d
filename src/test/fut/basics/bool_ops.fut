-- Boolean operators and short-circuiting.
-- ==
-- input { [true, false, true] [false, false, true] }
-- output { [false, false, true] [true, false, true] [false, true, false] }
entry main [n] (xs: [n]bool) (ys: [n]bool) : ([]bool, []bool, []bool) =
  (map2 (&&) xs ys, map2 (||) xs ys, map (\x -> !x) xs)
