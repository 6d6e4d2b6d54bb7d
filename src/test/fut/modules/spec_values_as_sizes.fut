-- A module type whose value specifications use another specified value as a size: matching a module
-- (here an ascribed argument of a parametric module) takes that size to be the module's value.
-- ==
-- input { [1i32, 2i32] }
-- output { [[1i32, 1i32, 1i32, 1i32], [2i32, 2i32, 2i32, 2i32]] }
module widen (W: { val width : i64 val fill : i32 -> [width]i32 }) = {
  def rows (xs: []i32) : [][W.width]i32 = map W.fill xs
}
module four = widen ({
  def width : i64 = 4
  def fill (x: i32) : [width]i32 = replicate width x
} : { val width : i64 val fill : i32 -> [width]i32 })
entry main (xs: []i32) = four.rows xs
