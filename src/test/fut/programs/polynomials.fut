-- Polynomials: Horner evaluation in a loop mapped over points, multiplication by tabulate with a guarded gather, derivative by map2 with iota.
-- ==
-- entry: eval
-- input { [1.0f64, -3.0f64, 0.0f64, 2.0f64, 0.5f64] [0.0f64, 1.0f64, -1.0f64, 2.5f64, -0.75f64] }
-- output { [1.0f64, 0.5f64, 2.5f64, 44.28125f64, 2.564453125f64] }

-- ==
-- entry: mul
-- input { [1i64, 2i64, 3i64] [4i64, -5i64, 0i64, 6i64] }
-- output { [4i64, 3i64, 2i64, -9i64, 12i64, 18i64] }

-- ==
-- entry: deriv
-- input { [1.0f64, -3.0f64, 0.0f64, 2.0f64, 0.5f64] }
-- output { [-3.0f64, 0.0f64, 6.0f64, 2.0f64] }
def horner [n] (cs: [n]f64) (x: f64) : f64 = loop acc = 0 for i < n do acc * x + cs[n - 1 - i]

entry eval [n][m] (cs: [n]f64) (xs: [m]f64) : [m]f64 = map (horner cs) xs

entry mul [n][m] (a: [n]i64) (b: [m]i64) : []i64 =
  tabulate (n + m - 1) (\k -> i64.sum (map (\i -> if k - i >= 0 && k - i < m then a[i] * b[k - i] else 0) (iota n)))

entry deriv [n] (cs: [n]f64) : []f64 =
  map2 (\i c -> f64.i64 i * c) (iota n) cs |> drop 1
