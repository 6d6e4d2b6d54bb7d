-- Comparisons on i8, u8 and f32 values at their extremes.
-- ==
-- input { -128i8 200u8 0.5f32 }
-- output { true true true false }
entry main (a: i8) (b: u8) (c: f32) : (bool, bool, bool, bool) =
  (a < 0, b > 127, c >= 0.5, a != -128)
