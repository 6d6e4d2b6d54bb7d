-- match with negative literals, char literals, bools in tuples and records with literal fields.
-- ==
-- input { [-1i32, 0i32, 97i32, 5i32] } output { [10i32, 20i32, 30i32, 5i32] }
def classify (x: i32) : i32 =
  match (x, x > 0)
  case (-1, _) -> 10
  case (0, false) -> 20
  case ('a', true) -> 30
  case (y, _) -> y
def field (r: {k: i32, v: bool}) : i32 = match r case {k = 0, v} -> if v then 1 else 2 case {k, v = _} -> k
entry main (xs: []i32) : []i32 = map (\x -> classify x + field {k = 0, v = true} - 1) xs
