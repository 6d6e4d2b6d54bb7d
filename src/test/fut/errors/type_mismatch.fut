-- Adding an f64 to an i32 is a type error.
-- ==
-- error: expected type|[Tt]ype mismatch|[Cc]annot unify
entry main (x: i32) : i32 = x + 1.5f64
