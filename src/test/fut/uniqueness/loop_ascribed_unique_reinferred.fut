-- An ascribed unique loop parameter keeps its declared diet only while the other parameters' diets
-- need no second look: here "ys" is consumed in the body without an ascription, so every diet is
-- inferred again from what the body consumes, and "elems" (never consumed) does not consume the
-- non-unique "arr" it starts from.
-- ==
-- input { [1, 2, 3] } output { 3i64 [1, 2, 3] }
entry main [n] (arr: [n]i32) : (i64, [n]i32) =
  let (_, k, _) =
    loop (elems: *[]i32, k, ys) = (arr, 0, replicate 3 0i32)
    while k < 3 do (copy elems, k + 1, ys with [0] = 1)
  in (k, arr)
