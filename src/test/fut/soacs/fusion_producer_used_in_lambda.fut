-- A map whose result is both the input of another map and read inside that map's function is not
-- fused away (the read needs the array).
-- ==
-- input { [1.0f64, 2.0f64, 3.0f64] } output { [13.0f64, 15.0f64, 17.0f64] 11.0f64 }
def shift (k: f64) (a: f64) (b: f64) : f64 = a + b + k
entry main (xs: []f64) : ([]f64, f64) =
  let ys = map (+ 3) xs
  let zs = map2 (shift ys[1]) ys (map (* 1) ys)
  in (zs, ys[1] + ys[2])
