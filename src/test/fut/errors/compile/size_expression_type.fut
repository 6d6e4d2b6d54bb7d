-- A size must be an i64: another integer type is a plain mismatch at the size.
-- ==
-- error: Cannot unify

def main (n: i32) (xs: []i64) = xs :> [n]i64
