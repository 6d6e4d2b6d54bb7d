-- Qualified names refer into modules, including nested modules and prelude modules.
-- ==
-- input { 5i32 }
-- output { 7i32 10i32 7i32 }
module outer = {
  module inner = {
    def k : i32 = 7
    def add (a: i32) (b: i32) = a + b
  }
  def twice (x: i32) = inner.add x x
}
entry main (x: i32) : (i32, i32, i32) =
  (outer.inner.k, outer.twice x, i32.max x outer.inner.k)
