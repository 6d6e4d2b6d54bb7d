-- f16.num_bits, epsilon, mad, fma, lerp (t in [0,1]), copysign, ldexp and nextafter.
-- ==
-- input { 1.5f16 -2.0f16 0.25f16 }
-- output { 16i32 0.0009765625f16 -2.75f16 -2.75f16 0.625f16 -1.5f16 12.0f16 1.0009765625f16 }
entry main (a: f16) (b: f16) (c: f16) : (i32, f16, f16, f16, f16, f16, f16, f16) =
  (f16.num_bits, f16.epsilon, f16.mad a b c, f16.fma a b c, f16.lerp a b c, f16.copysign a b, f16.ldexp a 3, f16.nextafter 1 2)
