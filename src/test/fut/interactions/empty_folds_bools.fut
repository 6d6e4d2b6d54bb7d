-- Empty arrays through foldl, foldr, all, any, and, or, null and f64.sum.
-- ==
-- input { empty([0]f64) } output { 1.0f64 2.0f64 true false true false true 0.0f64 }
-- input { [2.0f64, 4.0f64] } output { 0.125f64 16.0f64 false true false true false 6.0f64 }
entry main (xs: []f64) : (f64, f64, bool, bool, bool, bool, bool, f64) =
  let bs = map (> 3.0) xs
  in (foldl (/) 1.0 xs, foldr (\x acc -> acc * x) 2.0 xs, all (> 3.0) xs, any (> 3.0) xs,
      and bs, or bs, null xs, f64.sum xs)
