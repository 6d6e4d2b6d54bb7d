-- f16 add, multiply, divide and sqrt on exactly representable values.
-- ==
-- input { 1.5f16 0.25f16 }
-- output { 1.75f16 0.375f16 6.0f16 1.5f16 }
entry main (a: f16) (b: f16) : (f16, f16, f16, f16) = (a + b, a * b, a / b, f16.sqrt (a * a))
