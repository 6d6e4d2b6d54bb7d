-- bool operators: &&, ||, !, ==, != on every combination.
-- ==
-- input { [false, false, true, true] [false, true, false, true] }
-- output { [false, false, false, true] [false, true, true, true] [true, true, false, false] [true, false, false, true] [false, true, true, false] }
entry main [n] (a: [n]bool) (b: [n]bool) : ([]bool, []bool, []bool, []bool, []bool) =
  (map2 (&&) a b, map2 (||) a b, map (\x -> !x) a, map2 (==) a b, map2 (!=) a b)
