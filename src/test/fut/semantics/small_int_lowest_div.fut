-- Dividing the lowest i8/i16 value by -1 wraps back to the lowest value.
-- ==
-- input { -128i8 -32768i16 -1i8 }
-- output { -128i8 -32768i16 -128i8 0i8 0i16 }
entry main (a: i8) (b: i16) (m: i8) : (i8, i16, i8, i8, i16) = (a / m, b / i16.i8 m, a // m, a % m, b %% i16.i8 m)
