-- Partially applied higher-order prelude functions bound with let and used once per size.
-- ==
-- input { [1i32] [5i32, 6i32] }
-- output { [2i32] [6i32, 7i32] }
entry main (xs: []i32) (ys: []i32) : ([]i32, []i32) =
  let inc (v: []i32) = map (+ 1) v
  in (inc xs, inc ys)
