-- Nested loops building a triangular count.
-- ==
-- input { 5i32 }
-- output { 10i32 }
entry main (n: i32) : i32 =
  loop s = 0 for i < n do loop s for j < i do s + j
