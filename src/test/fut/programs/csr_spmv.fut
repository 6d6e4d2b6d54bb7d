-- Sparse matrix-vector product in CSR form, by rows (an #[unsafe] loop over a range) and flat (row ids by hist and scan, then reduce_by_index).
-- ==
-- entry: rows flat
-- input { [0i64, 2i64, 2i64, 5i64, 6i64, 6i64] [0i64, 3i64, 1i64, 2i64, 3i64, 0i64] [2.0f32, -1.0f32, 0.5f32, 4.0f32, 1.0f32, 3.0f32] [1.0f32, 2.0f32, 3.0f32, 4.0f32] }
-- output { [-2.0f32, 0.0f32, 17.0f32, 3.0f32, 0.0f32] }
entry rows [r1][nnz][c] (rowptr: [r1]i64) (cols: [nnz]i64) (vals: [nnz]f32) (x: [c]f32) : []f32 =
  map (\r -> #[unsafe] loop s = 0f32 for k in rowptr[r]..<rowptr[r + 1] do s + vals[k] * x[cols[k]])
      (iota (r1 - 1))

entry flat [r1][nnz][c] (rowptr: [r1]i64) (cols: [nnz]i64) (vals: [nnz]f32) (x: [c]f32) : []f32 =
  let inner = rowptr[1:r1 - 1]
  let marks = hist (+) 0 nnz inner (map (const 1i64) inner)
  let row = scan (+) 0 marks
  let prods = map2 (\k v -> v * x[k]) cols vals
  in reduce_by_index (replicate (r1 - 1) 0) (+) 0 row prods
