-- Bitwise operators.
-- ==
-- input { 12i32 10i32 }
-- output { 8i32 14i32 6i32 -13i32 }
entry main (a: i32) (b: i32) : (i32, i32, i32, i32) = (a & b, a | b, a ^ b, !a)
