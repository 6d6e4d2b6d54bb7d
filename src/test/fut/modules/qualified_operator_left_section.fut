-- A left section may end in a module-qualified operator: (x f64.*) is \y -> x f64.* y.
-- ==
-- input { [1.0f64, 2.5f64] } output { [2.0f64, 5.0f64] 13i32 }
module digits = { module ops = { def (+^) (a: i32) (b: i32) = a * 10 + b } }
def scale (x: f64) (v: []f64) = map (x f64.*) v
entry main (v: []f64) = (scale 2 v, (1 digits.ops.+^) 3)
