-- A size parameter used only in the type of a function argument cannot be inferred ("Ambiguous size").
-- ==
-- error: [Aa]mbiguous size
def pick_size [n] (g: [n]i64 -> i64) : i64 = n
entry main (x: i64) : i64 = pick_size (\xs -> xs[0]) + x
