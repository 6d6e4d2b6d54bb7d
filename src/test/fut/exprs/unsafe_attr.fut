-- #[unsafe] on an expression still computes the right value for valid indices.
-- ==
-- input { [5i32, 6i32, 7i32] [2i64, 0i64, 2i64] }
-- output { [7i32, 5i32, 7i32] }
entry main (xs: []i32) (is: []i64) : []i32 =
  #[unsafe] map (\i -> xs[i]) is
