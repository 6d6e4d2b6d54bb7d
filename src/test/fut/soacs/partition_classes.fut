-- intrinsics.partition with k classes and rows outside them (they come last, stable) on 12 and 200000 rows.
-- ==
-- entry: small
-- input { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64, -1i64, 13i64] }
-- output { [0i64, 5i64, 1i64, 6i64, 2i64, 7i64, 3i64, 4i64, 8i64, 9i64, -1i64, 13i64] [2i64, 2i64, 2i64] }

-- ==
-- entry: main
-- input { 200000i64 }
-- output { [28867i64, 28865i64, 28865i64, 26806i64, 28866i64] 200000i64 748193115309i64 76i64 }
def wsum [n] (xs: [n]i64) : i64 = i64.sum (map2 (\i x -> (i + 1) * x) (iota n) xs)

entry small (xs: []i64) : ([]i64, []i64) = intrinsics.partition 3 (\x -> x % 5) xs

entry main (n: i64) : ([]i64, i64, i64, i64) =
  let zs = map (\i -> (i * 31) % 97 - 10) (iota n)
  let (ps, sizes) = intrinsics.partition 5 (\z -> z % 7) zs
  in (sizes, length ps, wsum ps, ps[n - 1])
