-- Unsigned division by zero is a run-time error.
-- ==
-- input { 7u8 0u8 }
-- error: [Dd]ivision by zero
entry main (a: u8) (b: u8) : u8 = a / b
