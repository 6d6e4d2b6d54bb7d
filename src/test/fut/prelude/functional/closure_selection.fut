-- A closure chosen by a value is applied inside map (functions are passed, not returned from if).
-- ==
-- input { [0i32, 1i32, 0i32] [5i32, 5i32, 7i32] }
-- output { [6i32, 10i32, 8i32] }
def apply_kind (i: i32) (f: i32 -> i32) (g: i32 -> i32) (x: i32) : i32 = if i == 0 then f x else g x
entry main [n] (is: [n]i32) (xs: [n]i32) : []i32 = map2 (\i x -> apply_kind i (+ 1) (* 2) x) is xs
