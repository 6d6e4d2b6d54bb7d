-- A name is bound once along any path into a function type, parameter types included.
-- ==
-- error: Name "x" also bound at

type t = (x: (x: i32) -> i32) -> i32
