-- A specified lifted type parameter cannot be matched by a non-lifted one of the module's value.
-- ==
-- error: Cannot instantiate type parameter "a" with type containing lifted type parameter
module type applier = { val keep '^a : a -> a }
module k : applier = { def keep 'a (x: a) = x }
