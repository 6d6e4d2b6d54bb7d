-- Two specifications of one type in a module type.
-- ==
-- error: Duplicate definition of type key
module type table = { type key val size : i64 type key }
