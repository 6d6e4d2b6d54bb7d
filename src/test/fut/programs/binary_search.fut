-- Lower-bound binary search by a while loop on a pair, mapped over queries (20000 queries into 100000 elements).
-- ==
-- entry: main
-- input { [1i32, 3i32, 3i32, 5i32, 9i32, 12i32] [0i32, 1i32, 3i32, 4i32, 12i32, 13i32, -5i32] }
-- output { [0i64, 0i64, 1i64, 3i64, 5i64, 6i64, 0i64] }

-- ==
-- entry: big
-- input { 100000i64 20000i64 }
-- output { 999780343i64 0i64 88937i64 }
def lower_bound [n] (xs: [n]i32) (x: i32) : i64 =
  let (lo, _) = loop (lo, hi) = (0, n) while lo < hi do
                  let mid = (lo + hi) / 2
                  in if xs[mid] < x then (mid + 1, hi) else (lo, mid)
  in lo

entry main [n][m] (xs: [n]i32) (qs: [m]i32) : [m]i64 = map (lower_bound xs) qs

entry big (n: i64) (m: i64) : (i64, i64, i64) =
  let xs = map (\i -> i32.i64 (i * 3)) (iota n)
  let qs = map (\i -> i32.i64 ((i * 7919) % (3 * n + 10))) (iota m)
  let r = map (lower_bound xs) qs
  in (i64.sum r, r[0], r[m - 1])
