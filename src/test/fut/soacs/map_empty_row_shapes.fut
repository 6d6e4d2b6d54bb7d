-- Maps over no elements have rows of the shape their function would give, whenever that shape is
-- known outside the function: a replicate or iota of a size in scope, an inner map over a row, a
-- matrix product's columns, both branches of an if, a loop keeping its accumulator's shape, a
-- transpose of such a map. (Found by futhark4j fuzz with the source interpreter as the oracle.)
-- ==
-- input { empty([0]i64) empty([0][3]f32) empty([0][2]f32) [[1f32, 2f32, 5f32], [3f32, 4f32, 6f32]] 4i64 }
-- output { empty([0][4]i64) empty([0][3]f32) empty([0][3]f32) empty([2][0]i64) empty([0][4]f32)
--          empty([0][4]i32) empty([0][4]i64) empty([0][3]f32) }
-- input { [7i64] [[1f32, 2f32, 3f32]] [[1f32, 1f32]] [[1f32, 2f32, 5f32], [3f32, 4f32, 6f32]] 2i64 }
-- output { [[0i64, 1i64]] [[2f32, 3f32, 4f32]] [[4f32, 6f32, 11f32]] [[0i64], [7i64]] [[7f32, 7f32]]
--          [[1i32, 1i32]] [[7i64, 8i64]] [[2f32, 3f32, 4f32]] }
entry main [n] (xs: [n]i64) (rows: [n][3]f32) (a: [n][2]f32) (b: [2][3]f32) (m: i64) =
  let iotas = map (\_ -> iota m) xs
  let inner = map (\r -> map (+ 1) r) rows
  let prod = map (\ar -> map (\bc -> f32.sum (map2 (*) ar bc)) (transpose b)) a
  let tr = transpose (map (\x -> [0, x]) xs)
  let branches = map (\x -> if x > 3 then replicate m (f32.i64 x) else replicate m 0) xs
  let looped = map (\_ -> loop acc = replicate m 0i32 for i < 3 do map (\v -> v + i32.bool (i == 0)) acc) xs
  let pairs = map (\x -> (map (+ x) (iota m), x)) xs |> unzip |> (.0)
  let fused = map (map (* 2)) (map (\r -> map (+ 1) r) rows) |> map (map (/ 2))
  in (iotas, inner, prod, tr, branches, looped, pairs, fused)
