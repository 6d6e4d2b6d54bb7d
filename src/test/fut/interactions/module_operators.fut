-- An operator defined in a module, used through a local open m.(a + b) and as a qualified infix operator.
-- ==
-- input { 1f32 2f32 } output { 3.0f32 8.0f32 15.0f32 }
module vec = {
  type t = {x: f32, y: f32}
  def dot (a: t) (b: t) : f32 = a.x * b.x + a.y * b.y
  def (+) (a: t) (b: t) : t = {x = a.x f32.+ b.x, y = a.y f32.+ b.y}
  def scale (k: f32) (a: t) : t = {x = k * a.x, y = k * a.y}
}
entry main (a: f32) (b: f32) : (f32, f32, f32) =
  let p : vec.t = {x = a, y = b}
  let q = vec.(p + scale 2 p)
  let r = p vec.+ q
  in (q.x, r.y, vec.dot p q)
