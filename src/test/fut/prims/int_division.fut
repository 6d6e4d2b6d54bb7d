-- Futhark's division rules: / and % round toward negative infinity, // and %% truncate.
-- ==
-- input { -7i32 2i32 }
-- output { -4i32 1i32 -3i32 -1i32 }
-- input { 7i32 -2i32 }
-- output { -4i32 -1i32 -3i32 1i32 }
-- input { 7i32 2i32 }
-- output { 3i32 1i32 3i32 1i32 }
entry main (a: i32) (b: i32) : (i32, i32, i32, i32) = (a / b, a % b, a // b, a %% b)
