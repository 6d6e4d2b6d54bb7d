-- reduce_stream and map_stream give the same results however the array is chunked;
-- reduce_by_index_3d and hist_2d ignore indices outside the destination.
-- ==
-- input { [3i64, 1i64, 4i64, 1i64, 5i64] }
-- output { 14i64 [6i64, 2i64, 8i64, 2i64, 10i64]
--          [[[0i32, 3i32], [0i32, 0i32]], [[0i32, 0i32], [0i32, 5i32]]]
--          [[2i32, 0i32, 0i32], [0i32, 0i32, 4i32]] }
entry main (xs: []i64) =
  let total = reduce_stream (+) (\k (c: [k]i64) -> i64.sum c) xs
  let doubled = map_stream (\k (c: [k]i64) -> map (* 2) c) xs
  let cube = reduce_by_index_3d (replicate 2 (replicate 2 (replicate 2 0))) (+) 0
                                [(0, 0, 1), (1, 1, 1), (2, 0, 0), (0, 0, -1)]
                                [3, 5, 7, 9]
  let h = hist_2d (+) 0 2 3 [(0, 0), (1, 2), (0, 0), (5, 5)] [1, 4, 1, 8]
  in (total, doubled, cube, h)
