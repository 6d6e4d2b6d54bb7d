-- #none needs the payload size of the other branch, computed by filter in that branch only.
-- ==
-- error: Causality check: size "d[^"]*" needed for type of "#none"
type opt 'a = #none | #some a
entry main (b: bool) (xs: []i32) : i64 =
  let v : opt ([]i32) = if b then #none else #some (filter (> 0) xs)
  in match v case #none -> 0 case #some ys -> length ys
