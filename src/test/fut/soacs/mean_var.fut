-- A small statistics kernel.
-- ==
-- input { [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] }
-- output { 5.0 2.0 }
entry main (xs: []f64) : (f64, f64) =
  let n = f64.i64 (length xs)
  let mean = f64.sum xs / n
  let var = f64.sum (map (\x -> (x - mean) * (x - mean)) xs) / n
  in (mean, f64.sqrt var)
