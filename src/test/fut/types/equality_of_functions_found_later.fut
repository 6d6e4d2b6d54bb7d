-- Equality (==) is checked once the definition's types are known, as in the reference: a local function
-- comparing its parameter, applied to a function, compares functions.
-- ==
-- error: Comparing equality of values of type

def f (x: i32) = let same y = y == y in same (+ x)
