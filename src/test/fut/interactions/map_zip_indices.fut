-- map over zip of an array with its indices, and an exclusive scan built from an inclusive one.
-- ==
-- input { [5i32, 1i32, 4i32] } output { [5i32, 2i32, 12i32] [0i32, 5i32, 6i32] }
entry main [n] (xs: [n]i32) : ([n]i32, [n]i32) =
  let ys = map (\(x, i) -> x * (i32.i64 i + 1)) (zip xs (iota n))
  let inc = scan (+) 0 xs
  let exc = map (\i -> if i == 0 then 0 else inc[i - 1]) (iota n)
  in (ys, exc)
