-- Prefix - and ! bind tighter than any infix operator, including **.
-- ==
-- input { 3i32 true } output { -6i32 0i32 false 9i32 -3i32 -4i32 true 2i32 }
entry main (x: i32) (b: bool) : (i32, i32, bool, i32, i32, i32, bool, i32) =
  (-x * 2, -x + 3, !b && b, -x ** 2, !x + 1, !x, !b || b, - -x + -1)
