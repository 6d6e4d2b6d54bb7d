-- Backticks around qualified names and user functions, with their (low) precedence.
-- ==
-- input { 3i32 8i32 } output { 8i32 3i32 8.0f64 13i32 6i32 }
def plus (a: i32) (b: i32) = a + b
entry main (a: i32) (b: i32) : (i32, i32, f64, i32, i32) =
  (a `i32.max` b, a `i32.min` b, 2.0 `f64.max` 8.0, a + 2 `plus` b, b `i32.min` a * 2)
