-- Field projection sections (.x) and (.a.b).
-- ==
-- input { [1i32, 5i32] }
-- output { [1i32, 5i32] [2i32, 10i32] }
entry main (xs: []i32) : ([]i32, []i32) =
  let rs = map (\x -> {a = {b = x * 2}, c = x}) xs
  in (map (.c) rs, map (.a.b) rs)
