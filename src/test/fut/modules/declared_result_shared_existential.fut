-- Anonymous sizes of a declared result that the body gives one size it makes are one existential
-- size: both arrays below have the let-bound size n, so map2 may combine them.
-- ==
-- input { [1i64, 2i64, 0i64] } output { [0i64, 2i64, 4i64] }
def twice [m] (reps: [m]i64) : (*[]i64, *[]i64) =
  let n = i64.sum reps
  in (iota n, iota n)
entry main (reps: []i64) = let (a, b) = twice reps in map2 (+) a b
