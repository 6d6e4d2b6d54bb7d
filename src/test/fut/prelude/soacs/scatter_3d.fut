-- scatter_3d writes at (i, j, k) triples.
-- ==
-- input { [0i64, 1i64] [1i64, 1i64] [0i64, 1i64] [4i32, 5i32] }
-- output { [[[0i32, 0i32], [4i32, 0i32]], [[0i32, 0i32], [0i32, 5i32]]] }
entry main [k] (is: [k]i64) (js: [k]i64) (ks: [k]i64) (vs: [k]i32) : [][][]i32 =
  scatter_3d (replicate 2 (replicate 2 (replicate 2 0))) (zip3 is js ks) vs
