-- A character that starts no token is a lexical error (E0001).
-- ==
-- error: closing|Unexpected token
entry main (x: i32) : i32 = x ` 1
