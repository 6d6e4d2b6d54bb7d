-- Functions returned from functions and capturing arrays (a polynomial from padded coefficient rows), applied in a map; composition of the closures with >->.
-- ==
-- input { [[1.0f64, 2.0f64, 0.0f64, 0.0f64], [0.0f64, 0.0f64, 1.0f64, 0.0f64], [3.0f64, 0.0f64, 0.0f64, 0.0f64], [-1.0f64, 0.5f64, 0.25f64, 2.0f64]] [0.5f64, -2.0f64, 3.0f64] }
-- output { [[2.0f64, -3.0f64, 7.0f64], [0.25f64, 4.0f64, 9.0f64], [3.0f64, 3.0f64, 3.0f64], [-0.4375f64, -17.0f64, 56.75f64]] [[3.0f64, -7.0f64, 13.0f64], [1.0f64, 16.0f64, 36.0f64], [3.0f64, 3.0f64, 3.0f64], [1.75f64, -127.0f64, 443.0f64]] }
def poly [n] (cs: [n]f64) : f64 -> f64 =
  \x -> loop acc = 0 for i < n do acc * x + cs[n - 1 - i]

def scale_then (k: f64) (f: f64 -> f64) : f64 -> f64 = (\x -> k * x) >-> f

entry main [p][n][m] (cs: [p][n]f64) (xs: [m]f64) : ([p][m]f64, [p][m]f64) =
  let direct = map (\row -> map (poly row) xs) cs
  let scaled = map (\row -> let g = scale_then 2 (poly row) in map g xs) cs
  in (direct, scaled)
