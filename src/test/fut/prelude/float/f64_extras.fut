-- f64.num_bits, epsilon, mad, fma, lerp (t in [0,1]), copysign, ldexp and nextafter.
-- ==
-- input { 1.5f64 -2.0f64 0.25f64 }
-- output { 64i32 2.220446049250313e-16f64 -2.75f64 -2.75f64 0.625f64 -1.5f64 12.0f64 1.0000000000000002f64 }
entry main (a: f64) (b: f64) (c: f64) : (i32, f64, f64, f64, f64, f64, f64, f64) =
  (f64.num_bits, f64.epsilon, f64.mad a b c, f64.fma a b c, f64.lerp a b c, f64.copysign a b, f64.ldexp a 3, f64.nextafter 1 2)
