-- Equality (== and !=) on arrays and tuples compare structurally.
-- ==
-- input { [1i32, 2i32] [1i32, 2i32] }
-- output { true false true }
-- input { [1i32, 2i32] [1i32, 3i32] }
-- output { false true false }
entry main [n] (xs: [n]i32) (ys: [n]i32) : (bool, bool, bool) =
  (xs == ys, (xs, 1) != (ys, 1), [xs] == [ys])
