-- A sum type whose constructor carries an array.
-- ==
-- input { [4i32, 9i32] 2i32 }
-- output { [2i32, 4i32] 0i32 }
-- input { [4i32, 9i32] 0i32 }
-- output { [4i32, 9i32] 1i32 }
type res [n] = #ok ([n]i32) | #err i32
def safe_div [n] (xs: [n]i32) (d: i32) : res [n] = if d == 0 then #err 1 else #ok (map (/ d) xs)
entry main (xs: []i32) (d: i32) : ([]i32, i32) =
  match safe_div xs d
  case #ok ys -> (ys, 0)
  case #err e -> (xs, e)
