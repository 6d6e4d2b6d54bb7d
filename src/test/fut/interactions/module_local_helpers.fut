-- Helpers declared local inside a module, types defined in a module and used outside, and a local open.
-- ==
-- input { 3i32 } output { 10i32 3i32 }
module shapes = {
  type point = {x: i32, y: i32}
  local def sq (v: i32) = v * v
  def norm2 (p: point) : i32 = sq p.x + sq p.y
  def origin : point = {x = 0, y = 0}
}
entry main (v: i32) : (i32, i32) =
  let p : shapes.point = {x = v, y = 1}
  in (shapes.norm2 p, shapes.(norm2 origin + p.x))
