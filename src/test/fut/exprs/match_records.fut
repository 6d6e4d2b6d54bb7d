-- match on record patterns with nested literals.
-- ==
-- input { 0i32 5i32 }
-- output { 5i32 }
-- input { 4i32 0i32 }
-- output { 8i32 }
-- input { 2i32 3i32 }
-- output { 5i32 }
entry main (x: i32) (y: i32) : i32 =
  match {a = x, b = y}
  case {a = 0, b} -> b
  case {a, b = 0} -> a * 2
  case {a, b} -> a + b
