-- f32.num_bits, epsilon, mad, fma, lerp (t in [0,1]), copysign, ldexp and nextafter.
-- ==
-- input { 1.5f32 -2.0f32 0.25f32 }
-- output { 32i32 1.1920928955078125e-07f32 -2.75f32 -2.75f32 0.625f32 -1.5f32 12.0f32 1.0000001192092896f32 }
entry main (a: f32) (b: f32) (c: f32) : (i32, f32, f32, f32, f32, f32, f32, f32) =
  (f32.num_bits, f32.epsilon, f32.mad a b c, f32.fma a b c, f32.lerp a b c, f32.copysign a b, f32.ldexp a 3, f32.nextafter 1 2)
