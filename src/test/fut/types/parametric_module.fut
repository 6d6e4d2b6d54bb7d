-- A parametric module applied to a prelude numeric module.
-- ==
-- input { [1i32, 2i32, 3i32] [0.5f64, 1.5f64] }
-- output { 14i32 2.5f64 }
module sums (N: numeric) = {
  def sum_sq (xs: []N.t) : N.t = N.sum (map (\x -> N.(x * x)) xs)
}
module si = sums i32
module sf = sums f64
entry main (xs: []i32) (ys: []f64) : (i32, f64) = (si.sum_sq xs, sf.sum_sq ys)
