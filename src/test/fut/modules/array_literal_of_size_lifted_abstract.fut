-- Values of a size-lifted abstract type may not be elements of an array literal.
-- ==
-- error: is lifted and cannot be an array element
module type bag = { type~ bag val of_size : i64 -> bag }
module bags : bag = { type~ bag = []bool def of_size (n: i64) = replicate n true }
entry main (n: i64) = length [bags.of_size n, bags.of_size (n + 1)]
