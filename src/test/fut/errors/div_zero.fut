-- Integer division by zero is a run-time error.
-- ==
-- input { 7i32 0i32 }
-- error: [Dd]ivision by zero
entry main (a: i32) (b: i32) : i32 = a / b
