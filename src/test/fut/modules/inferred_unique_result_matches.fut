-- A definition without a return type whose result aliases none of its arguments returns a unique
-- value, as a specification with a unique result requires.
-- ==
-- input { 5i32 } output { [6i32, 5i32] }
module type buffers = {
  type~ buf
  val make : i32 -> *buf
  val bump : *buf -> *buf
  val read : buf -> []i32
}
module b : buffers = {
  type~ buf = []i32
  def make (x: i32) = [x, x]
  def bump (xs: *[]i32) = xs with [0] = xs[0] + 1
  def read (xs: []i32) = xs
}
entry main (x: i32) = b.read (b.bump (b.make x))
