-- Type ascriptions give unsuffixed literals their type.
-- ==
-- input { 100u8 }
-- output { 44u8 -5i16 0.5f32 [1i64, 2i64, 3i64] }
entry main (x: u8) : (u8, i16, f32, [3]i64) =
  (x + (200 : u8), (-5 : i16), (0.5 : f32), [1, 2, 3] : [3]i64)
