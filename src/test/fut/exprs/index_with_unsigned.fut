-- Indices computed from other integer types via i64 conversions.
-- ==
-- input { [5i32, 6i32, 7i32] 2u8 1i32 }
-- output { 7i32 6i32 }
entry main (xs: []i32) (i: u8) (j: i32) : (i32, i32) = (xs[i64.u8 i], xs[i64.i32 j])
