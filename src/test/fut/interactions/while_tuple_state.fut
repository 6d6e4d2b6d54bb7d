-- A while loop whose state is a tuple of an array, a counter and a flag.
-- ==
-- input { [3i32, 8i32, 1i32] } output { [24i32, 64i32, 8i32] 3i32 true }
entry main (xs: []i32) : ([]i32, i32, bool) =
  let (ys, k, _) =
    loop (ys, k, go) = (xs, 0, true) while go do
      let ys' = map (* 2) ys
      in (ys', k + 1, i32.maximum ys' < 50)
  in (ys, k, k > 2)
