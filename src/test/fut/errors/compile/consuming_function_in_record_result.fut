-- A function inside a record or tuple result must consume no more than the declared type says:
-- a field declared to observe its array cannot hold a function that consumes it.
-- ==
-- error: incompatible regarding consuming their arguments
def make (k: i32) : ({bump: []i32 -> i32}, i32) =
  ({bump = \(xs: *[]i32) -> let xs[0] = k in xs[0]}, k)

entry main (k: i32) (xs: []i32) : i32 = (make k).0.bump xs
