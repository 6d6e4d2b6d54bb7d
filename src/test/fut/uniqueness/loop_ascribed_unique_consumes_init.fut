-- With nothing that calls for a second look at the diets, an ascribed unique loop parameter
-- consumes its initial value even when the body does not consume it.
-- ==
-- error: Consuming variable "arr", which is not consumable.
entry main [n] (arr: [n]i32) : i64 =
  let (_, k, _) =
    loop (elems: *[]i32, k, ys) = (arr, 0, replicate 3 0i32)
    while k < 3 do (copy elems, k + 1, ys)
  in k
