-- A failed assertion is a run-time error.
-- ==
-- input { 4i32 }
-- output { 2i32 }
-- input { -4i32 }
-- error: Assertion
entry main (x: i32) : i32 = assert (x >= 0) (x / 2)
