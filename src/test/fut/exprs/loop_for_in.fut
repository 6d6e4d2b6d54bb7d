-- for x in xs loops over array elements.
-- ==
-- input { [3i32, -1i32, 8i32, 2i32] }
-- output { 12i32 8i32 }
entry main (xs: []i32) : (i32, i32) =
  loop (s, m) = (0, i32.lowest) for x in xs do (s + x, i32.max m x)
