-- zip3, map with a triple pattern, and unzip3; also map3 with a curried operator.
-- ==
-- input { [1i32, 2i32] [3i32, 4i32] [true, false] } output { [3i32, 4i32] [1i32, 2i32] [false, true] [4i32, 2i32] }
entry main [n] (a: [n]i32) (b: [n]i32) (c: [n]bool) : ([n]i32, [n]i32, [n]bool, [n]i32) =
  let (x, y, z) = unzip3 (map (\(p, q, r) -> (q, p, !r)) (zip3 a b c))
  in (x, y, z, map3 (\p q r -> if r then p + q else q - p) a b c)
