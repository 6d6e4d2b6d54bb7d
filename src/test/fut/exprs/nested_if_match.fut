-- match nested inside if inside match.
-- ==
-- input { 0i32 true }
-- output { 10i32 }
-- input { 0i32 false }
-- output { 30i32 }
-- input { 4i32 false }
-- output { -4i32 }
entry main (x: i32) (b: bool) : i32 =
  match x
  case 0 -> if b then (match x case 0 -> 10 case _ -> 20) else 30
  case _ -> if b then x else -x
