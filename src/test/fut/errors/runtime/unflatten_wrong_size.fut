-- unflatten with dimensions that do not multiply to the length fails.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] 2i64 2i64 }
-- output { [[1i32, 2i32], [3i32, 4i32]] }
-- input { [1i32, 2i32, 3i32] 2i64 2i64 }
-- error: [Cc]annot unflatten|cannot match shape|[Ss]hape
entry main (xs: []i32) (n: i64) (m: i64) : [][]i32 = unflatten (xs :> [n * m]i32)
