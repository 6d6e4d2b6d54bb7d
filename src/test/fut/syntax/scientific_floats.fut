-- Exponent notation: upper-case E, signed exponents, exponents without a fraction.
-- ==
-- input { 0.0f64 }
-- output { 1000.0f64 250.0f64 0.5f32 1.25f64 }
entry main (x: f64) : (f64, f64, f32, f64) = (1E3 + x, 2.5e+2, 5e-1f32, 12_5e-2)
