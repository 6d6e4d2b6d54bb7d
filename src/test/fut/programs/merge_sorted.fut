-- Parallel merge of two sorted arrays: each element finds its output position by binary search in the other array (lower/upper bound for stability), then one scatter.
-- ==
-- input { [1i32, 4i32, 4i32, 7i32, 10i32, 15i32] [0i32, 4i32, 5i32, 6i32, 20i32] }
-- output { [0i32, 1i32, 4i32, 4i32, 4i32, 5i32, 6i32, 7i32, 10i32, 15i32, 20i32] }
-- input { empty([0]i32) [0i32, 4i32, 5i32, 6i32, 20i32] }
-- output { [0i32, 4i32, 5i32, 6i32, 20i32] }
def search [n] (strict: bool) (xs: [n]i32) (x: i32) : i64 =
  let (lo, _) = loop (lo, hi) = (0, n) while lo < hi do
                  let mid = (lo + hi) / 2
                  in if xs[mid] < x || (!strict && xs[mid] == x) then (mid + 1, hi) else (lo, mid)
  in lo

entry main [n][m] (a: [n]i32) (b: [m]i32) : []i32 =
  let pa = map2 (\i x -> i + search true b x) (iota n) a
  let pb = map2 (\j y -> j + search false a y) (iota m) b
  -- `++` gives an unknown size: name the total so the three arrays agree.
  let k = n + m
  in scatter (replicate k 0) (pa ++ pb :> [k]i64) (a ++ b :> [k]i32)
