-- m.(e) opens a module locally for one expression.
-- ==
-- input { 1i32 }
-- output { 13i32 4.0f64 }
module m = { def a : i32 = 3 def b : i32 = 4 }
entry main (x: i32) : (i32, f64) = (m.(a * b + x), f64.(sqrt 16 + pi - pi))
