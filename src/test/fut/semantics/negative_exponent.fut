-- A signed integer raised to a negative power is a run-time error, also when the exponent is a
-- constant (nothing folds it away); floats and non-negative exponents are fine.
-- ==
-- input { 3i32 2i32 }
-- output { 9i32 0.125f64 }
-- input { 3i32 -1i32 }
-- error: negative exponent
entry main (x: i32) (k: i32) : (i32, f64) = (x ** k, 2f64 ** -3f64)

-- ==
-- entry: constant
-- input { true }
-- error: negative exponent
entry constant (b: bool) : i64 = if b then 2 ** -1 else 0
