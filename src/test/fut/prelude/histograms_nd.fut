-- reduce_by_index_2d and _3d ignore indices outside the destination.
-- ==
-- input { [3i64, 1i64, 4i64, 1i64, 5i64] }
-- output { [[[0i32, 3i32], [0i32, 0i32]], [[0i32, 0i32], [0i32, 5i32]]]
--          [[2i32, 0i32, 0i32], [0i32, 0i32, 4i32]] }
entry main (xs: []i64) =
  let cube = reduce_by_index_3d (replicate 2 (replicate 2 (replicate 2 0))) (+) 0
                                [(0, 0, 1), (1, 1, 1), (2, 0, 0), (0, 0, -1)]
                                [3, 5, 7, 9]
  let h = reduce_by_index_2d (replicate 2 (replicate 3 0)) (+) 0 [(0, 0), (1, 2), (0, 0), (5, 5)] [1, 4, 1, 8]
  in (cube, h)
