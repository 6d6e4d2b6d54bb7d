-- Hexadecimal float literals with binary exponents.
-- ==
-- input { 0.0f64 }
-- output { 15.5f64 3.0f64 4.0f32 16.0f64 }
entry main (x: f64) : (f64, f64, f32, f64) =
  (0x1.fp3 + x, 0x1.8p1, 0x10.0p-2f32, 0X1.0P+4)
