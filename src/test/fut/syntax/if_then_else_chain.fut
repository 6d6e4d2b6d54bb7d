-- Nested if expressions in every position.
-- ==
-- input { -3i32 }
-- output { -1i32 }
-- input { 0i32 }
-- output { 0i32 }
-- input { 9i32 }
-- output { 101i32 }
entry main (x: i32) : i32 =
  (if x < 0 then -1 else if x == 0 then 0 else 1) + (if x > 5 then 100 else 0)
