-- A partition inside a map over 3000 rows (sequential inside the parallel loop): each row grouped by x % 3, stable.
-- ==
-- input { 3000i64 57i64 }
-- output { [0i64, 6i64, 3i64, 9i64, 0i64, 6i64, 3i64, 9i64, 0i64, 6i64, 3i64, 9i64, 0i64, 6i64, 3i64, 9i64, 0i64, 6i64, 3i64, 9i64, 0i64, 6i64, 1i64, 7i64, 4i64, 10i64, 1i64, 7i64, 4i64, 10i64, 1i64, 7i64, 4i64, 10i64, 1i64, 7i64, 4i64, 10i64, 1i64, 7i64, 4i64, 10i64, 2i64, 8i64, 5i64, 2i64, 8i64, 5i64, 2i64, 8i64, 5i64, 2i64, 8i64, 5i64, 2i64, 8i64, 5i64] [3i64, 9i64, 0i64, 6i64, 3i64, 9i64, 0i64, 6i64, 3i64, 9i64, 0i64, 6i64, 3i64, 9i64, 0i64, 6i64, 3i64, 9i64, 0i64, 6i64, 3i64, 4i64, 10i64, 1i64, 7i64, 4i64, 10i64, 1i64, 7i64, 4i64, 10i64, 1i64, 7i64, 4i64, 10i64, 1i64, 7i64, 4i64, 10i64, 1i64, 7i64, 8i64, 5i64, 2i64, 8i64, 5i64, 2i64, 8i64, 5i64, 2i64, 8i64, 5i64, 2i64, 8i64, 5i64, 2i64, 8i64] 73104047065i64 }
def wsum [n] (xs: [n]i64) : i64 = i64.sum (map2 (\i x -> (i + 1) * x) (iota n) xs)

entry main (n: i64) (m: i64) : ([]i64, []i64, i64) =
  let res = map (\r -> let row = map (\j -> (r * 31 + j * 17) % 11) (iota m)
                        let (a, b, c) = partition2 (\x -> x % 3 == 0) (\x -> x % 3 == 1) row
                        in (a ++ b ++ c) :> [m]i64) (iota n)
  in (res[0], res[n - 1], wsum (flatten res))
