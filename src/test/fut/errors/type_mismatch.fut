-- Adding an f64 to an i32 is a type error.
-- ==
-- error: Cannot apply "\+" to "1.5f64" \(invalid type\)
entry main (x: i32) : i32 = x + 1.5f64
