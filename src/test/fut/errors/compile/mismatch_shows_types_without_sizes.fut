-- A mismatch of types (not of sizes) shows them without sizes, as the reference's first pass, which
-- finds it before any size is known.
-- ==
-- error: Expected: \[\]bool

def main [n] (xs: [n]i32) : [n]bool = xs
