-- for (a, b) in zip ... binds a tuple pattern per iteration.
-- ==
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] }
-- output { 32i32 }
entry main [n] (xs: [n]i32) (ys: [n]i32) : i32 =
  loop acc = 0 for (x, y) in zip xs ys do acc + x * y
