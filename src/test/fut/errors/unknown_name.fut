-- Using an unknown name is a compile-time error.
-- ==
-- error: Unknown name
entry main (x: i32) : i32 = x + acc
