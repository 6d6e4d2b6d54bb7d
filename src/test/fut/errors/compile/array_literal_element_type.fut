-- Elements of an array literal whose types differ: as the reference's first pass, which ignores
-- sizes, the innermost types that differ (the element's first), at the whole literal.
-- ==
-- error: Cannot unify

def main [n] (xs: [n]i64) (y: i32) = [xs, [y]]
