-- Reductions over a 3-d array and transposes of its 2-d slices.
-- ==
-- input { [[[1i32, 2i32], [3i32, 4i32]], [[5i32, 6i32], [7i32, 8i32]], [[9i32, 10i32], [11i32, 12i32]]] }
-- output { [10i32, 26i32, 42i32] [[4i32, 6i32], [12i32, 14i32], [20i32, 22i32]] 8i32 }
entry main (x: [][][]i32) : ([]i32, [][]i32, i32) =
  (map (map i32.sum >-> i32.sum) x, map transpose x |> map (map i32.sum), x[1, 1, 1])
