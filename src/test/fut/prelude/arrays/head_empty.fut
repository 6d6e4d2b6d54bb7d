-- head of an empty array is an out-of-bounds error.
-- ==
-- input { [1i32] }
-- output { 1i32 }
-- input { empty([0]i32) }
-- error: out of bounds
entry main (xs: []i32) : i32 = head xs
