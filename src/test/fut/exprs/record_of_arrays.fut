-- Records holding arrays, updated with `with` and projected in map.
-- ==
-- input { [1i32, 2i32] }
-- output { [4i32, 8i32] 2i32 }
entry main (xs: []i32) : ([]i32, i32) =
  let r = {data = xs, scale = 3}
  let r = r with scale = r.scale + 1
  in (map (* r.scale) r.data, length r.data |> i32.i64)
