-- open f32 brings f32's functions and operators into scope unqualified (they shadow the overloaded
-- operators, and f32.i32 the module i32); opened inside a module, they stay there.
-- ==
-- input { 9f32 3i32 }
-- output { 4f32 9f32 4i32 }
-- input { 1f32 0i32 }
-- output { 2f32 2f32 1i32 }
module m = {
  open f32
  def f (x: f32) : (f32, f32) = (sqrt x + abs (-1), max x 2)
}
entry main (x: f32) (k: i32) : (f32, f32, i32) = let (a, b) = m.f x in (a, b, k + 1)
