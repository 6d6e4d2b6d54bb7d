-- A value specification may have anonymous sizes only in a function's result.
-- ==
-- error: All function parameters must have non-anonymous sizes
module type summer = { val sum : []i32 -> i32 }
