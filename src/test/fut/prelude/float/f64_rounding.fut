-- f64.floor, ceil, trunc, and round (halfway cases to even).
-- ==
-- input { [0.5f64, 1.5f64, 2.5f64, -0.5f64, -1.5f64, -2.7f64, 3.2f64, -3.2f64, 7.0f64] }
-- output { [0.0f64, 1.0f64, 2.0f64, -1.0f64, -2.0f64, -3.0f64, 3.0f64, -4.0f64, 7.0f64] [1.0f64, 2.0f64, 3.0f64, 0.0f64, -1.0f64, -2.0f64, 4.0f64, -3.0f64, 7.0f64] [0.0f64, 2.0f64, 2.0f64, 0.0f64, -2.0f64, -3.0f64, 3.0f64, -3.0f64, 7.0f64] [0.0f64, 1.0f64, 2.0f64, 0.0f64, -1.0f64, -2.0f64, 3.0f64, -3.0f64, 7.0f64] }
entry main (xs: []f64) : ([]f64, []f64, []f64, []f64) =
  (map f64.floor xs, map f64.ceil xs, map f64.round xs, map f64.trunc xs)
