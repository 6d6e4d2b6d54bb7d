-- A parametric module applied to several prelude numeric modules, with N.t, N.(...) and N.sum.
-- ==
-- input { [1i32, -2i32, 3i32] [0.5f32, 2.0f32] }
-- output { 14i32 4.25f32 3i32 2.0f32 }
module stats (N: numeric) = {
  type t = N.t
  def sum_sq (xs: []t) : t = N.sum (map (\x -> N.(x * x)) xs)
  def biggest (xs: []t) : t = reduce N.max N.lowest xs
}
module si = stats i32
module sf = stats f32
entry main (xs: []i32) (ys: []f32) : (i32, f32, i32, f32) =
  (si.sum_sq xs, sf.sum_sq ys, si.biggest xs, sf.biggest ys)
