-- User-defined operators can be used in sections and passed as functions.
-- ==
-- input { [-1i32, 2i32, -3i32] }
-- output { [2i32, 3i32, 4i32] [11i32, 12i32, 13i32] 6i32 }
def (|+|) (a: i32) (b: i32) = i32.abs a + i32.abs b
entry main (xs: []i32) : ([]i32, []i32, i32) =
  (map (|+| 1) xs, map (10 |+|) xs, reduce (|+|) 0 xs)
