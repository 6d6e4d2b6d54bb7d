-- An overloaded literal too large for its inferred type is rejected.
-- ==
-- error: Literal 257 out of bounds for inferred type u8
entry main (x: u8) : u8 = x + (257 : u8)
