-- map returning records, projected with (.field) sections.
-- ==
-- input { [1i32, 3i32] }
-- output { [1i32, 9i32] [false, true] }
entry main (xs: []i32) : ([]i32, []bool) =
  let rs = map (\x -> {v = x * x, big = x > 2}) xs
  in (map (.v) rs, map (.big) rs)
