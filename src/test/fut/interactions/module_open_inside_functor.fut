-- open of a parameter inside a parametric module, and a top-level open of a prelude module.
-- ==
-- input { [3.0f32, 4.0f32] } output { 5.0f32 [3.0f32, 4.0f32] 2i64 }
module vecops (R: real) = {
  open R
  def norm (xs: []t) : t = sqrt (R.sum (map (\x -> x * x) xs))
  def n_of (xs: []t) : i64 = length xs
}
module V = vecops f32
open f32
entry main (xs: []f32) : (f32, []f32, i64) = (V.norm xs, map abs xs, V.n_of xs)
