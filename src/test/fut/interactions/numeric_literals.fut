-- Hexadecimal, binary, underscores, exponents and typed suffixes in literals.
-- ==
-- input { 0i32 } output { 65535i32 10u8 1000000i64 1500.0f64 0.25f32 -1i8 255u8 }
entry main (z: i32) : (i32, u8, i64, f64, f32, i8, u8) =
  (0xFF_FF + z, 0b1010, 1_000_000, 1.5e3, 25e-2, -1, 0xffu8)
