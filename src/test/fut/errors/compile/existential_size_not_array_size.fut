-- An existential size must be the size of an array the value holds; one that only a function's
-- parameter or result mentions could never be known.
-- ==
-- error: Existential size "k" not used as array size
def pick : ?[k].(b: bool) -> [k]f32 = \(b: bool) -> if b then [1f32] else [2f32]

entry main (b: bool) : f32 = (pick b)[0]
