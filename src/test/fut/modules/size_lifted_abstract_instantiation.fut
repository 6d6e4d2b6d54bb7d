-- A non-lifted type parameter (replicate's) may not stand for a size-lifted abstract type.
-- ==
-- error: is lifted and cannot be an array element
module type bag = { type~ bag val of_size : i64 -> bag }
module bags : bag = { type~ bag = []bool def of_size (n: i64) = replicate n true }
entry main (n: i64) = length (replicate 3 (bags.of_size n))
