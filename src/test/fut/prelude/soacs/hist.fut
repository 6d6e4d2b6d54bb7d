-- hist with + and max; out-of-range indices are ignored.
-- ==
-- input { [0i64, 2i64, 2i64, 5i64, 1i64, -1i64, 2i64, 0i64] [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] }
-- output { [9i32, 5i32, 7i32, 0i32] [6i32, 5i32, 4i32, -2147483648i32] }
entry main [n] (is: [n]i64) (vs: [n]i32) : ([]i32, []i32) =
  (hist (+) 0 4 is vs, hist i32.max i32.lowest 4 is vs)
