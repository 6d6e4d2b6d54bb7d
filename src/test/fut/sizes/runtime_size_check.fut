-- A type ascription with a size is checked at run time.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [1i32, 2i32, 3i32] }
-- input { [1i32, 2i32] }
-- error: [Ss]ize coercion|cannot match shape
entry main (xs: []i32) : [3]i32 = xs :> [3]i32
