-- A parametric module with two parameters; its instances use conversions through both.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 6.0f64 [1.0f32, 2.0f32, 3.0f32] }
module convert (A: integral) (B: real) = {
  def widen (xs: []A.t) : []B.t = map (\x -> B.i64 (A.to_i64 x)) xs
  def total (xs: []A.t) : B.t = B.sum (widen xs)
}
module c64 = convert i32 f64
module c32 = convert i32 f32
entry main (xs: []i32) : (f64, []f32) = (c64.total xs, c32.widen xs)
