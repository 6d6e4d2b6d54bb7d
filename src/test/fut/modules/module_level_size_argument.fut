-- A size parameter instantiated with a module-level definition (n * 2 = sizes.cap * 2 gives
-- n = sizes.cap): the call passes the definition's value.
-- ==
-- input { 1i64 } output { 6i64 }
module sizes = { def cap = 5i64 }
def half [n] (xs: [n * 2]i64) : i64 = n + xs[0]
entry main (k: i64) = half (iota (sizes.cap * 2)) + k
