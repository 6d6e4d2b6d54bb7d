-- PageRank iterations on a dense f64 link matrix, using transpose and a damping factor.
-- ==
-- input { [[0.0f64, 1.0f64, 1.0f64, 0.0f64], [0.0f64, 0.0f64, 1.0f64, 0.0f64], [1.0f64, 0.0f64, 0.0f64, 1.0f64], [0.0f64, 0.0f64, 1.0f64, 0.0f64]] 1i32 0.85f64 }
-- output { [0.14375f64, 0.14375f64, 0.56875f64, 0.14375f64] }
-- input { [[0.0f64, 1.0f64, 1.0f64, 0.0f64], [0.0f64, 0.0f64, 1.0f64, 0.0f64], [1.0f64, 0.0f64, 0.0f64, 1.0f64], [0.0f64, 0.0f64, 1.0f64, 0.0f64]] 20i32 0.85f64 }
-- output { [0.21991393099233325f64, 0.13096326750229378f64, 0.4292088705130398f64, 0.21991393099233325f64] }
entry main [n] (adj: [n][n]f64) (iters: i32) (damp: f64) : [n]f64 =
  let outdeg = map f64.sum adj
  let adj_t = transpose adj
  in loop r = replicate n (1 / f64.i64 n) for _i < iters do
       let contrib = map2 (\ri d -> if d == 0 then 0 else ri / d) r outdeg
       in map (\col -> (1 - damp) / f64.i64 n + damp * f64.sum (map2 (*) col contrib)) adj_t
