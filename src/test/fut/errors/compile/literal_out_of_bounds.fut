-- An overloaded literal too large for its inferred type is rejected.
-- ==
-- error: [Ll]iteral out of bounds
entry main (x: u8) : u8 = x + (257 : u8)
