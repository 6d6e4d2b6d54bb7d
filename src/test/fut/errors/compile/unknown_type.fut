-- Using an undefined type name is a compile-time error.
-- ==
-- error: [Uu]nknown type
entry main (x: vec3) : i32 = 0
