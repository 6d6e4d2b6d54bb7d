-- Local functions declared with type parameters, higher-order ones and ones capturing outer
-- variables, used at two types; a local function without type parameters gets its types by
-- inference from its one use.
-- ==
-- input { 2i32 [1i32, 2i32] [1.5f64, -1.0f64] }
-- output { [5i32, 6i32] [6.0f64, -4.0f64] 2i32 1.5f64 true false 4i32 }
entry main (k: i32) (xs: []i32) (ys: []f64) : ([]i32, []f64, i32, f64, bool, bool, i32) =
  let twice 'a (f: a -> a) (v: a) = f (f v)
  let both 'a (f: a -> a) (vs: []a) = map (twice f) vs
  let pick 't (a: t) (b: t) = if k > 0 then a else b
  let tagged 'v (v: v) = (k, v)
  let double v = v + v
  in (both (+k) xs, both (*2) ys, pick k 0, pick 1.5 2.5, (tagged true).1, (tagged false).1, double k)
