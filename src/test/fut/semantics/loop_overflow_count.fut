-- A loop that counts until an i8 wraps around terminates after 256 steps.
-- ==
-- input { 5i8 }
-- output { 256i32 }
entry main (x: i8) : i32 = (loop (v, n) = (x, 0) while n == 0 || v != x do (v + 1, n + 1)).1
