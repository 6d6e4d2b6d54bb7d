-- Three-dimensional arrays in and out.
-- ==
-- input { [[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]] }
-- output { [[[2.0, 4.0], [6.0, 8.0]], [[10.0, 12.0], [14.0, 16.0]]] 36.0 }
entry main (a: [][][]f64) : ([][][]f64, f64) =
  (map (map (map (* 2))) a, f64.sum (flatten (flatten a)))
