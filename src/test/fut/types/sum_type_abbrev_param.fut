-- A parametric sum type (an option type) used at two element types.
-- ==
-- input { 3i32 2.0f64 }
-- output { 3i32 1.5f64 3i32 }
-- input { -3i32 2.0f64 }
-- output { -3i32 1.5f64 7i32 }
type option 'a = #none | #some a
def get_or 'a (d: a) (o: option a) : a = match o case #some x -> x case #none -> d
entry main (x: i32) (y: f64) : (i32, f64, i32) =
  (get_or 0 (#some x), get_or 1.5 (#none : option f64), get_or 7 (if x > 0 then #some x else #none))
