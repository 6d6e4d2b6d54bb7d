-- Polymorphic functions instantiated at several types.
-- ==
-- input { 1i32 true [2.5f32, 3.0f32] }
-- output { true 1i32 2.5f32 true }
def swap 'a 'b (x: a, y: b) : (b, a) = (y, x)
def first 't (xs: []t) : t = xs[0]
entry main (x: i32) (y: bool) (zs: []f32) : (bool, i32, f32, bool) =
  let (p, q) = swap (x, y)
  in (p, q, first zs, first [y])
