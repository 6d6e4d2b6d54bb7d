-- A pattern in parentheses that cannot match its value: the pattern with its parentheses, and the
-- value's type without sizes, as the reference's first pass shows them.
-- ==
-- error: cannot match value of type

def main [n] (xs: [n]i32) =
  let (ys: [n]i64) = xs
  in ys
