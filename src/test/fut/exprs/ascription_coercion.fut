-- Type ascription e : t and size coercion e :> [n]t that succeeds.
-- ==
-- input { [1i32, 2i32] [10i32, 20i32] }
-- output { [11i32, 22i32] }
entry main [n] (xs: [n]i32) (ys: []i32) : [n]i32 =
  let ys' = ys :> [n]i32
  in map2 (+) xs (ys' : [n]i32)
