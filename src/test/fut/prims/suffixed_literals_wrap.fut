-- A literal with a suffix is not checked against its type's range: it wraps around, as in the
-- reference (only literals whose type is inferred must fit).
entry main (x: i8) : (i8, i8, u8, i32) =
  (255i8 + x, 0x80i8, 256u8, loop acc = 0 for i < 0x7fi8 do acc + i32.i8 i)
-- ==
-- input { 1i8 } output { 0i8 -128i8 0u8 8001 }
