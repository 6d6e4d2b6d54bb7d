-- f16 overflows to infinity above 65504 and rounds to 11 significant bits.
-- ==
-- input { 65504.0f16 2048.0f16 }
-- output { f16.inf 65504.0f16 true 2048.0f16 }
entry main (x: f16) (y: f16) : (f16, f16, bool, f16) = (x * 2, x + 1, f16.isinf (x * 2), y + 1)
