-- The branches of an if must have the same type.
-- ==
-- error: i32|f64
entry main (b: bool) : i32 = if b then 1 else 2.0
