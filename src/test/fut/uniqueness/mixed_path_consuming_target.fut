-- The target of an update along a path is evaluated (and consumed) once,
-- even when it is a call that consumes its own argument.
-- ==
-- input { [1i64, 2i64] [3i64, 4i64] } output { [5i64, 2i64] [3i64, 4i64] }
def pass [n] (xs: *[n](i64, i64)) : [n](i64, i64) = xs
entry main (as: *[]i64) (bs: []i64) : ([]i64, []i64) =
  let xs = zip3 as bs bs |> map (\(a, b, _) -> (a, b))
  in unzip (pass xs with [0].0 = 5)
