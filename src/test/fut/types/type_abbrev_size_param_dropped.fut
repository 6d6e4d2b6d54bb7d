-- Every size parameter of a type abbreviation must be used in its definition.
-- ==
-- error: unused|not used|must be used
type vec [n] = []i32
entry main (x: i32) : i32 = x
