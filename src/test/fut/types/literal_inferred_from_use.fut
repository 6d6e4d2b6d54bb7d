-- Literal types are inferred from later uses.
-- ==
-- input { 2u16 3.0f32 }
-- output { 1u16 1.5f32 }
entry main (x: u16) (y: f32) : (u16, f32) =
  let a = 65535
  let b = 0.5
  in (a + x, b * y)
