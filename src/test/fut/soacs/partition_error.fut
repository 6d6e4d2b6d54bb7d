-- A partition whose class function indexes out of bounds fails: on 200000 rows, on 10 rows and inside a map.
-- ==
-- entry: main
-- input { 200000i64 199999i64 }
-- error: out of bounds
-- input { 10i64 9i64 }
-- error: out of bounds

-- ==
-- entry: inmap
-- input { 3000i64 }
-- error: out of bounds
-- input { 1i64 }
-- output { [[0i64, 2i64, 4i64, 6i64, 8i64, 1i64, 3i64, 5i64, 7i64, 9i64]] }
entry main (n: i64) (bad: i64) : ([]i64, []i64) =
  let ws = map (\i -> i % 4) (iota (n - 1))
  let xs = iota n
  let (a, b) = partition (\x -> if x == bad then ws[x] > 5 else x % 2 == 0) xs
  in (a, b)

entry inmap (n: i64) : [n][10]i64 =
  map (\r -> let row = iota 10
             let (ps, _) = intrinsics.partition 2 (\x -> row[(x + r * 7) % 11] % 2) row
             in ps) (iota n)
