-- Local functions whose types are generalised by inference, higher-order ones and ones capturing outer variables, used at two types.
-- ==
-- input { 2i32 [1i32, 2i32] [1.5f64, -1.0f64] }
-- output { [5i32, 6i32] [6.0f64, -4.0f64] 2i32 1.5f64 true false }
entry main (k: i32) (xs: []i32) (ys: []f64) : ([]i32, []f64, i32, f64, bool, bool) =
  let twice f v = f (f v)
  let both 'a (f: a -> a) (vs: []a) = map (twice f) vs
  let pick a b = if k > 0 then a else b
  let tagged v = (k, v)
  in (both (+k) xs, both (*2) ys, pick k 0, pick 1.5 2.5, (tagged true).1, (tagged false).1)
