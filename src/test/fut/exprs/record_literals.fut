-- Record literals, field punning, field order irrelevance and equality.
-- ==
-- input { 1i32 2.5f32 }
-- output { 1i32 2.5f32 true }
entry main (x: i32) (y: f32) : (i32, f32, bool) =
  let r = {x, y}
  let s = {y = y, x = x}
  in (r.x, s.y, r == s)
