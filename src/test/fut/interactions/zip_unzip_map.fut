-- Arrays of tuples through zip, map with a tuple pattern, and unzip.
-- ==
-- input { [1i32, 2i32] [0.5f64, 1.0f64] } output { [1.0f64, 2.0f64] [2i32, 3i32] }
entry main [n] (xs: [n]i32) (ys: [n]f64) : ([n]f64, [n]i32) =
  zip xs ys |> map (\(a, b) -> (b * 2, a + 1)) |> unzip
