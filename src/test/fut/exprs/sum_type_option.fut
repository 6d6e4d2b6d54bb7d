-- A sum type used as an option, constructed and matched inside the program.
-- ==
-- input { [1i32, 5i32, 9i32] }
-- output { true 5i32 }
-- input { [1i32, 2i32] }
-- output { false 0i32 }
type opt = #none | #some i32
def find_first (p: i32 -> bool) (xs: []i32) : opt =
  loop (r: opt) = #none for x in xs do
    match r case #none -> if p x then #some x else #none
            case #some _ -> r
entry main (xs: []i32) : (bool, i32) =
  match find_first (> 3) xs
  case #some v -> (true, v)
  case #none -> (false, 0)
