-- Any expression without bindings can be a size, operator sections included: both results have
-- the size "reduce (+) 0 reps", so they zip, and a declared anonymous size is that expression.
def twice [n] (reps: [n]i64) : ([]i64, []i64) =
  let s = reduce (+) 0 reps
  in (iota s, map (* 2) (iota s))

def count [n] (reps: [n]i64) : []i64 = iota (reduce (+) 0 reps)

entry main (reps: []i64) : ([]i64, i64) =
  let (a, b) = twice reps
  in (map2 (+) a b, length (zip (count reps) a))
-- ==
-- input { [1i64, 2i64] } output { [0i64, 3i64, 6i64] 3i64 }
